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
from ocwtool.schema.corpus import Corpus
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.validators.structural import check_board_order
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


def test_a_shipped_shuffle_that_ends_with_its_distractor_by_chance_verifies(tmp_path: Path) -> None:
    """The seeded shuffle is uniform: one distractor in 17 words ends it one time in 17. Such a
    board gives nothing away, and a release shipping it verifies (it was refused as "appended")."""
    ws = make_workspace(tmp_path / "ws", variants=False)
    path = ws.puzzles_path("ocw")
    walls = [with_distractors(p, 1) for p in read_puzzles(path)]
    ending = [p for p in walls if p.board(0)[-1:] == p.distractors]
    assert ending  # 20 walls: about one in 17 ends with its distractor
    write_puzzles(path, walls)
    folder, _ = build_release(ws, ReleaseSpec(name="chance", version="1.0.0", report=False))
    shipped = {p.id: p for f in sorted(folder.glob("data/ocw/*.parquet")) for p in hf.read_parquet(f)}
    assert shipped[ending[0].id].clues[-1:] == ending[0].distractors
    verify_release(folder, load=False)
    # read back (board_order `shuffled`), the same board is no S19 finding either
    assert list(check_board_order(Corpus(puzzles=tuple(shipped.values())))) == []
