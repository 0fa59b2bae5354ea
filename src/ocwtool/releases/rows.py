"""Step 4 of ``release verify``: every shipped data file read back and held to ``manifest.json``.

Data files are ``data/<config>/<split>-NNNNN-of-NNNNN.parquet`` and ``json/<config>/<split>.json``.
Each parquet file must have exactly the ocwtool Features and valid records whose ``clues`` are never
in solution order (they are the board players see), each OCW JSON file must
re-import; then, per config and split, the parquet rows and the JSON rows must each equal the
manifest's ``counts.configs.<config>.<split>``, both must carry the same puzzle ids, and every count
the manifest declares must be shipped in both forms. Any other file under ``data/`` or ``json/`` is
refused (its rows could not be checked). The red-herring tables are checked by ``herring_rows.py``.
The first failure is a ``ReleaseError`` naming the file.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ocwtool.errors import OcwError, ReleaseError
from ocwtool.formats import hf, ocw_json
from ocwtool.fsio import read_json
from ocwtool.releases.herring_rows import check_herrings
from ocwtool.schema.board import gives_away_shipped, hideable
from ocwtool.stores.release import DATA, JSON, MANIFEST, Release

KINDS = (DATA, JSON)


def _parquet_ids(folder: Release, rel: str) -> list[str]:
    import pyarrow.parquet as pq

    try:
        schema = pq.read_schema(folder.path(rel))
    except Exception as exc:  # pyarrow raises its own error types for a file that is not parquet
        raise ReleaseError(f"{rel}: not a readable parquet file ({exc})") from None
    if not schema.remove_metadata().equals(hf.features().arrow_schema.remove_metadata()):
        raise ReleaseError(f"schema mismatch in {rel}: its columns are not the ocwtool puzzle Features")
    try:
        puzzles = hf.read_parquet(folder.path(rel))
    except OcwError as exc:
        raise ReleaseError(f"invalid records in {rel}: {exc}") from None
    for p in puzzles:
        groups = [g.clues for g in p.groups]
        if hideable(groups) and gives_away_shipped(p.clues, groups, p.id, p.distractors):
            raise ReleaseError(
                f"{rel}: puzzle {p.id}: clues are the groups in order, which gives the solution away; "
                "rebuild the release with this ocwtool (it ships a seeded board)"
            )
    return [p.id for p in puzzles]


def read_json_file(path: Path) -> Any:
    """``read_json``, with JSON nested too deeply for the parser as a clear error."""
    try:
        return read_json(path)
    except RecursionError:
        raise ReleaseError(f"{path}: invalid JSON: nested too deeply") from None


def _json_ids(folder: Release, rel: str) -> list[str]:
    try:
        loaded = ocw_json.load_document(read_json_file(folder.path(rel)), where=rel, source="release")
    except OcwError as exc:
        raise ReleaseError(f"invalid OCW JSON in {rel}: {exc}") from None
    return [p.id for p in loaded.puzzles]


def _read_all(folder: Release, files: list[str]) -> dict[tuple[str, str], dict[str, dict[str, list[str]]]]:
    """``{(config, split): {kind: {file: ids}}}`` of every data file listed in the manifest."""
    found: dict[tuple[str, str], dict[str, dict[str, list[str]]]] = {}
    for rel in sorted(files):
        where = Release.data_file(rel)
        if where is None:
            continue
        ids = _parquet_ids(folder, rel) if where.kind == DATA else _json_ids(folder, rel)
        found.setdefault((where.config, where.split), {}).setdefault(where.kind, {})[rel] = ids
    return found


def _check_split(config: str, split: str, declared: int, by_kind: dict[str, dict[str, list[str]]]) -> None:
    ids: dict[str, list[str]] = {}
    for kind in KINDS:
        files = by_kind.get(kind)
        if not files:
            example = (
                f"{DATA}/{config}/{split}-*.parquet" if kind == DATA else Release.json_rel(config, split)
            )
            raise ReleaseError(f"missing {example}: {MANIFEST} counts {declared} rows for {config}/{split}")
        ids[kind] = [i for rows in files.values() for i in rows]
        if len(ids[kind]) != declared:
            named = ", ".join(files)
            raise ReleaseError(
                f"{named}: {len(ids[kind])} rows, but {MANIFEST} counts {declared} for {config}/{split}"
            )
    if Counter(ids[DATA]) != Counter(ids[JSON]):
        json_file, parquet_file = next(iter(by_kind[JSON])), next(iter(by_kind[DATA]))
        odd = sorted((Counter(ids[DATA]) - Counter(ids[JSON])) + (Counter(ids[JSON]) - Counter(ids[DATA])))
        raise ReleaseError(f"{json_file}: puzzle ids differ from {parquet_file} (e.g. {odd[0]!r})")


def check_rows(folder: Path, manifest: dict[str, Any]) -> dict[str, int]:
    """Check every data file's Features/records and rows and ids against the manifest, then the
    red-herring tables (``herring_rows.py``); rows per config (and per ``<config>_red_herrings``)."""
    found = _read_all(Release(folder), list(manifest["files"]))
    counts: dict[str, dict[str, int]] = manifest["counts"]["configs"]
    for config, split in sorted(found):
        if split not in counts.get(config, {}):
            named = ", ".join(f for files in found[(config, split)].values() for f in files)
            raise ReleaseError(f"{named}: {MANIFEST} counts no rows for {config}/{split}")
    for config, splits in sorted(counts.items()):
        for split, declared in sorted(splits.items()):
            _check_split(config, split, declared, found.get((config, split), {}))
    rows = {config: sum(splits.values()) for config, splits in sorted(counts.items()) if splits}
    ids = {key: [i for rows in kinds.get(DATA, {}).values() for i in rows] for key, kinds in found.items()}
    return rows | check_herrings(Release(folder), list(manifest["files"]), manifest, ids)
