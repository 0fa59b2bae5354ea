"""Helpers shared by the adapters: numeric clue coercion, file reading, errors."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ocwtool.errors import SchemaError
from ocwtool.fsio import read_json, sha256_file
from ocwtool.schema.models import Provenance, Puzzle


def clue_text(value: Any, where: str) -> tuple[str, bool]:
    """A clue as text; JSON numbers become their JSON spelling (``8.5`` -> ``"8.5"``), flagged True."""
    if isinstance(value, str):
        return value, False
    if isinstance(value, int | float) and not isinstance(value, bool):
        return json.dumps(value), True
    raise SchemaError(f"{where}: expected a string, got {type_name(value)} {value!r}")


def type_name(value: Any) -> str:
    """The JSON name of a Python value's type, for error messages."""
    names = {dict: "object", list: "array", str: "string", bool: "boolean", type(None): "null"}
    return names.get(type(value), "number" if isinstance(value, int | float) else type(value).__name__)


def expect(value: Any, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    """Return ``value`` if it is of ``kind``, else raise ``SchemaError`` naming where and what."""
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise SchemaError(f"{where}: expected {what}, got {type_name(value)}")
    return value


def expect_list(value: Any, length: int | None, where: str, what: str) -> list[Any]:
    """A JSON array (of exactly ``length`` items when given)."""
    items: list[Any] = expect(value, list, where, what)
    if length is not None and len(items) != length:
        raise SchemaError(f"{where}: expected {what}, got {len(items)} items")
    return items


def file_provenance(path: Path, source: str) -> Provenance:
    """Provenance of a record imported from a local file: its name and sha256."""
    return Provenance(source=source, capture_id=path.name, sha256=sha256_file(path))


def read_document(path: Path) -> Any:
    """Parse a JSON file (bad JSON -> ``InputError`` ``FILE:LINE:COL: ...``)."""
    return read_json(path)


DISTRACTOR_FORMATS = "ocw, jsonl, hf or csv"


def refuse_distractors(puzzles: Sequence[Puzzle], fmt: str) -> None:
    """Formats with no place for distractors refuse a board that has them (never drop them silently)."""
    for p in puzzles:
        if p.distractors:
            raise SchemaError(
                f"record {p.id}: has {len(p.distractors)} distractor(s), which the {fmt} format cannot "
                f"carry; export it as {DISTRACTOR_FORMATS}, or leave it out"
            )


def group_of_position(clues: Sequence[str], groups: Sequence[Sequence[str]]) -> list[int]:
    """For each display position, the index of the group holding that clue (duplicates in turn);
    ``len(groups)`` for a clue of no group (a distractor)."""
    remaining = [Counter(g) for g in groups]
    out: list[int] = []
    for clue in clues:
        k = next((i for i, left in enumerate(remaining) if left[clue] > 0), len(groups))
        if k == len(groups):
            out.append(k)
            continue
        remaining[k][clue] -= 1
        out.append(k)
    return out
