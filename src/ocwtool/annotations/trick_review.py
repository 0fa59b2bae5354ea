"""Proposed trick words put to an annotator in the terminal (``annotate label --tricks VARIANT``).

One item is one extended board with proposed trick words (:mod:`ocwtool.schema.tricks`) this
annotator has not answered yet: the board is shown (its four groups, connections and clues), then
each proposed word with its evidence (the group it seems to fit, why, its score), and one key each:
``y`` it belongs to no group (confirm the trick word), ``n`` it belongs to a group (reject it),
``u`` undo the last answer, ``k`` skip the board, ``q`` quit. When every word of the board is
answered, one record (status ``answered``, puzzle: the extended board; the answers as
``trick_words``, with the ones given before) is appended to ``annotations/<annotator>.jsonl``.
Nobody else's answers are shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ocwtool.annotations.session import Clock, utc_now
from ocwtool.annotations.terminal import ENTER, Quit, Terminal, settle_each, wall_text
from ocwtool.annotations.tricks import GUIDELINE_VERSION
from ocwtool.schema.annotations import ItemRecord, TrickVerdict
from ocwtool.schema.models import Puzzle
from ocwtool.schema.tricks import TrickWord, proposed_tricks, trick_key
from ocwtool.stores.annotations import append_record, latest, read_records, store_path

TRICK_KEYS = (
    ("y", "yes: the word belongs to no group of this board (it may be shown as a trick word)"),
    ("n", "no: it belongs to one of the groups (it must not be shown)"),
    ("u", "undo the last answer on this board"),
    ("k", "skip the board (nothing of it is saved)"),
    ("q", "quit: boards answered so far are saved"),
    ("?", "this help"),
)


def trick_help_text() -> str:
    """Help at the trick-word prompt: every key it accepts."""
    return "Trick-word keys:\n" + "\n".join(f"  {key}  {what}" for key, what in TRICK_KEYS)


@dataclass(frozen=True)
class TrickCase:
    """A board and its proposed words this annotator has not answered; ``before``: their earlier answers."""

    board: Puzzle
    words: tuple[TrickWord, ...]
    before: tuple[TrickVerdict, ...]


@dataclass
class TrickResult:
    """What a trick-word pass did."""

    saved: int = 0
    left: int = 0
    quit: bool = False


def open_cases(boards: Sequence[Puzzle], mine: dict[str, ItemRecord]) -> list[TrickCase]:
    """The boards with proposed words the annotator (latest records ``mine``) has not answered."""
    out = []
    for board in boards:
        rec = mine.get(board.id)
        before = rec.trick_words if rec is not None and rec.status == "answered" else ()
        answered = {trick_key(v.word) for v in before}
        todo = tuple(t for t in proposed_tricks(board) if t.key not in answered)
        if todo:
            out.append(TrickCase(board, todo, before))
    return out


def trick_text(board: Puzzle, trick: TrickWord, at: str) -> str:
    """Two lines: the word and the group it seems to fit, then the generator's evidence."""
    k, group = next((k, g) for k, g in enumerate(board.groups, start=1) if g.id == trick.group)
    return (
        f"  trick word {at}: {trick.word} -> seems to fit group {k} ({group.connection or group.id}), "
        f"score {trick.score:.2f}\n    {trick.seems_to_fit or 'no evidence recorded'}"
    )


def ask_case(term: Terminal, case: TrickCase, progress: str) -> list[bool] | None:
    """The annotator's answers (True: belongs to no group) to the case's words; None when skipped."""
    term.show(wall_text(case.board, progress))
    answers: list[bool] = []
    while len(answers) < len(case.words):
        at = f"{len(answers) + 1}/{len(case.words)}"
        word = case.words[len(answers)]
        term.show(trick_text(case.board, word, at))
        ch = term.key("Belongs to no group? [y yes, n no | u k q ?]: ")
        if ch in ("", "q"):
            raise Quit
        if ch in ("y", "n"):
            answers.append(ch == "y")
            term.show(f"  {'confirmed' if ch == 'y' else 'rejected'}: {word.word}")
        elif ch == "u":
            term.show("  undone" if answers else "  nothing to undo on this board")
            answers[-1:] = []
        elif ch == "k":
            return None
        elif ch == "?":
            term.show(trick_help_text())
        elif ch not in ENTER:
            term.show(f"  unknown key {ch!r}; press ? for help")
    return answers


def trick_record(case: TrickCase, answers: Sequence[bool], annotator: str, when: Clock) -> ItemRecord:
    """The board's record: the earlier answers and these."""
    new = tuple(
        TrickVerdict(word=t.word, seems_to_fit=t.group, no_group=yes)
        for t, yes in zip(case.words, answers, strict=True)
    )
    return ItemRecord(
        annotator=annotator,
        puzzle_id=case.board.id,
        status="answered",
        trick_words=(*case.before, *new),
        created_at=when(),
        guideline_version=GUIDELINE_VERSION,
    )


def run_tricks(
    boards: Sequence[Puzzle], folder: Path, annotator: str, term: Terminal, clock: Clock = utc_now
) -> TrickResult:
    """Put every open board's proposed words to ``annotator``, saving each board once answered."""
    todo = open_cases(boards, latest(read_records(store_path(folder, annotator))))
    done, quit = settle_each(
        todo,
        lambda case, at: ask_case(term, case, at),
        lambda case, answers: append_record(folder, trick_record(case, answers, annotator, clock)),
    )
    return TrickResult(saved=done, left=len(todo) - done, quit=quit)
