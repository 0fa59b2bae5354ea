"""Decoys to confirm and trap groups to mark in the terminal labeller (``annotate label``).

Where the decoys come from (``--decoys NAME``): a store of red herrings mined from play
(``annotate decoys``, annotator ``play-decoys``; any store whose records name the files played) or
``suggest`` (the red-herring scorer's, ``annotate suggest --model herrings-...``). By default the
``play-decoys`` store when it holds scored decoys, else the suggester's scored ones, else none;
``none`` shows none. Only red-herring words with a ``score`` are decoys: the rules' flags carry none
and barely predict what players fall for, and a person's labels are never shown to another.

Per puzzle at most :data:`TOP` are shown, highest score first (ties: clue number), as in Label
Studio (:mod:`ocwtool.annotations.decoys.shown`). A confirmed decoy
is stored as the annotator's own red-herring word (clue, number, the group it fits, reason
``confirmed decoy (SOURCE)``) without score or evidence: it is a person's judgement now. A rejected
one is stored nowhere, the same as a clue nobody marked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ocwtool.annotations.decoys.records import ANNOTATOR as MINED
from ocwtool.annotations.decoys.shown import TOP, shown_decoys
from ocwtool.annotations.herrings import numbered_clues
from ocwtool.annotations.terminal import Terminal
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import ItemRecord, RedHerringCategory, RedHerringWord
from ocwtool.schema.models import Puzzle
from ocwtool.schema.traps import gold_groups, trap_group_problem
from ocwtool.stores.annotations import SUGGEST, latest, read_records, store_path

NONE = "none"
MAX_FILES = 2  # source files named per decoy


@dataclass(frozen=True)
class DecoySource:
    """The store decoys are shown from: its name and its latest record per puzzle."""

    name: str
    records: Mapping[str, ItemRecord]


def _scored(records: Mapping[str, ItemRecord]) -> bool:
    return any(w.score is not None for r in records.values() for w in r.red_herring_words)


def _how(name: str) -> str:
    if name == SUGGEST:
        return "score clues first: ocwtool annotate suggest --model herrings-play-decoys"
    return "mine some first: ocwtool annotate decoys FILE..."


def decoy_source(folder: Path, name: str | None) -> DecoySource | None:
    """The decoys ``--decoys name`` asks for (None: the default order; ``none``: no decoys)."""
    if name == NONE:
        return None
    if name is None:
        for candidate in (MINED, SUGGEST):
            records = latest(read_records(store_path(folder, candidate)))
            if _scored(records):
                return DecoySource(candidate, records)
        return None
    path = store_path(folder, name)
    records = latest(read_records(path))
    if name not in (MINED, SUGGEST) and not any(r.played_by for r in records.values()):
        raise AnnotationError(
            f"--decoys {name}: {path} holds no red herrings mined from play; give a store made by "
            "`ocwtool annotate decoys` (default play-decoys) or suggest, or none"
        )
    if not _scored(records):
        raise AnnotationError(f"--decoys {name}: no decoys with a score in {path}; {_how(name)}")
    return DecoySource(name, records)


def top_decoys(source: DecoySource | None, puzzle: Puzzle, top: int = TOP) -> tuple[RedHerringWord, ...]:
    """The puzzle's decoys to show from ``source`` (:mod:`ocwtool.annotations.decoys.shown`)."""
    return shown_decoys(puzzle, source.records.get(puzzle.id) if source is not None else None, top)


def group_number(puzzle: Puzzle, group_id: str) -> int:
    return next(k for k, g in enumerate(puzzle.groups, start=1) if g.id == group_id)


def evidence_text(puzzle: Puzzle, word: RedHerringWord) -> str:
    """``2 of 3 players put it with three clues of group 2 (answers.json)``, or the scorer's reason."""
    e = word.evidence
    if e is None:
        return word.reason or "no evidence recorded"
    names = list(dict.fromkeys(f.name for f in e.sources))
    more = len(names) - MAX_FILES
    files = ", ".join(names[:MAX_FILES]) + (f" and {more} more" if more > 0 else "")
    return (
        f"{e.players} of {e.exposed} players put it with three clues of group "
        f"{group_number(puzzle, word.fits_group)} ({files})"
    )


def decoy_text(puzzle: Puzzle, word: RedHerringWord, at: str, source: str) -> str:
    """Two lines: the decoy (clue, the group it is pulled toward, score) and its evidence."""
    k = group_number(puzzle, word.fits_group)
    connection = puzzle.groups[k - 1].connection or word.fits_group
    return (
        f"  decoy {at} from {source}: clue {word.clue_number} {word.clue} -> group {k} ({connection}), "
        f"score {word.score or 0.0:.2f}\n    {evidence_text(puzzle, word)}"
    )


def confirmed(word: RedHerringWord, source: str) -> RedHerringWord:
    """The annotator's own red-herring word for a decoy they confirmed (no score: a person's label)."""
    return RedHerringWord(
        clue=word.clue,
        clue_number=word.clue_number,
        fits_group=word.fits_group,
        reason=f"confirmed decoy ({source})",
    )


DECOY_KEYS = (
    ("y", "confirm: the clue plausibly fits that group; stored as your red-herring word"),
    ("n", "reject: not stored (the same as a clue you did not mark)"),
    ("u", "undo the last answer (with none: the last group's type)"),
    ("k", "skip the puzzle (the types given to it are dropped)"),
    ("q", "quit: the types given are kept; decoy answers only once the puzzle is saved (Enter)"),
    ("?", "this help"),
)


def decoy_help_text() -> str:
    """Help at the decoy prompt: every key it accepts."""
    return "Decoy keys:\n" + "\n".join(f"  {key}  {what}" for key, what in DECOY_KEYS)


TRAP_PROMPT = "  trap group clue numbers (4 or more, at most 2 per group, e.g. 1,2,5,6; Enter cancels)"


def _numbers(text: str, count: int) -> list[int] | None:
    try:
        numbers = sorted({int(x) for x in text.replace(",", " ").split()})
    except ValueError:
        return None
    return numbers if all(1 <= n <= count for n in numbers) else None


def read_trap_group(term: Terminal, puzzle: Puzzle) -> RedHerringCategory | None:
    """Ask for a trap group's clue numbers until they make one (:func:`trap_group_problem` says why
    not), then its theme; None when the annotator cancels with an empty line."""
    clues = numbered_clues(puzzle)
    while True:
        text = term.line(TRAP_PROMPT)
        if not text.strip():
            term.show("  no trap group added")
            return None
        numbers = _numbers(text, len(clues))
        if numbers is None:
            term.show(f"  give clue numbers between 1 and {len(clues)}, e.g. 1,2,5,6")
            continue
        picked = tuple(clues[n - 1].text for n in numbers)
        problem = trap_group_problem(gold_groups(puzzle), picked)
        if problem is None:
            break
        term.show(f"  not a trap group: it {problem}; try again")
    theme = term.line("  trap theme").strip()
    while not theme:
        term.show("  a trap group needs a theme")
        theme = term.line("  trap theme").strip()
    return RedHerringCategory(clue_numbers=tuple(numbers), clues=picked, theme=theme)
