"""push and status end with each annotator's tab and next-task links (real server), and the
next-task link opens that task's labelling screen for the annotator (headless Chromium)."""

from __future__ import annotations

from pathlib import Path

import httpx

from ocwtool.annotations.herrings import numbered_clues
from ocwtool.annotations.labelstudio.links import annotator_links
from tests.annotations.conftest import puzzles, run_cli
from tests.labelstudio.conftest import Server, project_tasks
from tests.labelstudio.test_screen import _login_page, _screen_text
from tests.labelstudio.test_server import submit


def _tabs(server: Server, project: int) -> dict[str, int]:
    headers = {"Authorization": f"Token {server.admin_token}"}
    views = httpx.get(f"{server.url}/api/dm/views/?project={project}", headers=headers, timeout=60).json()
    return {v["data"]["title"]: int(v["id"]) for v in views}


def test_push_and_status_print_each_annotators_tab_and_next_task(
    ls_workspace: Path, ls_server: Server, tmp_path: Path
) -> None:
    push = ("annotate", "ls", "push", "--annotator", "alice", "--annotator", "bob", "--overlap", "2")
    pushed = run_cli(ls_workspace, *push)
    assert pushed.exit_code == 0, pushed.stderr
    tasks = project_tasks(ls_server, ls_workspace)
    ids = {pid: int(t["id"]) for pid, t in tasks.items()}  # type: ignore[call-overload]
    project = int(next(iter(tasks.values()))["project"])  # type: ignore[call-overload]
    tabs = _tabs(ls_server, project)
    base = f"{ls_server.url}/projects/{project}/data"
    alice, bob = f"{base}?tab={tabs['ocwtool: alice']}", f"{base}?tab={tabs['ocwtool: bob']}"
    first = ids["nyt-2024-01-02"]
    assert pushed.stdout.endswith(
        f"Project: {base}\n"
        f"  alice: {alice}\n"
        f"    next task: {alice}&task={first} (nyt-2024-01-02; 4 of 4 to do)\n"
        f"  bob: {bob}\n"
        f"    next task: {bob}&task={first} (nyt-2024-01-02; 4 of 4 to do)\n"
    )
    by_id = {p.id: p for p in puzzles()}
    for pid in ("nyt-2024-01-02", "nyt-2024-01-03"):
        submit(ls_server, "alice", by_id[pid], ids[pid], ["semantic"] * 4, None)
    submit(ls_server, "bob", by_id["nyt-2024-01-02"], first, ["semantic"] * 4, None)
    status = run_cli(ls_workspace, "annotate", "ls", "status")
    assert status.exit_code == 0, status.stderr
    alice_next = f"{alice}&task={ids['nyt-2024-01-04']}"
    assert status.stdout.endswith(
        f"Project: {base}\n"
        f"  alice: {alice}\n"
        f"    next task: {alice_next} (nyt-2024-01-04; 2 of 4 to do)\n"
        f"  bob: {bob}\n"
        f"    next task: {bob}&task={ids['nyt-2024-01-03']} (nyt-2024-01-03; 3 of 4 to do)\n"
    )
    # The link opens the labelling screen of that task, for alice.
    page = _login_page(tmp_path, ls_server, "alice", alice_next.removeprefix(ls_server.url))
    screen = _screen_text(page)
    wall = by_id["nyt-2024-01-04"]
    assert all(f"{c.number} {c.text}" in screen for c in numbered_clues(wall))


def test_links_without_assignments_list_the_configured_annotators_over_every_task() -> None:
    items = [
        {"id": 7, "data": {"puzzle_id": "p1", "assigned": ""}, "annotations": [{"completed_by": 2}]},
        {"id": 9, "data": {"puzzle_id": "p2"}, "annotations": [{"completed_by": {"id": 3}}]},
    ]
    emails = {2: "ann@example.org", 3: "bo@example.org"}
    found = annotator_links(
        "http://h/projects/1/data", items, {}, emails, {"ann": "ann@example.org", "bo": "bo@example.org"}
    )
    assert [(f.annotator, f.tab, f.next_task, f.todo, f.total) for f in found] == [
        ("ann", "http://h/projects/1/data", "http://h/projects/1/data?task=9", 1, 2),
        ("bo", "http://h/projects/1/data", "http://h/projects/1/data?task=7", 1, 2),
    ]
