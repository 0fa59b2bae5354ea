"""The shipped scorer under faulty prediction files (issue #30, item 9), through ``evaluate.py``
(:func:`ocwtool.evaluation.scorer.main`) and ``ocwtool eval``, which print the same table:

* a file whose every prediction is null scores nothing: both exit 1 saying so (not an empty table);
* duplicate predictions and walls not in the gold file get a line each in the text, with a few ids;
* a bad JSON Lines record is reported at its own line and column (``FILE:495:COL``), and a line is
  what ends at ``\\n`` (a U+2028 inside a string does not split a record);
* what ``evaluate.py`` prints is escaped as ``ocwtool``'s terminal output is (its own copy of the rule).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ocwtool.cli import main
from ocwtool.evaluation import scorer
from ocwtool.evaluation.gold import gold_from_puzzle
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.evaluation.scorer.cli import shown
from ocwtool.safetext import terminal
from ocwtool.stores.puzzles import write_puzzles
from tests.conftest import make_nyt
from tests.evaluation.conftest import as_records, ocw_document, own_puzzles, write_json


def _evaluate(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = scorer.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def _ocwtool(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main([str(a) for a in args])
    out, err = capsys.readouterr()
    return int(info.value.code or 0), out, err


@pytest.fixture
def golds() -> list[GoldWall]:
    """The two invented walls of the evaluation tests (one with commas in its clues)."""
    return [gold_from_puzzle(p) for p in own_puzzles()]


@pytest.fixture
def eval_ws(tmp_path: Path) -> Path:
    """A workspace holding the same two walls as its ``ocw`` store."""
    write_puzzles(tmp_path / "ws" / "puzzles" / "ocw.jsonl", own_puzzles())
    return tmp_path / "ws"


@pytest.fixture
def gold(golds: list[GoldWall], tmp_path: Path) -> Path:
    return write_json(tmp_path / "test.json", ocw_document(golds))


def _nulls(golds: list[GoldWall]) -> list[dict[str, Any]]:
    return [{"wall_id": g.wall_id, "predicted_groups": None, "predicted_connections": None} for g in golds]


NOTHING = (
    "nothing to score: no wall has predicted_groups or predicted_connections ({why}); "
    "check that the run finished, or leave this file out"
)


def test_an_all_null_file_is_refused_by_evaluate_py(
    golds: list[GoldWall], gold: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    null = write_json(tmp_path / "null.json", _nulls(golds))
    assert _evaluate(capsys, "--gold", gold, "--predictions", null) == (
        1,
        "",
        f"Error: {null}: {NOTHING.format(why='all 2 null')}\n",
    )
    half = write_json(tmp_path / "half.json", _nulls(golds[:1]))
    assert _evaluate(capsys, "--gold", gold, "--predictions", half, "--allow-missing") == (
        1,
        "",
        f"Error: {half}: {NOTHING.format(why='1 null, 1 without a prediction')}\n",
    )


def test_an_all_null_file_fails_ocwtool_eval(
    golds: list[GoldWall], eval_ws: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    null = write_json(tmp_path / "null.json", _nulls(golds))
    report = tmp_path / "r.json"
    args = ["-w", eval_ws, "eval", "--bootstrap", "0", "--predictions", null, "--json-out", report]
    assert _ocwtool(capsys, *args) == (1, "", f"Error: {null}: {NOTHING.format(why='all 2 null')}\n")
    assert not report.exists()


def test_a_store_with_only_null_answers_is_skipped_when_eval_scores_several(
    golds: list[GoldWall], eval_ws: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_puzzles(eval_ws / "puzzles" / "nyt.jsonl", [make_nyt()])
    answers = _nulls(golds) + as_records([gold_from_puzzle(make_nyt())])
    preds = write_json(tmp_path / "preds.json", answers)
    args = ["-w", eval_ws, "eval", "--bootstrap", "0", "--predictions", preds, "--split", "all"]
    code, out, err = _ocwtool(capsys, *args, "--json-out", tmp_path / "r.json")
    assert code == 0, err
    assert out.startswith("== nyt: 1 puzzle(s) ==\n")
    assert f"not scored: ocw: {preds}: {NOTHING.format(why='all 2 null')}" in err.splitlines()


def _duplicated(golds: list[GoldWall]) -> list[dict[str, Any]]:
    records = as_records(golds)
    unknown = [{**records[0], "wall_id": f"ghost{k}"} for k in range(5)]
    return [*records, records[1], records[1], records[0], *unknown]


TABLE_TAIL = [
    "{p}: 3 duplicate prediction(s) (e.g. walls wall01, comma1); only the first of each wall is scored",
    "{p}: 5 prediction(s) of walls not in the gold file (e.g. ghost0, ghost1, ghost2); not scored",
]


def test_evaluate_py_names_duplicate_and_unknown_walls(
    golds: list[GoldWall], gold: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dup = write_json(tmp_path / "dup.json", _duplicated(golds))
    out_json = tmp_path / "r.json"
    code, out, err = _evaluate(capsys, "--gold", gold, "--predictions", dup, "--json-out", out_json)
    assert (code, err) == (0, "")
    assert out.splitlines()[-2:] == [line.format(p=dup) for line in TABLE_TAIL]
    run = json.loads(out_json.read_text())["runs"][0]
    assert run["issues"] == {
        "missing_walls": 0,
        "duplicate_predictions": 3,
        "unknown_walls": 5,
        "null_groups": 0,
        "null_connections": 0,
    }
    assert run["issue_walls"] == {
        "duplicate_predictions": ["wall01", "comma1"],
        "unknown_walls": ["ghost0", "ghost1", "ghost2"],
    }


def test_ocwtool_eval_prints_the_same_lines(
    golds: list[GoldWall], eval_ws: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dup = write_json(tmp_path / "dup.json", _duplicated(golds))
    args = [
        "-w",
        eval_ws,
        "eval",
        "--bootstrap",
        "0",
        "--predictions",
        dup,
        "--json-out",
        tmp_path / "r.json",
    ]
    code, out, err = _ocwtool(capsys, *args)
    assert code == 0, err
    table = out.split("\n\n")[0].splitlines()
    assert table[-2:] == [line.format(p=dup) for line in TABLE_TAIL]
    assert "prediction issues in" not in out  # the counts are not repeated further down


def _jsonl(tmp_path: Path, golds: list[GoldWall], bad_line: int) -> Path:
    records = [json.dumps(r) for r in as_records(golds)]
    lines = [records[n % 2] for n in range(bad_line - 1)] + ['{"wall_id": "wall01", "predicted_groups": [,]}']
    path = tmp_path / "preds.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_bad_jsonl_line_is_reported_where_it_is(
    golds: list[GoldWall], gold: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    preds = _jsonl(tmp_path, golds, 495)
    assert _evaluate(capsys, "--gold", gold, "--predictions", preds) == (
        1,
        "",
        f"Error: {preds}:495:44: invalid JSON: Expecting value\n",
    )
    first = _jsonl(tmp_path, golds, 1)  # the first line bad: read as one JSON document, as before
    assert _evaluate(capsys, "--gold", gold, "--predictions", first)[2] == (
        f"Error: {first}:1:44: invalid JSON: Expecting value\n"
    )


def test_a_line_separator_inside_a_jsonl_string_does_not_split_the_record(
    golds: list[GoldWall], gold: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = as_records(golds)
    records[0]["predicted_connections"] = ["Lakes\u2028of Cumbria", "b", "c", "d"]
    path = tmp_path / "preds.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n", encoding="utf-8")
    code, out, err = _evaluate(capsys, "--gold", gold, "--predictions", path)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "1 run(s), faithful mode"


def test_evaluate_py_escapes_what_it_prints(
    golds: list[GoldWall], gold: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = [*as_records(golds), {**as_records(golds)[0], "wall_id": "x\x1b]0;owned\x07"}]
    preds = write_json(tmp_path / "preds.json", records)
    code, out, err = _evaluate(capsys, "--gold", gold, "--predictions", preds)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == (
        f"{preds}: 1 prediction(s) of walls not in the gold file (e.g. x\\x1b]0;owned\\x07); not scored"
    )


def test_the_scorers_copy_of_the_terminal_rule_matches_ocwtool() -> None:
    every = "".join(map(chr, range(0x3000)))
    assert shown(every) == terminal(every)
