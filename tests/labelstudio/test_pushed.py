"""`annotate ls push` records what it pushed; `annotate agreement --pushed` reports over it (#31)."""

from __future__ import annotations

import json
from pathlib import Path

from ocwtool.stores.pushes import pushed_puzzles
from ocwtool.workspace import Workspace
from tests.annotations.conftest import puzzles, run_cli
from tests.labelstudio.conftest import Server, project_tasks
from tests.labelstudio.test_server import submit


def test_agreement_covers_what_was_pushed(ls_workspace: Path, ls_server: Server) -> None:
    push = ["annotate", "ls", "push", "--sample", "2", "--seed", "3", "--annotator", "alice"]
    push += ["--annotator", "bob", "--overlap", "2"]
    assert run_cli(ls_workspace, *push).exit_code == 0
    tasks = project_tasks(ls_server, ls_workspace)
    ws = Workspace.open(ls_workspace)
    pushed = pushed_puzzles(ws.labelstudio_pushes_path, ws.settings.labelstudio.project)
    assert sorted(pushed) == sorted(tasks) and len(tasks) == 2
    board = {p.id: p for p in puzzles()}
    first = sorted(tasks)[0]
    for user in ("alice", "bob"):
        submit(ls_server, user, board[first], int(tasks[first]["id"]), ["semantic"] * 4, None)  # type: ignore[call-overload]
    assert run_cli(ls_workspace, "annotate", "ls", "pull").exit_code == 0
    report = json.loads(run_cli(ls_workspace, "annotate", "agreement", "--pushed", "--json").stdout)
    assert report["total_groups"] == 8
    assert report["coverage"]["alice"] == {"groups": 4, "puzzles": 1, "skipped": 0}
    whole = json.loads(run_cli(ls_workspace, "annotate", "agreement", "--json").stdout)
    assert whole["total_groups"] == 16
