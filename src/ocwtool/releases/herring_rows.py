"""Step 4 of ``release verify`` for the red-herring layer: ``red_herrings/<config>/<split>-*.parquet``.

Each table must have exactly the red-herring Features, rows of a known ``kind`` with a score in 0-1
(or none) and evidence that is JSON (or none), only puzzle ids that the config ships in the same
split, and as many rows as ``manifest.json`` counts under ``counts.red_herrings.<config>.<split>``;
every count declared there must be shipped. A release without red herrings declares none.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ocwtool.errors import ReleaseError
from ocwtool.formats.hf import herring_features
from ocwtool.stores.release import HERRINGS, MANIFEST, Release

KINDS = ("word", "category")
Ids = Mapping[tuple[str, str], Sequence[str]]  # (config, split) -> the puzzle ids shipped


def declared_counts(manifest: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """``counts.red_herrings`` of the manifest (empty when absent), checked for its shape."""
    counts: dict[str, dict[str, int]] = manifest["counts"].get(HERRINGS, {})
    ok = isinstance(counts, dict) and all(
        isinstance(v, dict)
        and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in v.values())
        for v in counts.values()
    )
    if not ok:
        raise ReleaseError(f"{MANIFEST}: malformed counts.{HERRINGS}; expected config -> split -> rows")
    return counts


def _read(folder: Release, rel: str) -> list[dict[str, Any]]:
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(folder.path(rel))
    except Exception as exc:  # pyarrow raises its own error types for a file that is not parquet
        raise ReleaseError(f"{rel}: not a readable parquet file ({exc})") from None
    if not table.schema.remove_metadata().equals(herring_features().arrow_schema.remove_metadata()):
        raise ReleaseError(f"schema mismatch in {rel}: its columns are not the ocwtool red-herring Features")
    rows: list[dict[str, Any]] = table.to_pylist()
    return rows


def _check_row(rel: str, k: int, row: Mapping[str, Any], ids: set[str]) -> None:
    where = f"{rel}: row {k}"
    if row["puzzle_id"] not in ids:
        raise ReleaseError(
            f"{where}: puzzle {row['puzzle_id']!r} is not in the puzzles of its config and split"
        )
    if row["kind"] not in KINDS:
        raise ReleaseError(f"{where}: kind {row['kind']!r} is not one of {', '.join(KINDS)}")
    score = row["score"]
    if score is not None and not 0.0 <= score <= 1.0:
        raise ReleaseError(f"{where}: score {score} is outside 0-1")
    try:
        json.loads(row["evidence"]) if row["evidence"] is not None else None
    except ValueError:
        raise ReleaseError(f"{where}: evidence is not JSON text") from None


def check_herrings(
    folder: Release, files: Sequence[str], manifest: Mapping[str, Any], ids: Ids
) -> dict[str, int]:
    """Check every red-herring table listed in the manifest; rows per ``<config>_red_herrings``."""
    declared = declared_counts(manifest)
    seen: dict[tuple[str, str], int] = {}
    for rel in sorted(files):
        where = Release.herrings_file(rel)
        if where is None:
            continue
        shipped = set(ids.get((where.config, where.split), ()))
        rows = _read(folder, rel)
        for k, row in enumerate(rows):
            _check_row(rel, k, row, shipped)
        expected = declared.get(where.config, {}).get(where.split)
        if expected != len(rows):
            counted = "no rows" if expected is None else str(expected)
            split = f"{HERRINGS} {where.config}/{where.split}"
            raise ReleaseError(f"{rel}: {len(rows)} rows, but {MANIFEST} counts {counted} for {split}")
        seen[(where.config, where.split)] = len(rows)
    for config, splits in sorted(declared.items()):
        for split in sorted(splits):
            if (config, split) not in seen:
                raise ReleaseError(
                    f"missing {Release.herrings_rel(config, split)}: {MANIFEST} counts its rows"
                )
    return {Release.herrings_config(c): sum(s.values()) for c, s in sorted(declared.items()) if s}
