"""Suggested decoys and trap groups, and a project of the earlier config, against a real server."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx

from ocwtool.annotations.labelstudio.config import labelling_config, task_data
from ocwtool.stores.annotations import read_all
from tests.annotations.conftest import puzzles, run_cli
from tests.labelstudio.conftest import Server, project_tasks
from tests.labelstudio.fixtures import mined, mined_word, scored_word, store, suggested
from tests.labelstudio.test_decoys import choices, text

EARLIER_CONFIG = Path(__file__).with_name("earlier_config.xml")  # the config before #24/#31 (ee165e8)
BY_ID = {p.id: p for p in puzzles()}
TYPES = [choices(f"knowledge_{k}", f"group_{k}", "Semantic") for k in (2, 3, 4)]


def annotate(server: Server, user: str, task: dict[str, Any], result: list[dict[str, Any]]) -> int:
    """Submit an annotation through the REST API as ``user``; its id."""
    headers = {"Authorization": f"Token {server.users[user].token}"}
    url = f"{server.url}/api/tasks/{task['id']}/annotations/"
    body = {"result": result, "task": task["id"]}
    return int(httpx.post(url, json=body, headers=headers, timeout=60).raise_for_status().json()["id"])


def test_decoys_are_shown_confirmed_and_pulled_with_trap_groups(
    ls_workspace: Path, ls_server: Server
) -> None:
    wall, other = BY_ID["nyt-2024-01-02"], BY_ID["nyt-2024-01-03"]
    play = mined(wall, mined_word(wall, 6, 0, ("p1", "p2")), mined_word(wall, 13, 1, ("p3",)))
    store(ls_workspace, play, suggested(other, scored_word(other, 7, 3, 0.62)))
    push = run_cli(ls_workspace, "annotate", "ls", "push", "--no-progress")
    assert push.exit_code == 0, push.stderr
    assert re.match(
        r"Project '.*' \(id \d+\): 4 tasks created, 0 already there, 0 predictions attached\n"
        r"suggested decoys to confirm or reject: 2 tasks\nProject: http",
        push.stdout,
    ), push.stdout
    tasks = project_tasks(ls_server, ls_workspace)
    shown = tasks[wall.id]["data"]  # type: ignore[index]
    assert [shown[f"decoy_{d}"] for d in (1, 2, 3)] == [
        "Decoy 1: 6 NAAN → Group 1 (SHADES OF BLUE), score 0.50, mined from play: 2 of 4 players put NAAN "
        'with three clues of "SHADES OF BLUE"',
        "Decoy 2: 13 POTS → Group 2 (BREAD), score 0.25, mined from play: 1 of 4 players put POTS with three "
        'clues of "BREAD"',
        "",
    ]
    assert tasks[other.id]["data"]["decoy_1"] == (  # type: ignore[index]
        "Decoy 1: 7 PITA → Group 4 (ANAGRAMS OF 'STOP'), score 0.62, red-herring scorer: "
        "PITA toward \"ANAGRAMS OF 'STOP'\": model herrings-test v1 p=0.62"
    )
    verdicts = [
        choices("decoy_verdict_1", "decoy_1", "Confirm"),
        choices("decoy_verdict_2", "decoy_2", "Reject"),
    ]
    traps = text("trap_groups", "1,2,5,9: things", "1,2,3,5: too many blues")
    labels = [choices("knowledge_1", "group_1", "Semantic"), *TYPES]
    first = annotate(ls_server, "alice", tasks[wall.id], [*labels, *verdicts, traps])
    annotate(ls_server, "alice", tasks[other.id], [choices("decoy_verdict_1", "decoy_1", "Confirm")])
    pulled = run_cli(ls_workspace, "annotate", "ls", "pull", "--no-progress")
    assert pulled.exit_code == 1  # the annotation with a broken trap group needs attention, as a whole
    assert pulled.stdout == (
        "read 2 annotations, added 1 (alice 1)\n"
        "needs attention: 1 annotation in Label Studio cannot be imported "
        "(correct them there, then pull again):\n"
        f"  task {tasks[wall.id]['id']} ({wall.id}) by alice: "
        "trap group '1,2,3,5: too many blues' has 3 clues of one group; a trap group has at most 2\n"
    )
    assert wall.id not in read_all(ls_workspace / "annotations")["alice"]
    fixed = [*labels, *verdicts, text("trap_groups", "1,2,5,9: things")]  # alice corrects hers
    headers = {"Authorization": f"Token {ls_server.users['alice'].token}"}
    url = f"{ls_server.url}/api/annotations/{first}/"
    httpx.patch(url, json={"result": fixed}, headers=headers, timeout=60).raise_for_status()
    again = run_cli(ls_workspace, "annotate", "ls", "pull", "--no-progress")
    assert (again.exit_code, again.stdout) == (0, "read 2 annotations, added 1 (alice 1)\n"), again.stderr
    alice = read_all(ls_workspace / "annotations")["alice"]
    assert [(w.clue, w.fits_group) for w in alice[wall.id].red_herring_words] == [("NAAN", f"{wall.id}_1")]
    assert [(c.clues, c.theme) for c in alice[wall.id].red_herring_categories] == [
        (("NAVY", "TEAL", "RYE", "FOOT"), "things")
    ]
    assert [(w.clue, w.fits_group) for w in alice[other.id].red_herring_words] == [("PITA", f"{other.id}_4")]


def _earlier_project(server: Server, workspace: Path) -> int:
    """The workspace's project as the earlier ocwtool pushed it: its config, tasks without decoys."""
    title = (workspace / "ocwtool.toml").read_text().split('"')[1]
    headers = {"Authorization": f"Token {server.admin_token}"}
    body = {"title": title, "label_config": EARLIER_CONFIG.read_text(), "show_skip_button": True}
    project = httpx.post(
        f"{server.url}/api/projects/", json=body, headers=headers, timeout=60
    ).raise_for_status()
    pid = int(project.json()["id"])
    old = [
        {"data": {k: v for k, v in task_data(p).items() if not k.startswith("decoy")}} for p in BY_ID.values()
    ]
    httpx.post(
        f"{server.url}/api/projects/{pid}/import", json=old, headers=headers, timeout=60
    ).raise_for_status()
    return pid


def test_a_project_of_the_earlier_config_updates_and_its_annotations_still_pull(
    ls_workspace: Path, ls_server: Server
) -> None:
    pid = _earlier_project(ls_server, ls_workspace)
    tasks = project_tasks(ls_server, ls_workspace)
    parts = choices("combined_3", "group_3", "Encyclopedic", "Multiword expression")
    combined = choices("knowledge_3", "group_3", "Combined")
    earlier = [choices("knowledge_1", "group_1", "Semantic"), TYPES[0], combined, parts]
    annotate(ls_server, "bob", tasks["nyt-2024-01-02"], earlier)
    # the server itself checks no annotation against the config: only the screen refuses this one
    no_parts = [choices("knowledge_1", "group_1", "Combined"), *TYPES]
    annotate(ls_server, "alice", tasks["nyt-2024-01-03"], no_parts)
    headers = {"Authorization": f"Token {ls_server.admin_token}"}
    dropped = re.sub(r'<View style="display: none">.*?</View>', "", labelling_config())
    reply = httpx.patch(
        f"{ls_server.url}/api/projects/{pid}/", json={"label_config": dropped}, headers=headers, timeout=60
    )
    # why the config keeps the earlier combined_<k>: Label Studio refuses to drop a control in use
    assert reply.status_code == 400 and "Created annotations are incompatible" in reply.text
    store(ls_workspace, mined(BY_ID["nyt-2024-01-02"], mined_word(BY_ID["nyt-2024-01-02"], 6, 0, ("p1",))))
    push = run_cli(ls_workspace, "annotate", "ls", "push", "--no-progress", "--no-predictions")
    assert push.exit_code == 0, push.stderr
    title = (ls_workspace / "ocwtool.toml").read_text().split('"')[1]
    assert push.stdout.startswith(
        f"Project {title!r} (id {pid}): 0 tasks created, 4 already there, 0 predictions attached\n"
        "suggested decoys to confirm or reject: 1 tasks\nProject: http"
    )
    project = httpx.get(f"{ls_server.url}/api/projects/{pid}/", headers=headers, timeout=60).json()
    assert project["label_config"] == labelling_config().strip()  # (Label Studio strips the end)
    assert project_tasks(ls_server, ls_workspace)["nyt-2024-01-02"]["data"]["decoy_1"].startswith(  # type: ignore[index]
        "Decoy 1: 6 NAAN → Group 1"
    )
    pulled = run_cli(ls_workspace, "annotate", "ls", "pull", "--no-progress")
    assert pulled.exit_code == 1
    assert pulled.stdout == (
        "read 2 annotations, added 1 (bob 1)\n"
        "needs attention: 1 annotation in Label Studio cannot be imported "
        "(correct them there, then pull again):\n"
        f"  task {tasks['nyt-2024-01-03']['id']} (nyt-2024-01-03) by alice: "
        "group 1 is Combined but names 0 parts (need 2+)\n"
    )
    bob = read_all(ls_workspace / "annotations")["bob"]["nyt-2024-01-02"]
    assert [g.label.code for g in bob.groups][:3] == [
        "semantic",
        "semantic",
        "combined:encyclopedic+multiword",
    ]
