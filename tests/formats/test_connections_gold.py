from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from ocwtool.errors import SchemaError
from ocwtool.formats import get_exporter, get_importer
from ocwtool.formats.connections_gold import dump_document, load_document
from ocwtool.schema.models import Flag


def game(titles: list[str], words: list[list[str]], **extra: Any) -> dict[str, Any]:
    allwords = [w for ws in words for w in ws]
    return {"allwords": allwords[::-1], "categories": dict(zip(titles, words, strict=True)), **extra}


NEWER = game(
    ["SOUPS", "KEYS ON A PIANO", "SPACE ___", "WORDS BEFORE 'LIGHT'"],
    [
        ["BISQUE", "BROTH", "CHOWDER", "GUMBO"],
        ["BLACK", "WHITE", "IVORY", "EBONY"],
        ["BAR", "SHIP", "SUIT", "AGE"],
        ["MOON", "FLASH", "SPOT", "HIGH"],
    ],
    exclude=True,
)
OLDER = game(
    ["BIRDS OF PREY", "OFFICE ITEMS", "CHESS TERMS", "___MAN"],
    [
        ["EAGLE", "HAWK", "KITE", "OSPREY"],
        ["STAPLER", "FOLDER", "BINDER", "TAPE"],
        ["CHECK", "MATE", "CASTLE", "FORK"],
        ["SNOW", "BAT", "SUPER", "POST"],
    ],
    date="2024-02-10",
)


def load(doc: Any) -> Any:
    return load_document(doc, where="g.json", source="gold")


def test_list_newest_first_round_trips() -> None:
    doc = [NEWER, OLDER]
    result = load(doc)
    newer, older = result.puzzles
    assert newer.id == "gold-2" and newer.nyt is None
    assert newer.flags == (Flag.EXCLUDED, Flag.LEVEL_FROM_ORDER)
    assert older.id == "nyt-2024-02-10" and older.nyt is not None and older.nyt.number == 244
    assert [g.level for g in older.groups] == [0, 1, 2, 3]
    assert older.connections[0] == "BIRDS OF PREY"
    assert list(newer.clues) == NEWER["allwords"]
    assert result.warnings == ("1 game marked exclude (kept, flag excluded)",)
    assert dump_document(result.puzzles, result.extras) == doc


def test_single_game_and_object_of_games() -> None:
    assert dump_document(load(OLDER).puzzles, load(OLDER).extras) == OLDER
    doc = {"g17": NEWER, "g18": {**OLDER, "source": "web"}}
    result = load(doc)
    assert [p.id for p in result.puzzles] == ["gold-g17", "nyt-2024-02-10"]
    assert dump_document(result.puzzles, result.extras) == doc


def test_exclude_reaches_nyt_meta_when_dated() -> None:
    p = load({**OLDER, "exclude": True}).puzzles[0]
    assert p.nyt is not None and p.nyt.exclude and Flag.EXCLUDED in p.flags


def test_export_of_other_puzzles(nyt_puzzle: Any) -> None:
    out = dump_document([nyt_puzzle])
    assert out == [
        {
            "allwords": ", ".join(nyt_puzzle.clues),
            "categories": {g.connection: list(g.clues) for g in nyt_puzzle.groups},
            "date": "2024-01-02",
        }
    ]


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            [{**OLDER, "allwords": OLDER["allwords"][:15]}],
            "g.json: [0]: field 'allwords': expected 16 clues, got 15",
        ),
        (
            [{**OLDER, "categories": {"A": ["B"] * 4}}],
            "g.json: [0]: field 'categories': expected 4 categories, got 1",
        ),
        (
            [{**OLDER, "date": "10/02/2024"}],
            "g.json: [0]: field 'date': expected a date YYYY-MM-DD, got '10/02/2024'",
        ),
        ([{**OLDER, "exclude": "yes"}], "g.json: [0]: field 'exclude': expected true or false, got string"),
        (
            [{**OLDER, "allwords": ["X", *OLDER["allwords"][1:]]}],
            "g.json: [0] (nyt-2024-02-10): record nyt-2024-02-10: (record): Value error, "
            "clues must be exactly the 16 clues of the 4 groups (as a multiset)",
        ),
    ],
)
def test_schema_violations(doc: Any, message: str) -> None:
    with pytest.raises(SchemaError) as info:
        load(doc)
    assert str(info.value) == message


def test_file_round_trip(tmp_path: Path) -> None:
    src = tmp_path / "gold.json"
    src.write_text(json.dumps([NEWER, OLDER]))
    result = get_importer("connections-gold")(src, "gold")
    out = tmp_path / "out.json"
    get_exporter("connections-gold")(result.puzzles, out, result.extras)
    assert json.loads(out.read_text()) == [NEWER, OLDER]
    assert result.puzzles[1].nyt is not None and result.puzzles[1].nyt.date == dt.date(2024, 2, 10)
