"""Well-formed files with values the schema must refuse (issue #13, holes 3 and 4).

Negative or out-of-range metadata, NYT dates before the first puzzle (2023-06-12), and integers no
output format can hold (2**63, -2**63-1, 2**64, past int32 for the int32 columns), floats and
booleans where integers belong: each must be refused at import, naming file and record, before a
store is written (else ``export --format hf`` and ``release build`` crash on them later).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ocwtool.schema.models import nyt_number
from tests.faults.hostile import HostileCase
from tests.faults.hostile._inputs import (
    case,
    csv_text,
    eval_yaml,
    gold,
    json_text,
    jsonl_records,
    jsonl_text,
    nyt_archive,
    nyt_rows,
    ocw,
    todd,
)


def _ocw(key: str, value: Any, wall: int = 1) -> str:
    doc = ocw()
    doc["dataset"][wall][key] = value
    return json_text(doc)


def _jsonl(update: dict[str, Any], index: int = 2) -> str:
    recs = jsonl_records()
    for path, value in update.items():
        target = recs[index]
        *parents, last = path.split(".")
        for p in parents:
            target = target.setdefault(p, {})
        target[last] = value
    return jsonl_text(recs)


def _nyt_record(**meta: Any) -> dict[str, Any]:
    """An NYT store record (2024-03-05) with its nyt metadata updated by ``meta``."""
    from ocwtool.formats.todd_puzzles import load_document

    rec = load_document(todd()[:1], where="t", source="todd").puzzles[0].to_json_dict()
    rec["nyt"].update(meta)
    return rec


def _range() -> list[HostileCase]:
    c = "out-of-range-metadata"
    arch = nyt_archive()
    arch[0]["answers"][2]["level"] = 7
    rows = nyt_rows()
    rows[3]["Group Level"] = 7
    t = todd()
    t[1]["id"] = -5
    return [
        case(c, "ocw-negative-season", "ocw", "neg.json", _ocw("season", -1)),
        case(c, "ocw-negative-episode", "ocw", "neg-episode.json", _ocw("episode", -3, wall=4)),
        case(c, "auto-ocw-negative-season", "auto", "neg.json", _ocw("season", -1)),
        case(c, "jsonl-negative-episode", "jsonl", "neg.jsonl", _jsonl({"ocw.episode": -2})),
        case(c, "jsonl-wall-index-3", "jsonl", "wall3.jsonl", _jsonl({"ocw.wall_index": 3})),
        case(
            c,
            "jsonl-level-4",
            "jsonl",
            "level.jsonl",
            _jsonl({"groups": [dict(g, level=4) for g in jsonl_records()[2]["groups"]]}),
        ),
        case(c, "nyt-archive-level-7", "nyt-archive", "level.json", json_text(arch)),
        case(c, "nyt-rows-level-7", "nyt-rows", "level7.csv", csv_text(rows)),
        case(c, "todd-negative-id", "todd-puzzles", "neg.json", json_text(t)),
    ]


def _early_dates() -> list[HostileCase]:
    c = "early-nyt-dates"
    arch = nyt_archive()
    arch[1]["date"] = "2023-06-11"
    g = gold()
    g[0]["date"] = "1999-12-31"
    rows = nyt_rows()
    for r in rows:
        r["Puzzle Date"] = "2020-02-02"
    early = _nyt_record()
    early["nyt"].update(date="2023-01-01", number=-161)
    early["id"] = "nyt-2023-01-01"
    return [
        case(c, "nyt-archive", "nyt-archive", "early.json", json_text(arch)),
        case(c, "auto-nyt-archive", "auto", "early.json", json_text(arch)),
        case(c, "connections-gold", "connections-gold", "early.json", json_text(g)),
        case(c, "nyt-rows-csv", "nyt-rows", "early.csv", csv_text(rows)),
        case(c, "jsonl", "jsonl", "early.jsonl", jsonl_text([early])),
        case(
            c,
            "connections-eval-yaml",
            "connections-eval",
            "early.yml",
            eval_yaml()
            .replace("date: 2024-01-01", "date: 2001-01-01")
            .replace("id: 17", f"id: {nyt_number(dt.date(2001, 1, 1))}"),
        ),
    ]


def _bounds() -> list[HostileCase]:
    c = "integer-bounds"
    return [
        case(c, "ocw-season-2p63", "ocw", "s63.json", _ocw("season", 2**63)),
        case(c, "ocw-season-2p64", "ocw", "s64.json", _ocw("season", 2**64)),
        case(c, "ocw-season-minus-2p63-1", "ocw", "sm63.json", _ocw("season", -(2**63) - 1)),
        case(c, "ocw-season-past-int32", "ocw", "s31.json", _ocw("season", 2**31)),
        case(c, "ocw-episode-2p63", "ocw", "e63.json", _ocw("episode", 2**63, wall=5)),
        case(c, "ocw-season-float", "ocw", "float.json", _ocw("season", 1.5)),
        case(c, "ocw-season-whole-float", "ocw", "wfloat.json", _ocw("season", 2.0)),
        case(c, "ocw-season-bool", "ocw", "bool.json", _ocw("season", True)),
        case(c, "ocw-season-string", "ocw", "str.json", _ocw("season", "2")),
        case(c, "jsonl-season-2p63", "jsonl", "s63.jsonl", _jsonl({"ocw.season": 2**63})),
        case(c, "jsonl-season-bool", "jsonl", "bool.jsonl", _jsonl({"ocw.season": True})),
        case(c, "jsonl-season-float", "jsonl", "float.jsonl", _jsonl({"ocw.season": 3.0})),
        case(c, "jsonl-season-string", "jsonl", "str.jsonl", _jsonl({"ocw.season": "3"})),
        case(
            c,
            "jsonl-level-bool",
            "jsonl",
            "lbool.jsonl",
            _jsonl({"groups": [dict(g, level=True) for g in jsonl_records()[2]["groups"]]}),
        ),
        case(
            c,
            "jsonl-lineage-seed-2p64",
            "jsonl",
            "seed.jsonl",
            _jsonl({"lineage": {"kind": "randomized", "seed": 2**64}}),
        ),
        case(
            c,
            "jsonl-nyt-internal-id-2p63",
            "jsonl",
            "iid.jsonl",
            jsonl_text([_nyt_record(internal_id=2**63)]),
        ),
        case(c, "jsonl-nyt-number-2p63", "jsonl", "num.jsonl", jsonl_text([_nyt_record(number=2**63)])),
        case(
            c,
            "nyt-archive-level-2p63",
            "nyt-archive",
            "l63.json",
            json_text(nyt_archive()).replace('"level": 1', f'"level": {2**63}', 1),
        ),
        case(
            c,
            "todd-id-2p63",
            "todd-puzzles",
            "id63.json",
            json_text(todd()).replace('"id": ', f'"id": {2**63}, "x": ', 1),
        ),
        case(
            c,
            "nyt-rows-level-2p63",
            "nyt-rows",
            "l63.csv",
            csv_text(
                [
                    dict(r, **{"Group Level": 2**63 if i == 0 else r["Group Level"]})
                    for i, r in enumerate(nyt_rows())
                ]
            ),
        ),
    ]


CASES: list[HostileCase] = [*_range(), *_early_dates(), *_bounds()]
