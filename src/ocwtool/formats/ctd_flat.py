""" "Connecting the Dots" flat gold records: ``[{id, Categories, "Words in Category"}]``.

The published ``results/connections_gold.json`` holds one record per group (1768 = 442 games x 4);
four consecutive records form one game in yellow..purple order, and ``"Words in Category"`` is a
Python-literal list inside a string (``"['BAGEL', 'LIFESAVER', 'TIRE', 'WREATH']"``), read with
:func:`ast.literal_eval` (one published literal closes a string with typographic quotes: it is read
with straight quotes and reported). The board is the four groups concatenated, as in the other
shapes; ids are ``<source>-<n>`` with n = 1 for the last game, as in ``connections-gold``.
Import only (export ``connections-gold`` for the authors' scripts).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ocwtool.errors import SchemaError
from ocwtool.formats import ImportResult
from ocwtool.formats._common import expect, expect_list, file_provenance, read_document
from ocwtool.formats.ctd_common import excluded_warning, game_id, game_puzzle, literal_words
from ocwtool.formats.sniff import Sample
from ocwtool.schema.models import Provenance, Puzzle

FORMAT = "connections-gold-flat"
FIELDS = ("id", "Categories", "Words in Category")


def looks_like(sample: Sample) -> bool:
    """A JSON list of ``{id, Categories, "Words in Category"}`` group records."""
    recs = sample.records()
    return bool(recs) and all(isinstance(r, dict) and set(FIELDS) <= r.keys() for r in recs)


def import_file(path: Path, source: str) -> ImportResult:
    """Read a flat gold file into NYT puzzles of ``source``."""
    return load_document(
        read_document(path), where=str(path), source=source, provenance=file_provenance(path, source)
    )


def load_document(doc: Any, *, where: str, source: str, provenance: Provenance | None = None) -> ImportResult:
    """Convert the parsed list of group records, four per game."""
    records = expect_list(doc, None, where, 'an array of {"id", "Categories", "Words in Category"} records')
    if len(records) % 4:
        raise SchemaError(f"{where}: expected four records per game, got {len(records)} records")
    prov = provenance or Provenance(source=source)
    total = len(records) // 4
    puzzles: list[Puzzle] = []
    repaired: list[str] = []
    for n in range(total):
        chunk = records[4 * n : 4 * n + 4]
        groups = [_group(rec, f"{where}: [{4 * n + k}]", repaired) for k, rec in enumerate(chunk)]
        board = [w for _, words in groups for w in words]
        pid = game_id(source, n, total)
        at = f"{where}: records [{4 * n}..{4 * n + 3}]"
        puzzles.append(
            game_puzzle(groups, board, exclude=False, pid=pid, source=source, provenance=prov, at=at)
        )
    warnings = excluded_warning(puzzles) + tuple(
        f"{at}: words written with typographic quotes as string delimiters; read as straight quotes"
        for at in repaired
    )
    return ImportResult(puzzles=tuple(puzzles), warnings=warnings, extras={"format": FORMAT})


def _group(rec: Any, at: str, repaired: list[str]) -> tuple[str, list[str]]:
    record = expect(rec, dict, at, 'a record {"id", "Categories", "Words in Category"}')
    missing = [f for f in FIELDS if f not in record]
    if missing:
        raise SchemaError(f"{at}: missing field {missing[0]!r} (expected {', '.join(FIELDS)})")
    title = expect(record["Categories"], str, f"{at}: field 'Categories'", "a string")
    words = literal_words(record["Words in Category"], f"{at}: field 'Words in Category'")
    if words.repaired:
        repaired.append(at)
    return title, words.words
