"""Reproducible archives (tar.gz, zip) of a release folder, and safe extraction.

Writing: members in sorted path order, one fixed timestamp (1980-01-01, the zip epoch, unless
``SOURCE_DATE_EPOCH`` says otherwise), uid/gid 0 with empty owner names, modes 0644/0755, and a gzip
header with mtime 0 and no file name: two builds of the same folder are byte-identical.

Extraction refuses, before anything is written, any member that is an absolute path, contains
``..``, is a link or device, or is larger than the per-member limit (and archives whose members add
up to more than the total limit), raising :class:`UnsafeArchiveError` naming the member.
"""

from __future__ import annotations

import gzip
import io
import os
import stat
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from ocwtool.errors import ReleaseError, UnsafeArchiveError
from ocwtool.fsio import atomic_open

ZIP_EPOCH = 315532800  # 1980-01-01T00:00:00Z, the earliest time a zip header can hold
MAX_MEMBER_BYTES = 1 << 30
MAX_TOTAL_BYTES = 4 << 30
FORMATS = ("tar.gz", "zip")


def fixed_mtime() -> int:
    """The timestamp written into archives: ``$SOURCE_DATE_EPOCH`` or 1980-01-01."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    return max(int(value), ZIP_EPOCH) if value and value.isdigit() else ZIP_EPOCH


def _files(folder: Path) -> Iterator[tuple[str, Path]]:
    """``(archive name, path)`` of every file under ``folder``, sorted, prefixed by its name."""
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        yield f"{folder.name}/{path.relative_to(folder).as_posix()}", path


def archive_name(folder: Path, fmt: str) -> Path:
    """``<folder>.tar.gz`` or ``<folder>.zip`` beside the folder."""
    if fmt not in FORMATS:
        raise ReleaseError(f"unknown archive format {fmt!r}; choose one of: {', '.join(FORMATS)}")
    return folder.with_name(f"{folder.name}.{fmt}")


def write_archive(folder: Path, fmt: str = "tar.gz") -> Path:
    """Pack ``folder`` reproducibly; return the archive path (written atomically)."""
    target = archive_name(folder, fmt)
    data = _tar_gz(folder) if fmt == "tar.gz" else _zip(folder)
    with atomic_open(target, "wb") as fh:
        fh.write(data)
    return target


def _tar_gz(folder: Path) -> bytes:
    mtime = fixed_mtime()
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, path in _files(folder):
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


def _zip(folder: Path) -> bytes:
    import time

    stamp = time.gmtime(fixed_mtime())[:6]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, path in _files(folder):
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (stat.S_IFREG | 0o644) << 16
            info.create_system = 3
            zf.writestr(info, path.read_bytes())
    return out.getvalue()


def check_member_name(name: str) -> PurePosixPath:
    """The member's relative path, or ``UnsafeArchiveError`` if it is absolute or climbs out."""
    posix = PurePosixPath(name.replace("\\", "/"))
    if posix.is_absolute() or name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        raise UnsafeArchiveError(f"archive member {name!r} has an absolute path; refusing to extract")
    if ".." in posix.parts:
        raise UnsafeArchiveError(f"archive member {name!r} contains '..'; refusing to extract")
    return posix


def _check_size(name: str, size: int, total: int, max_member: int, max_total: int) -> int:
    if size > max_member:
        raise UnsafeArchiveError(f"archive member {name!r} is {size} bytes, over the {max_member}-byte limit")
    if total + size > max_total:
        raise UnsafeArchiveError(f"archive members exceed {max_total} bytes in total at {name!r}")
    return total + size


def safe_extract(
    archive: Path, dest: Path, *, max_member: int = MAX_MEMBER_BYTES, max_total: int = MAX_TOTAL_BYTES
) -> None:
    """Extract a tar(.gz) or zip archive into ``dest`` after checking every member."""
    if zipfile.is_zipfile(archive):
        _extract_zip(archive, dest, max_member, max_total)
        return
    try:
        tar = tarfile.open(archive, "r:*")  # noqa: SIM115
    except (tarfile.TarError, OSError) as exc:
        raise ReleaseError(f"{archive}: not a readable tar.gz or zip archive ({exc})") from None
    with tar:
        total = 0
        members = tar.getmembers()
        for m in members:
            check_member_name(m.name)
            if not (m.isfile() or m.isdir()):
                raise UnsafeArchiveError(f"archive member {m.name!r} is a link or special file; refusing")
            total = _check_size(m.name, m.size, total, max_member, max_total)
        tar.extractall(dest, members=members, filter="data")


def _extract_zip(archive: Path, dest: Path, max_member: int, max_total: int) -> None:
    with zipfile.ZipFile(archive) as zf:
        total = 0
        for info in zf.infolist():
            check_member_name(info.filename)
            kind = stat.S_IFMT(info.external_attr >> 16)  # 0 when the zip records no file type
            if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
                raise UnsafeArchiveError(
                    f"archive member {info.filename!r} is a link or special file; refusing"
                )
            total = _check_size(info.filename, info.file_size, total, max_member, max_total)
        zf.extractall(dest)
