"""``ocwtool release verify``: checksums, schema and loadability of a release folder or archive.

Order of checks (the first failure is raised as ``ReleaseError`` naming the file):

1. ``SHA256SUMS`` exists and ``manifest.json`` matches its line there;
2. the manifest and ``SHA256SUMS`` list the same files and hashes (else SHA256SUMS was edited);
3. every listed file exists and hashes right, in sorted order; no unlisted file is present (the
   evaluator's venv ``.venv-eval/``, made by the card's commands, is not release content);
4. every parquet file has exactly the ocwtool Features and valid puzzles; every OCW JSON re-imports;
   each one's rows equal the manifest's count for its config and split, and parquet and JSON carry
   the same puzzle ids (``rows.py``); every red-herring table has its Features, rows of shipped
   puzzles and the manifest's count (``herring_rows.py``);
5. ``datasets.load_dataset(<folder>, <config>)`` loads every config offline with those Features,
   ``<config>_red_herrings`` too.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from ocwtool.errors import OcwError, ReleaseError, UnsafeArchiveError
from ocwtool.evaluation.scorer.deps import VENV
from ocwtool.formats.hf import features, herring_features
from ocwtool.fsio import read_text, sha256_file
from ocwtool.releases.extract import Archive, open_archive
from ocwtool.releases.herring_rows import declared_counts
from ocwtool.releases.rows import check_rows, read_json_file
from ocwtool.stores.release import MANIFEST, SUMS, Release

MAX_MANIFEST_BYTES = 64 << 20


@dataclass
class VerifyResult:
    """What was checked: files hashed, configs and rows read, configs loaded with ``datasets``."""

    folder: str
    files: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    loaded: list[str] = field(default_factory=list)


def read_sums(folder: Path) -> dict[str, str]:
    """``{path: sha256}`` from ``SHA256SUMS`` (``ReleaseError`` if missing or malformed)."""
    path = Release(folder).sums
    if not path.is_file():
        raise ReleaseError(f"{folder}: missing file {SUMS}; not an ocwtool release folder")
    sums: dict[str, str] = {}
    for k, line in enumerate(read_text(path).splitlines(), start=1):
        digest, sep, rel = line.partition("  ")
        if not sep or len(digest) != 64:
            raise ReleaseError(f"{path}:{k}: malformed line (expected '<sha256>  <path>')")
        if rel.startswith("/") or ".." in rel.split("/"):
            raise ReleaseError(f"{path}:{k}: unsafe path {rel!r} (must stay inside the release)")
        sums[rel] = digest
    return sums


def check_checksums(folder: Path) -> dict[str, Any]:
    """Steps 1-3; return the manifest."""
    sums = read_sums(folder)
    if MANIFEST not in sums or not Release(folder).manifest.is_file():
        raise ReleaseError(f"{folder}: missing file {MANIFEST}")
    _check_hash(folder, MANIFEST, sums[MANIFEST])
    manifest = read_json_file(Release(folder).manifest)
    _check_manifest_shape(manifest, folder)
    listed = {rel: meta["sha256"] for rel, meta in manifest["files"].items()}
    if listed != {k: v for k, v in sums.items() if k != MANIFEST}:
        raise ReleaseError(f"tampered file {SUMS}: it disagrees with {MANIFEST}")
    for rel in sorted(sums):
        _check_hash(folder, rel, sums[rel])
    extra = sorted(present_files(folder) - set(sums) - {SUMS})
    if extra:
        raise ReleaseError(f"unlisted file {extra[0]} in {folder} (not in {SUMS})")
    return dict(manifest)


def present_files(folder: Path) -> set[str]:
    """Every file in a release folder (relative POSIX paths), except inside the evaluator's venv
    (``.venv-eval/``, which the card's commands create there: local state, not release content)."""
    return Release(folder).files(skip=(VENV,))


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
        and all(_count(n) for v in counts["configs"].values() for n in v.values())
        and all(_count(m.get("bytes", 0)) for m in files.values())
    )
    if not ok:
        raise ReleaseError(
            f"{Release(folder).manifest}: malformed; expected 'files' (path -> sha256) and "
            "'counts.configs' (config -> split -> rows), sizes and counts as non-negative integers"
        )


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_hash(folder: Path, rel: str, expected: str) -> None:
    path = Release(folder).path(rel)
    if not path.is_file():
        raise ReleaseError(f"missing file {rel} in {folder}")
    actual = sha256_file(path)
    if actual != expected:
        raise ReleaseError(f"tampered file {rel}: expected sha256 {expected}, got {actual}")


def check_schema(folder: Path, manifest: dict[str, Any]) -> dict[str, int]:
    """Step 4: every data file's Features, records, rows and ids against the manifest (``rows.py``)."""
    return check_rows(folder, manifest)


def check_loadable(folder: Path, configs: list[str], herrings: frozenset[str] = frozenset()) -> list[str]:
    """Step 5: load each config with ``datasets`` offline, in a throw-away cache; those named in
    ``herrings`` are red-herring tables (their own Features)."""
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import datasets

    datasets.disable_progress_bars()
    with tempfile.TemporaryDirectory(prefix="ocwtool-verify-") as cache:
        for config in configs:
            try:
                ds = datasets.load_dataset(str(folder), config, cache_dir=cache)
            except Exception as exc:  # datasets raises many unrelated types
                raise ReleaseError(f"config {config} does not load with datasets: {exc}") from None
            expected = herring_features() if config in herrings else features()
            for split, part in ds.items():
                if part.features != expected:
                    raise ReleaseError(
                        f"config {config} split {split} loads with other features than declared"
                    )
    return configs


def check_croissant(folder: Path) -> bool:
    """Read one record of every Croissant record set with mlcroissant (False: no croissant.json)."""
    path = Release(folder).croissant
    if not path.is_file():
        return False
    import mlcroissant as mlc

    logging.getLogger("absl").setLevel(logging.ERROR)
    try:
        ds = mlc.Dataset(jsonld=str(path))
        for record_set in ds.metadata.record_sets:
            next(iter(ds.records(record_set.id)))
    except Exception as exc:  # mlcroissant raises its own and library errors alike
        raise ReleaseError(f"croissant.json does not load with mlcroissant: {exc}") from None
    return True


def verify_release(target: Path, *, load: bool = True) -> VerifyResult:
    """Verify a release folder, or an archive (its members checked from their headers against the
    limits and the manifest, then extracted into a temporary folder); archive errors name it."""
    if target.is_dir():
        return _verify_folder(target, load)
    if not target.is_file():
        raise ReleaseError(f"{target}: no such release folder or archive")
    with tempfile.TemporaryDirectory(prefix="ocwtool-release-") as tmp:
        with open_archive(target) as archive:
            top = check_members(archive)
            archive.extract(Path(tmp))
        try:
            result = _verify_folder(Path(tmp) / top, load)
        except OcwError as exc:
            raise type(exc)(f"{target}: {str(exc).replace(f'{tmp}/', '')}") from None
        result.folder = str(target)
        return result


def check_members(archive: Archive) -> str:
    """From the headers alone: one top-level folder, and every file's declared size equal to the
    manifest's (a member the manifest does not list is refused); return the folder's name."""
    paths = [(PurePosixPath(m.name).parts, m) for m in archive.members()]
    tops = {parts[0] for parts, _ in paths if parts}
    if len(tops) != 1:
        raise ReleaseError(f"expected one top-level release folder in the archive, found {len(tops)}")
    top = tops.pop()
    files = {"/".join(parts[1:]): (m.name, m.size) for parts, m in paths if len(parts) > 1 and not m.is_dir}
    if MANIFEST not in files:
        raise ReleaseError(f"missing file {MANIFEST} in {top}")
    try:
        listed = json.loads(archive.read(files[MANIFEST][0], MAX_MANIFEST_BYTES)).get("files")
    except (ValueError, AttributeError, RecursionError):
        return top  # an unreadable manifest is reported by the checksum step, after extraction
    if isinstance(listed, dict):
        _sizes_match(files, listed, top)
    return top


def _sizes_match(files: dict[str, tuple[str, int]], listed: dict[str, Any], top: str) -> None:
    for rel, (name, size) in sorted(files.items()):
        if rel in (MANIFEST, SUMS):
            continue
        meta = listed.get(rel)
        if meta is None:
            raise UnsafeArchiveError(f"archive member {name!r} is not listed in {MANIFEST}; refusing")
        declared = meta.get("bytes") if isinstance(meta, dict) else None
        if _count(declared) and declared != size:
            raise UnsafeArchiveError(
                f"archive member {name!r} declares {size} bytes but {MANIFEST} lists {declared}; refusing"
            )


def _verify_folder(folder: Path, load: bool) -> VerifyResult:
    manifest = check_checksums(folder)
    rows = check_schema(folder, manifest)
    herrings = frozenset(Release.herrings_config(c) for c in declared_counts(manifest))
    loaded = check_loadable(folder, sorted(rows), herrings) if load else []
    if load and check_croissant(folder):
        loaded.append("croissant.json (mlcroissant)")
    return VerifyResult(folder=str(folder), files=len(manifest["files"]) + 1, rows=rows, loaded=loaded)
