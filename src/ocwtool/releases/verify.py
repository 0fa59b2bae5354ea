"""``ocwtool release verify``: checksums, schema and loadability of a release folder or archive.

Order of checks (the first failure is raised as ``ReleaseError`` naming the file):

1. ``SHA256SUMS`` exists and ``manifest.json`` matches its line there;
2. the manifest and ``SHA256SUMS`` list the same files and hashes (else SHA256SUMS was edited);
3. every listed file exists and hashes right, in sorted order; no unlisted file is present;
4. every parquet file has exactly the ocwtool Features and valid puzzles; every OCW JSON re-imports;
5. ``datasets.load_dataset(<folder>, <config>)`` loads every config offline with those Features.
"""

from __future__ import annotations

import logging
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ocwtool.errors import OcwError, ReleaseError
from ocwtool.fsio import read_json, read_text, sha256_file
from ocwtool.releases.archive import safe_extract

SUMS = "SHA256SUMS"
MANIFEST = "manifest.json"


@dataclass
class VerifyResult:
    """What was checked: files hashed, configs and rows read, configs loaded with ``datasets``."""

    folder: str
    files: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    loaded: list[str] = field(default_factory=list)


def read_sums(folder: Path) -> dict[str, str]:
    """``{path: sha256}`` from ``SHA256SUMS`` (``ReleaseError`` if missing or malformed)."""
    if not (folder / SUMS).is_file():
        raise ReleaseError(f"{folder}: missing file {SUMS}; not an ocwtool release folder")
    sums: dict[str, str] = {}
    for k, line in enumerate(read_text(folder / SUMS).splitlines(), start=1):
        digest, sep, rel = line.partition("  ")
        if not sep or len(digest) != 64:
            raise ReleaseError(f"{folder / SUMS}:{k}: malformed line (expected '<sha256>  <path>')")
        if rel.startswith("/") or ".." in rel.split("/"):
            raise ReleaseError(f"{folder / SUMS}:{k}: unsafe path {rel!r} (must stay inside the release)")
        sums[rel] = digest
    return sums


def check_checksums(folder: Path) -> dict[str, Any]:
    """Steps 1-3; return the manifest."""
    sums = read_sums(folder)
    if MANIFEST not in sums or not (folder / MANIFEST).is_file():
        raise ReleaseError(f"{folder}: missing file {MANIFEST}")
    _check_hash(folder, MANIFEST, sums[MANIFEST])
    manifest = read_json(folder / MANIFEST)
    _check_manifest_shape(manifest, folder)
    listed = {rel: meta["sha256"] for rel, meta in manifest["files"].items()}
    if listed != {k: v for k, v in sums.items() if k != MANIFEST}:
        raise ReleaseError(f"tampered file {SUMS}: it disagrees with {MANIFEST}")
    for rel in sorted(sums):
        _check_hash(folder, rel, sums[rel])
    present = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    extra = sorted(present - set(sums) - {SUMS})
    if extra:
        raise ReleaseError(f"unlisted file {extra[0]} in {folder} (not in {SUMS})")
    return dict(manifest)


def _check_manifest_shape(manifest: Any, folder: Path) -> None:
    """The keys verification reads: files{path: {sha256}} and counts{configs{config: {split: n}}}."""
    files = manifest.get("files") if isinstance(manifest, dict) else None
    counts = manifest.get("counts") if isinstance(manifest, dict) else None
    ok = (
        isinstance(files, dict)
        and all(isinstance(m, dict) and isinstance(m.get("sha256"), str) for m in files.values())
        and isinstance(counts, dict)
        and isinstance(counts.get("configs"), dict)
        and all(isinstance(v, dict) for v in counts["configs"].values())
    )
    if not ok:
        raise ReleaseError(
            f"{folder / MANIFEST}: malformed; expected 'files' (path -> sha256) and "
            "'counts.configs' (config -> split -> rows)"
        )


def _check_hash(folder: Path, rel: str, expected: str) -> None:
    path = folder / rel
    if not path.is_file():
        raise ReleaseError(f"missing file {rel} in {folder}")
    actual = sha256_file(path)
    if actual != expected:
        raise ReleaseError(f"tampered file {rel}: expected sha256 {expected}, got {actual}")


def check_schema(folder: Path, manifest: dict[str, Any]) -> dict[str, int]:
    """Step 4: parquet Features and records, OCW JSON re-import; rows per config."""
    import pyarrow.parquet as pq

    from ocwtool.schema.formats import hf, ocw_json

    expected = hf.features().arrow_schema
    rows: dict[str, int] = {}
    for rel in sorted(r for r in manifest["files"] if r.startswith("data/") and r.endswith(".parquet")):
        schema = pq.read_schema(folder / rel)
        if not schema.remove_metadata().equals(expected.remove_metadata()):
            raise ReleaseError(f"schema mismatch in {rel}: its columns are not the ocwtool puzzle Features")
        config = rel.split("/")[1]
        try:
            rows[config] = rows.get(config, 0) + len(hf.read_parquet(folder / rel))
        except OcwError as exc:
            raise ReleaseError(f"invalid records in {rel}: {exc}") from None
    for rel in sorted(r for r in manifest["files"] if r.startswith("json/")):
        try:
            ocw_json.load_document(read_json(folder / rel), where=rel, source="release")
        except OcwError as exc:
            raise ReleaseError(f"invalid OCW JSON in {rel}: {exc}") from None
    declared = {c: sum(v.values()) for c, v in manifest["counts"]["configs"].items()}
    if declared != rows:
        raise ReleaseError(f"row counts {rows} differ from the manifest's {declared}")
    return rows


def check_loadable(folder: Path, configs: list[str]) -> list[str]:
    """Step 5: load each config with ``datasets`` offline, in a throw-away cache."""
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import datasets

    from ocwtool.schema.formats.hf import features

    datasets.disable_progress_bars()
    with tempfile.TemporaryDirectory(prefix="ocwtool-verify-") as cache:
        for config in configs:
            try:
                ds = datasets.load_dataset(str(folder), config, cache_dir=cache)
            except Exception as exc:  # datasets raises many unrelated types
                raise ReleaseError(f"config {config} does not load with datasets: {exc}") from None
            for split, part in ds.items():
                if part.features != features():
                    raise ReleaseError(
                        f"config {config} split {split} loads with other features than declared"
                    )
    return configs


def check_croissant(folder: Path) -> bool:
    """Read one record of every Croissant record set with mlcroissant (False: no croissant.json)."""
    if not (folder / "croissant.json").is_file():
        return False
    import mlcroissant as mlc

    logging.getLogger("absl").setLevel(logging.ERROR)
    try:
        ds = mlc.Dataset(jsonld=str(folder / "croissant.json"))
        for record_set in ds.metadata.record_sets:
            next(iter(ds.records(record_set.id)))
    except Exception as exc:  # mlcroissant raises its own and library errors alike
        raise ReleaseError(f"croissant.json does not load with mlcroissant: {exc}") from None
    return True


def verify_release(target: Path, *, load: bool = True) -> VerifyResult:
    """Verify a release folder, or an archive (extracted safely into a temporary folder first)."""
    if target.is_dir():
        return _verify_folder(target, load)
    if not target.is_file():
        raise ReleaseError(f"{target}: no such release folder or archive")
    with tempfile.TemporaryDirectory(prefix="ocwtool-release-") as tmp:
        safe_extract(target, Path(tmp))
        tops = [p for p in Path(tmp).iterdir()]
        if len(tops) != 1 or not tops[0].is_dir():
            raise ReleaseError(f"{target}: expected one top-level release folder in the archive")
        result = _verify_folder(tops[0], load)
        result.folder = str(target)
        return result


def _verify_folder(folder: Path, load: bool) -> VerifyResult:
    manifest = check_checksums(folder)
    rows = check_schema(folder, manifest)
    loaded = check_loadable(folder, sorted(rows)) if load else []
    if load and check_croissant(folder):
        loaded.append("croissant.json (mlcroissant)")
    return VerifyResult(folder=str(folder), files=len(manifest["files"]) + 1, rows=rows, loaded=loaded)
