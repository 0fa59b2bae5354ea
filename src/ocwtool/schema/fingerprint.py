"""The puzzle schema's fingerprint: what a release records so that ``ocwtool update`` can tell a
schema change (a major version, docs/live.md) from new or corrected puzzles.

It hashes the fields and their types only (the model's JSON schema without titles, descriptions
and examples), so a reworded docstring is no schema change but a new, renamed or retyped field is.
Pure pydantic: cheap enough for the daily no-new-data run.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ocwtool.schema.models import Puzzle

_PROSE = frozenset({"title", "description", "examples"})
_NAMED = frozenset({"properties", "$defs"})  # maps of names: a field may be called "title"


def _shape(node: Any) -> Any:
    """``node`` without its prose keys, recursively."""
    if isinstance(node, dict):
        return {k: _named(v) if k in _NAMED else _shape(v) for k, v in node.items() if k not in _PROSE}
    if isinstance(node, list):
        return [_shape(v) for v in node]
    return node


def _named(node: Any) -> Any:
    return {name: _shape(v) for name, v in node.items()} if isinstance(node, dict) else _shape(node)


def schema_fingerprint() -> str:
    """A short hash of the puzzle schema's shape (``sha256:`` and 16 hex digits)."""
    shape = json.dumps(_shape(Puzzle.model_json_schema()), sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(shape.encode()).hexdigest()[:16]
