"""Proposed trick words shown, answered and pulled through a real Label Studio server."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ocwtool.annotations.tricks import board_tricks
from ocwtool.workspace import Workspace
from tests.annotations.conftest import run_cli
from tests.annotations.trick_fixtures import trick_workspace
from tests.labelstudio.conftest import Server, project_tasks
from tests.labelstudio.test_decoys import choices
from tests.labelstudio.test_review import annotate


@pytest.fixture
def trick_ls(tmp_path: Path, ls_server: Server, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = trick_workspace(tmp_path / "ws")
    (root / "ocwtool.toml").write_text('[labelstudio]\nproject = "ocwtool trick words"\n')
    monkeypatch.setenv("LABEL_STUDIO_URL", ls_server.url)
    monkeypatch.setenv("LABEL_STUDIO_API_KEY", ls_server.admin_token)
    return root


def verdicts(*answers: str) -> list[dict[str, object]]:
    labels = [choices(f"knowledge_{k}", f"group_{k}", "Semantic") for k in (1, 2, 3, 4)]
    return labels + [choices(f"trick_verdict_{t}", f"trick_{t}", a) for t, a in enumerate(answers, 1)]


def test_trick_words_are_confirmed_in_label_studio_and_settled_by_agreement(
    trick_ls: Path, ls_server: Server
) -> None:
    push = run_cli(trick_ls, "annotate", "ls", "push", "--no-progress")
    assert push.exit_code == 0, push.stderr
    assert re.match(
        r"Project 'ocwtool trick words' \(id \d+\): 2 tasks created, 0 already there, 0 predictions "
        r"attached\nproposed trick words to confirm or reject: 2 tasks\nProject: http",
        push.stdout,
    ), push.stdout
    tasks = project_tasks(ls_server, trick_ls)
    assert tasks["a2"]["data"]["trick_2"] == (  # type: ignore[index]
        "Trick word 2: kettle → seems to fit Group 4 (Odd ones), score 0.50: "
        "invented evidence: odd like the others"
    )
    annotate(ls_server, "alice", tasks["a1"], verdicts("Confirm"))
    annotate(ls_server, "bob", tasks["a1"], verdicts("Confirm"))
    annotate(ls_server, "alice", tasks["a2"], verdicts("Confirm", "Reject"))
    annotate(ls_server, "bob", tasks["a2"], verdicts("Reject", "Reject"))
    pulled = run_cli(trick_ls, "annotate", "ls", "pull", "--no-progress")
    assert (pulled.exit_code, pulled.stdout) == (0, "read 4 annotations, added 8 (alice 4, bob 4)\n")
    again = run_cli(trick_ls, "annotate", "ls", "pull", "--no-progress")
    assert again.stdout == "read 4 annotations, added 0 (alice 0, bob 0)\n"  # pulling twice changes nothing
    ws = Workspace.open(trick_ls)
    found = board_tricks(ws.variants()["extended"], ws.annotations_dir)
    assert {
        (b, t.trick.word): t.status for b, ts in found.items() for t in ts if t.trick.status == "proposed"
    } == {
        ("ext_a1", "pink"): "confirmed",
        ("ext_a2", "pink"): "proposed",  # alice and bob disagree: the adjudicator decides
        ("ext_a2", "kettle"): "rejected",
    }
    status = run_cli(trick_ls, "annotate", "ls", "status", "--no-progress")
    assert "annotations: alice 2, bob 2\nto pull: nothing\n" in status.stdout
