"""The canonical JSONL store as an import/export format (one puzzle per line, stable order)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ocwtool.schema.formats import ImportResult
from ocwtool.schema.models import Puzzle
from ocwtool.store import read_puzzles, write_puzzles


def import_file(path: Path, source: str) -> ImportResult:
    """Read a JSONL store; records keep their own ``source`` (``source`` only names the store)."""
    return ImportResult(puzzles=tuple(read_puzzles(path)))


def export_file(puzzles: Sequence[Puzzle], path: Path, extras: dict[str, Any]) -> None:
    """Write puzzles as a JSONL store (sorted by the store's stable order)."""
    write_puzzles(path, puzzles)
