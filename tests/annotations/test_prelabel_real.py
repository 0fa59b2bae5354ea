"""The pre-labeller on the published expert labels, when their files are given (skipped otherwise).

``OCWTOOL_CTD_TAXONOMY``: ``game_with_knowledge_taxonomy.json`` (mustafamariam/LLM-Connections-Solver);
``OCWTOOL_CONNECTIONS_EVAL``: ``inputs/connections_puzzles.yml`` (matsonj/eval-connections).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.annotations.conftest import run_cli

TAXONOMY = os.environ.get("OCWTOOL_CTD_TAXONOMY")
TRAPS = os.environ.get("OCWTOOL_CONNECTIONS_EVAL")


@pytest.mark.slow
@pytest.mark.skipif(not TAXONOMY, reason="set OCWTOOL_CTD_TAXONOMY to the Connecting the Dots taxonomy file")
def test_trained_on_the_experts_it_beats_the_rules_and_the_majority(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    steps = [
        ("init",),
        ("import", str(TAXONOMY), "--format", "connections-taxonomy"),
        ("annotate", "import", str(TAXONOMY), "--format", "connections-taxonomy"),
    ]
    if TRAPS:
        steps.append(("import", str(TRAPS), "--format", "connections-eval"))
    for step in steps:
        assert run_cli(root, *step).exit_code == 0
    args = ("--annotator", "ctd-expert", "--features", "text", "--features", "wordnet", "--json")
    result = run_cli(root, "annotate", "train", *args, "--no-progress")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    types = report["types"]
    assert types["n_groups"] > 300
    assert types["model_only"]["accuracy"] > max(types["majority_rate"], types["rules"]["accuracy"])
    assert types["no_cue_after"] < types["no_cue_before"]
    if TRAPS:
        assert report["red_herrings"]["puzzles"] > 0
