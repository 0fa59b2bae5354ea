"""Scoring boards with distractors (issue #27, section 1): Task 1 on the grouped clues, plus the
precision and recall of the words the player left out."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ocwtool.evaluation.gold import gold_from_puzzle
from ocwtool.evaluation.scorer import (
    GoldWall,
    Options,
    Prediction,
    ScorerInputError,
    evaluate_predictions,
    score_wall,
)
from ocwtool.evaluation.scorer.files import gold_from_record
from tests.evaluation.conftest import as_records, ocw_document, ship_scorer, write_json
from tests.validators.factory import distracted_wall, wall

GROUPS = (("a", "b", "c", "d"), ("e", "f", "g", "h"), ("i", "j", "k", "l"), ("m", "n", "o", "p"))
GOLD = GoldWall("w1", GROUPS, ("A", "E", "I", "M"), distractors=("x", "y"))


def test_leaving_out_exactly_the_distractors_solves_the_wall() -> None:
    s = score_wall(GOLD, GROUPS)
    assert s.solved and s.correct_groups == 4 and s.AMI == 1.0
    assert (s.distractor_precision, s.distractor_recall) == (1.0, 1.0)


def test_a_distractor_in_a_group_breaks_that_group_and_leaves_a_clue_out() -> None:
    groups = (("a", "b", "c", "X"), *GROUPS[1:])  # "d" left out with "y"; case is ignored
    s = score_wall(GOLD, groups)
    assert s.correct_groups == 3 and not s.solved and s.AMI < 1.0
    assert (s.distractor_precision, s.distractor_recall) == (0.5, 0.5)


def test_no_answer_finds_no_distractor() -> None:
    s = score_wall(GOLD, None)
    assert (s.correct_groups, s.distractor_precision, s.distractor_recall) == (0, 0.0, 0.0)


def test_a_wall_without_distractors_scores_and_reports_as_before() -> None:
    plain = GoldWall("w2", GROUPS, ("A", "E", "I", "M"))
    s = score_wall(plain, GROUPS)
    assert s.distractor_precision is None and s.distractor_recall is None
    report = evaluate_predictions([plain], [("run", [Prediction("w2", GROUPS)])], Options())
    assert "distractor_precision" not in report["runs"][0]["walls"][0]
    assert "distractor_recall" not in report["summary"]["grouping"]


def test_the_summary_averages_over_the_walls_with_distractors() -> None:
    plain = GoldWall("w2", GROUPS, ("A", "E", "I", "M"))
    half = (("a", "b", "c", "x"), *GROUPS[1:])
    runs = [("run", [Prediction("w1", half), Prediction("w2", GROUPS)])]
    report = evaluate_predictions([GOLD, plain], runs, Options())
    grouping = report["runs"][0]["grouping"]
    assert grouping["n_walls_with_distractors"] == 1
    assert (grouping["distractor_precision"], grouping["distractor_recall"]) == (0.5, 0.5)
    assert report["summary"]["grouping"]["distractor_recall"] == {"mean": 0.5, "std": 0.0}


def test_a_puzzle_gives_its_distractors_to_the_scorer_and_the_ocw_record_round_trips() -> None:
    p = distracted_wall(3, 2)
    gold = gold_from_puzzle(p)
    assert gold.distractors == p.distractors and sorted(gold.words) == sorted(p.clues)
    record = ocw_document([gold])["dataset"][0] | {"distractors": list(p.distractors)}
    assert gold_from_record(record, "g.json") == gold
    assert gold_from_puzzle(wall(3)).distractors == ()


def test_the_shipped_scorer_reports_distractor_scores(tmp_path: Path) -> None:
    gold = gold_from_puzzle(distracted_wall(4, 4))
    doc = ocw_document([gold])
    doc["dataset"][0]["distractors"] = list(gold.distractors)
    write_json(tmp_path / "gold.json", doc)
    write_json(tmp_path / "run.json", as_records([gold]))
    launcher = ship_scorer(tmp_path)
    out = tmp_path / "report.json"
    cmd = [
        sys.executable,
        str(launcher),
        "--gold",
        "gold.json",
        "--predictions",
        "run.json",
        "--json-out",
        str(out),
    ]
    done = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "distractor_recall" in done.stdout
    grouping = json.loads(out.read_text())["runs"][0]["grouping"]
    assert (grouping["distractor_precision"], grouping["distractor_recall"], grouping["solved_walls"]) == (
        1.0,
        1.0,
        1,
    )


@pytest.mark.parametrize("k", [1, 4])
def test_words_and_the_board_hold_the_distractors(k: int) -> None:
    gold = GoldWall("w", GROUPS, distractors=("x", "y", "z", "q")[:k])
    assert gold.words == (*(w for g in GROUPS for w in g), *gold.distractors)


def test_a_gold_record_whose_words_miss_its_distractors_is_refused() -> None:
    gold = gold_from_puzzle(distracted_wall(6, 2))
    record = ocw_document([gold])["dataset"][0] | {"distractors": list(gold.distractors)}
    record["words"] = [w for g in gold.groups for w in g]
    with pytest.raises(ScorerInputError) as err:
        gold_from_record(record, "g.json")
    assert str(err.value) == (
        "g.json: wall w0006: 'words' must be the board: the 16 gt_words and the 2 distractors "
        "(18 words), got 16"
    )
