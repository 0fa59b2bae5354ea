"""Fixation and first mistakes broken down by the difficulty and knowledge type of the group a
wrong group is attributed to (:meth:`~ocwtool.evaluation.herring_metrics.LabelledWall.toward`: the
group it takes a decoy toward, else the one it holds most clues of).

Each row: ``wrong_groups``, ``fixated``, ``rate`` and ``chance`` (as the player's figures), the
same for first mistakes (``first_mistakes``, ``first_decoy``, ``first_rate``, ``first_chance``), and
trap claims (``claims``, ``claims_right``, ``claim_accuracy``; a claim counts under each difficulty
and knowledge type of the gold groups its clues come from, an "N/A" claim under none). A group with
several knowledge types counts under each; walls without levels have no difficulty row.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ocwtool.evaluation.herring_metrics import Game, LabelledWall, claim_is_right


def _keys(wall: LabelledWall, k: int, types: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    gid = wall.group_ids[k] if k < len(wall.group_ids) else ""
    return {
        "difficulty": [f"level {wall.levels[k]}"] if wall.levels else [],
        "knowledge_type": list(types.get(gid, ())),
    }


Row = defaultdict[str, float]


def _row(counts: Row) -> dict[str, Any]:
    def rate(part: str, whole: str) -> float | None:
        return round(counts[part] / counts[whole], 6) if counts[whole] else None

    return {
        "wrong_groups": int(counts["wrong_groups"]),
        "fixated": int(counts["fixated"]),
        "rate": rate("fixated", "wrong_groups"),
        "chance": rate("chance", "wrong_groups"),
        "first_mistakes": int(counts["first_mistakes"]),
        "first_decoy": int(counts["first_decoy"]),
        "first_rate": rate("first_decoy", "first_mistakes"),
        "first_chance": rate("first_chance", "first_mistakes"),
        "claims": int(counts["claims"]),
        "claims_right": int(counts["claims_right"]),
        "claim_accuracy": rate("claims_right", "claims"),
    }


def herring_breakdowns(
    walls: Mapping[str, LabelledWall], games: Iterable[Game], types: Mapping[str, Sequence[str]] | None = None
) -> dict[str, dict[str, dict[str, Any]]]:
    """facet (``difficulty``, ``knowledge_type``) -> value -> figures, over one player's games."""
    tables: dict[str, dict[str, Row]] = {"difficulty": {}, "knowledge_type": {}}
    for game in games:
        wall = walls.get(game.wall_id)
        if wall is None:
            continue
        for i, group in enumerate(wall.wrong_groups(game.groups)):
            took, chance = wall.takes_decoy(group), wall.chance(wall.shape(group))
            figures = {"wrong_groups": 1, "fixated": took, "chance": chance}
            if i == 0:
                figures |= {"first_mistakes": 1, "first_decoy": took, "first_chance": chance}
            _add(tables, _keys(wall, wall.toward(group), types or {}), figures)
        if game.claim is not None:
            right = wall.partitions(game.groups) and claim_is_right(wall, game.claim)
            _add(tables, _claim_keys(wall, game.claim, types or {}), {"claims": 1, "claims_right": right})
    return {facet: {v: _row(c) for v, c in sorted(rows.items())} for facet, rows in tables.items()}


def _add(
    tables: dict[str, dict[str, Row]], keys: Mapping[str, Iterable[str]], figures: Mapping[str, float]
) -> None:
    for facet, values in keys.items():
        for value in values:
            row = tables[facet].setdefault(value, defaultdict(float))
            for name, amount in figures.items():
                row[name] += amount


def _claim_keys(
    wall: LabelledWall, claim: Sequence[str], types: Mapping[str, Sequence[str]]
) -> dict[str, list[str]]:
    """A trap claim counts once under each difficulty and knowledge type of the gold groups its clues
    come from ("N/A" under none)."""
    groups = sorted({wall.group_of[k] for k in (w.strip().casefold() for w in claim) if k in wall.group_of})
    keys: dict[str, list[str]] = {"difficulty": [], "knowledge_type": []}
    for k in groups:
        for facet, values in _keys(wall, k, types).items():
            keys[facet] += [v for v in values if v not in keys[facet]]
    return keys
