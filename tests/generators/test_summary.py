"""Variant build summaries: typed, with the published JSON record layout and the printed lines."""

from __future__ import annotations

from ocwtool.generators.summary import PoolRun, VariantSummary, WordNetRun

HEAD = {"kind": "randomized", "input": "puzzles/ocw.jsonl", "split": "test", "seed": 42, "puzzles": 3}


def _summary(**kw: object) -> VariantSummary:
    kind = HEAD["kind"]
    files = {"output": f"variants/{kind}.jsonl", "summary_file": f"variants/{kind}.summary.json"}
    fields = HEAD | files | kw
    return VariantSummary(**fields)  # type: ignore[arg-type]


def test_randomized_record_keeps_the_file_layout_and_reports_every_stall() -> None:
    pool = PoolRun("test", 3, "42", restarts=1, draws=9, stalls=("stalled at wall w2",))
    summary = _summary(pools=(pool,))
    doc = summary.to_json()
    assert list(doc) == ["kind", "input", "split", "seed", "puzzles", "output", "pools"]
    assert doc["pools"] == [
        {
            "pool": "test",
            "puzzles": 3,
            "stream": "42",
            "restarts": 1,
            "draws": 9,
            "stalls": ["stalled at wall w2"],
        }
    ]
    assert summary.stall_warnings() == ["warning: randomized pool test: stalled at wall w2"]
    assert summary.describe() == [
        "randomized: 3 puzzles from puzzles/ocw.jsonl (split test, seed 42) -> variants/randomized.jsonl",
        "  pool test: 3 walls, stream 42, 1 restart(s), 9 draws",
        "  summary: variants/randomized.summary.json",
    ]


def test_wordnet_record_and_lines_name_the_incomplete_walls() -> None:
    counts = {"walls": 10, "complete_by_rule": 1, "complete_with_fallback": 0, "incomplete": 9}
    walls = tuple(f"w{n}" for n in range(9))
    run = WordNetRun("WordNet 3.0", False, True, False, counts, walls)
    files = {"output": "variants/wordnet.jsonl", "summary_file": "variants/wordnet.summary.json"}
    summary = _summary(kind="wordnet", **files, wordnet=run, ocw_json="x.ocw.json")
    doc = summary.to_json()
    assert list(doc)[6:] == ["backend", "options", "rng", "counts", "incomplete_walls"]
    assert doc["options"] == {"fallback": False, "dedupe": True, "shuffle": False}
    assert "ocw_json" not in doc and summary.stall_warnings() == []
    lines = summary.describe()
    assert lines[1].endswith("9 incomplete (skipped); backend WordNet 3.0")
    assert lines[2] == "  incomplete: w0, w1, w2, w3, w4, w5, w6, w7 ... (+1 more)"
    assert lines[3:] == ["  OCW JSON: x.ocw.json", "  summary: variants/wordnet.summary.json"]
