"""Labelling sessions driven through the CLI with CliRunner input."""

from __future__ import annotations

import json
from pathlib import Path

from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
from ocwtool.stores.annotations import latest, read_records
from tests.annotations.conftest import run_cli

FIRST = "nyt-2024-01-02"
HERRING_PROMPT = "Red herrings [r word, h category, t trap group, Enter done | u k n q ?]: "


def records(workspace: Path, name: str = "alice") -> list[dict[str, object]]:
    path = workspace / "annotations" / f"{name}.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_label_one_puzzle_with_red_herrings_then_quit(workspace: Path) -> None:
    keys = (
        "ssml"
        + "r"
        + "5\n1\nrye is bluish\n"
        + "h"
        + "1,5,9\nthings in a bakery\n"
        + "n"
        + "easy one\n"
        + "\n"
        + "q"
    )
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", input=keys)
    assert result.exit_code == 0, result.stderr
    assert "[1/4] nyt-2024-01-02" in result.stdout
    assert "Group 3: ___BALL" in result.stdout
    assert " 5 RYE" in result.stdout
    assert "[2/4] nyt-2024-01-03" in result.stdout
    assert result.stdout.endswith(
        "Saved 1, skipped 0; 3 left in this pass.\n"
        "Coverage (source all, split all): groups 4/16, puzzles 1/4 labelled, 0 skipped\n"
        "Run the same command again to resume.\n"
    )
    *partial, rec = records(workspace)
    assert [len(r["groups"]) for r in partial] == [1, 2, 3, 4]  # each group appended when given
    assert {r["status"] for r in partial} == {"in_progress"} and "status" not in rec
    assert rec["annotator"] == "alice" and rec["puzzle_id"] == FIRST
    assert rec["guideline_version"] == GUIDELINE_VERSION and rec["created_at"]
    assert [g["label"]["types"] for g in rec["groups"]] == [
        ["semantic"],
        ["semantic"],
        ["multiword"],
        ["linguistic"],
    ]
    assert rec["red_herring_words"] == [
        {"clue": "RYE", "clue_number": 5, "fits_group": f"{FIRST}_1", "reason": "rye is bluish"}
    ]
    assert rec["red_herring_categories"] == [
        {"clue_numbers": [1, 5, 9], "clues": ["NAVY", "RYE", "FOOT"], "theme": "things in a bakery"}
    ]
    assert rec["note"] == "easy one"


def test_resume_skip_and_progress(workspace: Path) -> None:
    run_cli(workspace, "annotate", "label", "--annotator", "alice", input="ssml\nq")
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", input="k" + "aaaa\n" + "q")
    assert "[1/4]" not in result.stdout
    assert "[2/4] nyt-2024-01-03" in result.stdout and "[3/4] nyt-2024-01-04" in result.stdout
    assert "Saved 1, skipped 1; 1 left in this pass." in result.stdout
    state = latest(read_records(workspace / "annotations" / "alice.jsonl"))
    assert state["nyt-2024-01-03"].status == "skipped"
    assert state["nyt-2024-01-04"].groups[0].label.types[0].value == "associative"


def test_only_unlabelled_revisits_skipped(workspace: Path) -> None:
    run_cli(workspace, "annotate", "label", "--annotator", "alice", input="k" + "eeee\n" + "q")
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", "--only-unlabelled", input="q")
    assert "[1/4] nyt-2024-01-02" in result.stdout  # skipped before, so shown again
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", input="q")
    assert "[3/4] nyt-2024-01-04" in result.stdout  # plain resume continues after the last item


def test_undo_within_item_and_back_to_previous_item(workspace: Path) -> None:
    # Label puzzle 1; on puzzle 2 type 's', undo it, undo again (back to puzzle 1), relabel it.
    keys = "ssml\n" + "su" + "u" + "aaaa\n" + "q"
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", input=keys)
    assert result.exit_code == 0
    assert "  undone" in result.stdout
    assert result.stdout.count("[1/4] nyt-2024-01-02") == 2
    recs = records(workspace)
    assert [(r["puzzle_id"][-2:], r.get("status", "labelled")) for r in recs] == [
        *[("02", "in_progress")] * 4,
        ("02", "labelled"),
        ("03", "in_progress"),
        ("03", "retracted"),  # its only group undone
        ("02", "retracted"),  # undo at the start of a puzzle: back to the previous one
        *[("02", "in_progress")] * 4,
        ("02", "labelled"),
    ]
    state = latest(read_records(workspace / "annotations" / "alice.jsonl"))
    assert [g.label.code for g in state[FIRST].groups] == ["associative"] * 4
    again = run_cli(workspace, "annotate", "label", "--annotator", "alice", input="q")
    assert "[2/4] nyt-2024-01-03" in again.stdout


def test_quit_mid_wall_keeps_its_groups_and_resumes_inside_it(workspace: Path) -> None:
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", input="ssml\n" + "ae" + "q")
    assert result.exit_code == 0
    assert "Coverage (source all, split all): groups 6/16, puzzles 1/4 labelled, 0 skipped" in result.stdout
    state = latest(read_records(workspace / "annotations" / "alice.jsonl"))
    assert state["nyt-2024-01-03"].status == "in_progress"
    assert [g.label.code for g in state["nyt-2024-01-03"].groups] == ["associative", "encyclopedic"]
    again = run_cli(workspace, "annotate", "label", "--annotator", "alice", input="ml\n" + "q")
    assert again.stdout.startswith("[2/4] nyt-2024-01-03")
    assert (
        "  group 1: Associative (labelled before)\n  group 2: Encyclopedic (labelled before)" in again.stdout
    )
    inside = again.stdout.split("[3/4]")[0]
    assert "Group 1 (" not in inside and "Group 3 (___BALL) type" in inside
    assert "[3/4] nyt-2024-01-04" in again.stdout
    state = latest(read_records(workspace / "annotations" / "alice.jsonl"))
    assert state["nyt-2024-01-03"].status == "labelled"
    assert [g.label.code for g in state["nyt-2024-01-03"].groups] == [
        "associative",
        "encyclopedic",
        "multiword",
        "linguistic",
    ]


def test_coverage_follows_source_and_split(workspace: Path) -> None:
    from ocwtool.schema.models import Split
    from ocwtool.stores.puzzles import read_puzzles, write_puzzles

    store = workspace / "puzzles" / "test.jsonl"
    items = read_puzzles(store)
    marked = [
        p.model_copy(update={"split": Split.TEST if i < 2 else Split.TRAIN}) for i, p in enumerate(items)
    ]
    write_puzzles(store, marked, sort=False)
    result = run_cli(
        workspace, "annotate", "label", "--annotator", "alice", "--split", "test", input="ss" + "q"
    )
    assert "[1/2] nyt-2024-01-02" in result.stdout
    assert "Coverage (source all, split test): groups 2/8, puzzles 0/2 labelled, 0 skipped" in result.stdout
    result = run_cli(
        workspace,
        "annotate",
        "label",
        "--annotator",
        "alice",
        "--source",
        "test",
        "--split",
        "train",
        input="q",
    )
    assert "Coverage (source test, split train): groups 0/8, puzzles 0/2 labelled, 0 skipped" in result.stdout


def test_end_of_input_counts_as_quit(workspace: Path) -> None:
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", input="ss")
    assert result.exit_code == 0
    assert "Saved 0, skipped 0; 4 left in this pass." in result.stdout
    state = latest(read_records(workspace / "annotations" / "alice.jsonl"))
    assert [g.label.code for g in state[FIRST].groups] == ["semantic", "semantic"]


def test_combined_label_is_recorded_as_a_set(workspace: Path) -> None:
    keys = "c" + "s" + "\n" + "c" + "le\n" + "sml\n" + "q"
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", input=keys)
    assert "a combined label needs two or more different types; try again" in result.stdout
    assert "group 1: Combined (Encyclopedic + Linguistic)" in result.stdout
    rec = records(workspace)[-1]
    assert rec["groups"][0]["label"]["types"] == ["encyclopedic", "linguistic"]


def test_bad_red_herring_input_is_rejected_with_a_message(workspace: Path) -> None:
    keys = "ssml" + "r" + "1\n1\n" + "r" + "99\n2\n" + "h" + "1,2,3\n" + "\n" + "q"
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", input=keys)
    assert "clue 1 is in group 1 already; a red herring fits another group" in result.stdout
    assert "expected a number from 1 to 16, got '99'" in result.stdout
    assert "a red-herring category spans two or more groups" in result.stdout
    rec = records(workspace)[-1]
    assert "red_herring_words" not in rec


def test_session_hides_other_annotators_and_shows_suggestions(workspace: Path) -> None:
    run_cli(workspace, "annotate", "label", "--annotator", "bob", input="eeee\nq")
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", input="q")
    assert "bob" not in result.stdout and "Encyclopedic" not in result.stdout
    (workspace / "annotations" / "suggest.jsonl").write_text(
        json.dumps(
            {
                "annotator": "suggest",
                "puzzle_id": FIRST,
                "groups": [
                    {"group_id": f"{FIRST}_1", "label": {"types": ["semantic"]}, "reason": "test reason"}
                ],
                "created_at": "2026-01-01T00:00:00Z",
                "guideline_version": "1.0",
            }
        )
        + "\n"
    )
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", "--suggest", input="\n" + "q")
    assert "  suggested: Semantic (test reason)" in result.stdout
    assert "group 1: Semantic" in result.stdout


def test_help_key_and_unknown_key(workspace: Path) -> None:
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", input="?x" + "q")
    assert "m  Multiword expression:" in result.stdout
    assert "unknown key 'x'; press ? for help" in result.stdout


def test_bad_annotator_name_is_one_clear_line(workspace: Path) -> None:
    result = run_cli(workspace, "annotate", "label", "--annotator", "Alice Smith", input="q")
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: annotator name 'Alice Smith' is not allowed: use lower-case letters, digits, '_', '.' or "
        "'-' (starting with a letter or digit, at most 64 characters)\n"
    )
    result = run_cli(workspace, "annotate", "label", "--annotator", "suggest", input="q")
    assert result.stderr == "Error: annotator name 'suggest' is reserved for ocwtool; choose another name\n"


def test_no_puzzles_is_one_clear_line(tmp_path: Path) -> None:
    result = run_cli(tmp_path, "annotate", "label", "--annotator", "alice", input="q")
    assert result.exit_code == 1
    folder = tmp_path / "puzzles"
    assert result.stderr == (
        f"Error: no puzzles in {folder}; import some first: ocwtool import FILE --format ocw\n"
    )


def test_help_key_at_the_red_herring_prompt_explains_its_own_keys(workspace: Path) -> None:
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice", input="ssml" + "?" + "q")
    assert result.exit_code == 0, result.stderr
    shown = result.stdout.split(f"{HERRING_PROMPT}?\n", 1)[1]
    assert shown.startswith(
        "Red-herring keys:\n"
        "  r      red-herring word: a clue that plausibly fits another group; give its number (1-16), "
        "the group it seems to fit (1-4) and why\n"
        "  h      red-herring category: 3 or more clues from 2 or more groups that suggest a decoy theme; "
        "give their numbers (e.g. 1,6,11) and the theme\n"
        "  t      trap group: 4 or more clues across 2 or more groups, at most 2 from any one group (as "
        "Connections Eval defines it); give their numbers (e.g. 1,2,5,6) and the theme\n"
        "  Enter  done: save the puzzle with its types and red herrings\n"
        "  u      undo the last red herring (with none left: the last decoy answer, then the last group's "
        "type)\n"
        "  k      skip the puzzle (the types given to it are dropped)\n"
        "  n      add a note to the puzzle\n"
        "  q      quit: the types given are kept; red herrings only once the puzzle is saved (Enter)\n"
        "  ?      this help\n"
        "Red herrings ["
    )
