"""A tiny OCW JSON reader for these tests (the real adapter lives in ``schema.formats.ocw_json``).

It keeps only what the generators use; values are coerced to text (one real clue is a JSON number).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ocwtool.schema.models import Game, Group, HumanPerformance, OcwMeta, Provenance, Puzzle, Split


def _group(raw: dict[str, Any]) -> Group:
    hp = raw.get("human_performance") or None
    return Group(
        id=str(raw["group_id"]),
        clues=tuple(str(w) for w in raw["gt_words"]),  # type: ignore[arg-type]
        connection=str(raw["gt_connection"]),
        human_performance=HumanPerformance(**hp) if hp else None,
    )


def wall_from_dict(raw: dict[str, Any], split: Split | None = None, source: str = "ocw") -> Puzzle:
    groups = tuple(_group(raw["groups"][f"group_{k}"]) for k in range(1, 5))
    return Puzzle(
        id=str(raw["wall_id"]),
        game=Game.OCW,
        source=source,
        clues=tuple(str(w) for w in raw["words"]),
        groups=groups,  # type: ignore[arg-type]
        split=split,
        ocw=OcwMeta(season=raw.get("season"), episode=raw.get("episode")),
        provenance=Provenance(source=source),
    )


def load_walls(path: Path, split: Split | None = None) -> list[Puzzle]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    return [wall_from_dict(w, split) for w in doc["dataset"]]
