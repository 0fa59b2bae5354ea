"""Format detection (``--format auto``) and the hint for a wrong ``--format``."""

from __future__ import annotations

from pathlib import Path

import pytest

from ocwtool.acquisition.import_steps import resolve_format
from ocwtool.data import example_path
from ocwtool.errors import InputError
from ocwtool.formats import IMPORTERS
from ocwtool.formats.detect import detect, hint
from ocwtool.stores.puzzles import read_puzzles
from tests.ctd import fixtures as ctd
from tests.formats.published import (
    BOARD_1,
    DAY_1,
    rows_for,
    todd_puzzle,
    write_eval_yaml,
    write_json,
    write_rows_csv,
    write_rows_parquet,
)


def test_every_shape_is_detected(tmp_path: Path) -> None:
    rows = rows_for(BOARD_1, DAY_1)
    gold = [{"allwords": ["A"] * 16, "categories": {"T": ["A"] * 4}}]
    files = {
        "ocw": example_path("ocw_example.json"),
        "nyt-archive": example_path("nyt_archive_example.json"),
        "nyt-rows": write_rows_csv(tmp_path / "d.csv", rows),
        "connections-eval": write_eval_yaml(tmp_path / "p.yml"),
        "todd-puzzles": write_json(tmp_path / "puzzle_data.json", [todd_puzzle(5, BOARD_1)]),
        "connections-gold": write_json(tmp_path / "gold_data.json", gold),
    }
    assert {name: detect(path) for name, path in files.items()} == {name: name for name in files}
    assert detect(write_rows_parquet(tmp_path / "d.parquet", rows)) == "nyt-rows"


CTD_SHAPES = {
    "gold_data.json": ("connections-gold", ctd.gold_doc),
    "connections_gold.json": ("connections-gold-flat", ctd.flat_doc),
    "game_with_knowledge_taxonomy.json": ("connections-taxonomy", ctd.taxonomy_doc),
}


@pytest.mark.parametrize("name", CTD_SHAPES)
def test_import_detects_every_connecting_the_dots_gold_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """``ocwtool import FILE`` without --format reads all three shapes, as with --format."""
    from ocwtool.cli import main

    fmt, build = CTD_SHAPES[name]
    path = write_json(tmp_path / name, build())
    assert detect(path) == fmt
    with pytest.raises(SystemExit) as info:
        main(["-w", str(tmp_path / "ws"), "import", str(path), "--source", "ctd"])
    out = capsys.readouterr()
    assert info.value.code in (0, None), out.err
    assert f"Detected format: {fmt}" in out.err.splitlines()
    assert out.out.startswith(f"Imported 3 puzzles from {path} into puzzles/ctd.jsonl (")
    ids = [p.id for p in read_puzzles(tmp_path / "ws" / "puzzles" / "ctd.jsonl")]
    assert ids == ["ctd-3", "ctd-2", "ctd-1"]


def test_unknown_and_not_importable_files(tmp_path: Path) -> None:
    odd = write_json(tmp_path / "odd.json", {"hello": 1})
    with pytest.raises(InputError, match=r"odd.json: format not recognised \(json object with keys hello\)"):
        detect(odd)
    log = write_json(tmp_path / "run_results.json", [{"puzzle_id": 1, "puzzle_data": {}, "guesses": []}])
    with pytest.raises(
        InputError, match=r"Todd et al\. results log: replay it with `ocwtool eval --transcripts"
    ):
        detect(log)
    answers = [{"allwords": "A, B", "reason": "...", "categories": {}, "malformed": False, "score": 0}]
    with pytest.raises(InputError, match="Connecting the Dots model-answer file: score it with"):
        detect(write_json(tmp_path / "gpt4o.json", answers))


def test_wrong_format_gets_a_hint(tmp_path: Path) -> None:
    csv = write_rows_csv(tmp_path / "d.csv", rows_for(BOARD_1, DAY_1))
    assert hint(csv, "ocw") == f"this looks like nyt-rows ({IMPORTERS['nyt-rows'][3]}): try --format nyt-rows"
    assert hint(csv, "nyt-rows") is None


def test_format_names_ignore_case(tmp_path: Path) -> None:
    assert resolve_format(tmp_path / "x", "NYT-Rows") == "nyt-rows"
    yml = write_eval_yaml(tmp_path / "p.yml")
    assert resolve_format(yml, "AUTO") == "connections-eval"
    with pytest.raises(InputError, match="unknown import format 'xml'; choose one of: auto, ocw"):
        resolve_format(yml, "xml")
