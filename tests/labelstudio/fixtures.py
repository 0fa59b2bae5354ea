"""Invented red-herring records for the Label Studio tests: decoys mined from play, a scorer's words."""

from __future__ import annotations

from pathlib import Path

from ocwtool.schema.annotations import ItemRecord, PlayEvidence, RedHerringWord, SourceFile
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import append_record
from tests.annotations.conftest import T0

PLAYERS = ("p1", "p2", "p3", "p4")


def _clue(puzzle: Puzzle, number: int) -> str:
    return puzzle.groups[(number - 1) // 4].clues[(number - 1) % 4]


def mined_word(puzzle: Puzzle, number: int, toward: int, players: tuple[str, ...]) -> RedHerringWord:
    """Clue ``number`` put by ``players`` with three clues of group ``toward`` (0-based), as
    ``annotate decoys`` writes it."""
    clue = _clue(puzzle, number)
    files = (SourceFile(name="plays.json", sha256="a" * 64, players=players),)
    evidence = PlayEvidence(kind="intruder", players=len(players), exposed=len(PLAYERS), sources=files)
    return RedHerringWord(
        clue=clue,
        clue_number=number,
        fits_group=puzzle.groups[toward].id,
        reason=f"{len(players)} of {len(PLAYERS)} players put {clue} with three clues of "
        f'"{puzzle.groups[toward].connection}"',
        score=len(players) / len(PLAYERS),
        evidence=evidence,
    )


def mined(puzzle: Puzzle, *words: RedHerringWord) -> ItemRecord:
    """A ``play-decoys`` record of ``puzzle`` played by four players."""
    return ItemRecord(
        annotator="play-decoys",
        puzzle_id=puzzle.id,
        red_herring_words=words,
        created_at=T0,
        guideline_version="play-decoys-1",
        played_by=(SourceFile(name="plays.json", sha256="a" * 64, players=PLAYERS),),
    )


def scored_word(puzzle: Puzzle, number: int, toward: int, p: float) -> RedHerringWord:
    """A red-herring word as the scorer's ``annotate suggest`` writes it (with a score)."""
    clue = _clue(puzzle, number)
    return RedHerringWord(
        clue=clue,
        clue_number=number,
        fits_group=puzzle.groups[toward].id,
        reason=f"{clue} toward {puzzle.groups[toward].connection!r}: model herrings-test v1 p={p:.2f}",
        score=p,
    )


def suggested(puzzle: Puzzle, *words: RedHerringWord) -> ItemRecord:
    return ItemRecord(
        annotator="suggest",
        puzzle_id=puzzle.id,
        red_herring_words=words,
        created_at=T0,
        guideline_version="1.0",
    )


def store(workspace: Path, *records: ItemRecord) -> None:
    for rec in records:
        append_record(workspace / "annotations", rec)
