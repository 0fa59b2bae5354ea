"""Prediction files that score nothing, for ``ocwtool eval`` (issue #30, item 9): every answer
``null`` (a crashed run's file) is one clear error naming the file, as is a bad JSON Lines record far
into the file (named at its own line). ``tests/faults/test_scorer_output.py`` has the exact texts and
the shipped ``evaluate.py``."""

from __future__ import annotations

import json
from pathlib import Path

from tests.faults.hostile import HostileCase
from tests.faults.hostile._inputs import COMMANDS, case, jsonl_records


def _nulls() -> list[dict[str, object]]:
    return [
        {"wall_id": r["id"], "predicted_groups": None, "predicted_connections": None} for r in jsonl_records()
    ]


def _bad_line_495() -> str:
    good = [json.dumps(n) for n in _nulls()]
    return "\n".join([*(good[n % len(good)] for n in range(494)), '{"wall_id": [,]}']) + "\n"


def _at_line_495(folder: Path) -> tuple[list[str], str]:
    """The bad record of line 495: the error must name that line (``FILE:495:``)."""
    path = folder / "preds.jsonl"
    path.write_text(_bad_line_495(), encoding="utf-8")
    return [a.replace("{path}", str(path)) for a in COMMANDS["eval-predictions"]], f"{path}:495:"


CASES: list[HostileCase] = [
    case("scorer-nothing", "all-null-json", "eval-predictions", "null.json", json.dumps(_nulls())),
    case(
        "scorer-nothing",
        "all-null-jsonl",
        "eval-predictions",
        "null.jsonl",
        "\n".join(json.dumps(n) for n in _nulls()) + "\n",
    ),
    HostileCase("scorer-nothing", "jsonl-line-495", _at_line_495),
]
