"""The changelog a release build writes: the diff of the release being built against the previous
version of the same name in ``releases/`` (the highest version below it; its folder, else its
archive), as ``CHANGES.md`` and
``changelog.json`` in the release folder (so in its archive and checksums). The previous release is
only read, never rewritten; a release name's first version says "First version."."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ocwtool.fsio import write_json, write_text
from ocwtool.releases.diff import ReleaseDiff
from ocwtool.releases.diff_read import diff_releases, folder_rows, previous_release, read_release_rows
from ocwtool.releases.diff_text import changelog_json, changes_md
from ocwtool.stores.release import Release

Counts = Mapping[str, Mapping[str, int]]


def release_changes(
    releases_dir: Path, staging: Release, name: str, version: str, counts: Counts, herrings: Counts
) -> ReleaseDiff | None:
    """The diff from the previous version of ``name`` to the staged tables (None: first version)."""
    previous = previous_release(releases_dir, name, version)
    if previous is None:
        return None
    old = read_release_rows(previous)
    new = folder_rows(staging, name, version, _plain(counts), _plain(herrings))
    return diff_releases(old, new)


def write_changelog(root: Release, diff: ReleaseDiff | None, name: str, version: str) -> None:
    """``CHANGES.md`` and ``changelog.json`` in the release folder ``root``."""
    write_text(root.changes, changes_md(diff, name, version))
    write_json(root.changelog, changelog_json(diff, name, version))


def _plain(counts: Counts) -> dict[str, dict[str, int]]:
    return {c: dict(s) for c, s in counts.items()}


__all__ = ["release_changes", "write_changelog"]
