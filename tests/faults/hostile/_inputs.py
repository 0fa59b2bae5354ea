"""Valid inputs of every importable format, for the hostile cases to break one field at a time.

Every document is invented (the embedded OCW and NYT examples, the shapes of ``tests/ctd`` and
``tests/formats/published``). :func:`case` wraps a writer as a :class:`HostileCase` whose error must
name the written file; :func:`json_text` spells a document as JSON with ``\\uXXXX`` escapes kept.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from ocwtool.data import example_path
from ocwtool.schema.models import nyt_number
from tests.ctd.fixtures import flat_doc, gold_doc, taxonomy_doc
from tests.faults.hostile import HostileCase
from tests.formats.published import (
    BOARD_1,
    BOARD_2,
    DAY_1,
    EVAL_YAML,
    board_words,
    rows_for,
    todd_puzzle,
)

#: (file name, format, default document) of every JSON format
Writer = Callable[[Path], bytes]


@cache
def _example(name: str) -> str:
    return example_path(name).read_text(encoding="utf-8")


def ocw() -> dict[str, Any]:
    """The embedded OCW JSON example (6 walls)."""
    doc: dict[str, Any] = json.loads(_example("ocw_example.json"))
    return doc


def nyt_archive() -> list[dict[str, Any]]:
    """The embedded NYT community archive example."""
    doc: list[dict[str, Any]] = json.loads(_example("nyt_archive_example.json"))
    return doc


def jsonl_records() -> list[dict[str, Any]]:
    """The OCW example as canonical store records (what ``kept.jsonl`` holds)."""
    from ocwtool.formats.ocw_json import load_document

    result = load_document(ocw(), where="example", source="kept")
    return [p.to_json_dict() for p in result.puzzles]


def todd() -> list[dict[str, Any]]:
    return [todd_puzzle(nyt_number(DAY_1), BOARD_1), todd_puzzle(nyt_number(DAY_1) + 1, BOARD_2)]


def gold() -> list[dict[str, Any]]:
    return copy.deepcopy(gold_doc())


def flat() -> list[dict[str, Any]]:
    return copy.deepcopy(flat_doc())


def taxonomy() -> list[dict[str, Any]]:
    return copy.deepcopy(taxonomy_doc())


def eval_yaml() -> str:
    w1, w2 = (", ".join(board_words(b)) for b in (BOARD_1, BOARD_2))
    return EVAL_YAML.format(n1=nyt_number(DAY_1), d1=DAY_1.isoformat(), w1=w1, w2=w2)


def nyt_rows() -> list[dict[str, Any]]:
    return rows_for(BOARD_1, DAY_1)


def csv_text(rows: list[dict[str, Any]]) -> str:
    header = list(rows[0])
    lines = [",".join(header)] + [",".join(str(r[c]) for c in header) for r in rows]
    return "\n".join(lines) + "\n"


def json_text(doc: Any) -> str:
    """JSON with every non-ASCII character escaped (so a lone surrogate is written as ``\\ud800``)."""
    return json.dumps(doc, ensure_ascii=True)


def jsonl_text(records: list[Any]) -> str:
    return "".join(json_text(r) + "\n" for r in records)


def labelstudio(text_of_first_clue: Any = "Jade") -> list[dict[str, Any]]:
    """A Label Studio export of one task of the kept store, with one choice."""
    rec = jsonl_records()[0]
    return [
        {
            "id": 1,
            "data": {"puzzle_id": rec["id"], "group_id": rec["groups"][0]["id"], "clue": text_of_first_clue},
            "annotations": [{"result": [], "completed_by": 1}],
        }
    ]


def predictions() -> list[dict[str, Any]]:
    """A correct OCW-JSON-shaped prediction of every kept wall (grouped as the groups)."""
    return [
        {"wall_id": r["id"], "predicted_groups": [g["clues"] for g in r["groups"]]} for r in jsonl_records()
    ]


# Formats: name -> (file name, command arguments after the file)
IMPORT = ["import", "{path}", "--source", "kept"]
COMMANDS: dict[str, list[str]] = {
    "ocw": [*IMPORT, "--format", "ocw"],
    "nyt-archive": [*IMPORT, "--format", "nyt-archive"],
    "jsonl": [*IMPORT, "--format", "jsonl"],
    "connections-gold": [*IMPORT, "--format", "connections-gold"],
    "connections-gold-flat": [*IMPORT, "--format", "connections-gold-flat"],
    "connections-taxonomy": [*IMPORT, "--format", "connections-taxonomy"],
    "todd-puzzles": [*IMPORT, "--format", "todd-puzzles"],
    "connections-eval": [*IMPORT, "--format", "connections-eval"],
    "nyt-rows": [*IMPORT, "--format", "nyt-rows"],
    "auto": IMPORT,
    "annotate-labelstudio": ["annotate", "import", "{path}", "--format", "labelstudio"],
    "annotate-jsonl": ["annotate", "import", "{path}", "--format", "jsonl"],
    "annotate-taxonomy": ["annotate", "import", "{path}", "--format", "connections-taxonomy"],
    "eval-predictions": ["eval", "--source", "kept", "--split", "all", "--predictions", "{path}"],
}


def case(category: str, name: str, command: str, filename: str, data: str | bytes) -> HostileCase:
    """A case writing ``data`` to ``filename`` and running ``command`` on it; the error names the file."""

    def build(folder: Path) -> tuple[list[str], str]:
        path = folder / filename
        path.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
        return [a.replace("{path}", str(path)) for a in COMMANDS[command]], str(path)

    return HostileCase(category, name, build)
