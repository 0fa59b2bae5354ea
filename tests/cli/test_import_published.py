"""``ocwtool import`` of published NYT sets: detection, hints, linking across stores, annotations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.stores.annotations import read_records
from ocwtool.stores.puzzles import read_puzzles
from tests.cli.test_io import Run
from tests.formats.published import (
    BOARD_1,
    BOARD_2,
    DAY_1,
    DAY_2,
    rows_for,
    write_eval_yaml,
    write_rows_csv,
)


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Run:
    return Run(capsys, tmp_path / "ws")


def test_auto_detection_and_case_insensitive_format(run: Run, tmp_path: Path) -> None:
    csv = write_rows_csv(tmp_path / "Connections_Data.csv", rows_for(BOARD_1, DAY_1))
    code, out, err = run("import", str(csv))
    assert code == 0, err
    assert "Detected format: nyt-rows" in err
    assert out == f"Imported 1 puzzles from {csv} into puzzles/nyt-hf.jsonl (0 warnings; flags: none)\n"
    code, out, _ = run("import", str(csv), "--format", "NYT-ROWS", "--source", "hf2")
    assert code == 0 and "puzzles/hf2.jsonl" in out


def test_wrong_format_error_names_the_likely_one(run: Run, tmp_path: Path) -> None:
    csv = write_rows_csv(tmp_path / "Connections_Data.csv", rows_for(BOARD_1, DAY_1))
    code, _, err = run("import", str(csv), "--format", "ocw")
    assert code == 1
    assert err.startswith(f"Error: {csv}:")
    assert "(--format ocw: this looks like nyt-rows (HF eric27n/NYT-Connections rows" in err
    assert "try --format nyt-rows)" in err


def test_linking_reports_and_reconcile_works_across_sources(run: Run, tmp_path: Path) -> None:
    rows = rows_for(BOARD_1, DAY_1) + rows_for(BOARD_2, DAY_2)
    assert run("import", str(write_rows_csv(tmp_path / "d.csv", rows)))[0] == 0
    code, out, err = run("import", str(write_eval_yaml(tmp_path / "connections_puzzles.yml")))
    assert code == 0, err
    assert "linked 1 undated NYT puzzle(s) to dated ones; 0 unmatched" in err
    assert "Wrote 2 annotation record(s) of annotator connections-eval" in err
    puzzles = {p.id: p for p in read_puzzles(run.ws / "puzzles" / "connections-eval.jsonl")}
    assert set(puzzles) == {"nyt-2024-03-05", "nyt-2024-03-06"}
    linked = puzzles["nyt-2024-03-06"]
    assert (linked.provenance.original_id, linked.provenance.linked_by) == (
        "connections-eval-17",
        "clue set of nyt-hf:nyt-2024-03-06",
    )
    records = read_records(run.ws / "annotations" / "connections-eval.jsonl")
    assert sorted(r.puzzle_id for r in records) == ["nyt-2024-03-05", "nyt-2024-03-06"]
    meta = json.loads((run.ws / "puzzles" / "connections-eval.meta.json").read_text())
    assert "nyt-2024-03-06" in meta["fields"]
    code, out, _ = run("reconcile", "nyt-hf", "connections-eval", "--json")
    assert code == 0
    assert json.loads(out)["in_both"] == 2


def test_unmatched_boards_are_reported(run: Run, tmp_path: Path) -> None:
    code, _, err = run("import", str(write_eval_yaml(tmp_path / "p.yml")))
    assert code == 0
    assert "linked 0 undated NYT puzzle(s) to dated ones; 1 unmatched" in err
    assert "connections-eval-17: no dated puzzle with these clues" in err
