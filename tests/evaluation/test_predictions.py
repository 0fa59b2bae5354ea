"""Raw model text and prediction files: clues with commas stay whole, problems are counted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.predictions import load_prediction_file, parse_model_text
from ocwtool.evaluation.scorer import GoldWall, score_wall

ANSWER = """Sure! Here are my groups:
Group 1: $64,000, Speedboat, Cuddly toy, Holiday — Game show prizes
Group 2: 5, 6, 7, 8, A, B, C, Do, Re, Mi, One, two (counting)
3. **Love**; Deuce; Let; Ace
- Jack, Queen, King, Knave
I hope that helps."""


def test_comma_clues_parse_as_whole_clues(golds: list[GoldWall]) -> None:
    gold = golds[1]
    parsed = parse_model_text(ANSWER, gold.words)
    assert parsed.groups == gold.groups
    assert parsed.issues() == {
        "hallucinated": 0,
        "duplicated": 0,
        "missing": 0,
        "overflow": 0,
        "empty_slots": 0,
        "wrong_size_groups": 0,
        "rows_set_aside": 0,
    }
    assert parsed.connections == ("game show prizes", "counting", "", "")
    assert score_wall(gold, parsed.groups).solved


def test_hallucinated_duplicated_and_missing_clues_are_counted_not_padded(golds: list[GoldWall]) -> None:
    gold = golds[1]
    text = "Love, Deuce, Let, Ace\nJack, Queen, King, Love\n$64,000, Speedboat, Jackpot"
    parsed = parse_model_text(text, gold.words)
    assert parsed.groups[1] == ("Jack", "Queen", "King", "Love")
    assert parsed.groups[2] == ("$64,000", "Speedboat", "jackpot", "")
    assert parsed.groups[3] == ("", "", "", "")
    assert parsed.hallucinated == ("jackpot",) and parsed.duplicated == ("Love",)
    assert set(parsed.missing) == {
        "Knave",
        "Cuddly toy",
        "Holiday",
        "5, 6, 7, 8",
        "A, B, C",
        "Do, Re, Mi",
        "One, two",
    }
    assert parsed.empty_slots == 5
    score = score_wall(gold, parsed.groups)
    assert score.correct_groups == 1 and not score.solved


def test_a_five_word_group_is_kept_and_a_later_partial_row_is_set_aside(golds: list[GoldWall]) -> None:
    gold = golds[0]
    lines = [", ".join(g) for g in gold.groups]
    parsed = parse_model_text("\n".join([lines[0] + ", Rhine", *lines[1:], lines[0]]), gold.words)
    assert parsed.written[0] == (*gold.groups[0], "Rhine")
    assert parsed.groups[0] == (*gold.groups[0][:3], "") and parsed.groups[1:] == gold.groups[1:]
    assert (parsed.wrong_size_groups, parsed.rows_set_aside, parsed.overflow) == (1, 1, ())
    assert score_wall(gold, parsed.groups).correct_groups == 3


def test_json_lists_after_the_fourth_overflow(golds: list[GoldWall]) -> None:
    gold = golds[0]
    parsed = parse_model_text(json.dumps([*map(list, gold.groups), ["Rhine", "Loire"]]), gold.words)
    assert parsed.groups == gold.groups and parsed.overflow == ("Rhine", "Loire")


def test_json_list_answer_is_matched_case_insensitively(golds: list[GoldWall]) -> None:
    gold = golds[0]
    text = json.dumps([[w.lower() for w in g] for g in gold.groups])
    assert parse_model_text(text, gold.words).groups == gold.groups


def test_longer_clue_wins_over_its_prefix() -> None:
    clues = ["Bridge", "Bridgewater", *[f"w{i}" for i in range(14)]]
    parsed = parse_model_text("Bridgewater, Bridge, w0, w1", clues)
    assert parsed.groups[0] == ("Bridgewater", "Bridge", "w0", "w1")


def test_load_prediction_file_mixes_structured_and_text(tmp_path: Path, golds: list[GoldWall]) -> None:
    path = tmp_path / "p.jsonl"
    rows = [
        {"wall_id": golds[0].wall_id, "predicted_groups": [list(g) for g in golds[0].groups]},
        {"wall_id": golds[1].wall_id, "text": ANSWER},
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    loaded = load_prediction_file(path, {g.wall_id: g.words for g in golds})
    assert [p.groups for p in loaded.predictions] == [golds[0].groups, golds[1].groups]
    assert loaded.totals()["walls_from_text"] == 1 and loaded.totals()["hallucinated"] == 0


def test_plain_text_answers_file_with_wall_headers(tmp_path: Path, golds: list[GoldWall]) -> None:
    first = "\n".join(", ".join(g) for g in golds[0].groups)
    path = tmp_path / "answers.txt"
    path.write_text(f"wall: {golds[0].wall_id}\n{first}\n\n## wall_id: {golds[1].wall_id}\n{ANSWER}\n")
    loaded = load_prediction_file(path, {g.wall_id: g.words for g in golds})
    assert [p.groups for p in loaded.predictions] == [golds[0].groups, golds[1].groups]
    assert loaded.totals()["walls_from_text"] == 2 and loaded.totals()["hallucinated"] == 0


def test_plain_text_without_wall_header_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "answers.txt"
    path.write_text("Danube, Rhine\n")
    with pytest.raises(EvaluationError) as err:
        load_prediction_file(path, {})
    assert str(err.value) == f"{path}: text answers must start with a 'wall: <id>' line, got 'Danube, Rhine'"


def test_text_for_an_unknown_or_flagged_wall_is_counted_like_structured(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    records = [{"wall_id": "nope", "text": "a, b"}, {"wall_id": "pic", "text": "a, b"}]
    records += [{"wall_id": "nope", "predicted_groups": None}, {"wall_id": "pic", "predicted_groups": None}]
    path.write_text(json.dumps(records))
    loaded = load_prediction_file(path, {}, skipped={"pic"})
    assert loaded.predictions == []
    assert (loaded.issues["unknown_walls"], loaded.issues["flagged_walls"]) == (2, 2)


def test_bad_jsonl_line_is_located(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text('{"wall_id": "a"}\n{oops\n')
    with pytest.raises(EvaluationError) as err:
        load_prediction_file(path, {})
    assert str(err.value) == f"{path}:2:2: invalid JSON: Expecting property name enclosed in double quotes"
