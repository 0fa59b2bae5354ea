"""Hugging Face ``datasets`` parquet with explicit :func:`features` (derived from the pydantic model).

One row per puzzle; columns mirror :class:`~ocwtool.schema.models.Puzzle`: ``groups`` is a list of
structs, ``ocw``/``nyt``/``provenance``/``lineage`` are structs (null when absent), ``flags`` a list
of strings, ``lineage.params`` a list of ``{key, value}`` (Arrow maps do not round-trip through
``datasets``), and ``provenance.fetched_at`` an ISO-8601 string (keeps naive and aware times
exactly); :mod:`ocwtool.schema.fields` maps each field type. The Features are stored in the parquet
schema metadata, so ``datasets.load_dataset("parquet", data_files=...)`` gives back exactly
:func:`features`. Reading uses pyarrow only.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ocwtool.errors import InputError, SchemaError
from ocwtool.formats import ImportResult
from ocwtool.fsio import atomic_open
from ocwtool.schema.fields import hf_features
from ocwtool.schema.models import Puzzle
from ocwtool.schema.records import puzzle_from_dict

if TYPE_CHECKING:
    import datasets


def features(model: type[Puzzle] = Puzzle) -> datasets.Features:
    """The HF ``datasets.Features`` of a puzzle table, derived from the pydantic ``model``."""
    return hf_features(model)


HERRING_COLUMNS = (
    "puzzle_id",
    "kind",
    "clues",
    "fits_group",
    "reason",
    "score",
    "annotator",
    "source",
    "evidence",
)


def herring_features() -> datasets.Features:
    """The HF Features of the red-herring tables ``release build`` ships (:data:`HERRING_COLUMNS`)."""
    from datasets import Features, List, Value

    text = Value("string")
    return Features(
        {
            "puzzle_id": text,
            "kind": text,  # word | category
            "clues": List(text),  # word: the one clue; category: its clues
            "fits_group": text,  # word: id of the group the clue is pulled toward; category: null
            "reason": text,  # word: why; category: the decoy theme
            "score": Value("float64"),  # 0-1, null when the label has none
            "annotator": text,
            "source": text,  # human | play | suggest:<model tag> | suggest:rules
            "evidence": text,  # PlayEvidence as JSON (kind, players, exposed, files), null when none
        }
    )


def to_records(puzzles: Sequence[Puzzle]) -> list[dict[str, Any]]:
    """Plain rows matching :func:`features` (dates as ``datetime.date``, enums as strings)."""
    return [_record(p) for p in puzzles]


def _record(p: Puzzle) -> dict[str, Any]:
    row = p.model_dump(mode="json")
    if p.ocw is not None and p.ocw.air_date is not None:
        row["ocw"]["air_date"] = p.ocw.air_date
    if p.nyt is not None:
        row["nyt"]["date"] = p.nyt.date
    if p.lineage is not None:
        row["lineage"]["params"] = [{"key": k, "value": v} for k, v in p.lineage.params.items()]
    return row


def from_records(rows: Sequence[dict[str, Any]], where: str = "records") -> list[Puzzle]:
    """Puzzles from rows of :func:`to_records` (or read back from parquet), validated."""
    return [puzzle_from_dict(_unrecord(row), f"{where}: row {i}") for i, row in enumerate(rows)]


def _unrecord(row: dict[str, Any]) -> dict[str, Any]:
    data = {k: v for k, v in row.items() if v is not None}
    lineage = data.get("lineage")
    if lineage is not None:
        data["lineage"] = {
            **lineage,
            "params": {kv["key"]: kv["value"] for kv in lineage.get("params") or []},
        }
    data["groups"] = [_drop_none(g) for g in data.get("groups") or []]
    for key in ("ocw", "nyt", "provenance", "lineage"):
        if key in data:
            data[key] = _drop_none(data[key])
    return data


def _drop_none(obj: dict[str, Any]) -> dict[str, Any]:
    """Nulls mean "unset": drop them so model defaults (e.g. ``parser_version``) apply."""
    return {k: v for k, v in obj.items() if v is not None}


def write_parquet(puzzles: Sequence[Puzzle], path: Path) -> None:
    """Atomically write puzzles as one parquet file whose schema carries the HF Features."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pylist(to_records(puzzles), schema=features().arrow_schema)
    with atomic_open(path, "wb") as fh:
        pq.write_table(table, fh)


def read_parquet(path: Path) -> list[Puzzle]:
    """Puzzles from a parquet file, or from every ``*.parquet`` under a folder (sorted by path)."""
    import pyarrow.parquet as pq

    files = sorted(Path(path).rglob("*.parquet")) if Path(path).is_dir() else [Path(path)]
    if not files:
        raise InputError(f"{path}: no *.parquet files in this folder")
    puzzles: list[Puzzle] = []
    for file in files:
        try:
            table = pq.read_table(file)
        except FileNotFoundError:
            raise InputError(f"{file}: no such file") from None
        except Exception as exc:  # pyarrow raises several unrelated types for a bad file
            raise InputError(f"{file}: not a readable parquet file: {exc}") from None
        required = [name for name, info in Puzzle.model_fields.items() if info.is_required()]
        missing = [c for c in required if c not in table.column_names]
        if missing:
            raise SchemaError(
                f"{file}: missing column(s) {', '.join(missing)}; expected the ocwtool puzzle Features"
            )
        puzzles.extend(from_records(table.to_pylist(), str(file)))
    return puzzles


def import_file(path: Path, source: str) -> ImportResult:
    """Import registry entry: records keep their own ``source``."""
    return ImportResult(puzzles=tuple(read_parquet(path)))


def export_file(puzzles: Sequence[Puzzle], path: Path, extras: dict[str, Any]) -> None:
    """Export registry entry: ``clues`` as board 0 (:meth:`Puzzle.as_shown`), never the solution
    order, since a parquet table is what gets shown to models."""
    write_parquet([p.as_shown() for p in puzzles], path)
