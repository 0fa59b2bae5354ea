"""Canonical JSONL stores: one puzzle per line, in stable order, written atomically.

Schema violations are reported as ``FILE:LINE: record <id>: <field>: <what was expected>``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ocwtool.errors import InputError, SchemaError
from ocwtool.fsio import atomic_open, read_text
from ocwtool.schema.models import Puzzle, sort_key


def describe_validation_error(exc: ValidationError, record: str) -> str:
    """One line naming the record, the first failing field, and what was expected."""
    err = exc.errors()[0]
    loc = ".".join(str(x) for x in err["loc"]) or "(record)"
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"record {record}: {loc}: {err['msg']}{more}"


def puzzle_from_dict(data: dict[str, Any], where: str) -> Puzzle:
    """Validate one record; ``where`` prefixes the error (``FILE:LINE`` or a record name)."""
    try:
        return Puzzle.model_validate(data)
    except ValidationError as exc:
        rid = data.get("id", "?") if isinstance(data, dict) else "?"
        raise SchemaError(f"{where}: {describe_validation_error(exc, str(rid))}") from None


def iter_puzzles(path: Path) -> Iterator[Puzzle]:
    """Puzzles of a JSONL store, validating each line (unreadable files raise ``InputError``)."""
    for lineno, line in enumerate(read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None
        yield puzzle_from_dict(data, f"{path}:{lineno}")


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


def store_paths(folder: Path) -> list[Path]:
    """The ``*.jsonl`` stores of a folder, sorted by name (empty if the folder is missing)."""
    return sorted(folder.glob("*.jsonl")) if folder.is_dir() else []
