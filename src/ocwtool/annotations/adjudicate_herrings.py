"""Adjudication of red herrings: the decoy words and trap groups a puzzle keeps.

Over the human annotators who finished a puzzle (status ``labelled``; two or more of them), an item
is a decoy word (its clue number and the group it fits) or a trap group (its clue set; only
categories that are trap groups by :mod:`ocwtool.schema.traps`). The rule: an item every one of them
marked is kept without asking; an item some but not all marked is put to the adjudicator (``y``
keep, ``n`` drop, ``k`` skip the puzzle for now, ``q`` quit). A puzzle whose items are all settled
gets one :class:`ItemRecord` (annotator: the adjudicator) in ``annotations/adjudicated-herrings.jsonl``
carrying what is kept; a puzzle decided before, or where nobody marked anything, is not asked again.
Red herrings mined from play (``play-decoys``, or any store whose records name the files played or
carry evidence of play: :mod:`ocwtool.schema.herring_tiers`) are no annotator's judgement and take
no part.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ocwtool.annotations.session import Clock, utc_now
from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
from ocwtool.annotations.terminal import Terminal, ask_yes_no, settle_each
from ocwtool.schema.annotations import ItemRecord, RedHerringCategory, RedHerringWord
from ocwtool.schema.herring_tiers import tier
from ocwtool.schema.models import Puzzle
from ocwtool.schema.traps import gold_groups, trap_groups
from ocwtool.stores.annotations import append_herring_adjudication, read_all, read_herring_adjudications

Item = RedHerringWord | RedHerringCategory
Stores = dict[str, dict[str, ItemRecord]]


@dataclass(frozen=True)
class HerringCase:
    """One puzzle's red herrings: who marked each item (items in first-marked order)."""

    puzzle: Puzzle
    annotators: tuple[str, ...]
    marked: tuple[tuple[Item, tuple[str, ...]], ...]

    @property
    def agreed(self) -> list[Item]:
        return [item for item, who in self.marked if len(who) == len(self.annotators)]

    @property
    def disputed(self) -> list[tuple[Item, tuple[str, ...]]]:
        return [(item, who) for item, who in self.marked if len(who) < len(self.annotators)]


def _key(item: Item) -> tuple[object, ...]:
    if isinstance(item, RedHerringWord):
        return ("word", item.clue_number, item.fits_group)
    return ("trap", frozenset(item.clues))


def _items(puzzle: Puzzle, rec: ItemRecord) -> list[Item]:
    return [*rec.red_herring_words, *trap_groups(gold_groups(puzzle), rec.red_herring_categories)]


def herring_case(puzzle: Puzzle, stores: Stores) -> HerringCase | None:
    """The puzzle's case, or None with fewer than two finished annotators or nothing marked."""
    recs = {n: r[puzzle.id] for n, r in sorted(stores.items()) if r.get(puzzle.id, None) is not None}
    done = {n: r for n, r in recs.items() if r.status == "labelled"}
    if len(done) < 2:
        return None
    first: dict[tuple[object, ...], Item] = {}
    who: dict[tuple[object, ...], list[str]] = {}
    for name, rec in done.items():
        for item in _items(puzzle, rec):
            first.setdefault(_key(item), item)
            who.setdefault(_key(item), []).append(name)
    if not first:
        return None
    marked = tuple((item, tuple(dict.fromkeys(who[k]))) for k, item in first.items())
    return HerringCase(puzzle, tuple(done), marked)


def herring_cases(puzzles: Sequence[Puzzle], stores: Stores) -> list[HerringCase]:
    """Every puzzle's case, in puzzle order."""
    return [c for p in puzzles if (c := herring_case(p, stores)) is not None]


def run_herring_adjudication(
    puzzles: Sequence[Puzzle], folder: Path, adjudicator: str, term: Terminal, clock: Clock = utc_now
) -> tuple[int, int]:
    """Settle every undecided puzzle's red herrings; return (puzzles decided now, still open)."""
    decided = read_herring_adjudications(folder)
    stores = {n: r for n, r in read_all(folder).items() if tier(n, r) == "human"}
    todo = [c for c in herring_cases(puzzles, stores) if c.puzzle.id not in decided]
    done, _quit = settle_each(
        todo,
        lambda case, at: _settle(case, term, at),
        lambda case, kept: append_herring_adjudication(folder, _record(case, kept, adjudicator, clock())),
    )
    return done, len(todo) - done


def _describe(case: HerringCase, item: Item) -> str:
    if isinstance(item, RedHerringWord):
        target = next((g.connection for g in case.puzzle.groups if g.id == item.fits_group), item.fits_group)
        return f"decoy {item.clue} -> {target}"
    return f"trap group {', '.join(item.clues)}"


def _settle(case: HerringCase, term: Terminal, progress: str) -> list[Item] | None:
    """The items kept (agreed ones, then the disputed ones answered y), or None when skipped."""
    term.show(f"[{progress}] {case.puzzle.id} red herrings of {', '.join(case.annotators)}")
    for item in case.agreed:
        term.show(f"  kept (all marked it): {_describe(case, item)}")
    kept = list(case.agreed)
    for item, who in case.disputed:
        term.show(f"  {_describe(case, item)} (marked by {', '.join(who)})")
        answer = ask_yes_no(term, "Keep it? [y n | k skip puzzle, q quit]: ")
        if answer is None:
            return None
        if answer:
            kept.append(item)
    return kept


def _record(case: HerringCase, kept: list[Item], adjudicator: str, when: dt.datetime) -> ItemRecord:
    return ItemRecord(
        annotator=adjudicator,
        puzzle_id=case.puzzle.id,
        red_herring_words=tuple(i for i in kept if isinstance(i, RedHerringWord)),
        red_herring_categories=tuple(i for i in kept if isinstance(i, RedHerringCategory)),
        note=f"adjudicated red herrings of {', '.join(case.annotators)}",
        created_at=when,
        guideline_version=GUIDELINE_VERSION,
    )
