"""The canonical JSONL store format: one puzzle per line, in stable order, written atomically.

This module owns reading and writing the format (:mod:`ocwtool.stores.puzzles` finds the workspace's
stores and uses these functions). Schema violations are reported as
``FILE:LINE: record <id>: <field>: <what was expected>`` (see :mod:`ocwtool.schema.records`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ocwtool.errors import SchemaError
from ocwtool.formats import ImportResult
from ocwtool.fsio import atomic_open, read_text
from ocwtool.safeparse import loads_json
from ocwtool.schema.models import Puzzle, sort_key
from ocwtool.schema.records import puzzle_from_dict


def iter_puzzles(path: Path) -> Iterator[Puzzle]:
    """Puzzles of a JSONL store, validating each line (unreadable files raise ``InputError``)."""
    for lineno, line in enumerate(read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        yield puzzle_from_dict(loads_json(line, str(path), line=lineno), f"{path}:{lineno}")


def read_puzzles(path: Path) -> list[Puzzle]:
    """All puzzles of a JSONL store."""
    return list(iter_puzzles(path))


def dumps_puzzle(p: Puzzle) -> str:
    """One canonical JSONL line (no trailing newline): compact, non-ASCII kept."""
    return json.dumps(p.to_json_dict(), ensure_ascii=False, separators=(",", ":"))


def write_puzzles(path: Path, puzzles: Iterable[Puzzle], *, sort: bool = True) -> int:
    """Atomically write puzzles (sorted by :func:`sort_key` unless ``sort=False``); return the count."""
    items = list(puzzles)
    if sort:
        items.sort(key=sort_key)
    seen: set[str] = set()
    for p in items:
        if p.id in seen:
            raise SchemaError(f"{path}: duplicate puzzle id {p.id!r}; ids must be unique in a store")
        seen.add(p.id)
    with atomic_open(path, "w") as fh:
        for p in items:
            fh.write(dumps_puzzle(p) + "\n")
    return len(items)


def import_file(path: Path, source: str) -> ImportResult:
    """Read a JSONL store; records keep their own ``source`` (``source`` only names the store)."""
    return ImportResult(puzzles=tuple(read_puzzles(path)))


def export_file(puzzles: Sequence[Puzzle], path: Path, extras: dict[str, Any]) -> None:
    """Write puzzles as a JSONL store (sorted by the store's stable order)."""
    write_puzzles(path, puzzles)
