"""Which walls ``evaluate.py`` scores: a missing prediction is refused naming --allow-missing and
--only-answered; --allow-missing says how many walls were scored as empty; --only-answered scores
just the answered walls and says how many (as ``ocwtool eval``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli import cli
from ocwtool.evaluation import scorer
from ocwtool.evaluation.scorer import GoldWall
from tests.evaluation.conftest import as_records, ocw_document, write_json


def _main(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = scorer.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def gold(golds: list[GoldWall], tmp_path: Path) -> Path:
    return write_json(tmp_path / "test.json", ocw_document(golds))


def test_a_missing_prediction_names_both_options(
    golds: list[GoldWall], gold: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    half = write_json(tmp_path / "half.json", as_records(golds[:1]))
    assert _main(capsys, "--gold", gold, "--predictions", half) == (
        1,
        "",
        f"Error: {half}: no prediction for 1 of 2 walls (first: comma1); add them, pass --allow-missing "
        "to score them as empty, or --only-answered to score just the walls every file answers\n",
    )


def test_allow_missing_says_how_many_walls_were_scored_as_empty(
    golds: list[GoldWall], gold: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    half = write_json(tmp_path / "half.json", as_records(golds[:1]))
    code, out, err = _main(capsys, "--gold", gold, "--predictions", half, "--allow-missing")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "1 run(s), faithful mode" and f"  {'correct_groups':<26}{4:>12}{0:>12.4f}" in lines
    assert lines[-1] == "1 of 2 walls scored as empty (no prediction; --allow-missing)"
    full = write_json(tmp_path / "full.json", as_records(golds))
    code, out, _ = _main(capsys, "--gold", gold, "--predictions", half, full, "--allow-missing")
    assert out.splitlines()[-1] == (
        f"walls scored as empty (no prediction; --allow-missing): 1 of 2 in {half}, 0 of 2 in {full}"
    )
    code, out, _ = _main(capsys, "--gold", gold, "--predictions", half, half, "--allow-missing")
    assert (
        out.splitlines()[-1] == "1 of 2 walls scored as empty in every run (no prediction; --allow-missing)"
    )
    code, out, _ = _main(capsys, "--gold", gold, "--predictions", full, "--allow-missing")
    assert "scored as empty" not in out  # nothing was missing


def test_only_answered_scores_the_walls_every_file_answers(
    golds: list[GoldWall], gold: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = write_json(tmp_path / "first.json", as_records(golds[:1]))
    full = write_json(tmp_path / "full.json", as_records(golds))
    out_json = tmp_path / "r.json"
    args = ["--gold", gold, "--predictions", first, full, "--only-answered", "--json-out", out_json]
    code, out, err = _main(capsys, *args)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "scored the 1 of 2 walls answered by every run (--only-answered)"
    report = json.loads(out_json.read_text())
    assert report["answered"] == {"scored": 1, "of": 2}
    assert report["summary"]["grouping"]["n_walls"] == {"mean": 1.0, "std": 0.0}
    assert report["summary"]["grouping"]["solved_walls"] == {"mean": 1.0, "std": 0.0}
    assert [w["wall_id"] for w in report["runs"][1]["walls"]] == [golds[0].wall_id]
    second = write_json(tmp_path / "second.json", as_records(golds[1:]))
    assert _main(capsys, "--gold", gold, "--predictions", first, second, "--only-answered") == (
        1,
        "",
        "Error: no wall of the 2 evaluated is answered by every run\n",
    )


def test_ocwtool_eval_prints_the_same_scored_as_empty_line(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    half = write_json(tmp_path / "half.json", as_records(golds[:1]))
    args = ["-w", str(workspace), "eval", "--bootstrap", "0", "--predictions", str(half), "--allow-missing"]
    result = CliRunner().invoke(cli, [*args, "--json-out", str(tmp_path / "r.json")])
    assert result.exit_code == 0, result.output
    assert "\n1 of 2 walls scored as empty (no prediction; --allow-missing)\n" in result.output
