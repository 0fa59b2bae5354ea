"""push / pull / status against a real Label Studio server, annotations submitted as two users."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from ocwtool.annotations.labelstudio.results import record_result
from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel, RedHerringWord
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import read_all, read_records, store_path
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from tests.annotations.conftest import T0, puzzles, run_cli
from tests.labelstudio.conftest import Server, project_tasks


def submit(
    server: Server, user: str, puzzle: Puzzle, task_id: int, types: list[str], herring: int | None
) -> None:
    """Submit an annotation through the REST API, authenticated as ``user``."""
    groups = tuple(
        GroupLabel(group_id=g.id, label=KnowledgeLabel.of(*t.split("+")))
        for g, t in zip(puzzle.groups, types, strict=True)
    )
    words = ()
    if herring is not None:
        words = (
            RedHerringWord(
                clue=puzzle.groups[herring // 4].clues[herring % 4],
                clue_number=herring + 1,
                fits_group=puzzle.groups[0].id if herring >= 4 else puzzle.groups[1].id,
                reason="looks like it",
            ),
        )
    rec = ItemRecord(
        annotator=user,
        puzzle_id=puzzle.id,
        groups=groups,
        red_herring_words=words,
        created_at=T0,
        guideline_version="1.0",
    )
    body = {"result": record_result(puzzle, rec), "task": task_id, "lead_time": 12.5}
    headers = {"Authorization": f"Token {server.users[user].token}"}
    httpx.post(
        f"{server.url}/api/tasks/{task_id}/annotations/", json=body, headers=headers, timeout=60
    ).raise_for_status()


def test_push_submit_pull_agreement(ls_workspace: Path, ls_server: Server) -> None:
    assert run_cli(ls_workspace, "annotate", "suggest").exit_code == 0
    push = [
        "annotate",
        "ls",
        "push",
        "--annotator",
        "alice",
        "--annotator",
        "bob",
        "--overlap",
        "2",
        "--batch-size",
        "3",
    ]
    first = run_cli(ls_workspace, *push)
    assert first.exit_code == 0, first.stderr
    assert "4 tasks created, 0 already there, 4 predictions attached" in first.stdout
    assert "assigned: alice 4, bob 4" in first.stdout
    again = run_cli(ls_workspace, *push)
    assert "0 tasks created, 4 already there, 0 predictions attached" in again.stdout
    tasks = project_tasks(ls_server, ls_workspace)
    assert len(tasks) == 4
    assert all(t["data"]["assigned"] == ",alice,bob," for t in tasks.values())  # type: ignore[index]
    by_id = {p.id: p for p in puzzles()}
    plans = {
        "alice": (["semantic", "semantic", "multiword", "linguistic"], 5),
        "bob": (["semantic", "encyclopedic", "multiword", "linguistic"], None),
    }
    for pid in ("nyt-2024-01-02", "nyt-2024-01-03"):
        for user, (types, herring) in plans.items():
            submit(ls_server, user, by_id[pid], int(tasks[pid]["id"]), types, herring)  # type: ignore[arg-type]
    status = run_cli(ls_workspace, "annotate", "ls", "status")
    assert "4 tasks, 2 with 2+ annotations" in status.stdout, status.stdout
    assert "to pull: alice 2, bob 2" in status.stdout
    pulled = run_cli(ls_workspace, "annotate", "ls", "pull")
    assert pulled.exit_code == 0, pulled.stderr
    assert pulled.stdout == "read 4 annotations, added 4 (alice 2, bob 2)\n"
    stores = read_all(ls_workspace / "annotations")
    alice = stores["alice"]["nyt-2024-01-02"]
    assert [g.label.code for g in alice.groups] == ["semantic", "semantic", "multiword", "linguistic"]
    assert [(w.clue, w.fits_group) for w in alice.red_herring_words] == [("NAAN", "nyt-2024-01-02_1")]
    assert (
        run_cli(ls_workspace, "annotate", "ls", "pull").stdout
        == "read 4 annotations, added 0 (alice 0, bob 0)\n"
    )
    assert len(read_records(store_path(ls_workspace / "annotations", "alice"))) == 2
    report = json.loads(run_cli(ls_workspace, "annotate", "agreement", "--json").stdout)
    assert report["pairs"][0]["n"] == 8
    assert report["pairs"][0]["observed"] == 0.75
    herrings = report["red_herrings"]["pairs"][0]
    assert herrings["n"] == 32 and herrings["observed"] == 30 / 32
    plain = run_cli(ls_workspace, "annotate", "ls", "push")  # no --annotator: the overlap stays
    assert "0 tasks created, 4 already there" in plain.stdout
    assert "4 tasks, 2 with 2+ annotations" in run_cli(ls_workspace, "annotate", "ls", "status").stdout


def test_changed_task_is_reported_not_overwritten(ls_workspace: Path, ls_server: Server) -> None:
    assert run_cli(ls_workspace, "annotate", "ls", "push").exit_code == 0
    store = ls_workspace / "puzzles" / "test.jsonl"
    items = read_puzzles(store)
    changed = items[0].model_copy(
        update={
            "groups": (items[0].groups[0].model_copy(update={"connection": "BLUES"}), *items[0].groups[1:])
        }
    )
    write_puzzles(store, [changed, *items[1:]], sort=False)
    again = run_cli(ls_workspace, "annotate", "ls", "push")
    assert again.exit_code == 0, again.stderr
    assert "0 tasks created, 3 already there" in again.stdout
    assert (
        "1 tasks changed in ocwtool since they were pushed (left as they are in Label Studio):\n"
        "  nyt-2024-01-02" in again.stdout
    )
    task = project_tasks(ls_server, ls_workspace)["nyt-2024-01-02"]
    assert task["data"]["group_1"] == "Group 1: SHADES OF BLUE"  # type: ignore[index]
    submit(ls_server, "bob", items[0], int(task["id"]), ["semantic"] * 4, None)  # type: ignore[arg-type]
    pulled = run_cli(ls_workspace, "annotate", "ls", "pull")
    assert pulled.exit_code == 1
    assert pulled.stdout == (
        "read 1 annotation, added 0\n"
        "1 tasks changed in ocwtool since they were pushed (left as they are in Label Studio):\n"
        "  nyt-2024-01-02\n"
        "needs attention: 1 annotation in Label Studio cannot be imported "
        "(correct them there, then pull again):\n"
        f"  task {task['id']} (nyt-2024-01-02) by bob: its puzzle changed in ocwtool after it was pushed "
        "(the annotator saw the old one)\n"
    )
    assert pulled.stderr.startswith("Error: 1 annotation was not imported")
    assert not (ls_workspace / "annotations" / "bob.jsonl").exists()


def test_missing_settings_and_bad_token_are_one_line_errors(
    ls_workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LABEL_STUDIO_API_KEY", "not-a-token")
    result = run_cli(ls_workspace, "annotate", "ls", "status")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: Label Studio at http://127.0.0.1:") and "401" in result.stderr
    assert result.stderr.count("\n") == 1
    monkeypatch.delenv("LABEL_STUDIO_URL")
    result = run_cli(ls_workspace, "annotate", "ls", "pull")
    assert (
        result.stderr
        == "Error: no Label Studio URL: set LABEL_STUDIO_URL or url in [labelstudio] of ocwtool.toml\n"
    )


def test_push_and_pull_report_progress(ls_workspace: Path, ls_server: Server) -> None:
    from ocwtool.annotations.labelstudio import sync
    from ocwtool.annotations.labelstudio.client import connect
    from ocwtool.workspace import Workspace

    settings = Workspace.open(ls_workspace).settings.labelstudio
    client = connect(settings)
    calls: list[tuple[str, int, int | None]] = []
    items = puzzles()
    sync.push(client, settings, items, batch_size=3, progress=lambda *c: calls.append(c))
    n = len(items)
    assert calls == [("ls push", 0, n), ("ls push", 3, n), ("ls push", n, n)]
    calls.clear()
    sync.pull(
        client, settings, {p.id: p for p in items}, ls_workspace / "annotations", lambda *c: calls.append(c)
    )
    assert calls == [("ls tasks", k, None) for k in range(n + 1)]
