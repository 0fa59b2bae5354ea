"""Fixtures for the evaluation tests: two original walls (one with comma clues) and helpers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ocwtool.evaluation.gold import gold_from_puzzle
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.schema.models import Game, Group, OcwMeta, Provenance, Puzzle, Split
from ocwtool.stores.puzzles import write_puzzles
from tests.conftest import make_nyt, make_ocw_wall

# Written for these tests; clues with commas must survive raw-text parsing.
COMMA_WALL = [
    ("Game show prizes", ["$64,000", "Speedboat", "Cuddly toy", "Holiday"]),
    ("Counting aloud", ["5, 6, 7, 8", "A, B, C", "Do, Re, Mi", "One, two"]),
    ("Tennis terms", ["Love", "Deuce", "Let", "Ace"]),
    ("Court cards", ["Jack", "Queen", "King", "Knave"]),
]


def make_comma_wall(wall_id: str = "comma1", season: int = 2) -> Puzzle:
    groups = tuple(
        Group(id=f"{wall_id}_{k + 1:02d}", clues=tuple(c), connection=conn)  # type: ignore[arg-type]
        for k, (conn, c) in enumerate(COMMA_WALL)
    )
    clues = [c for g in groups for c in g.clues]
    return Puzzle(
        id=wall_id,
        game=Game.OCW,
        source="ocw",
        clues=tuple(clues[::-1]),
        groups=groups,  # type: ignore[arg-type]
        ocw=OcwMeta(season=season, episode=3),
        provenance=Provenance(source="ocw"),
        split=Split.TEST,
    )


def own_puzzles() -> list[Puzzle]:
    first = make_ocw_wall("wall01", season=1).model_copy(update={"split": Split.TEST})
    return [first, make_comma_wall()]


@pytest.fixture
def puzzles() -> list[Puzzle]:
    return own_puzzles()


@pytest.fixture
def golds(puzzles: list[Puzzle]) -> list[GoldWall]:
    return [gold_from_puzzle(p) for p in puzzles]


@pytest.fixture
def nyt_gold() -> GoldWall:
    return gold_from_puzzle(make_nyt())


@pytest.fixture
def workspace(tmp_path: Path, puzzles: list[Puzzle]) -> Path:
    write_puzzles(tmp_path / "ws" / "puzzles" / "ocw.jsonl", puzzles)
    return tmp_path / "ws"


def ocw_document(golds: list[GoldWall]) -> dict[str, Any]:
    """A minimal OCW JSON document for the standalone evaluator (written by hand, no exporter)."""
    walls = []
    for g in golds:
        groups = {
            f"group_{k + 1}": {
                "group_id": g.group_ids[k],
                "gt_words": list(words),
                "gt_connection": g.connections[k],
            }
            for k, words in enumerate(g.groups)
        }
        walls.append(
            {
                "wall_id": g.wall_id,
                "season": g.season,
                "words": list(g.words),
                "gt_connections": list(g.connections),
                "groups": groups,
            }
        )
    return {"dataset": walls}


def write_json(path: Path, obj: Any) -> Path:
    path.write_text(json.dumps(obj), encoding="utf-8")
    return path


def as_records(
    golds: list[GoldWall], groups_of: Any = None, connections_of: Any = None
) -> list[dict[str, Any]]:
    """OCW prediction records; by default the gold groups and connections themselves."""
    return [
        {
            "wall_id": g.wall_id,
            "predicted_groups": [list(x) for x in (groups_of(g) if groups_of else g.groups)],
            "predicted_connections": list(connections_of(g) if connections_of else g.connections),
        }
        for g in golds
    ]


def ship_scorer(folder: Path) -> Path:
    """Write the scorer's release files (``evaluate.py`` + ``scorer/``) into ``folder``, as a release
    build does; returns the launcher."""
    from ocwtool.evaluation.scorer.bundle import standalone_files

    for name, content in standalone_files().items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content)
    return folder / "evaluate.py"
