"""``llm run`` on boards with distractors (issue #27, section 1): the samples are asked with the
``+distractors`` prompts, a naive player (the shown words cut into fours, the rest left out) scores
no better than chance, and the oracle leaves out exactly the distractors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.llm.scripted import ScriptedServer
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import Workspace
from tests.llm.conftest import distracted


def _release(workspace: Path) -> Path:
    (workspace / "puzzles" / "ocw.jsonl").rename(workspace / "ocw.jsonl.aside")
    write_puzzles(workspace / "puzzles" / "nyt.jsonl", distracted("nyt"))
    folder, _ = build_release(Workspace.open(workspace), ReleaseSpec(name="tricky", version="1.0.0"))
    return folder


def _play(workspace: Path, release: Path, player: str, *extra: str) -> dict:
    name = f"{player}-{'-'.join(extra) or 'oneshot'}"
    args = ["-w", str(workspace), "llm", "run", "--model", f"openai-api/scripted/{player}", "--release"]
    args += [str(release), "--source", "nyt", "--epochs", "2", "--name", name, "--no-progress", *extra]
    played = CliRunner().invoke(cli, args)
    assert played.exit_code == 0, played.output
    out = workspace / f"{name}.json"
    run = str(workspace / "runs" / "llm" / name)
    scored = CliRunner().invoke(cli, ["-w", str(workspace), "eval", "--run", run, "--json-out", str(out)])
    assert scored.exit_code == 0, scored.output
    return json.loads(out.read_text())


def _asked_with(run: Path) -> set[str]:
    """The prompts the samples of a run's inspect logs record (and check the note or text was sent)."""
    from inspect_ai.log import read_eval_log  # the [llm] extra

    names = set()
    for log in sorted(run.rglob("*.eval")):
        for sample in read_eval_log(str(log)).samples or []:
            names.add(sample.store["prompt"]["name"])
            sent = " ".join(str(m.content) for m in sample.messages)
            assert "that belong to no group" in sent
    return names


@pytest.mark.parametrize("extra", [(), ("--protocol", "interactive", "--rules", "nyt")])
def test_a_naive_player_scores_chance_and_the_oracle_leaves_out_the_distractors(
    workspace: Path, server: ScriptedServer, extra: tuple[str, ...]
) -> None:
    release = _release(workspace)
    naive = _play(workspace, release, "naive", *extra)["summary"]["grouping"]
    assert naive["solved_walls"]["mean"] == 0
    assert _asked_with(workspace / "runs" / "llm" / f"naive-{'-'.join(extra) or 'oneshot'}") == {
        "ocwtool-interactive+distractors" if extra else "connections-dots+distractors"
    }
    if not extra:  # the words left after four rows are distractors by chance only
        assert naive["distractor_recall"]["mean"] < 0.5
        oracle = _play(workspace, release, "oracle")["summary"]["grouping"]
        assert oracle["solved_walls"]["mean"] == 6
        assert oracle["distractor_precision"]["mean"] == oracle["distractor_recall"]["mean"] == 1.0
