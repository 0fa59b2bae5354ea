"""Red herrings and trap groups labelled in Label Studio are settled by `annotate adjudicate` (#31)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ocwtool.releases.herrings import candidates, choose
from ocwtool.stores.annotations import read_herring_adjudications
from ocwtool.workspace import Workspace
from tests.annotations.conftest import run_cli
from tests.labelstudio.conftest import Server, project_tasks
from tests.labelstudio.test_attention import _post

# NAVY TEAL AZURE COBALT | RYE NAAN PITA BAGEL | FOOT BASKET HAND MEAT | POTS TOPS SPOT OPTS
P = "nyt-2024-01-02"


def _screen(herrings: dict[int, tuple[int, str]], categories: list[str]) -> list[dict[str, Any]]:
    """A result as the labelling screen submits it: four types, clue n -> (group, why), category lines."""
    out: list[dict[str, Any]] = []

    def add(name: str, to: str, kind: str, value: dict[str, Any]) -> None:
        out.append({"id": name, "from_name": name, "to_name": to, "type": kind, "value": value})

    for k in range(1, 5):
        add(f"knowledge_{k}", f"group_{k}", "choices", {"choices": ["Semantic"]})
    for n, (group, why) in herrings.items():
        add(f"herring_{n}", f"clue_{n}", "choices", {"choices": [f"Group {group}"]})
        add(f"herring_why_{n}", f"clue_{n}", "textarea", {"text": [why]})
    add("red_herring_categories", "wall", "textarea", {"text": categories})
    return out


def test_pulled_red_herrings_and_trap_groups_are_adjudicated(ls_workspace: Path, ls_server: Server) -> None:
    push = ["annotate", "ls", "push", "--annotator", "alice", "--annotator", "bob", "--overlap", "2"]
    assert run_cli(ls_workspace, *push).exit_code == 0
    task = int(project_tasks(ls_server, ls_workspace)[P]["id"])  # type: ignore[call-overload]
    alice = _screen({5: (1, "rye blue"), 7: (3, "pita ball")}, ["1,2,5,6: navy rye"])
    bob = _screen({5: (1, "a colour")}, ["1,2,5,6: blue bread", "9,11,13,14: hands and pots"])
    _post(ls_server, "alice", task, alice)
    _post(ls_server, "bob", task, bob)
    pulled = run_cli(ls_workspace, "annotate", "ls", "pull")
    assert pulled.stdout == "read 2 annotations, added 2 (alice 1, bob 1)\n", pulled.stderr

    settled = run_cli(ls_workspace, "annotate", "adjudicate", "--annotator", "carol", input="ny")
    assert settled.exit_code == 0, settled.stderr
    assert (
        f"[1/1] {P} red herrings of alice, bob\n"
        "  kept (all marked it): decoy RYE -> SHADES OF BLUE\n"
        "  kept (all marked it): trap group NAVY, TEAL, RYE, NAAN\n"
        "  decoy PITA -> ___BALL (marked by alice)\n"
    ) in settled.stdout
    assert "  trap group FOOT, HAND, POTS, TOPS (marked by bob)\n" in settled.stdout
    assert settled.stdout.endswith(
        "Decided 0; 0 disputed groups left.\nRed herrings: decided 1 puzzle(s); 0 left.\n"
    )
    record = read_herring_adjudications(ls_workspace / "annotations")[P]
    assert record.annotator == "carol"
    assert [(w.clue, w.fits_group, w.reason) for w in record.red_herring_words] == [
        ("RYE", f"{P}_1", "rye blue")
    ]
    assert [c.clues for c in record.red_herring_categories] == [
        ("NAVY", "TEAL", "RYE", "NAAN"),
        ("FOOT", "HAND", "POTS", "TOPS"),
    ]
    again = run_cli(ls_workspace, "annotate", "adjudicate", "--annotator", "carol")
    assert again.stdout == "Decided 0; 0 disputed groups left.\n"
    rows = choose(candidates(Workspace.open(ls_workspace))[P])  # what a release ships for the board
    assert [(r["annotator"], r["kind"], r["clues"]) for r in rows] == [
        ("carol", "category", ["FOOT", "HAND", "POTS", "TOPS"]),
        ("carol", "category", ["NAVY", "TEAL", "RYE", "NAAN"]),
        ("carol", "word", ["RYE"]),
    ]
