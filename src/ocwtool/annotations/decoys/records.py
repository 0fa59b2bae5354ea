"""Mined play as red-herring records, and back (pure).

One :class:`~ocwtool.schema.annotations.ItemRecord` per puzzle played: intruders become red-herring
words (the clue, the group it was pulled toward), swaps and false groups become red-herring
categories; each carries ``score`` (the share of the puzzle's players that made the mistake) and
its :class:`~ocwtool.schema.annotations.PlayEvidence` (players per file). ``played_by`` lists every
file and the players in it who played the puzzle, so a record without red herrings says that its
players fell for none, and a later run can add files to what is stored (:func:`play_of`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from ocwtool.annotations.decoys.mine import Mistake, Players, Source, WallPlay, players_of
from ocwtool.schema.annotations import (
    ItemRecord,
    PlayEvidence,
    RedHerringCategory,
    RedHerringWord,
    SourceFile,
)
from ocwtool.schema.models import GROUP_SIZE, Puzzle

ANNOTATOR = "play-decoys"
GUIDELINE_VERSION = "play-decoys-1"
MIN_FALSE_GROUP_PLAYERS = 2  # a false group one player made is most often a guess, not a decoy theme


def _files(by: Mapping[Source, set[str]]) -> tuple[SourceFile, ...]:
    return tuple(
        SourceFile(name=src.name, sha256=src.sha256, players=tuple(sorted(by[src])))
        for src in sorted(by)
        if by[src]
    )


def _clue(puzzle: Puzzle, number: int) -> str:
    return puzzle.groups[(number - 1) // GROUP_SIZE].clues[(number - 1) % GROUP_SIZE]


def _connection(puzzle: Puzzle, k: int) -> str:
    return f'"{puzzle.groups[k].connection or puzzle.groups[k].id}"'


def _evidence(mistake: Mistake, by: Players, exposed: int) -> tuple[float, PlayEvidence]:
    made = len(players_of(by))
    evidence = PlayEvidence(kind=mistake.kind, players=made, exposed=exposed, sources=_files(by))
    return made / exposed, evidence


def _word(puzzle: Puzzle, mistake: Mistake, by: Players, exposed: int) -> RedHerringWord:
    assert mistake.toward is not None
    score, evidence = _evidence(mistake, by, exposed)
    clue = _clue(puzzle, mistake.clues[0])
    return RedHerringWord(
        clue=clue,
        clue_number=mistake.clues[0],
        fits_group=puzzle.groups[mistake.toward].id,
        reason=f"{evidence.players} of {exposed} players put {clue} with three clues of "
        f"{_connection(puzzle, mistake.toward)}",
        score=score,
        evidence=evidence,
    )


def _category(puzzle: Puzzle, mistake: Mistake, by: Players, exposed: int) -> RedHerringCategory:
    score, evidence = _evidence(mistake, by, exposed)
    groups = sorted({(n - 1) // GROUP_SIZE for n in mistake.clues})
    what = "swapped pairs (2 + 2) of" if mistake.kind == "swap" else "a false group across"
    across = ", ".join(_connection(puzzle, k) for k in groups)
    return RedHerringCategory(
        clue_numbers=mistake.clues,
        clues=tuple(_clue(puzzle, n) for n in mistake.clues),
        theme=f"{what} {across}: {evidence.players} of {exposed} players",
        score=score,
        evidence=evidence,
    )


def to_record(puzzle: Puzzle, wall: WallPlay, annotator: str, created_at: dt.datetime) -> ItemRecord:
    """The record of one played puzzle (red herrings in clue order; false groups of 2+ players)."""
    exposed = len(players_of(wall.exposed))
    words, categories = [], []
    for mistake in sorted(wall.mistakes):
        by = wall.mistakes[mistake]
        if mistake.kind == "intruder":
            words.append(_word(puzzle, mistake, by, exposed))
        elif mistake.kind == "swap" or len(players_of(by)) >= MIN_FALSE_GROUP_PLAYERS:
            categories.append(_category(puzzle, mistake, by, exposed))
    return ItemRecord(
        annotator=annotator,
        puzzle_id=puzzle.id,
        red_herring_words=tuple(sorted(words, key=lambda w: (w.clue_number, w.fits_group))),
        red_herring_categories=tuple(categories),
        created_at=created_at,
        guideline_version=GUIDELINE_VERSION,
        played_by=_files(wall.exposed),
    )


def _players(files: tuple[SourceFile, ...]) -> Players:
    return {Source(f.name, f.sha256): set(f.players) for f in files}


def play_of(puzzle: Puzzle, record: ItemRecord) -> WallPlay:
    """What a stored record says its puzzle's players did (empty for a record not mined from play).
    False groups made by one player were not stored, so they are not among its mistakes."""
    wall = WallPlay()
    if not record.played_by:
        return wall
    wall.exposed.update(_players(record.played_by))
    group_of = {g.id: k for k, g in enumerate(puzzle.groups)}
    for w in record.red_herring_words:
        if w.evidence is not None and w.fits_group in group_of:
            wall.mistakes[Mistake("intruder", (w.clue_number,), group_of[w.fits_group])].update(
                _players(w.evidence.sources)
            )
    for c in record.red_herring_categories:
        if c.evidence is not None:
            wall.mistakes[Mistake(c.evidence.kind, tuple(sorted(c.clue_numbers)))].update(
                _players(c.evidence.sources)
            )
    return wall


def merged(stored: WallPlay, new: WallPlay) -> WallPlay:
    """``stored`` with the files of ``new`` read again (a file is its sha256: the same content under
    another name replaces it), then ``new`` added."""
    again = {src.sha256 for src in new.exposed}
    out = WallPlay()
    out.exposed.update({s: set(p) for s, p in stored.exposed.items() if s.sha256 not in again})
    for key, by in stored.mistakes.items():
        kept = {s: set(p) for s, p in by.items() if s.sha256 not in again}
        if kept:
            out.mistakes[key].update(kept)
    out.add(new)
    return out
