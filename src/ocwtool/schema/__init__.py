"""Canonical schema: the pydantic models and what is derived from them (the format adapters that
read and write them are :mod:`ocwtool.formats`, one layer up)."""

from ocwtool.schema.models import (
    N_CLUES,
    Flag,
    Game,
    Group,
    HumanPerformance,
    Lineage,
    NytMeta,
    OcwMeta,
    Provenance,
    Puzzle,
    Split,
    group_id,
    nyt_date,
    nyt_number,
    nyt_puzzle_id,
    sort_key,
    sorted_flags,
)

__all__ = [
    "N_CLUES",
    "Flag",
    "Game",
    "Group",
    "HumanPerformance",
    "Lineage",
    "NytMeta",
    "OcwMeta",
    "Provenance",
    "Puzzle",
    "Split",
    "group_id",
    "nyt_date",
    "nyt_number",
    "nyt_puzzle_id",
    "sort_key",
    "sorted_flags",
]
