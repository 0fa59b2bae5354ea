"""Connecting the Dots answer files scored as they are (invented games in their shapes)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from ocwtool.evaluation.ctd_answers import is_ctd_answers, load_ctd_answers
from ocwtool.evaluation.gold import gold_from_puzzle
from ocwtool.evaluation.pipeline import EvalRequest, render, run_evaluation
from ocwtool.evaluation.predictions import load_prediction_file
from ocwtool.evaluation.scorer import score_wall
from ocwtool.formats.connections_gold import load_document
from tests.ctd import fixtures as fx

PUZZLES = load_document(fx.gold_doc(), where="g", source="ctd").puzzles
CLUES = {p.id: p.clues for p in PUZZLES}


def test_groups_not_exactly_four_wall_words_earn_nothing(tmp_path: Path) -> None:
    g = fx.GAMES[1]
    five = [*g[1][1], "MARS"]
    cats = {"a": [w.lower() for w in g[0][1]], "b": five, "c": g[2][1][:3], "d": []}
    records = [fx.answer(1, cats), fx.answer(0, "no answer")]
    assert is_ctd_answers(records)
    path = tmp_path / "model.json"
    path.write_text(json.dumps(records))
    loaded = load_prediction_file(path, CLUES)
    by_id = {p.wall_id: p for p in loaded.predictions}
    score = score_wall(gold_from_puzzle(PUZZLES[1]), by_id["ctd-2"].groups)
    assert (score.correct_groups, score.weighted) == (1, 1)
    assert score_wall(gold_from_puzzle(PUZZLES[0]), by_id["ctd-3"].groups).correct_groups == 0
    issues = load_ctd_answers(records, CLUES, "m").issues
    assert issues == {"group_of_5": 1, "group_of_3": 1, "group_of_0": 1, "answer_not_groups": 1}


def test_reused_word_is_counted_but_an_exact_group_keeps_its_credit() -> None:
    g = fx.GAMES[1]
    cats = {"a": g[0][1], "b": [g[0][1][0], *g[1][1][1:]], "c": g[2][1], "d": g[3][1]}
    loaded = load_ctd_answers([fx.answer(1, cats)], CLUES, "m")
    assert score_wall(gold_from_puzzle(PUZZLES[1]), loaded.predictions[0].groups).correct_groups == 3
    assert loaded.issues == {"word_reused": 1}


def test_reproduction_benchmark_skips_without_the_snapshot() -> None:
    env = {k: v for k, v in os.environ.items() if k != "OCWTOOL_CTD_REPO"}
    script = Path(__file__).parents[2] / "benchmarks" / "reproduce_ctd.py"
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.startswith("skipped: set OCWTOOL_CTD_REPO")


def test_wrong_size_groups_of_an_answer_file_are_counted_once(tmp_path: Path) -> None:
    g = fx.GAMES[1]
    cats = {"a": g[0][1], "b": [*g[1][1], "MARS"], "c": g[2][1][:3], "d": g[3][1]}
    elsewhere = {**fx.answer(1, cats), "allwords": "not, a, wall, of, ours"}
    path = tmp_path / "model.json"
    path.write_text(json.dumps([fx.answer(1, cats), elsewhere]))
    loaded = load_prediction_file(path, CLUES)
    assert loaded.totals() == {"answers": 1, "group_of_3": 1, "group_of_5": 1}
    summary = loaded.parsing_summary()
    assert summary["kind"] == "connecting-the-dots groups without credit" and summary["walls"] == {}
    assert loaded.issues["wrong_size_groups"] == 0  # the causes above, not a second count
    assert (loaded.issues["words_not_on_wall"], loaded.issues["unknown_walls"]) == (0, 1)


def test_report_counts_an_answer_file_by_answers_not_as_one_raw_text_wall(tmp_path: Path) -> None:
    g = fx.GAMES[1]
    cats = {"a": g[0][1], "b": [*g[1][1], "MARS"], "c": g[2][1][:3], "d": g[3][1]}
    path = tmp_path / "model.json"
    path.write_text(json.dumps([fx.answer(1, cats), fx.answer(0, "no answer")]))
    golds = [gold_from_puzzle(p) for p in PUZZLES]
    report = run_evaluation(golds, EvalRequest(predictions=[path], n_boot=0, only_answered=True))
    totals = {"answers": 2, "answer_not_groups": 1, "group_of_3": 1, "group_of_5": 1}
    assert report["parsing"][str(path)]["totals"] == totals
    text = render(report)
    assert f"connecting-the-dots groups without credit in {path}: answers 2, answer_not_groups 1" in text
    assert "walls_from_text" not in text and "raw-text answers" not in text
