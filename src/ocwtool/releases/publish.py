"""Publishing a built release so that a kill at any moment leaves something a rerun can finish.

``release build`` writes the folder and its archive into a staging area first
(:attr:`Release.staging` and :meth:`Release.staged_archive`, beside the release), then
:func:`publish` removes the previous archives, swaps the folder in and moves the archive beside
it. A kill before the first step leaves the previous release as it was; after it, the release
folder (previous or new) stands without an archive, which ``release build`` without ``--force``
recognises and :func:`complete_release` finishes by checking the folder's checksums and writing its
archive. So a release with an archive is always complete.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from ocwtool.errors import OcwError, ReleaseError
from ocwtool.progress import Progress, silent
from ocwtool.releases.archive import write_archive
from ocwtool.releases.verify import check_checksums
from ocwtool.stores.release import Release


def published_archives(folder: Path) -> list[Path]:
    """The archives (any format) published beside a release folder."""
    return Release(folder).archives()


def clear_leftovers(final: Release) -> None:
    """Remove what an interrupted build of ``final`` left (:meth:`Release.leftovers`): staging folder
    and archive, the previous folder moved aside (put back if the new one never took its place),
    unfinished atomic writes."""
    if final.old.is_dir() and not final.root.exists():
        final.old.rename(final.root)
    for path in final.leftovers():
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


def publish(final: Release, fmt: str) -> Path:
    """Make the built folder and archive (``final``'s staging ones) the release, in an order a kill
    at any point leaves either the previous release complete, or a folder without an archive (which
    a rerun completes): the old archives go first, then the folder is swapped in, then the archive
    is moved beside it."""
    for old in final.archives():
        old.unlink()
    _swap_in(final.staging.root, final.root)
    archive = final.archive(fmt)
    os.replace(final.staged_archive(fmt), archive)
    return archive


def complete_release(final: Release, fmt: str, progress: Progress = silent) -> tuple[Path, Path]:
    """Finish a half-published release (its folder in place, no archive): the folder must pass its
    checksums and be of ``fmt``; then its archive is written. Return both paths."""
    try:
        manifest = check_checksums(final.root)
    except OcwError as exc:
        raise ReleaseError(
            f"{final.root} has no archive and fails its checksums ({exc}); rebuild it with --force"
        ) from None
    declared = manifest.get("archive_format")
    if declared != fmt:
        raise ReleaseError(
            f"{final.root} has no archive; it was built for --format {declared}: rerun with that format "
            "to complete it, or rebuild it with --force"
        )
    progress("release", 1, 2)
    archive = write_archive(final.root, fmt)
    progress("release", 2, 2)
    return final.root, archive


def _swap_in(staging: Path, final: Path) -> None:
    """Replace ``final`` by ``staging``: the old release is moved aside first and removed only once
    the new one is in place, so an interruption never leaves neither."""
    old = Release(final).old
    shutil.rmtree(old, ignore_errors=True)
    if final.exists():
        final.rename(old)
    staging.rename(final)
    shutil.rmtree(old, ignore_errors=True)


__all__ = ["clear_leftovers", "complete_release", "publish", "published_archives"]
