"""Agreement on trap groups: per annotator pair, the mean best-match Jaccard over shared puzzles.

For a pair (a, b), the puzzles counted are those both annotators labelled (status ``labelled``) and
where at least one of them marked a trap group (categories that meet :mod:`ocwtool.schema.traps`;
other decoy themes are not trap groups). On such a puzzle every trap group of either annotator is
matched to the other annotator's most similar trap group, by the Jaccard index of their clue sets
(0 when the other marked none), and the puzzle scores the mean of those best matches. The pair's
figure is the mean over the counted puzzles (None when there are none). Puzzles where both marked no
trap group agree trivially and are left out, so the figure is not inflated by empty walls.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle
from ocwtool.schema.traps import gold_groups, trap_groups

Traps = dict[str, list[frozenset[str]]]  # puzzle id -> trap groups as clue sets


@dataclass(frozen=True)
class TrapAgreement:
    """Two annotators' trap-group agreement: ``n`` puzzles counted, mean best-match Jaccard."""

    a: str
    b: str
    n: int
    jaccard: float | None


def annotator_traps(records: Mapping[str, ItemRecord], puzzles: Mapping[str, Puzzle]) -> Traps:
    """puzzle id -> trap groups of one annotator's labelled records on known puzzles."""
    return {
        pid: [frozenset(c.clues) for c in trap_groups(gold_groups(puzzles[pid]), rec.red_herring_categories)]
        for pid, rec in records.items()
        if rec.status == "labelled" and pid in puzzles
    }


def best_match_jaccard(mine: list[frozenset[str]], theirs: list[frozenset[str]]) -> float | None:
    """Mean over the trap groups of both sides of each one's best Jaccard on the other side."""
    if not mine and not theirs:
        return None

    def best(group: frozenset[str], other: list[frozenset[str]]) -> float:
        return max((len(group & o) / len(group | o) for o in other), default=0.0)

    scores = [best(g, theirs) for g in mine] + [best(g, mine) for g in theirs]
    return sum(scores) / len(scores)


def pair_jaccard(a: Traps, b: Traps) -> tuple[int, float | None]:
    """(puzzles counted, mean best-match Jaccard) over the puzzles both labelled."""
    scores = [best_match_jaccard(a[pid], b[pid]) for pid in sorted(set(a) & set(b))]
    counted = [s for s in scores if s is not None]
    return len(counted), (sum(counted) / len(counted) if counted else None)


def trap_agreement(
    stores: Mapping[str, Mapping[str, ItemRecord]], puzzles: Mapping[str, Puzzle]
) -> tuple[TrapAgreement, ...]:
    """Every annotator pair's trap-group agreement, pairs in name order."""
    traps = {name: annotator_traps(records, puzzles) for name, records in stores.items()}
    return tuple(
        TrapAgreement(a, b, *pair_jaccard(traps[a], traps[b]))
        for a, b in itertools.combinations(sorted(traps), 2)
    )
