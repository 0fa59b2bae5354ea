"""Publishing a built release so that a kill at any moment leaves something a rerun can finish.

``release build`` writes the folder and its archive into a staging area first (``.<name>.tmp`` and
``.<name>.tmp.<fmt>`` beside the release), then :func:`publish` removes the previous archives, swaps
the folder in and moves the archive beside it. A kill before the first step leaves the previous
release as it was; after it, the release folder (previous or new) stands without an archive, which
``release build`` without ``--force`` recognises and :func:`complete_release` finishes by checking
the folder's checksums and writing its archive. So a release with an archive is always complete.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from ocwtool.errors import OcwError, ReleaseError
from ocwtool.progress import Progress, silent
from ocwtool.releases.archive import FORMATS, archive_name, write_archive
from ocwtool.releases.verify import check_checksums


def published_archives(folder: Path) -> list[Path]:
    """The archives (any format) published beside a release folder."""
    return [archive_name(folder, fmt) for fmt in FORMATS if archive_name(folder, fmt).is_file()]


def clear_leftovers(final: Path) -> None:
    """Remove what an interrupted build of ``final`` left: staging folder and archive, the previous
    folder moved aside (put back if the new one never took its place), unfinished atomic writes."""
    n = final.name
    old = final.with_name(f".{n}.old")
    if old.is_dir() and not final.exists():
        old.rename(final)
    patterns = [f".{n}.tmp", f".{n}.tmp.*", f".{n}.old", *(f".{n}.{fmt}.*.tmp" for fmt in FORMATS)]
    for pattern in patterns:
        for path in final.parent.glob(pattern):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)


def publish(staging: Path, staged: Path, final: Path, fmt: str) -> Path:
    """Make the built folder and archive the release, in an order a kill at any point leaves either
    the previous release complete, or a folder without an archive (which a rerun completes):
    the old archives go first, then the folder is swapped in, then the archive is moved beside it."""
    for old in published_archives(final):
        old.unlink()
    _swap_in(staging, final)
    archive = archive_name(final, fmt)
    os.replace(staged, archive)
    return archive


def complete_release(final: Path, fmt: str, progress: Progress = silent) -> tuple[Path, Path]:
    """Finish a half-published release (its folder in place, no archive): the folder must pass its
    checksums and be of ``fmt``; then its archive is written. Return both paths."""
    try:
        manifest = check_checksums(final)
    except OcwError as exc:
        raise ReleaseError(
            f"{final} has no archive and fails its checksums ({exc}); rebuild it with --force"
        ) from None
    declared = manifest.get("archive_format")
    if declared != fmt:
        raise ReleaseError(
            f"{final} has no archive; it was built for --format {declared}: rerun with that format "
            "to complete it, or rebuild it with --force"
        )
    progress("release", 1, 2)
    archive = write_archive(final, fmt)
    progress("release", 2, 2)
    return final, archive


def _swap_in(staging: Path, final: Path) -> None:
    """Replace ``final`` by ``staging``: the old release is moved aside first and removed only once
    the new one is in place, so an interruption never leaves neither."""
    old = final.with_name(f".{final.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if final.exists():
        final.rename(old)
    staging.rename(final)
    shutil.rmtree(old, ignore_errors=True)


__all__ = ["clear_leftovers", "complete_release", "publish", "published_archives"]
