"""``ocwtool eval`` on a workspace whose boards carry distractors (issue #27, section 1): every
baseline plays the 16 + k words, and the table and report add the distractor figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import init_workspace
from tests.annotations.conftest import run_cli
from tests.validators.factory import ocw_walls, with_distractors


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    init_workspace(tmp_path, "tests@example.org")
    walls = [with_distractors(p, 1 + i % 4) if i % 2 else p for i, p in enumerate(ocw_walls(12))]
    write_puzzles(tmp_path / "puzzles" / "ocw.jsonl", walls)
    return tmp_path


@pytest.mark.parametrize("baseline", ["random", "wordnet"])
def test_baselines_group_16_of_16_plus_k_words_and_the_report_scores_the_rest(
    workspace: Path, baseline: str
) -> None:
    result = run_cli(workspace, "eval", "--baseline", baseline, "--seeds", "1", "--bootstrap", "0")
    assert result.exit_code == 0, result.stderr
    names = [line.split()[0] for line in result.stdout.splitlines()[2:] if line.startswith("  ")]
    assert names[-3:] == ["n_walls_with_distractors", "distractor_precision", "distractor_recall"]
    report = json.loads((workspace / "runs" / f"eval-{baseline}-test.json").read_text())
    [run] = report["runs"]
    distracted = {"w0009", "w0011"}  # the test split is w0008..w0011; the odd ones have distractors
    assert {w["wall_id"] for w in run["walls"] if "distractor_recall" in w} == distracted
    assert run["grouping"]["n_walls_with_distractors"] == 2
    for wall in run["walls"]:
        if wall["wall_id"] in distracted:
            assert 0 <= wall["distractor_precision"] <= 1 and 0 <= wall["distractor_recall"] <= 1
