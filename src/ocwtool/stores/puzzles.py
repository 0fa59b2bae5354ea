"""The workspace's canonical puzzle stores: ``<folder>/<source>.jsonl``, one puzzle per line.

Reading and writing a store is the canonical JSONL format of :mod:`ocwtool.formats.jsonl`
(re-exported here as the store API); this module adds finding the stores of a folder. The
dependency runs one way: the stores import the formats, never the reverse.
"""

from __future__ import annotations

from pathlib import Path

from ocwtool.formats.jsonl import dumps_puzzle, iter_puzzles, read_puzzles, write_puzzles

__all__ = ["dumps_puzzle", "iter_puzzles", "read_puzzles", "store_paths", "write_puzzles"]


def store_paths(folder: Path) -> list[Path]:
    """The ``*.jsonl`` stores of a folder, sorted by name (empty if the folder is missing)."""
    return sorted(folder.glob("*.jsonl")) if folder.is_dir() else []
