"""What a file looks like, read once for format detection (``ocwtool import FILE`` without --format).

:func:`read_sample` parses the file the cheapest way its name allows: JSON (else JSON Lines, first
records only), YAML, a CSV header, a parquet schema, a text head, or a folder of parquet files. Each
format's detector is a pure predicate over the :class:`Sample` (see :mod:`.detect`).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ocwtool.errors import InputError
from ocwtool.safeparse import JsonSyntaxError, loads_json, loads_yaml

HEAD_BYTES = 64 * 1024
JSONL_RECORDS = 5


@dataclass(frozen=True)
class Sample:
    """A parsed view of a file: ``kind`` is json, jsonl, yaml, csv, parquet, folder or text."""

    path: Path
    kind: str
    doc: Any = None
    columns: tuple[str, ...] = ()
    head: str = ""

    def records(self) -> list[Any]:
        """The first records of a JSON list / JSON Lines file (empty for other shapes)."""
        return self.doc[:JSONL_RECORDS] if isinstance(self.doc, list) else []


def read_sample(path: Path) -> Sample:
    """Parse ``path`` enough to recognise its format (``InputError`` when it cannot be read)."""
    if path.is_dir():
        return Sample(path, "folder", columns=_folder_columns(path))
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    suffix = path.suffix.lower()
    if suffix == ".parquet":
        return Sample(path, "parquet", columns=_parquet_columns(path))
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        return Sample(path, "binary")
    head = text[:HEAD_BYTES]
    if suffix in (".yml", ".yaml"):
        return Sample(path, "yaml", doc=_yaml(text, path), head=head)
    if suffix in (".csv", ".tsv"):
        return Sample(path, "csv", columns=_csv_columns(head, suffix), head=head)
    return _json_or_text(path, text, head)


def _json_or_text(path: Path, text: str, head: str) -> Sample:
    """JSON, else JSON Lines, else text; JSON holding what ocwtool refuses (deep nesting, huge numbers,
    NaN, lone surrogates) is an ``InputError`` here already."""
    try:
        return Sample(path, "json", doc=loads_json(text, str(path)), head=head)
    except JsonSyntaxError:
        pass
    records = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                records.append(loads_json(line, str(path), line=lineno))
            except JsonSyntaxError:
                return Sample(path, "text", head=head)
        if len(records) >= JSONL_RECORDS:
            break
    return Sample(path, "jsonl", doc=records, head=head) if records else Sample(path, "text", head=head)


def _yaml(text: str, path: Path) -> Any:
    try:
        return loads_yaml(text, str(path))
    except JsonSyntaxError:
        return None


def _csv_columns(head: str, suffix: str) -> tuple[str, ...]:
    first = next(csv.reader(io.StringIO(head), delimiter="\t" if suffix == ".tsv" else ","), [])
    return tuple(c.strip() for c in first)


def _parquet_columns(path: Path) -> tuple[str, ...]:
    import pyarrow.parquet as pq

    try:
        return tuple(pq.read_schema(path).names)
    except (OSError, ValueError):
        return ()


def _folder_columns(path: Path) -> tuple[str, ...]:
    files = sorted(path.rglob("*.parquet"))
    return _parquet_columns(files[0]) if files else ()
