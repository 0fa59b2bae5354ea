"""A release ships boards that never show the solution (issue #25): parquet ``clues`` are board 0,
the OCW JSON keeps the published order (and the card says so), and ``release verify`` refuses a
parquet file in solution order."""

from __future__ import annotations

from pathlib import Path

import pytest

from ocwtool.errors import ReleaseError
from ocwtool.formats import hf
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.verify import verify_release
from ocwtool.schema.board import BoardOrder, in_solution_order
from ocwtool.schema.models import Puzzle
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace
from tests.releases.tamper import rehash
from tests.validators.factory import make_workspace


def solution_order(p: Puzzle) -> Puzzle:
    """The puzzle as the OCW file and the NYT archive give it: the groups one after another."""
    return p.model_copy(update={"clues": tuple(w for g in p.groups for w in g.clues)})


def groups(p: Puzzle) -> list[tuple[str, ...]]:
    return [g.clues for g in p.groups]


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> tuple[Workspace, Path]:
    ws = make_workspace(tmp_path_factory.mktemp("board") / "ws", variants=False)
    for name in ("ocw", "nyt"):
        path = ws.puzzles_path(name)
        write_puzzles(path, [solution_order(p) for p in read_puzzles(path)])
    folder, _ = build_release(ws, ReleaseSpec(name="boards", version="1.0.0"))
    return ws, folder


def test_parquet_clues_are_board_0_and_never_the_solution(release: tuple[Workspace, Path]) -> None:
    ws, folder = release
    stored = {p.id: p for name in ("ocw", "nyt") for p in read_puzzles(ws.puzzles_path(name))}
    shipped = [p for f in sorted(folder.glob("data/*/*.parquet")) for p in hf.read_parquet(f)]
    assert len(shipped) == len(stored) == 28
    for p in shipped:
        assert in_solution_order(stored[p.id].clues, groups(p))  # the workspace holds solution order
        assert not in_solution_order(p.clues, groups(p))
        assert p.board_order is BoardOrder.SHUFFLED and p.clues == stored[p.id].board(0)


def test_ocw_json_keeps_the_published_order_and_the_card_says_so(release: tuple[Workspace, Path]) -> None:
    import json

    _, folder = release
    doc = json.loads((folder / "json" / "ocw" / "test.json").read_text())
    wall = doc["dataset"][0]
    assert wall["words"] == [w for k in sorted(wall["groups"]) for w in wall["groups"][k]["gt_words"]]
    card = (folder / "README.md").read_text()
    assert "## Board order" in card
    assert "**the four groups one after another (the solution)**" in card
    assert 'random.Random(f"{id}:0").sample(clues in group order, 16)' in card


def test_verify_refuses_a_parquet_file_in_solution_order(
    release: tuple[Workspace, Path], tmp_path: Path
) -> None:
    import shutil

    _, built = release
    folder = tmp_path / built.name
    shutil.copytree(built, folder)
    verify_release(folder, load=False)  # the release as built passes
    rel = "data/ocw/test-00000-of-00001.parquet"
    puzzles = hf.read_parquet(folder / rel)
    hf.write_parquet([solution_order(p) for p in puzzles], folder / rel)
    rehash(folder, rel)
    with pytest.raises(ReleaseError) as err:
        verify_release(folder, load=False)
    assert str(err.value) == (
        f"{rel}: puzzle {puzzles[0].id}: clues are the groups in order, which gives the solution away; "
        "rebuild the release with this ocwtool (it ships a seeded board)"
    )
