"""Format adapters to and from the canonical schema (pure functions over parsed documents).

Each importer is registered in ``IMPORTERS`` under its ``--format`` name and maps a file path to an
:class:`ImportResult`; each exporter in ``EXPORTERS`` writes puzzles to a path. The CLI (``ocwtool
import``/``export``) only looks formats up here (its ``--format`` choices are these tables' keys);
modules are imported lazily, and this module imports nothing heavy (no pydantic) so the CLI can read
the tables cheaply. Every module the tables name is in this package (``tests/test_layers.py`` checks
it: the import-linter contracts cannot see a module named in a string).

Adapter modules and their pure cores (documents already parsed from JSON/HTML/text):

* ``ocw_json``: ``load_document(doc, *, where, source) -> ImportResult`` and
  ``dump_document(puzzles, extras=None) -> dict`` (round-trips the OCW JSON file format).
* ``nyt_archive``: the community archive list ``[{id, date, answers:[{level, group, members}]}]``.
* ``connections_gold``: "Connecting the Dots" gold files ``{allwords, categories:{TITLE:[4]}}``;
  ``ctd_flat`` and ``ctd_taxonomy``: their flat group records and their taxonomy file (shared
  pieces in ``ctd_common``).
* ``jsonl``: the canonical store format itself.
* ``hf``: ``features()``, ``to_records``/``from_records``, ``write_parquet``/``read_parquet``.
* ``csv_export``: one row per clue (export only).
* ``nyt_rows``: the HF ``eric27n/NYT-Connections`` table (one row per word), CSV or parquet.
* ``connections_eval``: Connections Eval's puzzles YAML, trap groups as red-herring annotations.
* ``todd_puzzles``: Todd et al.'s ``puzzle_data.json``.
* ``nyt_archive_text``: the tryhardguides archive listing as rendered text (``wordsplit`` splits its
  word lists; the listing's scraper builds its days with the same functions).

Detection (``ocwtool import FILE`` without ``--format``): an importer module may define
``looks_like(sample: sniff.Sample) -> bool``; :mod:`.detect` asks every registered format (older
adapters' predicates live in ``detect.BUILTIN``) and gives hints for a wrong ``--format``.

Every file-level importer has the signature ``import_file(path, source) -> ImportResult`` and every
exporter ``export_file(puzzles, path, extras) -> None`` (``extras``: what the import kept, may be
empty). An importer whose default source name is ``""`` keeps the sources written in the records.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ocwtool.errors import InputError

# For type checkers only: the command line reads the tables below without loading pydantic.
if TYPE_CHECKING:
    from ocwtool.schema.annotations import ItemRecord
    from ocwtool.schema.models import Puzzle


@dataclass(frozen=True)
class ImportResult:
    """Puzzles read from a file, warnings to show the user, and document-level extras to keep.

    ``extras`` holds what the canonical puzzles cannot carry but an exact round trip needs (e.g.
    the OCW JSON ``season_to_walls_map``); it is stored beside the JSONL as ``<source>.meta.json``.
    ``annotations`` are what the file says about its puzzles as annotation records (e.g. reviewed red
    herrings); the import writes them to ``annotations/<annotator>.jsonl``.
    """

    puzzles: tuple[Puzzle, ...]
    warnings: tuple[str, ...] = ()
    extras: dict[str, Any] = field(default_factory=dict)
    annotations: tuple[ItemRecord, ...] = ()


Importer = Callable[[Path, str], ImportResult]
Exporter = Callable[[Sequence["Puzzle"], Path, dict[str, Any]], None]

_F = "ocwtool.formats."

# name -> (module, function, default source name, description)
IMPORTERS: dict[str, tuple[str, str, str, str]] = {
    "ocw": (_F + "ocw_json", "import_file", "ocw", "OCW JSON {season_to_walls_map, dataset:[walls]}"),
    "nyt-archive": (_F + "nyt_archive", "import_file", "nyt", "NYT community archive list"),
    "connections-gold": (
        _F + "connections_gold",
        "import_file",
        "connections-gold",
        "Connecting the Dots gold",
    ),
    "connections-gold-flat": (
        _F + "ctd_flat",
        "import_file",
        "connections-gold-flat",
        "Connecting the Dots flat gold records {id, Categories, Words in Category}",
    ),
    "connections-taxonomy": (
        _F + "ctd_taxonomy",
        "import_file",
        "connections-taxonomy",
        "Connecting the Dots games with knowledge taxonomy (labels: annotate import)",
    ),
    "jsonl": (_F + "jsonl", "import_file", "", "canonical JSONL store (one puzzle per line)"),
    "hf": (_F + "hf", "import_file", "", "HF datasets parquet file or folder of *.parquet"),
    "nyt-archive-text": (
        _F + "nyt_archive_text",
        "import_file",
        "nyt-archive",
        "tryhardguides archive listing, rendered text",
    ),
    "nyt-rows": (
        _F + "nyt_rows",
        "import_file",
        "nyt-hf",
        "HF eric27n/NYT-Connections rows (one per word), CSV or parquet",
    ),
    "connections-eval": (
        _F + "connections_eval",
        "import_file",
        "connections-eval",
        "Connections Eval connections_puzzles.yml (trap groups -> red herrings)",
    ),
    "todd-puzzles": (_F + "todd_puzzles", "import_file", "todd", "Todd et al. data/puzzle_data.json"),
}
# name -> (module, function, default file name ({source} is replaced), description)
EXPORTERS: dict[str, tuple[str, str, str, str]] = {
    "ocw": (_F + "ocw_json", "export_file", "{source}.ocw.json", "OCW JSON (readable by the OCW evaluator)"),
    "nyt-archive": (_F + "nyt_archive", "export_file", "{source}.nyt-archive.json", "NYT archive list"),
    "connections-gold": (_F + "connections_gold", "export_file", "{source}.gold.json", "Connecting the Dots"),
    "jsonl": (_F + "jsonl", "export_file", "{source}.jsonl", "canonical JSONL"),
    "hf": (_F + "hf", "export_file", "{source}.parquet", "HF datasets parquet with explicit Features"),
    "csv": (_F + "csv_export", "export_file", "{source}.csv", "one row per clue"),
}


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
