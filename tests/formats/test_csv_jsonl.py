from __future__ import annotations

import csv
from pathlib import Path

from ocwtool.formats import get_exporter, get_importer
from ocwtool.formats.csv_export import COLUMNS, rows
from ocwtool.schema.models import Group, Puzzle, Split
from tests.conftest import make_nyt, make_ocw_wall


def test_one_row_per_clue_in_board_order(tmp_path: Path) -> None:
    wall = make_ocw_wall().model_copy(update={"split": Split.TRAIN})
    path = tmp_path / "c.csv"
    get_exporter("csv")([wall, make_nyt()], path, {})
    with open(path, newline="", encoding="utf-8") as fh:
        table = list(csv.DictReader(fh))
    assert tuple(table[0]) == COLUMNS
    assert len(table) == 32
    first = table[0]
    assert first["puzzle_id"] == "abc123" and first["split"] == "train" and first["position"] == "1"
    # board 0, not the stored order (stored as solution order by default: issue #25)
    assert [r["clue"] for r in table[:16]] == list(wall.board(0)) != list(wall.clues)
    k = int(first["group_index"]) - 1
    assert wall.board(0)[0] in wall.groups[k].clues and first["group_id"] == wall.groups[k].id
    assert first["connection"] == wall.groups[k].connection and first["level"] == ""
    nyt_row = table[16]
    assert nyt_row["game"] == "nyt" and nyt_row["split"] == "" and nyt_row["level"] in {"0", "1", "2", "3"}
    assert path.read_bytes().count(b"\r\n") == 33


def test_duplicate_clues_go_to_their_groups_in_turn() -> None:
    base = make_nyt()
    groups = list(base.groups)
    groups[1] = Group(id=groups[1].id, clues=("NAVY", "NAAN", "PITA", "BAGEL"), connection="BREAD", level=1)
    clues = [c for g in groups for c in g.clues]
    p = Puzzle.model_validate({**base.model_dump(), "groups": groups, "clues": clues})
    got = [(r["clue"], r["group_index"]) for r in rows([p]) if r["clue"] == "NAVY"]
    assert got == [("NAVY", 1), ("NAVY", 2)]


def test_jsonl_round_trip(tmp_path: Path) -> None:
    puzzles = [make_ocw_wall(), make_nyt()]
    path = tmp_path / "s.jsonl"
    get_exporter("jsonl")(puzzles, path, {})
    assert list(get_importer("jsonl")(path, "x").puzzles) == [make_nyt(), make_ocw_wall()]  # store order
