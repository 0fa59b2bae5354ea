"""Proposed trick words of extended boards: answered in the terminal, adjudicated, given a status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.annotations.tricks import board_tricks, settle, shipped
from ocwtool.stores.annotations import read_records
from ocwtool.workspace import Workspace
from tests.annotations.conftest import run_cli
from tests.annotations.trick_fixtures import trick_workspace

PROMPT = "Belongs to no group? [y yes, n no | u k q ?]: "
PINK = (
    "  trick word 1/1: pink -> seems to fit group 3 (Things in a paintbox), score 0.50\n"
    "    shares the WordNet category colour (colour.n.01) with 2 of 4 clues\n"
)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return trick_workspace(tmp_path / "ws")


def label(ws: Path, name: str, keys: str) -> tuple[int, str]:
    result = run_cli(ws, "annotate", "label", "--annotator", name, "--tricks", "extended", input=keys)
    return result.exit_code, result.stdout


def statuses(ws: Path) -> dict[tuple[str, str], str]:
    w = Workspace.open(ws)
    found = board_tricks(w.variants()["extended"], w.annotations_dir)
    return {(bid, t.trick.word): t.status for bid, ts in found.items() for t in ts}


def test_the_labeller_asks_each_proposed_word_and_stores_the_answers(ws: Path) -> None:
    code, out = label(ws, "alice", "y" + "yn")
    assert code == 0
    assert out.startswith(
        "Proposed trick words of variants/extended.jsonl: belongs to no group? (y confirm, n reject)\n"
        "[1/2] ext_a1\n  Group 1: Fruit\n"
    )
    assert f"{PINK}{PROMPT}y\n  confirmed: pink\n[2/2] ext_a2\n" in out
    assert (
        "  trick word 2/2: kettle -> seems to fit group 4 (Odd ones), score 0.50\n"
        f"    invented evidence: odd like the others\n{PROMPT}n\n  rejected: kettle\n"
    ) in out
    assert "moonrise" not in out and "tomato" not in out  # verified by a rule: nobody is asked
    assert out.endswith("Saved the answers on 2 board(s); 0 left in this pass.\n")
    recs = [json.loads(line) for line in (ws / "annotations" / "alice.jsonl").read_text().splitlines()]
    assert [(r["puzzle_id"], r["trick_words"]) for r in recs] == [
        ("ext_a1", [{"word": "pink", "seems_to_fit": "a1_03", "no_group": True}]),
        (
            "ext_a2",
            [
                {"word": "pink", "seems_to_fit": "a2_03", "no_group": True},
                {"word": "kettle", "seems_to_fit": "a2_04", "no_group": False},
            ],
        ),
    ]
    assert {r["guideline_version"] for r in recs} == {"trick-words-1"} and "groups" not in recs[0]
    assert {r["status"] for r in recs} == {"answered"}  # no puzzle labelled: other readers pass them by


def test_quit_undo_and_skip_keep_only_finished_boards(ws: Path) -> None:
    code, out = label(ws, "alice", "k" + "yuy" + "q")
    assert code == 0
    assert f"{PROMPT}u\n  undone\n" in out
    assert out.endswith(
        "Saved the answers on 0 board(s); 2 left in this pass.\nRun the same command again to resume.\n"
    )
    assert not (ws / "annotations" / "alice.jsonl").exists()
    label(ws, "alice", "y" + "q")  # ext_a1 answered; quit inside ext_a2
    code, out = label(ws, "alice", "nn")
    assert "[1/1] ext_a2" in out and "ext_a1" not in out  # only what is left
    assert out.endswith("Saved the answers on 1 board(s); 0 left in this pass.\n")
    code, out = label(ws, "alice", "")
    assert out.endswith("Saved the answers on 0 board(s); 0 left in this pass.\n")


def test_help_lists_the_trick_keys(ws: Path) -> None:
    _, out = label(ws, "alice", "?x" + "q")
    assert (
        f"{PROMPT}?\nTrick-word keys:\n"
        "  y  yes: the word belongs to no group of this board (it may be shown as a trick word)\n"
        "  n  no: it belongs to one of the groups (it must not be shown)\n"
        "  u  undo the last answer on this board\n"
        "  k  skip the board (nothing of it is saved)\n"
        "  q  quit: boards answered so far are saved\n"
        "  ?  this help\n"
    ) in out
    assert f"{PROMPT}x\n  unknown key 'x'; press ? for help\n" in out


def test_without_extended_boards_it_is_one_clear_line(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "annotations").mkdir(parents=True)
    result = run_cli(root, "annotate", "label", "--annotator", "alice", "--tricks", "extended")
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: --tricks extended: variants/extended.jsonl holds no boards with trick words; build them "
        "first: ocwtool build-variants --kind extended\n"
    )


def test_statuses_settle_by_agreement_then_adjudication(ws: Path) -> None:
    label(ws, "alice", "y" + "yn")
    assert statuses(ws)[("ext_a1", "pink")] == "proposed"  # one person: no agreement yet
    label(ws, "bob", "y" + "nn")
    assert statuses(ws) == {
        ("ext_a1", "moonrise"): "verified",
        ("ext_a1", "tomato"): "verified",
        ("ext_a1", "pink"): "confirmed",  # both: belongs to no group
        ("ext_a2", "moonrise"): "verified",
        ("ext_a2", "tomato"): "verified",
        ("ext_a2", "pink"): "proposed",  # disputed: waits for the adjudicator
        ("ext_a2", "kettle"): "rejected",  # both: it belongs to a group
    }
    result = run_cli(ws, "annotate", "adjudicate", "--annotator", "carol", input="n")
    assert result.exit_code == 0
    assert (
        "[1/1] ext_a2\n"
        "  trick word 1/1: pink -> seems to fit group 3 (Things in a paintbox), score 0.50\n"
        "    shares the WordNet category colour (colour.n.01) with 2 of 4 clues\n"
        "  alice: belongs to no group\n  bob: belongs to a group\n"
        "Belongs to no group? [y n | k skip, q quit]: n\n"
    ) in result.stdout
    assert result.stdout.endswith("Trick words: decided 1; 0 left.\n")
    assert statuses(ws)[("ext_a2", "pink")] == "rejected"
    decided = read_records(ws / "annotations" / "adjudicated-tricks.jsonl")
    assert [(r.annotator, r.puzzle_id, [v.no_group for v in r.trick_words]) for r in decided] == [
        ("carol", "ext_a2", [False])
    ]
    again = run_cli(ws, "annotate", "adjudicate", "--annotator", "carol", input="")
    assert "Trick words" not in again.stdout  # decided words are not asked again


def test_shipped_words_carry_their_evidence(ws: Path) -> None:
    label(ws, "alice", "y" + "yn")
    label(ws, "bob", "y" + "yn")
    w = Workspace.open(ws)
    ext_a1 = board_tricks(w.variants()["extended"], w.annotations_dir)["ext_a1"]
    assert [(t.trick.word, t.status) for t in shipped(ext_a1)] == [
        ("moonrise", "verified"),
        ("tomato", "verified"),
        ("pink", "confirmed"),
    ]
    assert shipped(ext_a1)[2].to_json() == {
        "word": "pink",
        "group": "a1_03",
        "score": 0.5,
        "seems_to_fit": "shares the WordNet category colour (colour.n.01) with 2 of 4 clues",
        "fails_rule": None,
        "status": "confirmed",
        "rule_status": "proposed",
        "answers": {"alice": "no group", "bob": "no group"},
        "adjudicator": None,
    }


def test_settle_needs_two_alike_answers() -> None:
    assert settle({"a": True}) == "proposed"
    assert settle({"a": True, "b": True}) == "confirmed"
    assert settle({"a": False, "b": False}) == "rejected"
    assert settle({"a": True, "b": False}) == "proposed"
    assert settle({"a": True}, min_answers=1) == "confirmed"


def test_the_adjudicated_tricks_store_is_no_annotator(ws: Path) -> None:
    result = run_cli(ws, "annotate", "label", "--annotator", "adjudicated-tricks", "--tricks", "extended")
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: annotator name 'adjudicated-tricks' is reserved for ocwtool; choose another name\n"
    )


def test_agreement_on_trick_words_is_reported_apart(ws: Path) -> None:
    label(ws, "alice", "y" + "yn")
    label(ws, "bob", "y" + "nn")
    result = run_cli(ws, "annotate", "agreement")
    assert result.exit_code == 0
    assert "  alice            groups 0/8  puzzles 0  skipped 0\n" in result.stdout  # no puzzle labelled
    assert "red herrings (per clue: marked or not):\n  alice ~ bob: n=0 observed=n/a" in result.stdout
    assert result.stdout.endswith(
        "trick words (per proposed word: belongs to no group or not):\n"
        "  alice ~ bob: n=3 observed=0.667 kappa=0.400\n"
        "  Krippendorff's alpha: 0.444\n"
    )
    report = json.loads(run_cli(ws, "annotate", "agreement", "--json").stdout)
    assert report["trick_words"] == {
        "pairs": [{"a": "alice", "b": "bob", "n": 3, "observed": 0.666667, "kappa": 0.4}],
        "alpha": 0.444444,
    }


def test_tricks_take_none_of_the_type_labelling_options(ws: Path) -> None:
    result = run_cli(ws, "annotate", "label", "--annotator", "alice", "--tricks", "extended", "--suggest")
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "Error: --tricks asks about trick words only: leave out --only-unlabelled, --suggest and --decoys\n"
    )
