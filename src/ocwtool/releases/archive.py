"""Reproducible archives (tar.gz, zip) of a release folder, and safe extraction.

Writing: members in sorted path order, one fixed timestamp (1980-01-01, the zip epoch, unless
``SOURCE_DATE_EPOCH`` says otherwise), uid/gid 0 with empty owner names, modes 0644/0755, and a gzip
header with mtime 0 and no file name: two builds of the same folder are byte-identical.

Reading them back safely (every member checked from its header before anything is written) is
:mod:`ocwtool.releases.extract`; ``safe_extract`` is re-exported here.
"""

from __future__ import annotations

import gzip
import io
import os
import stat
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

from ocwtool.fsio import atomic_open
from ocwtool.releases.extract import check_member_name, safe_extract
from ocwtool.stores.release import FORMATS, Release

ZIP_EPOCH = 315532800  # 1980-01-01T00:00:00Z, the earliest time a zip header can hold


def fixed_mtime() -> int:
    """The timestamp written into archives: ``$SOURCE_DATE_EPOCH`` or 1980-01-01."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    return max(int(value), ZIP_EPOCH) if value and value.isdigit() else ZIP_EPOCH


def _files(folder: Path, prefix: str) -> Iterator[tuple[str, Path]]:
    """``(archive name, path)`` of every file under ``folder``, sorted, prefixed by ``prefix``."""
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        yield f"{prefix}/{path.relative_to(folder).as_posix()}", path


def archive_name(folder: Path, fmt: str) -> Path:
    """``<folder>.tar.gz`` or ``<folder>.zip`` beside the folder (:meth:`Release.archive`)."""
    return Release(folder).archive(fmt)


def write_archive(folder: Path, fmt: str = "tar.gz", *, prefix: str = "", target: Path | None = None) -> Path:
    """Pack ``folder`` reproducibly under ``prefix/`` (default: the folder's name) into ``target``
    (default: ``archive_name(folder, fmt)``), written atomically; return the archive path."""
    target = target or archive_name(folder, fmt)
    prefix = prefix or folder.name
    data = _tar_gz(folder, prefix) if fmt == "tar.gz" else _zip(folder, prefix)
    with atomic_open(target, "wb") as fh:
        fh.write(data)
    return target


def _tar_gz(folder: Path, prefix: str) -> bytes:
    mtime = fixed_mtime()
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, path in _files(folder, prefix):
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = path.stat().st_size, mtime, 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            with open(path, "rb") as fh:
                tar.addfile(info, fh)
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0, compresslevel=9) as gz:
        gz.write(raw.getvalue())
    return out.getvalue()


def _zip(folder: Path, prefix: str) -> bytes:
    import time

    stamp = time.gmtime(fixed_mtime())[:6]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, path in _files(folder, prefix):
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (stat.S_IFREG | 0o644) << 16
            info.create_system = 3
            zf.writestr(info, path.read_bytes())
    return out.getvalue()


__all__ = ["FORMATS", "archive_name", "check_member_name", "safe_extract", "write_archive"]
