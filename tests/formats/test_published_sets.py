"""Importers of published NYT sets: HF eric27n rows (CSV, parquet), Connections Eval YAML, Todd et al."""

from __future__ import annotations

from pathlib import Path

import pytest

from ocwtool.errors import SchemaError
from ocwtool.formats import get_importer
from ocwtool.formats.connections_eval import ANNOTATOR
from ocwtool.schema.models import Flag, nyt_number
from tests.formats.published import (
    BOARD_1,
    BOARD_2,
    DAY_1,
    DAY_2,
    board_words,
    rows_for,
    todd_puzzle,
    write_eval_yaml,
    write_json,
    write_rows_csv,
    write_rows_parquet,
)


@pytest.mark.parametrize("writer", [write_rows_csv, write_rows_parquet])
def test_nyt_rows_board_groups_and_ids(tmp_path: Path, writer: object) -> None:
    rows = rows_for(BOARD_1, DAY_1) + rows_for(BOARD_2, DAY_2)
    suffix = ".csv" if writer is write_rows_csv else ".parquet"
    path = writer(tmp_path / f"Connections_Data{suffix}", rows)  # type: ignore[operator]
    result = get_importer("nyt-rows")(path, "nyt-hf")
    first, second = result.puzzles
    assert first.id == "nyt-2024-03-05" and second.id == "nyt-2024-03-06"
    assert list(first.clues) == board_words(BOARD_1)
    assert [g.connection for g in first.groups] == [t for t, _ in BOARD_1]
    assert [sorted(g.clues) for g in first.groups] == [sorted(ws) for _, ws in BOARD_1]
    assert [g.level for g in first.groups] == [0, 1, 2, 3]
    assert first.nyt is not None and first.nyt.number == nyt_number(DAY_1)
    assert result.warnings == ()


def test_nyt_rows_picture_day_and_wrong_game_id(tmp_path: Path) -> None:
    rows = rows_for(BOARD_1, DAY_1, game_id=7)
    for row in rows[:4]:
        row["Word"] = ""
    [puzzle] = get_importer("nyt-rows")(write_rows_csv(tmp_path / "t.csv", rows), "nyt-hf").puzzles
    assert Flag.PICTURE in puzzle.flags and Flag.EMPTY_MEMBER in puzzle.flags
    result = get_importer("nyt-rows")(write_rows_csv(tmp_path / "u.csv", rows_for(BOARD_1, DAY_1, 7)), "x")
    assert any("Game ID 7 is not the number of 2024-03-05" in w for w in result.warnings)


def test_nyt_rows_broken_game_names_rows(tmp_path: Path) -> None:
    rows = rows_for(BOARD_1, DAY_1)
    rows[3]["Group Level"] = 0
    path = write_rows_csv(tmp_path / "bad.csv", rows)
    with pytest.raises(SchemaError, match=r"game \d+: rows 2-17: expected levels 0-3 with 4 words each"):
        get_importer("nyt-rows")(path, "nyt-hf")
    (tmp_path / "cols.csv").write_text("Game ID,Word\n1,X\n", encoding="utf-8")
    with pytest.raises(SchemaError, match="missing column"):
        get_importer("nyt-rows")(tmp_path / "cols.csv", "nyt-hf")


def test_connections_eval_ids_levels_and_red_herrings(tmp_path: Path) -> None:
    result = get_importer("connections-eval")(write_eval_yaml(tmp_path / "p.yml"), "connections-eval")
    dated, undated = result.puzzles
    assert dated.id == "nyt-2024-03-05" and dated.nyt is not None
    assert [g.connection for g in dated.groups] == [t for t, _ in BOARD_1]  # sorted by colour
    assert list(dated.clues) == board_words(BOARD_1)
    assert undated.id == "connections-eval-17" and undated.nyt is None  # id 17 is not #? of 2024-01-01
    herrings = {r.puzzle_id: r for r in result.annotations}
    assert {r.annotator for r in result.annotations} == {ANNOTATOR}
    [trap] = herrings[dated.id].red_herring_categories  # the group with an off-board word is left out
    assert trap.clues == ("GUMBO", "SUIT", "SPOT", "HIGH")
    assert [dated.clues[n - 1] for n in trap.clue_numbers] == list(trap.clues)
    assert herrings[undated.id].red_herring_categories == ()  # [] = reviewed, none
    assert herrings[undated.id].status == "labelled"
    assert any("STAPLE" in w for w in result.warnings)
    assert result.extras["fields"][undated.id]["difficulty"] == 3.9


def test_connections_eval_leaves_out_what_is_not_a_trap_group(tmp_path: Path) -> None:
    path = write_eval_yaml(tmp_path / "p.yml")
    text = path.read_text().replace("[GUMBO, SUIT, SPOT, HIGH]", "[MOON, SPOT, HIGH, SUIT]")
    path.write_text(text.replace("[BLACK, BAR, MOON, STAPLE]", "[BLACK, BAR, MOON]"))
    result = get_importer("connections-eval")(path, "ce")
    assert result.annotations[0].red_herring_categories == ()
    at = f"{path}: puzzles[0]: trap group"
    assert [w for w in result.warnings if w.startswith(at)] == [
        f"{at} ['BLACK', 'BAR', 'MOON'] has 3 clues; a trap group has 4 or more; left out",
        f"{at} ['MOON', 'SPOT', 'HIGH', 'SUIT'] has 3 clues of one group; "
        "a trap group has at most 2; left out",
    ]


def test_connections_eval_absent_key_is_unreviewed(tmp_path: Path) -> None:
    text = (
        write_eval_yaml(tmp_path / "p.yml")
        .read_text()
        .replace("    valid_trap_groups: []  # reviewed; no traps\n", "")
    )
    (tmp_path / "q.yml").write_text(text)
    result = get_importer("connections-eval")(tmp_path / "q.yml", "ce")
    assert [r.puzzle_id for r in result.annotations] == ["nyt-2024-03-05"]
    assert any(
        "1 puzzle(s) with trap groups, 0 reviewed without, 1 not reviewed" in w for w in result.warnings
    )


def test_todd_puzzles_dates_and_levels_from_colours(tmp_path: Path) -> None:
    doc = [todd_puzzle(nyt_number(DAY_1), BOARD_1), todd_puzzle(1, BOARD_2)]
    result = get_importer("todd-puzzles")(write_json(tmp_path / "puzzle_data.json", doc), "todd")
    first, second = result.puzzles
    assert first.id == "nyt-2024-03-05" and second.id == "nyt-2023-06-12"
    assert [g.connection for g in first.groups] == [t for t, _ in BOARD_1]
    assert [g.level for g in first.groups] == [0, 1, 2, 3]
    bad = [{"id": 3, "answers": [{**a, "color": "#000000"} for a in doc[0]["answers"]]}]
    with pytest.raises(SchemaError, match=r"\[0\] \(id 3\): answers\[0\]: field 'color'"):
        get_importer("todd-puzzles")(write_json(tmp_path / "bad.json", bad), "todd")
