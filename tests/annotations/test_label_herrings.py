"""The terminal labeller's red herrings: suggested decoys confirmed or rejected, trap groups marked,
and what adjudication keeps of them (CliRunner input, as test_session.py drives it)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ocwtool.schema.annotations import ItemRecord, RedHerringWord
from ocwtool.stores.annotations import append_record, latest, read_records
from tests.annotations.conftest import T0, run_cli
from tests.annotations.herring_fixtures import BOARDS, make_workspace

B1 = BOARDS[0].id  # nyt-2024-01-01: TREES (1-4), BIRDS (5-8), METALS, DOGS; OAK and CROW are decoys
HEAD = "Decoys from play-decoys: up to 4 a puzzle, highest score first (y confirm, n reject)\n"
HERRINGS = "Red herrings [r word, h category, t trap group, Enter done | u k n q ?]: "
DECOY_1 = (
    "  decoy 1/2 from play-decoys: clue 1 OAK -> group 2 (BIRDS), score 0.67\n"
    "    2 of 3 players put it with three clues of group 2 (answers.json)\n"
    "Confirm decoy 1/2? [y yes, n no | u k q ?]: "
)
DECOY_2 = (
    "  decoy 2/2 from play-decoys: clue 8 CROW -> group 1 (TREES), score 0.67\n"
    "    2 of 3 players put it with three clues of group 1 (answers.json)\n"
    "Confirm decoy 2/2? [y yes, n no | u k q ?]: "
)


def label(ws: Path, keys: str, *options: str, name: str = "alice") -> tuple[int, str, str]:
    result = run_cli(ws, "annotate", "label", "--annotator", name, *options, input=keys)
    return result.exit_code, result.stdout, result.stderr


def saved(ws: Path, name: str = "alice") -> dict[str, object]:
    return dict(json.loads((ws / "annotations" / f"{name}.jsonl").read_text().splitlines()[-1]))


def confirmed_word(clue: str, number: int, group: int, board: str = B1) -> dict[str, object]:
    return {
        "clue": clue,
        "clue_number": number,
        "fits_group": f"{board}_{group}",
        "reason": "confirmed decoy (play-decoys)",
    }


def test_mined_decoys_are_shown_with_evidence_and_confirmed_or_rejected(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", traps=False)
    code, out, err = label(ws, "ssss" + "y" + "n" + "\n" + "q")
    assert code == 0, err
    assert out.startswith(HEAD + f"[1/10] {B1}\n")
    after_groups = out.split("  group 4: Semantic\n", 1)[1]
    assert after_groups.startswith(
        DECOY_1
        + "y\n  confirmed: OAK -> group 2\n"
        + DECOY_2
        + "n\n  rejected: CROW -> group 1\n"
        + HERRINGS
        + "\n  saved nyt-2024-01-01\n[2/10] nyt-2024-01-02\n"
    )
    rec = saved(ws)
    assert rec["puzzle_id"] == B1 and "status" not in rec
    assert rec["red_herring_words"] == [confirmed_word("OAK", 1, 2)]  # the rejected CROW: not stored
    assert "red_herring_categories" not in rec and "note" not in rec


def test_own_red_herrings_are_added_after_the_decoys_and_not_twice(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", traps=False)
    keys = "ssss" + "yy" + "r" + "1\n2\n" + "r" + "5\n1\nnests in trees\n" + "\n" + "q"
    code, out, err = label(ws, keys)
    assert code == 0, err
    assert "  OAK -> group 2 is marked already\n" in out
    assert "red herring: ROBIN -> group 1\n" in out
    assert saved(ws)["red_herring_words"] == [
        confirmed_word("OAK", 1, 2),
        confirmed_word("CROW", 8, 1),
        {"clue": "ROBIN", "clue_number": 5, "fits_group": f"{B1}_1", "reason": "nests in trees"},
    ]


def test_undo_steps_back_through_the_decoy_answers_to_the_groups(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", traps=False)
    # ? at OAK; y to OAK; u (at CROW) takes it back; u (at OAK, nothing answered) undoes group 4;
    # relabel it l; n to OAK, y to CROW; u at the red-herring prompt takes back that y; n to CROW.
    keys = "ssss" + "?" + "y" + "u" + "u" + "l" + "n" + "y" + "u" + "n" + "\n" + "q"
    code, out, err = label(ws, keys)
    assert code == 0, err
    assert out.count(DECOY_1) == 4 and out.count(DECOY_2) == 3
    assert (
        DECOY_1 + "?\n"
        "Decoy keys:\n"
        "  y  confirm: the clue plausibly fits that group; stored as your red-herring word\n"
        "  n  reject: not stored (the same as a clue you did not mark)\n"
        "  u  undo the last answer (with none: the last group's type)\n"
        "  k  skip the puzzle (the types given to it are dropped)\n"
        "  q  quit: the types given are kept; decoy answers only once the puzzle is saved (Enter)\n"
        "  ?  this help\n" + DECOY_1 + "y\n"
    ) in out
    rec = saved(ws)
    assert [g["label"]["types"] for g in rec["groups"]] == [["semantic"]] * 3 + [["linguistic"]]
    assert "red_herring_words" not in rec


def test_quit_during_the_decoys_keeps_the_groups_and_asks_them_again(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", traps=False)
    code, out, _ = label(ws, "ssss" + "y" + "q")
    assert code == 0
    assert out.endswith(
        "Saved 0, skipped 0; 10 left in this pass.\n"
        "Coverage (source all, split all): groups 4/40, puzzles 0/10 labelled, 0 skipped\n"
        "Run the same command again to resume.\n"
    )
    state = latest(read_records(ws / "annotations" / "alice.jsonl"))
    assert state[B1].status == "in_progress" and len(state[B1].groups) == 4
    assert state[B1].red_herring_words == ()  # answers are saved with the puzzle, as red herrings are
    code, out, _ = label(ws, "n" + "y" + "\n" + "q")
    assert code == 0
    assert out.startswith(HEAD + f"[1/10] {B1}\n")
    assert "  group 4: Semantic (labelled before)\n" + DECOY_1 + "n\n" in out
    assert saved(ws)["red_herring_words"] == [confirmed_word("CROW", 8, 1)]


def scored(number: int, clue: str, group: int, score: float | None) -> RedHerringWord:
    pid = "nyt-2024-01-02"
    reason = (
        f"{clue} toward group {group}: model herrings-test@v1 p={score}" if score is not None else "rules"
    )
    return RedHerringWord(
        clue=clue, clue_number=number, fits_group=f"{pid}_{group}", reason=reason, score=score
    )


def test_the_scorers_decoys_show_the_top_four_by_score(workspace: Path) -> None:
    # The fixture board: SHADES OF BLUE 1-4 (NAVY TEAL ...), BREAD 5-8 (RYE ...), ___BALL 9-12
    # (FOOT ... MEAT), ANAGRAMS OF 'STOP' 13-16 (POTS TOPS ...). No play-decoys: suggest's are shown.
    words = (
        scored(5, "RYE", 1, 0.4),
        scored(12, "MEAT", 2, 0.9),
        scored(9, "FOOT", 2, 0.2),  # fifth: left out
        scored(14, "TOPS", 3, 0.55),
        scored(1, "NAVY", 3, 0.55),  # same score as TOPS: the lower clue number first
        scored(6, "NAAN", 1, None),  # the rules' flag, without a score: not a decoy to confirm
        scored(3, "WRONG", 2, 0.99),  # not the clue numbered 3 of this board: left out
    )
    record = ItemRecord(
        annotator="suggest",
        puzzle_id="nyt-2024-01-02",
        red_herring_words=words,
        created_at=T0,
        guideline_version="1.0",
    )
    append_record(workspace / "annotations", record)
    code, out, err = label(workspace, "ssml" + "yn" + "nn" + "\n" + "q")
    assert code == 0, err
    assert out.startswith(
        "Decoys from suggest: up to 4 a puzzle, highest score first (y confirm, n reject)\n"
    )
    shown = [line for line in out.splitlines() if line.startswith("  decoy ")]
    assert shown == [
        "  decoy 1/4 from suggest: clue 12 MEAT -> group 2 (BREAD), score 0.90",
        "  decoy 2/4 from suggest: clue 1 NAVY -> group 3 (___BALL), score 0.55",
        "  decoy 3/4 from suggest: clue 14 TOPS -> group 3 (___BALL), score 0.55",
        "  decoy 4/4 from suggest: clue 5 RYE -> group 1 (SHADES OF BLUE), score 0.40",
    ]
    assert "    MEAT toward group 2: model herrings-test@v1 p=0.9\n" in out
    assert saved(workspace)["red_herring_words"] == [
        {
            "clue": "MEAT",
            "clue_number": 12,
            "fits_group": "nyt-2024-01-02_2",
            "reason": "confirmed decoy (suggest)",
        }
    ]


def test_decoys_option_names_the_source_or_turns_them_off(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", traps=False)
    code, out, _ = label(ws, "ssss" + "\n" + "q", "--decoys", "none")
    assert code == 0 and "decoy" not in out.lower()
    assert "red_herring_words" not in saved(ws)
    code, out, err = label(ws, "q", "--decoys", "alice", name="bob")
    assert code == 1 and out == ""
    assert err == (
        f"Error: --decoys alice: {ws / 'annotations' / 'alice.jsonl'} holds no red herrings mined from "
        "play; give a store made by `ocwtool annotate decoys` (default play-decoys) or suggest, or none\n"
    )
    code, _, err = label(ws, "q", "--decoys", "suggest")
    assert code == 1
    assert err == (
        f"Error: --decoys suggest: no decoys with a score in {ws / 'annotations' / 'suggest.jsonl'}; "
        "score clues first: ocwtool annotate suggest --model herrings-play-decoys\n"
    )
    code, _, err = label(ws, "q", "--decoys", "Not A Name")
    assert code == 1 and err.startswith("Error: annotator name 'Not A Name' is not allowed")


def test_trap_groups_are_asked_again_until_they_keep_the_rule(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", traps=False)
    keys = (
        "ssss"
        + "nn"
        + "t"
        + "\n"  # cancelled
        + "t"
        + "1,2,99\n"
        + "1,2,3\n"
        + "1,2,3,5\n"
        + "1,2,5,6\n"
        + "\n"
        + "birds in trees\n"
        + "\n"
        + "q"
    )
    code, out, err = label(ws, keys)
    assert code == 0, err
    prompt = "  trap group clue numbers (4 or more, at most 2 per group, e.g. 1,2,5,6; Enter cancels): "
    assert f"{HERRINGS}t\n{prompt}\n  no trap group added\n" in out  # CliRunner echoes what is typed
    assert out.split(f"{HERRINGS}t\n")[2].startswith(
        f"{prompt}1,2,99\n  give clue numbers between 1 and 16, e.g. 1,2,5,6\n"
        f"{prompt}1,2,3\n  not a trap group: it has 3 clues; a trap group has 4 or more; try again\n"
        f"{prompt}1,2,3,5\n  not a trap group: it has 3 clues of one group; a trap group has at most 2; "
        "try again\n"
        f"{prompt}1,2,5,6\n  trap theme: \n  a trap group needs a theme\n"
        "  trap theme: birds in trees\n  trap group: OAK, ASH, ROBIN, WREN (birds in trees)\n"
        f"{HERRINGS}\n  saved {B1}\n"
    )
    assert saved(ws)["red_herring_categories"] == [
        {"clue_numbers": [1, 2, 5, 6], "clues": ["OAK", "ASH", "ROBIN", "WREN"], "theme": "birds in trees"}
    ]


def test_adjudication_keeps_confirmed_decoys_and_trap_groups(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", traps=False)
    trap = "t" + "1,2,5,6\n" + "birds in trees\n"
    assert label(ws, "ssss" + "yy" + trap + "\n" + "q", name="ann")[0] == 0  # OAK and CROW
    assert label(ws, "ssss" + "yn" + trap + "\n" + "q", name="bob")[0] == 0  # OAK only
    result = run_cli(ws, "annotate", "adjudicate", "--annotator", "carol", input="y")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (
        f"[1/1] {B1} red herrings of ann, bob\n"
        "  kept (all marked it): decoy OAK -> BIRDS\n"
        "  kept (all marked it): trap group OAK, ASH, ROBIN, WREN\n"
        "  decoy CROW -> TREES (marked by ann)\n"
        "Keep it? [y n | k skip puzzle, q quit]: y\n"
        "Decided 0; 0 disputed groups left.\n"
        "Red herrings: decided 1 puzzle(s); 0 left.\n"
    )
    (line,) = (ws / "annotations" / "adjudicated-herrings.jsonl").read_text().splitlines()
    rec = json.loads(line)
    assert rec["annotator"] == "carol" and rec["puzzle_id"] == B1
    assert rec["red_herring_words"] == [confirmed_word("OAK", 1, 2), confirmed_word("CROW", 8, 1)]
    assert rec["red_herring_categories"] == [
        {"clue_numbers": [1, 2, 5, 6], "clues": ["OAK", "ASH", "ROBIN", "WREN"], "theme": "birds in trees"}
    ]


def test_help_names_the_decoys_option_with_an_example(tmp_path: Path) -> None:
    result = run_cli(tmp_path, "annotate", "label", "--help")
    assert result.exit_code == 0
    assert (
        "    ocwtool annotate decoys games.jsonl && ocwtool annotate label --annotator carol --decoys "
        "play-decoys\n"
    ) in result.stdout
    assert "  --decoys NAME " in result.stdout


def test_ctrl_c_at_a_decoy_in_a_real_terminal_keeps_the_groups(tmp_path: Path) -> None:
    from tests.annotations.test_pty import Pty

    ws = make_workspace(tmp_path / "ws", traps=False)
    term = Pty([sys.executable, "-m", "ocwtool", "-w", str(ws), "annotate", "label", "--annotator", "alice"])
    try:
        term.expect(f"[1/10] {B1}")
        term.send("ssss")
        term.expect("Confirm decoy 1/2? [y yes, n no | u k q ?]: ")
        term.send("y")
        term.expect("Confirm decoy 2/2? [y yes, n no | u k q ?]: ")
        term.send("\x03")
        term.expect("Interrupted; the groups labelled so far are kept.")
        term.expect("Saved 0, skipped 0; 10 left in this pass.")
    finally:
        code = term.close()
    assert code == 130
    state = latest(read_records(ws / "annotations" / "alice.jsonl"))
    assert state[B1].status == "in_progress" and len(state[B1].groups) == 4
    assert state[B1].red_herring_words == ()
