"""Trap groups: Connections Eval's definition, checked in one place.

A *trap group* has 4 or more clues across 2 or more groups, with at most 2 from any one group (as
Connections Eval defines ``valid_trap_groups``). It is stored as a
:class:`~ocwtool.schema.annotations.RedHerringCategory`; a category that breaks the definition (a
3-clue decoy theme, or 3 clues of one group) is a decoy theme but not a trap group. Every place that
makes or reads trap groups (the Connections Eval import and export, agreement, adjudication, the
red-herring metrics) asks :func:`trap_group_problem` or :func:`trap_groups`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ocwtool.schema.annotations import RedHerringCategory
from ocwtool.schema.models import Puzzle

Groups = Sequence[Sequence[str]]  # the puzzle's groups as clue texts

MIN_CLUES = 4
MIN_GROUPS = 2
MAX_PER_GROUP = 2


def gold_groups(puzzle: Puzzle) -> tuple[tuple[str, ...], ...]:
    """The puzzle's four groups as clue texts (what the checks below take)."""
    return tuple(tuple(g.clues) for g in puzzle.groups)


def trap_group_problem(groups: Groups, clues: Sequence[str]) -> str | None:
    """Why ``clues`` (clue texts) are not a trap group of the puzzle whose ``groups`` are given, or
    None when they are one."""
    free = [Counter(g) for g in groups]
    per_group: Counter[int] = Counter()
    for clue in clues:
        k = next((k for k, left in enumerate(free) if left[clue] > 0), None)
        if k is None:
            return f"names {clue!r}, which is not a clue of the puzzle (or is named twice)"
        free[k][clue] -= 1
        per_group[k] += 1
    if len(clues) < MIN_CLUES:
        return f"has {len(clues)} clues; a trap group has {MIN_CLUES} or more"
    if len(per_group) < MIN_GROUPS:
        return f"has clues of 1 group; a trap group spans {MIN_GROUPS} or more"
    most = max(per_group.values())
    if most > MAX_PER_GROUP:
        return f"has {most} clues of one group; a trap group has at most {MAX_PER_GROUP}"
    return None


def is_trap_group(groups: Groups, clues: Sequence[str]) -> bool:
    """Whether ``clues`` form a trap group (:func:`trap_group_problem` finds nothing wrong)."""
    return trap_group_problem(groups, clues) is None


def trap_groups(groups: Groups, categories: Iterable[RedHerringCategory]) -> tuple[RedHerringCategory, ...]:
    """The categories that are trap groups of the puzzle whose ``groups`` are given, in their order."""
    return tuple(c for c in categories if is_trap_group(groups, c.clues))
