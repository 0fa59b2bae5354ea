"""Training splits stratified by difficulty and by date, with no board in two splits (pure).

``ocwtool split --strategy stratified``: the unit is the *board*, identified by its normalised clue
set (:func:`~ocwtool.schema.keys.wall_key`), so every copy of a board (two sources, a re-import)
lands in one split. Each board falls in a stratum ``(difficulty, date bin)``:

* **difficulty**, where it was measured: an OCW wall whose groups all carry the contestants' result
  (SMOCI's ``human_performance.grouping``) is ``contestants found N/4``; otherwise ``unmeasured``
  (an NYT board has one group of each colour level, so its levels do not tell boards apart);
* **date bin**: the year of the NYT date or OCW air date; else the OCW season; else ``undated``.

Strata are laid end to end in sorted order, the boards of each shuffled by ``random.Random(seed)``
after sorting by id, and dealt to the split furthest below its share of ``sizes`` (read as
proportions): every stratum gets about its share, and the totals are as close as they can be.

Assigned puzzles never move (as in ``ocwtool update``): a board with a split keeps it and an
unassigned copy of it joins it; the kept boards count toward the shares, so the new boards are dealt
in proportion to what each split still lacks. Only ``reassign`` deals every board afresh. A board
whose copies already sit in two splits stays so and is reported (``reassign`` fixes it).
"""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ocwtool.errors import InputError
from ocwtool.names import SPLIT_STRATEGIES as STRATEGIES
from ocwtool.schema.keys import identifying, wall_key
from ocwtool.schema.models import Puzzle, Split

DEFAULT_SIZES = (80, 10, 10)
ORDER = (Split.TRAIN, Split.VALIDATION, Split.TEST)
Stratum = tuple[str, str]


def difficulty(p: Puzzle) -> str:
    """The measured difficulty of a board: the contestants' groups found, where recorded."""
    found = [g.human_performance.grouping for g in p.groups if g.human_performance is not None]
    return f"contestants found {sum(found)}/4" if len(found) == len(p.groups) else "unmeasured"


def date_bin(p: Puzzle) -> str:
    """The year a board was published (NYT date, OCW air date), else its OCW season, else undated."""
    day = p.nyt.date if p.nyt is not None else (p.ocw.air_date if p.ocw is not None else None)
    if day is not None:
        return str(day.year)
    if p.ocw is not None and p.ocw.season is not None:
        return f"season {p.ocw.season}"
    return "undated"


def stratum(p: Puzzle) -> Stratum:
    return difficulty(p), date_bin(p)


def label(s: Stratum) -> str:
    return f"{s[0]}, {s[1]}"


def boards(puzzles: Iterable[Puzzle]) -> list[list[Puzzle]]:
    """Puzzles grouped by board (normalised clue set; a board too unreadable to identify, such as a
    picture day, stands alone), each sorted by id, the boards sorted by their first id."""
    units: dict[object, list[Puzzle]] = defaultdict(list)
    for p in puzzles:
        key = wall_key(p)
        units[key if identifying(key) else ("id", p.id)].append(p)
    return sorted((sorted(m, key=lambda p: p.id) for m in units.values()), key=lambda m: m[0].id)


@dataclass(frozen=True)
class StratifiedPlan:
    """Puzzle id -> split, and the boards whose copies were already in two splits (kept)."""

    plan: dict[str, Split]
    split_boards: tuple[str, ...] = ()
    kept: int = 0  # boards that already had a split


def _fixed(unit: Sequence[Puzzle], reassign: bool) -> set[Split]:
    return set() if reassign else {p.split for p in unit if p.split is not None}


def _ordered(units: list[list[Puzzle]], seed: int) -> list[list[Puzzle]]:
    """Strata in sorted order, the boards of each shuffled by the seed after sorting by id."""
    strata: dict[Stratum, list[list[Puzzle]]] = defaultdict(list)
    for unit in units:
        strata[stratum(unit[0])].append(unit)
    rng = random.Random(seed)
    out: list[list[Puzzle]] = []
    for key in sorted(strata):
        block = list(strata[key])
        rng.shuffle(block)
        out += block
    return out


def _needs(sizes: Sequence[int], total: int, kept: Sequence[int]) -> list[float]:
    """What each split still lacks of its share of ``total`` boards once the kept ones are counted
    (the shares themselves when the kept boards already fill every split)."""
    need = [max(s / sum(sizes) * total - k, 0.0) for s, k in zip(sizes, kept, strict=True)]
    return need if sum(need) > 0 else [float(s) for s in sizes]


def plan_stratified(
    puzzles: Sequence[Puzzle], seed: int, sizes: Sequence[int] = DEFAULT_SIZES, reassign: bool = False
) -> StratifiedPlan:
    """Seeded assignment of every board, stratified by difficulty and date bin (see the module).

    Boards already assigned keep their split; the others, laid out stratum by stratum, are dealt in
    proportion to what each split still lacks (systematic sampling: position i goes to the split
    furthest below its share of the first i + 1)."""
    ordered = _ordered(boards(puzzles), seed)
    plan: dict[str, Split] = {}
    kept, split_boards, new = [0] * len(ORDER), [], []
    for unit in ordered:
        fixed = sorted(_fixed(unit, reassign), key=ORDER.index)
        if not fixed:
            new.append(unit)
            continue
        kept[ORDER.index(fixed[0])] += 1  # copies already in two splits stay so, and are reported
        split_boards += [unit[0].id] if len(fixed) > 1 else []
        plan |= {p.id: p.split or fixed[0] for p in unit}
    need = _needs(sizes, len(ordered), kept)
    taken = [0] * len(ORDER)
    for i, unit in enumerate(new):
        k = max(range(len(ORDER)), key=lambda s: (need[s] / sum(need) * (i + 1) - taken[s], -s))
        taken[k] += 1
        plan |= {p.id: ORDER[k] for p in unit}
    return StratifiedPlan(plan, tuple(split_boards), sum(kept))


def strata_counts(puzzles: Iterable[Puzzle]) -> dict[str, dict[str, int]]:
    """Stratum label -> split -> boards (copies counted once; unassigned boards left out)."""
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for unit in boards(puzzles):
        for split in sorted({p.split.value for p in unit if p.split is not None}):
            out[label(stratum(unit[0]))][split] += 1
    return {key: dict(out[key]) for key in sorted(out)}


@dataclass(frozen=True)
class Method:
    """How the splits are made: what ``split_workspace`` was asked, as the record keeps it."""

    strategy: str
    seed: int
    sizes: tuple[int, ...]
    nyt_cutoffs: tuple[dt.date, ...] = ()
    splits_from: Path | None = None
    reassign: bool = False

    def __post_init__(self) -> None:
        if self.strategy not in STRATEGIES:
            raise InputError(
                f"unknown split strategy {self.strategy!r}; choose one of: {', '.join(STRATEGIES)}"
            )
        if self.strategy == "stratified" and (self.nyt_cutoffs or self.splits_from):
            raise InputError(
                "--strategy stratified deals NYT boards too: leave out --nyt-cutoff and --splits-from"
            )
        if self.reassign and self.strategy != "stratified":
            raise InputError(
                "--reassign applies to --strategy stratified (the default strategy deals afresh)"
            )

    def record(self) -> dict[str, object]:
        """What ``puzzles/splits.json`` says (read by the release card)."""
        return {
            "strategy": "release" if self.splits_from else self.strategy,
            "seed": self.seed,
            "sizes": list(self.sizes),
            "nyt_cutoffs": [d.isoformat() for d in self.nyt_cutoffs],
            "splits_from": self.splits_from.name if self.splits_from else None,
            "reassign": self.reassign,
        }


def plan_with_notes(puzzles: list[Puzzle], method: Method) -> tuple[dict[str, Split], list[str]]:
    """The stratified plan, and notes on the boards kept where they were."""
    result = plan_stratified(puzzles, method.seed, method.sizes, method.reassign)
    notes = []
    if result.kept:
        notes.append(
            f"{result.kept} board(s) already assigned kept their split (assigned puzzles never move; "
            "--reassign deals every board afresh)"
        )
    if result.split_boards:
        shown = ", ".join(result.split_boards[:5]) + (", ..." if len(result.split_boards) > 5 else "")
        notes.append(f"{len(result.split_boards)} board(s) have copies in two splits, left so: {shown}")
    return result.plan, notes
