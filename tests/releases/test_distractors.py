"""A release of boards with distractors (issue #27, section 1): the parquet rows and the OCW JSON
carry them, ``release verify`` passes, and the card says what they are (only when there are some)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.formats import hf
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.verify import verify_release
from ocwtool.schema.board import in_solution_order
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace
from tests.validators.factory import make_workspace, with_distractors


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> tuple[Workspace, Path]:
    ws = make_workspace(tmp_path_factory.mktemp("distract") / "ws", variants=False)
    path = ws.puzzles_path("ocw")
    walls = read_puzzles(path)
    write_puzzles(path, [with_distractors(p, 1 + i % 4) if i % 2 else p for i, p in enumerate(walls)])
    folder, _ = build_release(ws, ReleaseSpec(name="tricky", version="1.0.0"))
    return ws, folder


def test_the_rows_carry_the_distractors_on_a_shuffled_board(release: tuple[Workspace, Path]) -> None:
    ws, folder = release
    stored = {p.id: p for p in read_puzzles(ws.puzzles_path("ocw"))}
    shipped = [p for f in sorted(folder.glob("data/ocw/*.parquet")) for p in hf.read_parquet(f)]
    with_some = [p for p in shipped if p.distractors]
    assert len(shipped) == 20 and len(with_some) == 10
    for p in with_some:
        assert p.distractors == stored[p.id].distractors and p.clues == stored[p.id].board(0)
        assert not in_solution_order(p.clues, [g.clues for g in p.groups], p.distractors)
    doc = json.loads((folder / "json" / "ocw" / "test.json").read_text())
    rows = {w["wall_id"]: w for w in doc["dataset"]}
    some = next(w for w in rows if stored[w].distractors)
    assert rows[some]["distractors"] == list(stored[some].distractors)
    verify_release(folder, load=False)


def test_the_card_mentions_distractors_only_when_there_are_some(release: tuple[Workspace, Path]) -> None:
    ws, folder = release
    boards = [p for p in read_puzzles(ws.puzzles_path("ocw")) if p.distractors]
    card = (folder / "README.md").read_text()
    words = sum(len(p.distractors) for p in boards)
    assert (
        f"words of no group, shown among the clues (`ocw`: {len(boards)} boards, {words} distractors)" in card
    )
    assert "## Distractors" in card
    plain = make_workspace(ws.root.parent / "plain", variants=False)
    other, _ = build_release(plain, ReleaseSpec(name="plain", version="1.0.0"))
    assert "## Distractors" not in (other / "README.md").read_text()
