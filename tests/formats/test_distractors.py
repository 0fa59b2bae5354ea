"""Every format and boards with distractors (issue #27, section 1): OCW JSON, JSONL, HF and CSV carry
them; the NYT archive and Connecting the Dots gold files cannot, and say so in one line."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from ocwtool.errors import SchemaError
from ocwtool.formats import get_exporter, get_importer
from ocwtool.formats.hf import from_records, to_records
from ocwtool.formats.ocw_json import dump_document, load_document
from ocwtool.schema.models import Provenance
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import init_workspace
from tests.annotations.conftest import run_cli
from tests.validators.factory import distracted_wall, nyt, wall, with_distractors


def test_ocw_json_writes_distractors_and_reads_them_back() -> None:
    p = distracted_wall(2, 3)
    doc = dump_document([p])
    record = doc["dataset"][0]
    assert record["distractors"] == list(p.distractors) and record["words"] == list(p.clues)
    assert list(record)[:5] == ["wall_id", "season", "episode", "words", "distractors"]
    back = load_document(json.loads(json.dumps(doc)), where="d.json", source="ocw").puzzles[0]
    assert (back.clues, back.distractors, back.groups) == (p.clues, p.distractors, p.groups)
    assert "distractors" not in dump_document([wall(2)])["dataset"][0]


def test_ocw_json_words_must_hold_the_distractors() -> None:
    doc = dump_document([distracted_wall(2, 2)])
    doc["dataset"][0]["words"] = doc["dataset"][0]["words"][:16]
    with pytest.raises(
        SchemaError, match=r"field 'words': expected an array of 18 clues \(16 and 2 distractors\)"
    ):
        load_document(doc, where="d.json", source="ocw")


def test_jsonl_hf_and_csv_carry_distractors(tmp_path: Path) -> None:
    p = distracted_wall(5, 4).model_copy(update={"provenance": Provenance(source="ocw")})
    get_exporter("jsonl")([p], tmp_path / "p.jsonl", {})
    assert get_importer("jsonl")(tmp_path / "p.jsonl", "").puzzles[0] == p
    assert from_records(to_records([p]))[0] == p
    get_exporter("csv")([p], tmp_path / "p.csv", {})
    with open(tmp_path / "p.csv", newline="", encoding="utf-8") as fh:
        table = list(csv.DictReader(fh))
    assert [r["clue"] for r in table] == list(p.board(0)) and len(table) == 20
    loose = [r for r in table if r["group_id"] == ""]
    assert sorted(r["clue"] for r in loose) == sorted(p.distractors)
    assert {(r["group_index"], r["connection"], r["level"]) for r in loose} == {("", "", "")}


@pytest.mark.parametrize("fmt", ["nyt-archive", "connections-gold"])
def test_formats_without_a_place_for_distractors_refuse_them(tmp_path: Path, fmt: str) -> None:
    board = with_distractors(nyt(3), 2)
    with pytest.raises(SchemaError) as err:
        get_exporter(fmt)([nyt(2), board], tmp_path / "out.json", {})
    assert str(err.value) == (
        f"record {board.id}: has 2 distractor(s), which the {fmt} format cannot carry; "
        "export it as ocw, jsonl, hf or csv, or leave it out"
    )
    assert not (tmp_path / "out.json").exists()


def test_the_cli_says_so_in_one_line(tmp_path: Path) -> None:
    init_workspace(tmp_path, "tests@example.org")
    board = with_distractors(nyt(3), 1)
    write_puzzles(tmp_path / "puzzles" / "nyt.jsonl", [board])
    result = run_cli(tmp_path, "export", "--format", "nyt-archive")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"Error: record {board.id}: has 1 distractor(s), which the nyt-archive format cannot carry; "
        "export it as ocw, jsonl, hf or csv, or leave it out\n"
    )
