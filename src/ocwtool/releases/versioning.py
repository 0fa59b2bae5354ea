"""The next version of a release name (the rules in docs/live.md): a schema change bumps the major
version, new puzzles the minor, corrections of existing puzzles only the patch."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from ocwtool.fsio import read_json
from ocwtool.releases.diff_read import version_key

Bump = Literal["major", "minor", "patch"]
FIRST = "1.0.0"


def released_versions(releases_dir: Path, name: str) -> list[str]:
    """Every version of ``name`` in ``releases_dir`` (folders and archives), lowest first."""
    found = set()
    for path in releases_dir.glob(f"{name}-*"):
        rest = path.name[len(name) + 1 :].removesuffix(".tar.gz").removesuffix(".zip")
        if version_key(rest)[0] >= 0:
            found.add(rest)
    return sorted(found, key=version_key)


def bump(version: str, kind: Bump) -> str:
    """``version`` bumped: ``1.2.3`` -> major ``2.0.0``, minor ``1.3.0``, patch ``1.2.4``."""
    major, minor, patch = (int(x) for x in version.split("-")[0].split("."))
    if kind == "major":
        return f"{major + 1}.0.0"
    if kind == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def bump_kind(new: int, corrected: int, schema_changed: bool) -> Bump | None:
    """The bump for an update: None when nothing changed."""
    if schema_changed:
        return "major"
    if new:
        return "minor"
    return "patch" if corrected else None


def next_version(releases_dir: Path, name: str, kind: Bump) -> str:
    """The version after the highest of ``name`` (``1.0.0`` for a name never released)."""
    versions = released_versions(releases_dir, name)
    return bump(versions[-1], kind) if versions else FIRST


def release_counts(folder: Path) -> dict[str, dict[str, int]]:
    """Rows per config and split, from a release folder's manifest."""
    manifest = read_json(folder / "manifest.json")
    counts = manifest.get("counts", {}).get("configs", {}) if isinstance(manifest, dict) else {}
    return counts if isinstance(counts, dict) else {}


def release_configs_of(folder: Path) -> list[str]:
    """The configs a release folder's manifest lists."""
    return sorted(release_counts(folder))
