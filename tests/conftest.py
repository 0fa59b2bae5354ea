"""Shared fixtures: small original puzzles (never excerpts of the real data)."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ocwtool.schema.models import (
    Game,
    Group,
    HumanPerformance,
    NytMeta,
    OcwMeta,
    Provenance,
    Puzzle,
    nyt_number,
)


def _find_shared_data() -> Path | None:
    """``../shared/data`` beside the project, found from any checkout depth (main or a worktree)."""
    for folder in Path(__file__).resolve().parents:
        candidate = folder / "shared" / "data"
        if candidate.is_dir():
            return candidate
    return None


SHARED_DATA = _find_shared_data()

# An original wall written for these tests.
OWN_WALL = [
    ("Rivers of Europe", ["Danube", "Rhine", "Loire", "Tagus"]),
    ("___ Potter", ["Harry", "Beatrix", "Dennis", "Hogwarts"]),
    ("Card games", ["Snap", "Bridge", "Rummy", "Whist"]),
    ("Hidden birds", ["Crowd", "Parrotfish", "Swallowtail", "Hawking"]),
]


def make_ocw_wall(wall_id: str = "abc123", season: int = 1, episode: int = 1) -> Puzzle:
    groups = tuple(
        Group(
            id=f"{wall_id}_{k + 1:02d}",
            clues=tuple(clues),  # type: ignore[arg-type]
            connection=conn,
            human_performance=HumanPerformance(grouping=1, connection=k % 2),  # type: ignore[arg-type]
        )
        for k, (conn, clues) in enumerate(OWN_WALL)
    )
    clues = [c for g in groups for c in g.clues]
    shuffled = clues[1::2] + clues[0::2]
    return Puzzle(
        id=wall_id,
        game=Game.OCW,
        source="ocw",
        clues=tuple(shuffled),
        groups=groups,  # type: ignore[arg-type]
        ocw=OcwMeta(season=season, episode=episode),
        provenance=Provenance(source="ocw"),
    )


def make_nyt(date: dt.date = dt.date(2024, 1, 2)) -> Puzzle:
    pid = f"nyt-{date.isoformat()}"
    words = [
        ("SHADES OF BLUE", ["NAVY", "TEAL", "AZURE", "COBALT"]),
        ("BREAD", ["RYE", "NAAN", "PITA", "BAGEL"]),
        ("___BALL", ["FOOT", "BASKET", "HAND", "MEAT"]),
        ("ANAGRAMS OF 'STOP'", ["POTS", "TOPS", "SPOT", "OPTS"]),
    ]
    groups = tuple(
        Group(id=f"{pid}_{k + 1}", clues=tuple(w), connection=t, level=k)  # type: ignore[arg-type]
        for k, (t, w) in enumerate(words)
    )
    clues = [c for g in groups for c in g.clues]
    return Puzzle(
        id=pid,
        game=Game.NYT,
        source="nyt",
        clues=tuple(reversed(clues)),
        groups=groups,  # type: ignore[arg-type]
        nyt=NytMeta(date=date, number=nyt_number(date)),
        provenance=Provenance(source="nyt"),
    )


@pytest.fixture
def ocw_wall() -> Puzzle:
    return make_ocw_wall()


@pytest.fixture
def nyt_puzzle() -> Puzzle:
    return make_nyt()


@pytest.fixture
def shared_data() -> Path:
    if SHARED_DATA is None:
        pytest.skip("needs ../shared/data")
    return SHARED_DATA


def run_ocwtool(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m ocwtool ARGS`` in a real subprocess (this interpreter, this environment)."""
    return subprocess.run(
        [sys.executable, "-m", "ocwtool", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        check=False,
    )
