"""A proposed trick word ships once people confirm it (issue #27): ``annotate label --tricks`` by
two annotators, then ``release build``."""

from __future__ import annotations

import json
from pathlib import Path

from ocwtool.formats import hf
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.schema.models import Puzzle, Split
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace, init_workspace
from tests.annotations.conftest import run_cli
from tests.annotations.trick_fixtures import trick_workspace


def _workspace(root: Path) -> Workspace:
    trick_workspace(root)
    init_workspace(root, "tester@example.org")
    for path in (root / "puzzles" / "ocw.jsonl", root / "variants" / "extended.jsonl"):
        write_puzzles(path, [p.model_copy(update={"split": Split.TEST}) for p in read_puzzles(path)])
    ws = Workspace.open(root)
    # The fixture's two walls share their groups (each gets its own trick words); waived, as a real
    # duplicate would be.
    ws.waivers_path.write_text(
        '[[waiver]]\nrule = "L03"\nrecords = ["a1", "a2"]\nreason = "invented twins"\n'
    )
    return ws


def _shipped(folder: Path) -> dict[str, Puzzle]:
    return {p.id: p for f in sorted(folder.glob("data/ocw_extended/*.parquet")) for p in hf.read_parquet(f)}


def test_a_word_people_confirmed_ships_and_a_disputed_one_does_not(tmp_path: Path) -> None:
    ws = _workspace(tmp_path / "ws")
    before, _ = build_release(ws, ReleaseSpec(name="tricks", version="1.0.0", report=False))
    assert "pink" not in _shipped(before)["ext_a1"].distractors  # proposed: not shown
    # ext_a1: pink; ext_a2: pink, kettle. Both say pink belongs to no group; they differ on kettle.
    assert (
        run_cli(
            ws.root, "annotate", "label", "--annotator", "alice", "--tricks", "extended", input="yyn"
        ).exit_code
        == 0
    )
    assert (
        run_cli(
            ws.root, "annotate", "label", "--annotator", "bob", "--tricks", "extended", input="yyy"
        ).exit_code
        == 0
    )
    after, _ = build_release(ws, ReleaseSpec(name="tricks", version="1.1.0", report=False))
    rows = _shipped(after)
    assert set(rows["ext_a1"].distractors) == {"moonrise", "tomato", "pink"}
    assert "kettle" not in rows["ext_a2"].distractors and "pink" in rows["ext_a2"].distractors
    assert rows["ext_a1"].lineage is not None
    evidence = {t["word"]: t for t in json.loads(rows["ext_a1"].lineage.params["tricks"])}
    assert evidence["pink"]["status"] == "confirmed"
    assert evidence["pink"]["answers"] == {"alice": "no group", "bob": "no group"}
    assert evidence["tomato"]["status"] == "verified"
    stored = {p.id: p for p in read_puzzles(ws.variants_path("extended"))}
    assert "pink" not in stored["ext_a1"].distractors  # the stored variant is not rewritten
