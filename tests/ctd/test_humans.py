"""Connecting the Dots human answer sheets (``expert.csv``/``beginner.csv``) scored as they are
(invented games in their shape)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.errors import EvaluationError
from ocwtool.evaluation.ctd_humans import load_ctd_humans, parse_input
from ocwtool.evaluation.gold import gold_from_puzzle
from ocwtool.evaluation.predictions import load_prediction_file
from ocwtool.evaluation.scorer import score_wall
from ocwtool.formats.connections_gold import load_document
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import write_puzzles
from tests.ctd import fixtures as fx

PUZZLES = load_document(fx.gold_doc(), where="g", source="ctd").puzzles
CLUES = {p.id: p.clues for p in PUZZLES}
GOLD = {p.id: gold_from_puzzle(p) for p in PUZZLES}


def _groups(n: int) -> list[list[str]]:
    return [list(words) for _, words in fx.GAMES[n]]


def _score(wall: str, groups: tuple[tuple[str, ...], ...]) -> tuple[int, int]:
    s = score_wall(GOLD[wall], groups)
    return s.correct_groups, s.weighted


def test_padded_literal_is_read_with_words_stripped() -> None:
    groups, repaired = parse_input(fx.sheet_input(_groups(1)))
    assert (groups, repaired) == (_groups(1), False)


@pytest.mark.parametrize(
    "cell",
    [
        "[[' MARS', ' VENUS', 'SATURN', ' NEPTUNE], ['TWIX, 'BOUNTY', ' GALAXY', ' DAIM']]",  # quotes lost
        "[['MARS', 'VENUS', 'SATURN', 'NEPTUNE'], ['TWIX, BOUNTY, GALAXY, DAIM']]",  # one joined string
        "[[' MARS', ' VENUS', ' SATURN', ' NEPTUNE'], I' TWIX', ' BOUNTY', ' GALAXY', ' DAIM']]",  # I for [
    ],
)
def test_broken_cells_are_repaired_and_reported(cell: str) -> None:
    groups, repaired = parse_input(cell)
    assert repaired
    assert groups == [["MARS", "VENUS", "SATURN", "NEPTUNE"], ["TWIX", "BOUNTY", "GALAXY", "DAIM"]]


def test_rows_match_their_game_by_words_even_with_a_typo(tmp_path: Path) -> None:
    typo = _groups(1)
    typo[3] = ["SEA", "TEA", "EYE", "WHO"]  # WHY mistyped: the row still finds its game
    wrong = [*_groups(0)[:2], _groups(0)[3], [*_groups(0)[2][:3], "SAND", "KEY"]]
    sheet = tmp_path / "expert.csv"
    sheet.write_text(fx.sheet_csv([(1, fx.sheet_input(typo)), (0, fx.sheet_input(wrong))]))
    loaded = load_prediction_file(sheet, CLUES)
    scores = {p.wall_id: _score(p.wall_id, p.groups) for p in loaded.predictions}
    assert scores == {"ctd-2": (3, 6), "ctd-3": (3, 7)}  # levels 1+2+3 and 1+2+4
    assert loaded.file_issues == {"word_not_on_wall": 1, "group_of_5": 1} and not loaded.text_issues
    assert loaded.totals() == {"answers": 2, "group_of_5": 1, "word_not_on_wall": 1}
    assert loaded.issues["unknown_walls"] == 0


def test_a_row_sharing_too_few_words_with_any_game_is_unmatched() -> None:
    mixed = [_groups(0)[0], _groups(0)[1], _groups(1)[0], _groups(1)[1]]  # 8 words of each of two games
    rows = [
        {"Game Number": "1", "Input": fx.sheet_input(mixed)},
        {"Game Number": "2", "Input": fx.sheet_input(_groups(1))},
    ]
    loaded = load_ctd_humans(rows, CLUES, "sheet")
    assert (loaded.unmatched, [p.wall_id for p in loaded.predictions]) == (1, ["ctd-2"])
    with pytest.raises(EvaluationError, match="none of its 1 human answers shares 12 words"):
        load_ctd_humans(rows[:1], CLUES, "sheet")


def test_a_csv_without_the_sheet_columns_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "answers.csv"
    path.write_text("Name,Answer\nAB,x\n")
    with pytest.raises(
        EvaluationError, match=r"answers.csv: .*columns Game Number, Input.*missing: Game Number, Input"
    ):
        load_prediction_file(path, CLUES)


def test_eval_scores_a_sheet_from_the_command_line(tmp_path: Path) -> None:
    write_puzzles(
        tmp_path / "puzzles" / "ctd.jsonl", [p.model_copy(update={"split": Split.TEST}) for p in PUZZLES]
    )
    sheet = tmp_path / "beginner.csv"
    sheet.write_text(fx.sheet_csv([(0, fx.sheet_input(_groups(0))), (1, fx.sheet_input(_groups(1)[::-1]))]))
    out = tmp_path / "report.json"
    args = [
        "-w",
        str(tmp_path),
        "eval",
        "--bootstrap",
        "0",
        "--predictions",
        str(sheet),
        "--json-out",
        str(out),
    ]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    run = json.loads(out.read_text())["runs"][0]
    assert run["grouping"]["solved_walls"] == 2
    assert run["issues"]["unknown_walls"] == 0


def test_their_scored_gold_files_are_refused_as_answers(tmp_path: Path) -> None:
    path = tmp_path / "expert.json"  # results/expert.json: gold groups and a human score, no reply
    path.write_text(json.dumps([{"allwords": fx.allwords(1), "categories": dict(fx.GAMES[1]), "score": 2}]))
    with pytest.raises(EvaluationError, match=r"expert.json: .*gold groups, not answers.*expert.csv"):
        load_prediction_file(path, CLUES)
