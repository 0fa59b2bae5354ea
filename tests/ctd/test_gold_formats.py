"""The three "Connecting the Dots" gold shapes, on invented games written in their shapes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ocwtool.errors import SchemaError
from ocwtool.formats import get_exporter, get_importer
from ocwtool.formats.connections_gold import dump_document
from ocwtool.formats.connections_gold import load_document as load_gold
from ocwtool.formats.ctd_common import literal_words
from ocwtool.formats.ctd_flat import load_document as load_flat
from ocwtool.formats.ctd_taxonomy import load_document as load_taxonomy
from ocwtool.schema.models import Flag
from tests.ctd import fixtures as fx


def test_gold_shape_reads_joined_allwords_and_wrapped_words() -> None:
    result = load_gold(fx.gold_doc(), where="gold_data.json", source="ctd")
    first, _, last = result.puzzles
    assert [p.id for p in result.puzzles] == ["ctd-3", "ctd-2", "ctd-1"]
    assert list(first.clues) == fx.board(0)
    assert first.groups[3].clues == tuple(fx.GAMES[0][3][1])  # the {"Words": [...]} category
    assert [g.level for g in first.groups] == [0, 1, 2, 3]
    assert Flag.EXCLUDED in last.flags and Flag.EXCLUDED not in first.flags
    assert result.warnings == ("1 game marked exclude (kept, flag excluded)",)


def test_gold_shape_round_trips_exactly() -> None:
    doc = fx.gold_doc()
    result = load_gold(doc, where="g.json", source="ctd")
    assert dump_document(result.puzzles, result.extras) == doc


def test_export_without_extras_writes_the_published_shape() -> None:
    puzzles = load_gold(fx.gold_doc(), where="g.json", source="ctd").puzzles
    out = dump_document(puzzles)
    assert out[0]["allwords"] == fx.allwords(0)
    assert out[0]["categories"][fx.GAMES[0][3][0]] == fx.GAMES[0][3][1]  # plain list
    assert out[2]["exclude"] is True and "exclude" not in out[0]


def test_flat_and_taxonomy_shapes_give_the_same_puzzles() -> None:
    gold = load_gold(fx.gold_doc(), where="g", source="ctd").puzzles
    flat = load_flat(fx.flat_doc(), where="f", source="ctd").puzzles
    tax = load_taxonomy(fx.taxonomy_doc(), where="t", source="ctd").puzzles
    for a, b, c in zip(gold, flat, tax, strict=True):
        assert a.id == b.id == c.id
        assert a.clues == b.clues == c.clues
        assert a.groups == b.groups == c.groups


def test_typographic_quote_literal_is_repaired_and_reported() -> None:
    doc = fx.flat_doc()
    doc[5]["Words in Category"] = "['PIANO', 'MAP', 'LOCKSMITH', \u2019KEYBOARD\u2019]"
    result = load_flat(doc, where="f.json", source="ctd")
    assert result.puzzles[0].groups[1].clues[3] == "KEYBOARD"
    assert result.warnings == (
        "f.json: [5]: words written with typographic quotes as string delimiters; read as straight quotes",
    )


def test_literal_keeps_apostrophes_inside_strings() -> None:
    words = literal_words("[\"DON'T\", 'WON\u2019T', 'CAN', 'SHAN']", "x")
    assert words.words == ["DON'T", "WON\u2019T", "CAN", "SHAN"] and not words.repaired


def test_board_that_lost_its_emoji_is_flagged() -> None:
    doc = fx.gold_doc()[:1]
    marks = ["?", "??", "?", "?"] * 4
    doc[0] = {
        "allwords": ", ".join(marks),
        "categories": {f"T{k}": marks[4 * k : 4 * k + 4] for k in range(4)},
    }
    (p,) = load_gold(doc, where="g", source="ctd").puzzles
    assert {Flag.EMOJI, Flag.DUPLICATE_CLUE} <= set(p.flags)


@pytest.mark.parametrize(
    ("load", "doc", "message"),
    [
        (load_flat, fx.flat_doc()[:7], "f.json: expected four records per game, got 7 records"),
        (
            load_flat,
            [{"id": 0, "Categories": "X"}] * 4,
            "f.json: [0]: missing field 'Words in Category' (expected id, Categories, Words in Category)",
        ),
        (
            load_flat,
            [{**r, "Words in Category": "['A', 'B']"} for r in fx.flat_doc()[:4]],
            "f.json: [0]: field 'Words in Category': expected a Python-literal list of 4 strings, "
            "got \"['A', 'B']\"",
        ),
        (
            load_gold,
            [{**fx.gold_doc()[1], "allwords": 7}],
            "f.json: [0]: field 'allwords': expected the 16 clues joined by ', ' (or an array of 16 "
            "strings), got number",
        ),
        (
            load_gold,
            [{**fx.gold_doc()[1], "allwords": "A, B"}],
            "f.json: [0]: field 'allwords': expected 16 clues, got 2",
        ),
        (
            load_taxonomy,
            [{"allwords": fx.allwords(0), "reasoning_annotation": []}],
            "f.json: [0]: field 'reasoning_annotation': expected an array of 4 records, got 0 items",
        ),
    ],
)
def test_bad_records_name_the_place(load: Any, doc: Any, message: str) -> None:
    with pytest.raises(SchemaError) as info:
        load(doc, where="f.json", source="ctd")
    assert str(info.value) == message


def test_registered_importers_and_gold_export(tmp_path: Path) -> None:
    for name, doc in (
        ("connections-gold", fx.gold_doc()),
        ("connections-gold-flat", fx.flat_doc()),
        ("connections-taxonomy", fx.taxonomy_doc()),
    ):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(doc))
        result = get_importer(name)(path, "ctd")
        assert [list(p.clues) for p in result.puzzles] == [fx.board(n) for n in range(3)]
    out = tmp_path / "out.json"
    get_exporter("connections-gold")(result.puzzles, out, {})
    written = json.loads(out.read_text())
    assert [g["allwords"] for g in written] == [fx.allwords(n) for n in range(3)]


def test_export_refuses_a_clue_holding_the_separator() -> None:
    doc = fx.gold_doc()[1:2]
    doc[0]["allwords"] = [w if w != "MARS" else "MARS, BARS" for w in fx.board(1)]
    doc[0]["categories"]["PLANETS"] = ["MARS, BARS", "VENUS", "SATURN", "NEPTUNE"]
    puzzles = load_gold(doc, where="g", source="ctd").puzzles
    assert (
        dump_document(puzzles, load_gold(doc, where="g", source="ctd").extras)[0]["allwords"][0]
        == "MARS, BARS"
    )
    with pytest.raises(SchemaError, match="clue 'MARS, BARS' holds ', '"):
        dump_document(puzzles)
