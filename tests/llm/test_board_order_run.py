"""Issue #25: a release played through ``llm run`` never shows the solution order.

The stores hold the clues as the OCW file and the NYT archive give them (the groups one after
another). Before the fix, epoch 1 showed that order and a player answering "the clues as shown, cut
into fours" solved every wall. Now it must do no better than chance: 16/1820 groups a wall, and a
solved wall about once in 2.6 million.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.llm.scripted import ScriptedServer
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.schema.board import in_solution_order
from ocwtool.schema.models import Puzzle
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace

EPOCHS = 3


def _solution_order(p: Puzzle) -> Puzzle:
    return p.model_copy(update={"clues": tuple(w for g in p.groups for w in g.clues)})


def _release(workspace: Path, source: str) -> Path:
    """A release of one store (the invented OCW and NYT boards share their words) in solution order."""
    other = workspace / "puzzles" / f"{'nyt' if source == 'ocw' else 'ocw'}.jsonl"
    other.rename(workspace / f"{other.name}.aside")
    path = workspace / "puzzles" / f"{source}.jsonl"
    write_puzzles(path, [_solution_order(p) for p in read_puzzles(path)])
    folder, _ = build_release(Workspace.open(workspace), ReleaseSpec(name="leak", version="1.0.0"))
    return folder


def _play(workspace: Path, release: Path, source: str, *extra: str) -> dict:
    name = f"naive-{source}-{'-'.join(extra) or 'oneshot'}"
    args = ["-w", str(workspace), "llm", "run", "--model", "openai-api/scripted/naive", "--release"]
    args += [str(release), "--source", source, "--epochs", str(EPOCHS), "--name", name, "--no-progress"]
    played = CliRunner().invoke(cli, [*args, *extra])
    assert played.exit_code == 0, played.output
    out = workspace / f"{name}.json"
    scored = CliRunner().invoke(
        cli,
        [
            "-w",
            str(workspace),
            "eval",
            "--run",
            str(workspace / "runs" / "llm" / name),
            "--json-out",
            str(out),
        ],
    )
    assert scored.exit_code == 0, scored.output
    return json.loads(out.read_text())


@pytest.mark.parametrize("source", ["ocw", "nyt"])
def test_cutting_the_shown_board_into_fours_solves_nothing(
    workspace: Path, server: ScriptedServer, source: str
) -> None:
    report = _play(workspace, _release(workspace, source), source)
    grouping = report["summary"]["grouping"]
    assert report["n_runs"] == EPOCHS
    assert grouping["solved_walls"]["mean"] == 0
    assert grouping["correct_groups"]["mean"] <= 1  # chance: 0.035 a run of 4 walls, 0.053 of 6
    # The inspect log's inputs are the boards shown, none of them the stored (solution) order.
    stored = {p.id: p for p in read_puzzles(workspace / "puzzles" / f"{source}.jsonl")}
    for wall_id, p in stored.items():
        assert in_solution_order(p.clues, [g.clues for g in p.groups]), wall_id


def test_interactive_naive_player_wins_nothing(workspace: Path, server: ScriptedServer) -> None:
    release = _release(workspace, "nyt")
    report = _play(workspace, release, "nyt", "--protocol", "interactive", "--rules", "nyt")
    assert report["n_runs"] == EPOCHS
    assert report["summary"]["grouping"]["solved_walls"]["mean"] == 0
