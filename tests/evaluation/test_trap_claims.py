"""Trap claims in answers (Connections Eval's ``<traps>`` block, its ``trap_claims`` field and its
exchange logs), scored by ``eval`` with its +2 rule. All answers and logs here are invented."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.errors import EvaluationError
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.evaluation.trapclaims import answer_text, field_claim, text_claim
from ocwtool.schema.annotations import ItemRecord, RedHerringCategory, RedHerringWord
from ocwtool.stores.annotations import append_record

STAMP = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
REPLY = (
    "<thinking>Maybe a trap?\n<traps>\nSNAP, WHIST, HARRY, DENNIS\n</traps>\n</thinking>\n"
    "<answer>\n{groups}\n</answer>\n\n<traps>\n{claim}\n</traps>\n\n<confidence>\n0.6\n</confidence>\n"
)


def test_a_reply_claims_its_first_trap_line_outside_thinking() -> None:
    text = REPLY.format(
        groups="A, B, C, D", claim="Danube, Rhine, Harry, Beatrix\nSNAP, RUMMY, CROWD, HAWKING"
    )
    assert text_claim(text) == ("Danube", "Rhine", "Harry", "Beatrix")
    assert text_claim(REPLY.format(groups="", claim="n/a.\nDanube, Rhine, Harry, Beatrix")) == ()
    assert text_claim("<answer>\nA, B, C, D\n</answer>") is None
    assert text_claim("<thinking><traps>\nA, B, C, D\n</traps></thinking>") is None
    assert answer_text(text) == "\nA, B, C, D\n"


def test_the_log_field_gives_the_first_claim() -> None:
    assert field_claim(["TAGUS, LOIRE, SNAP, BRIDGE", "X, Y, Z, W"], "f") == (
        "TAGUS",
        "LOIRE",
        "SNAP",
        "BRIDGE",
    )
    assert field_claim(["N/A"], "f") == ()
    assert field_claim([], "f") is None
    with pytest.raises(EvaluationError) as err:
        field_claim({"a": 1}, "log.jsonl: line 3")
    assert str(err.value) == (
        "log.jsonl: line 3: trap_claims must be a list of strings like 'W1, W2, W3, W4' or 'N/A'"
    )


def _label_trap(workspace: Path, wall: GoldWall) -> None:
    """alice: one trap group (two rivers, two Potters) and one decoy on ``wall``."""
    a, b, _, _ = wall.groups
    clues = (a[0], a[1], b[0], b[1])
    trap = RedHerringCategory(
        clue_numbers=tuple(wall.words.index(c) + 1 for c in clues), clues=clues, theme="famous names"
    )
    decoy = RedHerringWord(clue=b[3], clue_number=wall.words.index(b[3]) + 1, fits_group=wall.group_ids[0])
    record = ItemRecord(
        annotator="alice",
        puzzle_id=wall.wall_id,
        red_herring_words=(decoy,),
        red_herring_categories=(trap,),
        created_at=STAMP,
        guideline_version="test",
    )
    append_record(workspace / "annotations", record)


def _lines(groups: list[list[str]]) -> str:
    return "\n".join(", ".join(w.upper() for w in g) for g in groups)


def _ce_log(path: Path, wall: GoldWall, claim: str) -> Path:
    """An invented Connections Eval exchange log: one one-shot answer (the gold groups), one classic
    exchange and the run summary."""
    board = ", ".join(w.upper() for w in wall.words)
    reply = REPLY.format(groups=_lines([list(g) for g in wall.groups]), claim=claim)
    lines = [
        {
            "message": "Exchange logged",
            "model": "m",
            "puzzle_id": 7,
            "request": f"HOW TO PLAY\nAvailable words: {board}",
            "response": reply,
            "result": "ONESHOT_SCORE_5_GROUPS_4_TRAP_2_MAX_5",
            "trap_claims": [claim],
        },
        {
            "message": "Exchange logged",
            "model": "m",
            "puzzle_id": 8,
            "request": "Available words: X, Y",
            "response": "<guess>X</guess>",
            "result": "INCORRECT",
        },
        {"message": "Run summary", "run_id": "r", "total_trap_bonus": 2},
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_eval_scores_trap_claims_with_the_plus_two_rule(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    wall = golds[0]
    _label_trap(workspace, wall)
    a, b, c, d = (list(g) for g in wall.groups)
    right = f"{a[1]}, {b[0]}, {a[0]}, {b[1]}".upper()
    log = _ce_log(tmp_path / "connections_eval_2026.jsonl", wall, right)
    na = tmp_path / "na.txt"  # a correct answer that says there is no trap: wrong, there is one
    na.write_text(f"wall: {wall.wall_id}\n" + REPLY.format(groups=_lines([a, b, c, d]), claim="N/A"))
    short = tmp_path / "short.jsonl"  # a group of 3: the right claim is forfeited
    text = REPLY.format(groups=_lines([a[:3], [a[3], *b[:3]], c, d]), claim=right)
    short.write_text(json.dumps({"wall_id": wall.wall_id, "text": text}) + "\n")
    out = tmp_path / "r.json"
    types = tmp_path / "types.json"
    types.write_text(json.dumps({wall.group_ids[0]: "knowledge", wall.group_ids[1]: "wordplay"}))
    args = ["--predictions", str(log), "--predictions", str(na), "--predictions", str(short)]
    args += ["--annotations", str(types)]
    result = CliRunner().invoke(
        cli,
        ["-w", str(workspace), "eval", *args, "--only-answered", "--bootstrap", "0", "--json-out", str(out)],
    )
    assert result.exit_code == 0, result.output
    assert (
        "    trap claims: 1 of 3 right (0.3333), 2 points; 1 forfeited (made with an answer that is not "
        "4 groups of 4)\n"
    ) in result.output
    players = json.loads(out.read_text())["herrings"]["players"]
    claims = [p["trap_claims"] for p in players]
    assert claims == [
        {"claims": 1, "right": 1, "accuracy": 1.0, "points": 2, "forfeited": 0},
        {"claims": 1, "right": 0, "accuracy": 0.0, "points": 0, "forfeited": 0},
        {"claims": 1, "right": 0, "accuracy": 0.0, "points": 0, "forfeited": 1},
    ]
    # the claim draws on groups 1 (knowledge) and 2 (wordplay): counted under both
    first = players[0]["breakdowns"]["knowledge_type"]
    assert {t: (r["claims"], r["claims_right"], r["claim_accuracy"]) for t, r in first.items()} == {
        "knowledge": (1, 1, 1.0),
        "wordplay": (1, 1, 1.0),
    }
    assert players[1]["breakdowns"]["knowledge_type"] == {}  # "N/A" and no wrong group: no row
    third = players[2]["breakdowns"]["knowledge_type"]
    assert {t: (r["claims"], r["claims_right"]) for t, r in third.items()} == {
        "knowledge": (1, 0),
        "wordplay": (1, 0),
    }
    parsing = json.loads(out.read_text())["parsing"][str(log)]
    assert parsing["kind"] == "connections-eval one-shot answers: issues, exchanges not read"
    assert parsing["totals"]["classic_exchanges"] == 1
