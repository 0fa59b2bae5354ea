"""The suggested decoys a Label Studio task shows, for annotators to confirm or reject (pure).

A puzzle's decoys come from play when players fell for any (annotator ``play-decoys``, written by
``annotate decoys``), else from the red-herring scorer's ``annotate suggest`` record (the red-herring
words that carry a ``score``; the rules' carry none and stay as pre-labels). At most
:data:`MAX_DECOYS` are shown, highest score first: the clue, the group it is pulled toward, the
score and the evidence (how many players fell for it, or the scorer's reason).

A task stores them in its data (``decoys``, a list of plain records, and one line of text per slot
for the screen), so a pull reads back which clue and group the annotator confirmed, whatever the
workspace holds by then.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ocwtool.annotations.decoys.records import ANNOTATOR as MINED
from ocwtool.annotations.decoys.shown import TOP, shown_decoys
from ocwtool.schema.annotations import ItemRecord, RedHerringWord
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import latest, read_records, store_path

MAX_DECOYS = TOP
PLAY = "play"  # the kinds of source a decoy comes from
SCORER = "scorer"
_SOURCE_TEXT = {PLAY: "mined from play", SCORER: "red-herring scorer"}


@dataclass(frozen=True)
class Decoy:
    """A clue (1-16, numbered group by group) pulled toward another group (1-4), with its score."""

    clue: int
    text: str
    group: int
    score: float
    source: str  # PLAY or SCORER
    evidence: str  # the record's reason: who fell for it, or why the scorer says so

    def line(self, puzzle: Puzzle, slot: int) -> str:
        """The text the screen shows for this decoy."""
        toward = puzzle.groups[self.group - 1].connection or puzzle.groups[self.group - 1].id
        return (
            f"Decoy {slot}: {self.clue} {self.text} → Group {self.group} ({toward}), "
            f"score {self.score:.2f}, {source_text(self.source)}: {self.evidence}"
        )


def _decoy(puzzle: Puzzle, word: RedHerringWord, source: str) -> Decoy:
    groups = [g.id for g in puzzle.groups]
    return Decoy(
        clue=word.clue_number,
        text=word.clue,
        group=groups.index(word.fits_group) + 1,
        score=word.score or 0.0,
        source=source,
        evidence=word.reason,
    )


def top_decoys(
    puzzle: Puzzle, mined: ItemRecord | None, suggested: ItemRecord | None, limit: int = MAX_DECOYS
) -> tuple[Decoy, ...]:
    """The decoys players fell for (highest share of players first), else the scorer's best ones
    (:func:`~ocwtool.annotations.decoys.shown.shown_decoys`, as the terminal labeller shows them)."""
    for record, source in ((mined, PLAY), (suggested, SCORER)):
        found = shown_decoys(puzzle, record, limit)
        if found:
            return tuple(_decoy(puzzle, w, source) for w in found)
    return ()


def decoys_for(
    puzzles: Sequence[Puzzle], mined: Mapping[str, ItemRecord], suggestions: Mapping[str, ItemRecord]
) -> dict[str, tuple[Decoy, ...]]:
    """puzzle id -> its decoys (puzzles without any left out), from the latest records per puzzle of
    the decoys mined from play and of ``annotate suggest``."""
    out = {p.id: top_decoys(p, mined.get(p.id), suggestions.get(p.id)) for p in puzzles}
    return {pid: found for pid, found in out.items() if found}


def mined_records(folder: Path, annotator: str = MINED) -> dict[str, ItemRecord]:
    """The latest record per puzzle of the decoys mined from play (none when never mined)."""
    return latest(read_records(store_path(folder, annotator)))


def without_decoys(puzzle: Puzzle, record: ItemRecord, decoys: Sequence[Decoy]) -> ItemRecord:
    """A pre-label that does not tick the red herrings shown as decoys: those wait for the
    annotator's Confirm (a pre-ticked one would be kept even when its decoy is rejected)."""
    shown = {(d.clue, puzzle.groups[d.group - 1].id) for d in decoys}
    kept = tuple(w for w in record.red_herring_words if (w.clue_number, w.fits_group) not in shown)
    return record.model_copy(update={"red_herring_words": kept})


def source_text(source: str) -> str:
    """``mined from play`` or ``red-herring scorer``."""
    return _SOURCE_TEXT.get(source, source)


def as_data(decoys: Sequence[Decoy]) -> list[dict[str, Any]]:
    """The ``decoys`` field of a task's data."""
    return [asdict(d) for d in decoys]


def from_data(data: Mapping[str, Any]) -> list[Decoy]:
    """The decoys a task was pushed with (none for tasks pushed before decoys were shown)."""
    raw = data.get("decoys")
    if not isinstance(raw, list):
        return []
    out = []
    for item in raw:
        try:
            out.append(Decoy(**item))
        except TypeError:  # not a record this module wrote: the slot reads as empty
            continue
    return out
