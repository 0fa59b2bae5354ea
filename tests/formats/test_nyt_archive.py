from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from ocwtool.errors import SchemaError
from ocwtool.formats import get_importer
from ocwtool.formats.nyt_archive import dump_document, load_document
from ocwtool.schema.models import Flag, Game, Puzzle
from tests.formats.conftest import nyt_entries


def load(doc: Any) -> Any:
    return load_document(doc, where="a.json", source="nyt-archive")


def by_id(puzzles: tuple[Puzzle, ...]) -> dict[str, Puzzle]:
    return {p.id: p for p in puzzles}


def test_ids_numbers_groups_and_clues() -> None:
    result = load(nyt_entries())
    p = by_id(result.puzzles)["nyt-2024-01-05"]
    assert p.game is Game.NYT and p.nyt is not None
    assert p.nyt.date == dt.date(2024, 1, 5) and p.nyt.number == 208
    assert [g.id for g in p.groups] == [f"nyt-2024-01-05_{k}" for k in (1, 2, 3, 4)]
    assert [g.level for g in p.groups] == [0, 1, 2, 3]
    # no starting board in the archive: clues are the groups concatenated, yellow..purple
    assert list(p.clues) == [c for g in p.groups for c in g.clues]
    assert p.flags == () and p.nyt.picture is False


def test_level_order_wins_over_list_order() -> None:
    p = by_id(load(nyt_entries()).puzzles)["nyt-2024-01-06"]
    assert p.connections == ("BIRDS", "COLOURS", "POKER MOVES", "PALINDROMES")
    assert Flag.LEVEL_FROM_ORDER not in p.flags


def test_level_minus_one_means_list_order_and_is_flagged() -> None:
    p = by_id(load(nyt_entries()).puzzles)["nyt-2025-09-25"]
    assert [g.level for g in p.groups] == [0, 1, 2, 3]
    assert p.connections[0] == "BREAKFAST FOODS"
    assert p.flags == (Flag.LEVEL_FROM_ORDER,)


def test_picture_days_are_kept_and_flagged() -> None:
    result = load(nyt_entries())
    puzzles = by_id(result.puzzles)
    known = puzzles["nyt-2024-12-12"]
    assert known.flags == (Flag.PICTURE,) and known.nyt is not None and known.nyt.picture
    empty = puzzles["nyt-2025-03-03"]
    assert empty.flags == (Flag.DUPLICATE_CLUE, Flag.EMPTY_MEMBER, Flag.PICTURE)
    assert empty.clues == ("",) * 16
    assert len(result.puzzles) == 5
    assert result.warnings == (
        "2024-12-12: picture puzzle kept (image board; archives hold the alt text as members; flag picture)",
        "2025-03-03: picture puzzle with empty members kept (flags picture, empty_member)",
        "1 puzzle has level -1: levels taken from list order (flag level_from_order)",
        "625 days missing between 2024-01-05 and 2025-09-25 (1 of them known picture days): 2024-01-07, "
        "2024-01-08, 2024-01-09, 2024-01-10, 2024-01-11, 2024-01-12, 2024-01-13, 2024-01-14, 2024-01-15, "
        "2024-01-16 ...",
    )


def test_round_trip_is_exact() -> None:
    entries = nyt_entries()
    result = load(entries)
    expected = sorted(entries, key=lambda e: e["date"])
    assert dump_document(result.puzzles, result.extras) == expected


def test_export_without_extras_uses_puzzle_numbers() -> None:
    result = load(nyt_entries()[:1])
    out = dump_document(result.puzzles)
    assert out[0]["id"] == 208 and out[0]["answers"][0]["level"] == 0


def test_export_refuses_puzzles_without_date(ocw_wall: Puzzle) -> None:
    with pytest.raises(SchemaError) as info:
        dump_document([ocw_wall])
    assert str(info.value) == "record abc123: nyt.date: expected an NYT puzzle with a date for this format"


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d[0].update(date="2024-13-01"),
            "a.json: [0]: field 'date': expected a date YYYY-MM-DD, got '2024-13-01'",
        ),
        (
            lambda d: d[1].update(date="2024-01-05"),
            "a.json: [1]: date 2024-01-05 appears twice (first at [0])",
        ),
        (
            lambda d: d[0]["answers"][2].update(level=-1),
            "a.json: [0] (2024-01-05): field 'level': "
            "expected 0, 1, 2, 3 once each or all -1, got [0, 1, -1, 3]",
        ),
        (
            lambda d: d[0]["answers"][1]["members"].pop(),
            "a.json: [0] (2024-01-05): answers[1].members: expected an array of 4 strings, got 3 items",
        ),
        (
            lambda d: d[0]["answers"][1]["members"].__setitem__(0, 7),
            "a.json: [0] (2024-01-05): answers[1].members[0]: expected a string, got number",
        ),
        (lambda d: d.__setitem__(0, []), "a.json: [0]: expected an object {id, date, answers}, got array"),
    ],
)
def test_schema_violations(mutate: Any, message: str) -> None:
    entries = nyt_entries()
    mutate(entries)
    with pytest.raises(SchemaError) as info:
        load(entries)
    assert str(info.value) == message


def test_real_archive(shared_data: Path) -> None:
    path = shared_data / "nyt" / "connections_archive_1163.json"
    result = get_importer("nyt-archive")(path, "nyt-archive")
    puzzles = result.puzzles
    assert len(puzzles) == 1163
    counts = {f: sum(f in p.flags for p in puzzles) for f in Flag}
    assert {f.value: n for f, n in counts.items() if n} == {
        "level_from_order": 332,
        "picture": 2,
        "empty_member": 1,
        "duplicate_clue": 1,
    }
    assert [p.id for p in puzzles if Flag.PICTURE in p.flags] == ["nyt-2024-12-12", "nyt-2025-04-01"]
    raw = json.loads(path.read_text())
    assert dump_document(puzzles, result.extras) == raw
    for i in (0, 9, 1162):
        p, entry = puzzles[i], raw[i]
        assert p.id == f"nyt-{entry['date']}" and p.nyt is not None
        assert p.nyt.number == (dt.date.fromisoformat(entry["date"]) - dt.date(2023, 6, 12)).days + 1
        assert p.connections == tuple(a["group"] for a in entry["answers"])
        assert [list(g.clues) for g in p.groups] == [a["members"] for a in entry["answers"]]
    assert puzzles[0].id == "nyt-2023-06-12" and puzzles[-1].id == "nyt-2026-08-22"
    assert puzzles[9].nyt is not None and puzzles[9].nyt.number == 10
    assert Flag.LEVEL_FROM_ORDER in puzzles[-1].flags and Flag.LEVEL_FROM_ORDER not in puzzles[9].flags
    assert result.warnings[-1].startswith("5 days missing between 2023-06-12 and 2026-08-22 (5 of them known")
