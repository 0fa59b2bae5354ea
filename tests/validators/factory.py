"""Original synthetic puzzles and workspaces for validator and release tests.

Walls are made of 16 invented words suffixed with the wall number, so every wall has a distinct
normalised clue set unless a test deliberately copies one.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from ocwtool.schema.models import (
    Game,
    Group,
    HumanPerformance,
    Lineage,
    NytMeta,
    OcwMeta,
    Provenance,
    Puzzle,
    Split,
    nyt_number,
)
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import Workspace, init_workspace

STEMS = [
    ("Invented rivers", ["Glimmer", "Pollet", "Sarwin", "Tessa"]),
    ("Made-up cheeses", ["Brovan", "Quell", "Marrow", "Tindle"]),
    ("Fictional towns", ["Oxbury", "Lanfield", "Crickle", "Dunmore"]),
    ("Imaginary birds", ["Pipwing", "Starrow", "Fenlark", "Mossjay"]),
]


def wall(i: int, season: int = 1, split: Split | None = None, source: str = "ocw", **kw: Any) -> Puzzle:
    """An original OCW-style wall number ``i``."""
    wid = kw.pop("wall_id", f"w{i:04d}")
    groups = tuple(
        Group(
            id=f"{wid}_{k + 1:02d}",
            clues=tuple(f"{c}{i}" for c in clues),  # type: ignore[arg-type]
            connection=conn,
            human_performance=HumanPerformance(grouping=1, connection=(i + k) % 2),  # type: ignore[arg-type]
        )
        for k, (conn, clues) in enumerate(STEMS)
    )
    clues = [c for g in groups for c in g.clues]
    return Puzzle(
        id=wid,
        game=Game.OCW,
        source=source,
        clues=tuple(clues[1::2] + clues[0::2]),
        groups=groups,  # type: ignore[arg-type]
        split=split,
        ocw=OcwMeta(season=season, episode=1 + i % 5),
        provenance=Provenance(source=source, sha256=f"{i:064x}"),
        **kw,
    )


def nyt(day: int, split: Split | None = None, **kw: Any) -> Puzzle:
    """An original NYT-style board ``day`` days after 2024-01-01."""
    date = dt.date(2024, 1, 1) + dt.timedelta(days=day)
    pid = f"nyt-{date.isoformat()}"
    groups = tuple(
        Group(
            id=f"{pid}_{k + 1}",
            clues=tuple(f"{c.upper()}X{day}" for c in clues),
            connection=conn.upper(),
            level=k,
        )  # type: ignore[arg-type]
        for k, (conn, clues) in enumerate(STEMS)
    )
    clues = [c for g in groups for c in g.clues]
    return Puzzle(
        id=pid,
        game=Game.NYT,
        source="nyt",
        clues=tuple(reversed(clues)),
        groups=groups,  # type: ignore[arg-type]
        split=split,
        nyt=NytMeta(date=date, number=nyt_number(date)),
        provenance=Provenance(source="nyt"),
        **kw,
    )


def replace_group(p: Puzzle, k: int, **changes: Any) -> Puzzle:
    """``p`` with group ``k`` changed (clues rebuilt when the group's clues change)."""
    groups = list(p.groups)
    groups[k] = groups[k].model_copy(update=changes)
    clues = tuple(c for g in groups for c in g.clues)
    return p.model_copy(update={"groups": tuple(groups), "clues": clues})


def ocw_walls(n: int = 20) -> list[Puzzle]:
    """``n`` walls over 2 seasons with a fixed 4/4/rest split."""
    splits = [Split.TRAIN] * 4 + [Split.VALIDATION] * 4 + [Split.TEST] * (n - 8)
    return [wall(i, season=1 + i % 2, split=splits[i]) for i in range(n)]


def randomized(walls: list[Puzzle]) -> list[Puzzle]:
    """Randomized-style variants of the test walls: group k taken from the wall k places on."""
    test = [w for w in walls if w.split is Split.TEST]
    out = []
    for i, w in enumerate(test):
        donors = [test[(i + k) % len(test)] for k in range(4)]
        groups = tuple(d.groups[k] for k, d in enumerate(donors))
        source = f"{w.game.value}-randomized"  # as the generator names them; lineage names the store
        out.append(
            w.model_copy(
                update={
                    "source": source,
                    "provenance": Provenance(source=source, parser_version="1"),
                    "groups": groups,
                    "clues": tuple(c for g in groups for c in g.clues),
                    # as the variants generator writes it: own wall id, then the borrowed group ids
                    "lineage": Lineage(
                        kind="randomized",
                        seed=42,
                        parents=(w.id, *(g.id for g in groups[1:])),
                        params={"store": w.source},
                    ),
                }
            )
        )
    return out


def make_workspace(root: Path, *, n_ocw: int = 20, n_nyt: int = 8, variants: bool = True) -> Workspace:
    """A workspace with split OCW and NYT stores (and a randomized variant store)."""
    init_workspace(root, "tests@example.org")
    settings = Workspace.open(root)
    walls = ocw_walls(n_ocw)
    write_puzzles(settings.puzzles_path("ocw"), walls)
    boards = [nyt(d, split=Split.TRAIN if d < n_nyt // 2 else Split.TEST) for d in range(n_nyt)]
    write_puzzles(settings.puzzles_path("nyt"), boards)
    if variants:
        write_puzzles(settings.variants_path("randomized"), randomized(walls))
    return settings


DISTRACTORS = ("Velmire", "Quabble", "Orrin", "Zettle")


def with_distractors(p: Puzzle, k: int = 4, words: tuple[str, ...] = DISTRACTORS) -> Puzzle:
    """``p`` with ``k`` invented distractors (suffixed like its clues) appended to its clue order."""
    extra = tuple(f"{w}{p.id}" for w in words[:k])
    return p.model_copy(update={"distractors": extra, "clues": (*p.clues, *extra)})


def distracted_wall(i: int, k: int = 4, **kw: Any) -> Puzzle:
    """An original OCW-style wall ``i`` with ``k`` distractors, validated."""
    return Puzzle.model_validate(with_distractors(wall(i, **kw), k).model_dump())
