"""A minimal OCW JSON reader for join tests (the full adapter lives in schema/formats on `formats`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ocwtool.schema.models import Game, Group, HumanPerformance, OcwMeta, Provenance, Puzzle


def load_ocw_walls(path: Path) -> list[Puzzle]:
    """Puzzles (source ``ocw``) with OCW's human performance, from an OCW JSON file."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    return [_wall(w) for w in doc["dataset"]]


def _wall(w: dict[str, Any]) -> Puzzle:
    groups = []
    for k in range(1, 5):
        g = w["groups"][f"group_{k}"]
        hp = g.get("human_performance") or None
        groups.append(
            Group(
                id=g["group_id"],
                clues=tuple(str(c) for c in g["gt_words"]),  # type: ignore[arg-type]
                connection=str(g["gt_connection"]),
                human_performance=HumanPerformance(**hp) if hp else None,
            )
        )
    return Puzzle(
        id=w["wall_id"],
        game=Game.OCW,
        source="ocw",
        clues=tuple(str(c) for c in w["words"]),
        groups=tuple(groups),  # type: ignore[arg-type]
        ocw=OcwMeta(season=w["season"], episode=w["episode"]),
        provenance=Provenance(source="ocw"),
    )
