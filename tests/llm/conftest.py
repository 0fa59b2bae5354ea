"""Fixtures for the LLM runner tests: invented boards, a workspace, the scripted loopback server."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
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
    Split,
    nyt_number,
)
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import init_workspace

pytest.importorskip("inspect_ai")

from ocwtool.llm.scripted import Board, ScriptedServer, serve_scripted
from tests.invented_themes import THEMES

N_BOARDS = 6


def _groups(i: int, pid: str, nyt: bool) -> tuple[Group, ...]:
    out = []
    for k in range(4):
        conn, words = THEMES[i + 6 * k]
        human = None if nyt else HumanPerformance(grouping=int(k < 2), connection=int(k == 0))  # type: ignore[arg-type]
        out.append(
            Group(
                id=f"{pid}_{k + 1:02d}",
                clues=tuple(words.split()),  # type: ignore[arg-type]
                connection=conn,
                level=k if nyt else None,  # type: ignore[arg-type]
                human_performance=human,
            )
        )
    return tuple(out)


def invented(game: str) -> list[Puzzle]:
    """Six boards: OCW walls (two train, four test) or NYT days (all test)."""
    out = []
    for i in range(N_BOARDS):
        nyt = game == "nyt"
        date = dt.date(2024, 1, 1) + dt.timedelta(days=30 * i)
        pid = f"nyt-{date.isoformat()}" if nyt else f"w{i:02d}"
        groups = _groups(i, pid, nyt)
        clues = [c for g in groups for c in g.clues]
        out.append(
            Puzzle(
                id=pid,
                game=Game.NYT if nyt else Game.OCW,
                source=game,
                clues=tuple(clues[1::2] + clues[0::2]),
                groups=groups,  # type: ignore[arg-type]
                split=Split.TEST if nyt or i >= 2 else Split.TRAIN,
                ocw=None if nyt else OcwMeta(season=1 + i // 3, episode=i + 1, air_date=date),
                nyt=NytMeta(date=date, number=nyt_number(date)) if nyt else None,
                provenance=Provenance(source=game),
            )
        )
    return out


# Invented distractors (issue #27): words of no group, never a clue of any board here.
DISTRACTORS = ("Quorble", "Zendrik", "Plimsock", "Varnel")


def distracted(game: str) -> list[Puzzle]:
    """The six boards of :func:`invented` with 1 to 4 distractors each, on a shuffled board."""
    out = []
    for i, p in enumerate(invented(game)):
        extra = DISTRACTORS[: 1 + i % 4]
        out.append(p.model_copy(update={"distractors": extra, "clues": (*extra, *p.clues)}))
    return out


def boards_of(puzzles: list[Puzzle]) -> list[Board]:
    return [Board(tuple(g.clues for g in p.groups), p.connections, p.distractors) for p in puzzles]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    init_workspace(root, "tests@example.invalid")
    write_puzzles(root / "puzzles" / "ocw.jsonl", invented("ocw"))
    write_puzzles(root / "puzzles" / "nyt.jsonl", invented("nyt"))
    return root


@pytest.fixture(scope="session")
def scripted_server() -> Iterator[ScriptedServer]:
    # One server for the session: inspect keeps its model clients (base URL included) per process.
    boards = boards_of(invented("ocw") + invented("nyt") + distracted("ocw") + distracted("nyt"))
    with serve_scripted(boards, slow_seconds=2.0) as srv:
        yield srv


@pytest.fixture
def server(
    scripted_server: ScriptedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[ScriptedServer]:
    """The scripted players on 127.0.0.1 (counters reset), inspect pointed at them, its cache in tmp_path."""
    scripted_server.state.reset()
    monkeypatch.setenv("SCRIPTED_BASE_URL", scripted_server.base_url)
    monkeypatch.setenv("SCRIPTED_API_KEY", "scripted")
    monkeypatch.setenv("INSPECT_CACHE_DIR", str(tmp_path / "inspect-cache"))
    yield scripted_server
    scripted_server.state.gate_open.set()  # release anything a test left held
