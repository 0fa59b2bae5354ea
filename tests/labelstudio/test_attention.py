"""Annotations Label Studio holds but ocwtool cannot import are listed, counted and make pull fail (#31)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from ocwtool.stores.annotations import read_all
from tests.annotations.conftest import puzzles, run_cli
from tests.labelstudio.conftest import Server, project_tasks
from tests.labelstudio.test_server import submit


def _choice(name: str, to: str, values: list[str]) -> dict[str, Any]:
    return {"id": name, "from_name": name, "to_name": to, "type": "choices", "value": {"choices": values}}


def _post(server: Server, user: str, task_id: int, result: list[dict[str, Any]]) -> int:
    """Submit a raw result as ``user`` (what the screen sends); the new annotation's id."""
    headers = {"Authorization": f"Token {server.users[user].token}"}
    body = {"result": result, "task": task_id, "lead_time": 3.0}
    url = f"{server.url}/api/tasks/{task_id}/annotations/"
    return int(httpx.post(url, json=body, headers=headers, timeout=60).raise_for_status().json()["id"])


def test_unimported_annotations_need_attention(ls_workspace: Path, ls_server: Server) -> None:
    push = ["annotate", "ls", "push", "--annotator", "alice", "--annotator", "bob", "--overlap", "2"]
    assert run_cli(ls_workspace, *push).exit_code == 0
    tasks = {pid: int(t["id"]) for pid, t in project_tasks(ls_server, ls_workspace).items()}  # type: ignore[call-overload]
    board = {p.id: p for p in puzzles()}
    p1, p2, p3 = "nyt-2024-01-02", "nyt-2024-01-03", "nyt-2024-01-04"
    for pid in (p1, p2):
        submit(ls_server, "alice", board[pid], tasks[pid], ["semantic"] * 4, None)
    submit(ls_server, "bob", board[p1], tasks[p1], ["semantic"] * 4, None)
    one_part = [_choice(f"knowledge_{k}", f"group_{k}", ["Semantic"]) for k in (1, 3, 4)] + [
        _choice("knowledge_2", "group_2", ["Combined"]),
        _choice("combined_2", "group_2", ["Semantic"]),
    ]
    broken = _post(ls_server, "alice", tasks[p3], one_part)
    _post(ls_server, "bob", tasks[p2], [_choice("knowledge_3", "group_3", ["Astrology"])])
    bob_line = (
        f"  task {tasks[p2]} ({p2}) by bob: unknown knowledge type in ['Astrology']; "
        "use ['Associative', 'Encyclopedic', 'Linguistic', 'Multiword expression', 'Semantic']"
    )
    alice_line = f"  task {tasks[p3]} ({p3}) by alice: group 2 is Combined but names 1 parts (need 2+)"
    attention = (
        "needs attention: 2 annotations in Label Studio cannot be imported "
        "(correct them there, then pull again):\n" + f"{bob_line}\n{alice_line}\n"
    )

    status = run_cli(ls_workspace, "annotate", "ls", "status")
    assert status.exit_code == 0, status.stderr
    assert status.stdout.split("\n", 1)[1].split("Project: ")[0] == (  # (then the links)
        "annotations: alice 3 (1 needs attention), bob 2 (1 needs attention)\n"
        "to pull: alice 2, bob 1; and 2 annotations that cannot be imported (needs attention, below)\n"
        + attention
    )

    pulled = run_cli(ls_workspace, "annotate", "ls", "pull")
    assert pulled.exit_code == 1
    assert pulled.stdout == "read 5 annotations, added 3 (alice 2, bob 1)\n" + attention
    assert pulled.stderr == (
        "Error: 2 annotations were not imported (listed above under 'needs attention'); correct them "
        "in Label Studio and pull again, or run `ocwtool annotate ls pull --allow-skipped` "
        "to go on without them\n"
    )
    stores = read_all(ls_workspace / "annotations")
    assert sorted(stores["alice"]) == [p1, p2] and sorted(stores["bob"]) == [p1]

    allowed = run_cli(ls_workspace, "annotate", "ls", "pull", "--allow-skipped")
    assert allowed.exit_code == 0, allowed.stderr
    assert allowed.stdout == "read 5 annotations, added 0 (alice 0, bob 0)\n" + attention
    after = run_cli(ls_workspace, "annotate", "ls", "status").stdout.split("\n")[1:3]
    assert after == [
        "annotations: alice 3 (1 needs attention), bob 2 (1 needs attention)",
        "to pull: 2 annotations that cannot be imported (needs attention, below)",
    ]

    fixed = [*one_part[:3], _choice("knowledge_2", "group_2", ["Linguistic"])]  # alice corrects hers
    headers = {"Authorization": f"Token {ls_server.users['alice'].token}"}
    url = f"{ls_server.url}/api/annotations/{broken}/"
    httpx.patch(url, json={"result": fixed}, headers=headers, timeout=60).raise_for_status()
    again = run_cli(ls_workspace, "annotate", "ls", "pull")
    assert again.exit_code == 1
    assert again.stdout == (
        "read 5 annotations, added 1 (alice 1, bob 0)\n"
        "needs attention: 1 annotation in Label Studio cannot be imported "
        f"(correct them there, then pull again):\n{bob_line}\n"
    )
    assert again.stderr.startswith("Error: 1 annotation was not imported (listed above")
    labels = [g.label.code for g in read_all(ls_workspace / "annotations")["alice"][p3].groups]
    assert labels == ["semantic", "linguistic", "semantic", "semantic"]
