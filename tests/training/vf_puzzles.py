"""Invented puzzles for the verifiers-environment tests (never excerpts of real data): OCW walls and
NYT days, every word distinct, one board with distractors, in train and test splits."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from ocwtool.llm.scripted import Board
from ocwtool.schema.models import Game, Group, NytMeta, OcwMeta, Provenance, Puzzle, Split, nyt_number
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import init_workspace
from tests.invented_themes import THEMES

# The venv `make verifiers` builds; without it the tests that need it fail and say so.
VF_VENV = Path(os.environ.get("OCWTOOL_VF_VENV") or Path.home() / ".cache/ocwtool/verifiers-venv")


def venv_bin(name: str) -> Path:
    """A program of the verifiers venv (``python``, ``pip``, ``vf-eval``)."""
    binary = VF_VENV / "bin" / name
    if not binary.exists():
        pytest.fail(f"no verifiers at {binary}: run `make verifiers` (or set OCWTOOL_VF_VENV)")
    return binary


N_BOARDS = 4
DISTRACTORS = ("Quorble", "Zendrik")


def _groups(i: int, pid: str, nyt: bool) -> tuple[Group, ...]:
    out = []
    for k in range(4):
        conn, words = THEMES[(i + 4 * k) % len(THEMES)]
        clues = tuple(words.split())
        out.append(Group(id=f"{pid}_{k + 1:02d}", clues=clues, connection=conn, level=k if nyt else None))  # type: ignore[arg-type]
    return tuple(out)


def invented(game: str) -> list[Puzzle]:
    """Four boards: OCW walls (board 0 train, the rest test; board 3 with two distractors) or NYT
    days (all test, levels 0-3 in a shuffled order)."""
    out = []
    for i in range(N_BOARDS):
        nyt = game == "nyt"
        date = dt.date(2024, 1, 1) + dt.timedelta(days=30 * i)
        pid = f"nyt-{date.isoformat()}" if nyt else f"w{i:02d}"
        groups = _groups(i, pid, nyt)
        if nyt:  # levels not in group order: the weighted score tells them apart
            groups = tuple(g.model_copy(update={"level": (k + i) % 4}) for k, g in enumerate(groups))
        clues = [c for g in groups for c in g.clues]
        extra = DISTRACTORS if not nyt and i == 3 else ()
        out.append(
            Puzzle(
                id=pid,
                game=Game.NYT if nyt else Game.OCW,
                source=game,
                clues=(*extra, *clues[1::2], *clues[0::2]),
                groups=groups,  # type: ignore[arg-type]
                distractors=extra,
                split=Split.TEST if nyt or i >= 1 else Split.TRAIN,
                ocw=None if nyt else OcwMeta(season=1, episode=i + 1, air_date=date),
                nyt=NytMeta(date=date, number=nyt_number(date)) if nyt else None,
                provenance=Provenance(source=game),
            )
        )
    return out


def make_workspace(root: Path) -> Path:
    init_workspace(root, "tests@example.invalid")
    write_puzzles(root / "puzzles" / "ocw.jsonl", invented("ocw"))
    write_puzzles(root / "puzzles" / "nyt.jsonl", invented("nyt"))
    return root


def scripted_boards() -> list[Board]:
    """The boards as the scripted players know them."""
    return [
        Board(tuple(g.clues for g in p.groups), p.connections, p.distractors)
        for p in invented("ocw") + invented("nyt")
    ]
