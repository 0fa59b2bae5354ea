"""Format adapters to and from the canonical schema (pure functions over parsed documents).

Each importer is registered in ``IMPORTERS`` under its ``--format`` name and maps a file path to an
:class:`ImportResult`; each exporter in ``EXPORTERS`` writes puzzles to a path. The CLI (``ocwtool
import``/``export``) only looks formats up here; modules are imported lazily.

Adapter modules and their pure cores (documents already parsed from JSON/HTML/text):

* ``ocw_json``: ``load_document(doc, *, where, source) -> ImportResult`` and
  ``dump_document(puzzles, season_map=None) -> dict`` (round-trips the OCW JSON file format).
* ``nyt_archive``: the community archive list ``[{id, date, answers:[{level, group, members}]}]``.
* ``connections_gold``: "Connecting the Dots" gold files ``{allwords, categories:{TITLE:[4]}}``.
* ``hf``: ``features()``, ``to_records``/``from_records``, ``write_parquet``/``read_parquet``.
* ``csv_export``: one row per clue.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ocwtool.errors import InputError
from ocwtool.schema.models import Puzzle


@dataclass(frozen=True)
class ImportResult:
    """Puzzles read from a file, warnings to show the user, and document-level extras to keep.

    ``extras`` holds what the canonical puzzles cannot carry but an exact round trip needs (e.g.
    the OCW JSON ``season_to_walls_map``); it is stored beside the JSONL as ``<source>.meta.json``.
    """

    puzzles: tuple[Puzzle, ...]
    warnings: tuple[str, ...] = ()
    extras: dict[str, Any] = field(default_factory=dict)


Importer = Callable[[Path, str], ImportResult]
Exporter = Callable[[Sequence[Puzzle], Path, dict[str, Any]], None]

# name -> (module, function, default source name, description)
IMPORTERS: dict[str, tuple[str, str, str, str]] = {
    "nyt-archive-text": (
        "ocwtool.scrapers.sources.tryhard",
        "import_listing_text",
        "nyt-archive",
        "Rendered text of the tryhardguides NYT Connections archive listing.",
    ),
}
# name -> (module, function, default file name, description)
EXPORTERS: dict[str, tuple[str, str, str, str]] = {}


def get_importer(name: str) -> Importer:
    """The import function registered as ``name`` (``InputError`` lists the known names)."""
    return _resolve(IMPORTERS, name, "import")


def get_exporter(name: str) -> Exporter:
    """The export function registered as ``name``."""
    return _resolve(EXPORTERS, name, "export")


def _resolve(table: dict[str, tuple[str, str, str, str]], name: str, verb: str) -> Callable[..., Any]:
    if name not in table:
        known = ", ".join(sorted(table)) or "none"
        raise InputError(f"unknown {verb} format {name!r}; choose one of: {known}")
    module, attr, _, _ = table[name]
    func: Callable[..., Any] = getattr(importlib.import_module(module), attr)
    return func
