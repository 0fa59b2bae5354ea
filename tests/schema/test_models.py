from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from pydantic import ValidationError

from ocwtool.errors import InputError, SchemaError
from ocwtool.schema.models import Flag, NytMeta, Puzzle, nyt_date, nyt_number, sort_key
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from tests.conftest import make_nyt, make_ocw_wall


def test_nyt_number_is_days_since_first_puzzle() -> None:
    assert nyt_number(dt.date(2023, 6, 12)) == 1
    assert nyt_number(dt.date(2023, 12, 11)) == 183
    assert nyt_date(295) == dt.date(2024, 4, 1)


def test_nyt_meta_rejects_wrong_number() -> None:
    with pytest.raises(ValidationError, match="does not match date"):
        NytMeta(date=dt.date(2024, 1, 1), number=5)


def test_puzzle_requires_clues_to_be_the_groups_clues(ocw_wall: Puzzle) -> None:
    data = ocw_wall.model_dump()
    data["clues"] = ["X", *data["clues"][1:]]
    with pytest.raises(ValidationError, match="multiset"):
        Puzzle.model_validate(data)


def test_puzzle_is_immutable(ocw_wall: Puzzle) -> None:
    with pytest.raises(ValidationError):
        ocw_wall.id = "other"  # type: ignore[misc]


def test_with_flags_keeps_flags_sorted_and_unique(ocw_wall: Puzzle) -> None:
    flagged = ocw_wall.with_flags(Flag.PICTURE, Flag.BLANK_CONNECTION, Flag.PICTURE)
    assert flagged.flags == (Flag.BLANK_CONNECTION, Flag.PICTURE)


def test_store_round_trip_sorted(tmp_path: Path) -> None:
    later = make_ocw_wall("bbb222", season=2)
    earlier = make_ocw_wall("aaa111", season=1)
    nyt = make_nyt()
    path = tmp_path / "p.jsonl"
    assert write_puzzles(path, [nyt, later, earlier]) == 3
    back = read_puzzles(path)
    assert [p.id for p in back] == ["nyt-2024-01-02", "aaa111", "bbb222"]
    assert back == sorted([nyt, later, earlier], key=sort_key)
    assert list(tmp_path.glob("*.tmp")) == []


def test_store_reports_bad_json_with_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": 1}\n{oops\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_puzzles(path)
    assert str(info.value).startswith(f"{path}:1:")


def test_store_reports_schema_violation_with_record_and_field(tmp_path: Path) -> None:
    data = make_ocw_wall().to_json_dict()
    data["groups"][2]["level"] = 7
    path = tmp_path / "bad.jsonl"
    import json

    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    with pytest.raises(SchemaError) as info:
        read_puzzles(path)
    assert str(info.value) == (
        f"{path}:1: record abc123: groups.2.level: Input should be less than or equal to 3"
    )


def test_store_refuses_duplicate_ids(tmp_path: Path) -> None:
    with pytest.raises(SchemaError, match="duplicate puzzle id 'abc123'"):
        write_puzzles(tmp_path / "p.jsonl", [make_ocw_wall(), make_ocw_wall()])
