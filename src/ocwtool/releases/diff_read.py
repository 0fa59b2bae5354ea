"""Reading two releases for ``release diff``: a folder, or an archive (checked from its headers, then
extracted into a temporary folder), read back as rows; and the previous version of a release name
among a workspace's releases (the changelog's base). The diff itself is ``diff.py``."""

from __future__ import annotations

import contextlib
import json
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ocwtool.errors import OcwError, ReleaseError
from ocwtool.formats import hf
from ocwtool.releases.diff import ReleaseDiff, diff_rows
from ocwtool.releases.extract import open_archive
from ocwtool.releases.herring_rows import declared_counts
from ocwtool.releases.rows import read_json_file
from ocwtool.releases.verify import check_members
from ocwtool.schema.models import Puzzle
from ocwtool.stores.release import FORMATS, MANIFEST, Release

_VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-(.+))?")


@dataclass(frozen=True)
class ReleaseRows:
    """A release's name, version, puzzles (config -> all splits) and red-herring rows."""

    name: str
    version: str
    puzzles: dict[str, list[Puzzle]]
    herrings: dict[str, dict[str, list[str]]]

    @property
    def label(self) -> str:
        return f"{self.name} {self.version}"


@contextlib.contextmanager
def release_folder(target: Path) -> Iterator[Path]:
    """``target`` when it is a release folder, else its archive extracted into a temporary folder."""
    if target.is_dir():
        if not Release(target).manifest.is_file():
            raise ReleaseError(
                f"{target}: not a release folder (no {MANIFEST}); pass a release folder or archive"
            )
        yield target
        return
    if not target.is_file():
        raise ReleaseError(f"{target}: no such release folder or archive")
    with tempfile.TemporaryDirectory(prefix="ocwtool-diff-") as tmp:
        with open_archive(target) as archive:
            top = check_members(archive)
            archive.extract(Path(tmp))
        yield Path(tmp) / top


def _manifest(folder: Path, shown: Path) -> dict[str, Any]:
    manifest = read_json_file(Release(folder).manifest)
    configs = manifest.get("counts", {}).get("configs") if isinstance(manifest, dict) else None
    if not isinstance(configs, dict) or not all(
        isinstance(manifest.get(k), str) for k in ("name", "version")
    ):
        raise ReleaseError(f"{shown}: malformed {MANIFEST}; expected name, version and counts.configs")
    return dict(manifest)


def _herring_rows(folder: Release, counts: dict[str, dict[str, int]]) -> dict[str, dict[str, list[str]]]:
    """config -> puzzle id -> its red-herring rows as sorted JSON text (comparable as strings)."""
    import pyarrow.parquet as pq

    out: dict[str, dict[str, list[str]]] = {}
    for config, splits in sorted(counts.items()):
        for split in sorted(splits):
            try:
                rows = pq.read_table(folder.herrings(config, split)).to_pylist()
            except Exception as exc:  # pyarrow raises its own error types for a file that is not parquet
                raise ReleaseError(
                    f"{folder.herrings_rel(config, split)}: not a readable parquet file ({exc})"
                ) from None
            for row in rows:
                text = json.dumps(row, sort_keys=True, default=str)
                out.setdefault(config, {}).setdefault(row["puzzle_id"], []).append(text)
    return out


def folder_rows(
    folder: Release,
    name: str,
    version: str,
    counts: dict[str, dict[str, int]],
    herrings: dict[str, dict[str, int]],
) -> ReleaseRows:
    """The rows of a release folder's configs and splits (``counts``) and red-herring tables
    (``herrings``), as the manifest counts them."""
    puzzles = {
        config: [p for s in sorted(splits) for p in hf.read_parquet(folder.parquet(config, s))]
        for config, splits in sorted(counts.items())
    }
    return ReleaseRows(name, version, puzzles, _herring_rows(folder, herrings))


def read_release_rows(target: Path) -> ReleaseRows:
    """A release folder or archive as rows; errors name ``target`` in one line."""
    with release_folder(target) as folder:
        manifest = _manifest(folder, target)
        try:
            return folder_rows(
                Release(folder),
                manifest["name"],
                manifest["version"],
                manifest["counts"]["configs"],
                declared_counts(manifest),
            )
        except OcwError as exc:
            raise ReleaseError(f"{target}: {str(exc).replace(f'{folder}/', '')}") from None


def diff_releases(old: ReleaseRows, new: ReleaseRows) -> ReleaseDiff:
    """The diff of two read releases."""
    return diff_rows(
        old.puzzles, new.puzzles, labels=(old.label, new.label), herrings=(old.herrings, new.herrings)
    )


def version_key(version: str) -> tuple[int, int, int, int, str]:
    """Semantic-version order: a pre-release (``1.0.0-rc.1``) comes before its release."""
    m = _VERSION.fullmatch(version)
    if m is None:
        return (-1, -1, -1, 0, version)
    major, minor, patch, pre = m.groups()
    return (int(major), int(minor), int(patch), 0 if pre else 1, pre or "")


def previous_release(releases_dir: Path, name: str, version: str) -> Path | None:
    """The highest version of release ``name`` below ``version`` in ``releases_dir``: its folder, or
    its archive when only the archive is left (folder first, then tar.gz, then zip)."""
    older: dict[tuple[int, int, int, int, str], Path] = {}
    for path in sorted(releases_dir.glob(f"{name}-*"), key=_folder_first):
        stem = _strip_archive(path.name)
        other = stem[len(name) + 1 :]
        if not _VERSION.fullmatch(other) or version_key(other) >= version_key(version):
            continue
        if path.is_file() if stem != path.name else path.is_dir():
            older.setdefault(version_key(other), path)
    return older[max(older)] if older else None


def _strip_archive(filename: str) -> str:
    return next(
        (filename.removesuffix(f".{fmt}") for fmt in FORMATS if filename.endswith(f".{fmt}")), filename
    )


def _folder_first(path: Path) -> tuple[int, str]:
    """Folders before archives, tar.gz before zip (FORMATS order)."""
    rank = next((k + 1 for k, fmt in enumerate(FORMATS) if path.name.endswith(f".{fmt}")), 0)
    return rank, path.name


__all__ = [
    "ReleaseRows",
    "diff_releases",
    "folder_rows",
    "previous_release",
    "read_release_rows",
    "release_folder",
    "version_key",
]
