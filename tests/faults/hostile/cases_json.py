"""Hostile JSON/YAML text (issue #13, hole 3): what the parser itself chokes on or should refuse.

Deep nesting, numbers past Python's int-conversion limit, lone UTF-16 surrogates, invalid UTF-8,
byte order marks, NaN/Infinity literals, duplicate keys and wrong top-level types, across every
format ``import`` reads, format detection, ``annotate import`` and ``eval --predictions``.
"""

from __future__ import annotations

from tests.faults.hostile import HostileCase
from tests.faults.hostile._inputs import (
    case,
    csv_text,
    eval_yaml,
    flat,
    gold,
    json_text,
    jsonl_records,
    jsonl_text,
    labelstudio,
    nyt_archive,
    nyt_rows,
    ocw,
    taxonomy,
    todd,
)

DEEP = 100_000
HUGE = "9" * 5000


def _deep(n: int = DEEP) -> str:
    return "[" * n + "]" * n


def _nesting() -> list[HostileCase]:
    c = "json-nesting"
    return [
        case(c, "ocw-document", "ocw", "deep.json", _deep()),
        case(c, "ocw-dataset", "ocw", "deep-dataset.json", '{"dataset": ' + _deep() + "}"),
        case(c, "nyt-archive", "nyt-archive", "deep.json", _deep()),
        case(c, "jsonl-line-2", "jsonl", "deep.jsonl", json_text(jsonl_records()[0]) + "\n" + _deep() + "\n"),
        case(c, "connections-gold", "connections-gold", "deep.json", _deep()),
        case(c, "todd-puzzles", "todd-puzzles", "deep.json", _deep()),
        case(c, "auto-json", "auto", "deep.json", _deep()),
        case(c, "auto-jsonl", "auto", "deep.jsonl", _deep() + "\n"),
        case(c, "connections-eval-yaml", "connections-eval", "deep.yml", "puzzles: " + _deep(5000) + "\n"),
        case(c, "auto-yaml", "auto", "deep.yaml", "puzzles: " + _deep(5000) + "\n"),
        case(c, "annotate-labelstudio", "annotate-labelstudio", "deep.json", _deep()),
        case(c, "annotate-jsonl", "annotate-jsonl", "deep.jsonl", _deep() + "\n"),
        case(c, "eval-predictions", "eval-predictions", "deep.json", _deep()),
        case(c, "eval-predictions-jsonl", "eval-predictions", "deep.jsonl", _deep() + "\n"),
    ]


def _with_season(value: str) -> str:
    """The OCW example with the first wall's season spelled ``value`` (raw JSON)."""
    return json_text(ocw()).replace('"season": 1,', f'"season": {value},', 1)


def _huge() -> list[HostileCase]:
    c = "huge-numbers"
    archive = json_text(nyt_archive()).replace('"level": 0', '"level": ' + HUGE, 1)
    record = json_text(jsonl_records()[0]).replace('"season":1', '"season":' + HUGE)
    record = record.replace('"season": 1', '"season": ' + HUGE)
    return [
        case(c, "ocw-season", "ocw", "huge.json", _with_season(HUGE)),
        case(c, "ocw-clue", "ocw", "huge-clue.json", json_text(ocw()).replace('"Jade"', HUGE, 1)),
        case(c, "nyt-archive-level", "nyt-archive", "huge.json", archive),
        case(c, "jsonl-season", "jsonl", "huge.jsonl", record + "\n"),
        case(
            c,
            "todd-id",
            "todd-puzzles",
            "huge.json",
            json_text(todd()).replace('"id": ', '"id": 1' + HUGE, 1),
        ),
        case(c, "auto-ocw", "auto", "huge.json", _with_season(HUGE)),
        case(
            c,
            "connections-eval-yaml",
            "connections-eval",
            "huge.yml",
            eval_yaml().replace("difficulty: 4.2", "difficulty: " + HUGE),
        ),
        case(c, "eval-predictions", "eval-predictions", "huge.json", "[" + HUGE + "]"),
        case(
            c,
            "annotate-labelstudio",
            "annotate-labelstudio",
            "huge.json",
            json_text(labelstudio()).replace('"id": 1', '"id": ' + HUGE, 1),
        ),
        case(c, "ocw-float-overflow", "ocw", "inf.json", _with_season("1e999")),
    ]


def _surrogates() -> list[HostileCase]:
    c = "lone-surrogates"
    lone = "\ud800"
    doc = ocw()
    doc["dataset"][2]["groups"]["group_1"]["gt_connection"] = "Shades" + lone
    extra = ocw()
    extra["dataset"][0]["notes"] = "kept in extras " + lone
    key = ocw()
    key["season_to_walls_map"] = {"1" + lone: 4, "2": 2}
    arch = nyt_archive()
    arch[0]["answers"][1]["group"] = "TYPES OF KNOT" + lone
    recs = jsonl_records()
    recs[3]["groups"][0]["connection"] += lone
    g = gold()
    g[1]["categories"] = {k + lone: v for k, v in g[1]["categories"].items()}
    t = todd()
    t[0]["answers"][0]["description"] += lone
    low = json_text(ocw()).replace('"Jade"', '"Ja\\udc00de"', 1)
    return [
        case(c, "ocw-connection", "ocw", "lone.json", json_text(doc)),
        case(c, "ocw-low-surrogate-clue", "ocw", "low.json", low),
        case(c, "ocw-unknown-field", "ocw", "extra.json", json_text(extra)),
        case(c, "ocw-season-map-key", "ocw", "key.json", json_text(key)),
        case(c, "nyt-archive-group", "nyt-archive", "lone.json", json_text(arch)),
        case(c, "jsonl-connection", "jsonl", "lone.jsonl", jsonl_text(recs)),
        case(c, "connections-gold-title", "connections-gold", "lone.json", json_text(g)),
        case(c, "todd-description", "todd-puzzles", "lone.json", json_text(t)),
        case(c, "auto-ocw", "auto", "lone.json", json_text(doc)),
        case(
            c,
            "connections-eval-yaml",
            "connections-eval",
            "lone.yml",
            eval_yaml().replace("SOUPS", '"SOUPS\\ud800"'),
        ),
        case(
            c,
            "annotate-labelstudio",
            "annotate-labelstudio",
            "lone.json",
            json_text(labelstudio("Ja" + lone)),
        ),
        case(c, "eval-predictions", "eval-predictions", "lone.json", json_text([{"wall_id": "x" + lone}])),
    ]


def _utf8_bom_literals() -> list[HostileCase]:
    bad = json_text(ocw()).replace('"Jade"', '"Ja\xffde"', 1).encode("latin-1")
    cesu = json_text(ocw()).encode().replace(b'"Jade"', b'"Ja\xed\xa0\x80de"', 1)
    bom = b"\xef\xbb\xbf"
    return [
        case("invalid-utf8", "ocw-latin1", "ocw", "latin1.json", bad),
        case("invalid-utf8", "ocw-cesu-surrogate", "ocw", "cesu.json", cesu),
        case(
            "invalid-utf8",
            "jsonl",
            "jsonl",
            "latin1.jsonl",
            jsonl_text(jsonl_records()).replace("Jade", "Ja\xffde").encode("latin-1"),
        ),
        case(
            "invalid-utf8",
            "nyt-rows-csv",
            "nyt-rows",
            "latin1.csv",
            csv_text(nyt_rows()).replace("BISQUE", "BISQU\xc9").encode("latin-1"),
        ),
        case(
            "invalid-utf8",
            "connections-eval-yaml",
            "connections-eval",
            "latin1.yml",
            eval_yaml().replace("SOUPS", "SOUP\xc9").encode("latin-1"),
        ),
        case("invalid-utf8", "eval-predictions", "eval-predictions", "latin1.json", b'[{"wall_id": "\xff"}]'),
        case(
            "invalid-utf8", "annotate-labelstudio", "annotate-labelstudio", "latin1.json", b'[{"id": "\xff"}]'
        ),
        case("bom", "ocw", "ocw", "bom.json", bom + json_text(ocw()).encode()),
        case("bom", "jsonl", "jsonl", "bom.jsonl", bom + jsonl_text(jsonl_records()).encode()),
        case("bom", "nyt-archive", "nyt-archive", "bom.json", bom + json_text(nyt_archive()).encode()),
        case("nan-infinity", "ocw-clue-nan", "ocw", "nan.json", json_text(ocw()).replace('"Jade"', "NaN", 1)),
        case("nan-infinity", "ocw-season-infinity", "ocw", "inf.json", _with_season("Infinity")),
        case(
            "nan-infinity",
            "nyt-archive-level",
            "nyt-archive",
            "nan.json",
            json_text(nyt_archive()).replace('"level": 0', '"level": -Infinity', 1),
        ),
        case(
            "nan-infinity",
            "jsonl-season",
            "jsonl",
            "nan.jsonl",
            json_text(jsonl_records()[0]).replace('"season": 1', '"season": NaN') + "\n",
        ),
        case("nan-infinity", "eval-predictions", "eval-predictions", "nan.json", "[NaN]"),
    ]


def _duplicates_and_types() -> list[HostileCase]:
    c = "duplicate-keys"
    t = "wrong-top-level"
    dup_season = json_text(ocw()).replace('"season": 1,', '"season": 1, "season": 2,', 1)
    dup_id = json_text(jsonl_records()[0]).replace('{"id": ', '{"id": "shadow", "id": ', 1)
    dup_date = json_text(nyt_archive()).replace('"date": ', '"date": "2025-09-17", "date": ', 1)
    return [
        case(c, "ocw-season", "ocw", "dup.json", dup_season),
        case(c, "jsonl-id", "jsonl", "dup.jsonl", dup_id + "\n"),
        case(c, "nyt-archive-date", "nyt-archive", "dup.json", dup_date),
        case(
            c,
            "ctd-flat",
            "connections-gold-flat",
            "dup.json",
            json_text(flat()).replace('"Categories": ', '"Categories": "X", "Categories": ', 1),
        ),
        case(t, "ocw-string", "ocw", "string.json", '"a wall"'),
        case(t, "ocw-null", "ocw", "null.json", "null"),
        case(t, "ocw-dataset-number", "ocw", "number.json", '{"dataset": 7}'),
        case(t, "nyt-archive-object", "nyt-archive", "object.json", '{"date": "2025-09-16"}'),
        case(t, "jsonl-array-line", "jsonl", "array.jsonl", "[1, 2]\n"),
        case(t, "todd-object", "todd-puzzles", "object.json", '{"id": 1}'),
        case(t, "connections-gold-number", "connections-gold", "number.json", "42"),
        case(t, "ctd-flat-strings", "connections-gold-flat", "strings.json", '["a", "b"]'),
        case(t, "taxonomy-object", "connections-taxonomy", "object.json", json_text({"x": taxonomy()[0]})),
        case(t, "connections-eval-list", "connections-eval", "list.yml", "- 1\n- 2\n"),
        case(t, "eval-predictions-number", "eval-predictions", "number.json", "3"),
        case(t, "annotate-labelstudio-string", "annotate-labelstudio", "string.json", '"tasks"'),
        case(t, "annotate-taxonomy-number", "annotate-taxonomy", "number.json", "5"),
        case(t, "auto-number", "auto", "number.json", "5"),
    ]


CASES: list[HostileCase] = [
    *_nesting(),
    *_huge(),
    *_surrogates(),
    *_utf8_bom_literals(),
    *_duplicates_and_types(),
]
