"""Reading release archives safely: every member checked from its header before anything is written.

:func:`open_archive` recognises a gzip-compressed tar, a plain tar or a zip by its first bytes. A
``.tar.gz`` is decompressed once into an anonymous temporary file, and refused if the gzip stream is
cut short or anything (junk, zero padding, a second gzip member) follows its end: ocwtool writes one
gzip member, so trailing bytes mean the file was altered. :meth:`Archive.members` then reads every
header and refuses, naming the member, absolute paths, ``..``, links and devices, members declaring
more than the per-member limit (or all together more than the total limit) and members declaring more
data than the archive holds. Only then does :meth:`Archive.extract` write anything (the tar ``data``
filter as a second guard), into a hidden staging folder that is removed whatever happens.

Every failure is a :class:`ReleaseError` (``UnsafeArchiveError`` for refused members) whose message
starts with the archive's path; corrupt-data errors of ``tarfile``, ``zipfile`` and ``zlib``, and the
``EOFError`` of a stream cut short, never escape.
"""

from __future__ import annotations

import abc
import contextlib
import errno
import shutil
import stat
import tarfile
import tempfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO

from ocwtool.errors import ReleaseError, StorageError, UnsafeArchiveError

MAX_MEMBER_BYTES = 1 << 30
MAX_TOTAL_BYTES = 4 << 30
_CHUNK = 1 << 20
_EOCD = b"PK\x05\x06"
_EOCD_SEARCH = 22 + 0xFFFF
_HEADROOM = 64 << 20  # tar headers and padding on top of the members' declared sizes
_CORRUPT = (tarfile.TarError, zipfile.BadZipFile, zlib.error, EOFError, ValueError)


@dataclass(frozen=True)
class Member:
    """One archive member as its header declares it."""

    name: str
    size: int
    is_dir: bool


def check_member_name(name: str) -> PurePosixPath:
    """The member's relative path, or ``UnsafeArchiveError`` if it is absolute or climbs out."""
    posix = PurePosixPath(name.replace("\\", "/"))
    if posix.is_absolute() or name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        raise UnsafeArchiveError(f"archive member {name!r} has an absolute path; refusing to extract")
    if ".." in posix.parts:
        raise UnsafeArchiveError(f"archive member {name!r} contains '..'; refusing to extract")
    return posix


class Archive(abc.ABC):
    """An opened tar or zip archive: ``members()`` checks every header, ``extract()`` writes."""

    def __init__(self, path: Path, available: int, max_member: int, max_total: int) -> None:
        self.path, self.max_member, self.max_total = path, max_member, max_total
        self._available = available  # bytes of (uncompressed) archive data present
        self._checked: list[Member] | None = None

    @abc.abstractmethod
    def members(self) -> list[Member]:
        """Every member, each checked from its header (the list is computed once)."""

    @abc.abstractmethod
    def read(self, name: str, limit: int) -> bytes:
        """The data of a checked member of at most ``limit`` bytes."""

    @abc.abstractmethod
    def _extract_into(self, staging: Path) -> None: ...

    @abc.abstractmethod
    def close(self) -> None: ...

    def _check(self, name: str, size: int, is_file: bool, end: int, total: int) -> int:
        """Name, size limits and declared size vs the data present; return the new running total."""
        check_member_name(name)
        if not is_file:
            return total
        if size > self.max_member:
            raise UnsafeArchiveError(
                f"archive member {name!r} is {size} bytes, over the {self.max_member}-byte limit"
            )
        if total + size > self.max_total:
            raise UnsafeArchiveError(f"archive members exceed {self.max_total} bytes in total at {name!r}")
        if end > self._available:
            raise ReleaseError(
                f"archive member {name!r} declares {size} bytes but the archive ends before them "
                "(truncated, or a forged size)"
            )
        return total + size

    def extract(self, dest: Path) -> None:
        """Extract every (checked) member into ``dest``; nothing is left in ``dest`` on failure."""
        if self._checked is None:
            self.members()
        dest.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".extract-", dir=dest))
        try:
            self._extract_into(staging)
            for entry in sorted(staging.iterdir()):
                entry.rename(dest / entry.name)
        finally:
            shutil.rmtree(staging, ignore_errors=True)


class _Tar(Archive):
    def __init__(self, path: Path, raw: IO[bytes], max_member: int, max_total: int) -> None:
        super().__init__(path, raw.seek(0, 2), max_member, max_total)
        raw.seek(0)
        self._tar = tarfile.open(fileobj=raw, mode="r:")  # noqa: SIM115 (closed by open_archive)
        self._infos: list[tarfile.TarInfo] = []

    def members(self) -> list[Member]:
        if self._checked is None:
            total, out = 0, []
            for info in self._tar:  # checked one by one: a forged size fails here, not in tarfile
                if not (info.isfile() or info.isdir()):
                    check_member_name(info.name)
                    raise UnsafeArchiveError(
                        f"archive member {info.name!r} is a link or special file; refusing"
                    )
                end = info.offset_data + info.size
                total = self._check(info.name, info.size, info.isfile(), end, total)
                self._infos.append(info)
                out.append(Member(info.name, info.size if info.isfile() else 0, info.isdir()))
            self._checked = out
        return self._checked

    def read(self, name: str, limit: int) -> bytes:
        info = next(i for i in self._infos if i.name == name)
        fh = self._tar.extractfile(info)
        if fh is None or info.size > limit:
            raise UnsafeArchiveError(f"archive member {name!r} cannot be read (over {limit} bytes?)")
        return fh.read()

    def _extract_into(self, staging: Path) -> None:
        self._tar.extractall(staging, members=self._infos, filter="data")

    def close(self) -> None:
        self._tar.close()


class _Zip(Archive):
    def __init__(self, path: Path, max_member: int, max_total: int) -> None:
        super().__init__(path, path.stat().st_size, max_member, max_total)
        _zip_ends_at_eof(path)
        self._zip = zipfile.ZipFile(path)

    def members(self) -> list[Member]:
        if self._checked is None:
            total, out = 0, []
            for info in self._zip.infolist():
                kind = stat.S_IFMT(info.external_attr >> 16)  # 0 when the zip records no file type
                if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
                    check_member_name(info.filename)
                    raise UnsafeArchiveError(
                        f"archive member {info.filename!r} is a link or special file; refusing"
                    )
                is_file = not info.is_dir()
                end = info.header_offset + info.compress_size
                total = self._check(info.filename, info.file_size, is_file, end, total)
                out.append(Member(info.filename, info.file_size if is_file else 0, not is_file))
            self._checked = out
        return self._checked

    def read(self, name: str, limit: int) -> bytes:
        if self._zip.getinfo(name).file_size > limit:
            raise UnsafeArchiveError(f"archive member {name!r} is over {limit} bytes")
        return self._zip.read(name)

    def _extract_into(self, staging: Path) -> None:
        self._zip.extractall(staging)

    def close(self) -> None:
        self._zip.close()


def _zip_ends_at_eof(path: Path) -> None:
    """The zip's end-of-central-directory record (22 bytes and its comment) must end the file:
    ``zipfile`` finds the record in the last 64 KiB and ignores anything after it."""
    size = path.stat().st_size
    with open(path, "rb") as fh:
        fh.seek(max(0, size - _EOCD_SEARCH))
        tail = fh.read()
    at = tail.rfind(_EOCD)
    if at == -1 or len(tail) - at < 22:
        raise ReleaseError("corrupt archive: no zip end-of-central-directory record (truncated?)")
    comment = int.from_bytes(tail[at + 20 : at + 22], "little")
    trailing = len(tail) - at - 22 - comment
    if trailing:
        raise ReleaseError(f"{abs(trailing)} bytes of trailing data after the end of the zip; refusing")


def _gunzip(path: Path, out: IO[bytes], limit: int) -> None:
    """Decompress ``path`` into ``out``: one complete gzip member, nothing after it, at most ``limit``."""
    inflater = zlib.decompressobj(wbits=31)
    written = 0
    with open(path, "rb") as fh:
        while not inflater.eof and (chunk := fh.read(_CHUNK)):
            while chunk and not inflater.eof:
                data = inflater.decompress(chunk, _CHUNK)
                chunk = inflater.unconsumed_tail
                written += len(data)
                if written > limit:
                    raise UnsafeArchiveError(f"it decompresses to more than {limit} bytes; refusing")
                out.write(data)
        if not inflater.eof:
            raise ReleaseError("truncated: the gzip stream ends before its end marker")
        trailing = len(inflater.unused_data) + path.stat().st_size - fh.tell()
    if trailing:
        raise ReleaseError(f"{trailing} bytes of trailing data after the end of the gzip stream; refusing")


@contextlib.contextmanager
def open_archive(
    path: Path, *, max_member: int = MAX_MEMBER_BYTES, max_total: int = MAX_TOTAL_BYTES
) -> Iterator[Archive]:
    """Open a ``.tar.gz``, ``.tar`` or ``.zip`` for checked reading; every error names ``path``."""
    try:
        with contextlib.ExitStack() as stack:
            archive = _open(path, max_member, max_total, stack)
            stack.callback(archive.close)
            yield archive
    except ReleaseError as exc:
        raise _named(path, exc) from None
    except OSError as exc:
        if exc.errno is None:  # a format error of zlib/tarfile/zipfile, not a system call failing
            raise ReleaseError(f"{path}: corrupt archive: {_describe(exc)}") from None
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise StorageError(f"{path}: cannot extract: {exc.strerror}") from None
        raise
    except _CORRUPT as exc:
        raise ReleaseError(f"{path}: corrupt archive: {_describe(exc)}") from None


def _open(path: Path, max_member: int, max_total: int, stack: contextlib.ExitStack) -> Archive:
    with open(path, "rb") as fh:
        head = fh.read(262)
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        return _Zip(path, max_member, max_total)
    if head.startswith(b"\x1f\x8b"):
        raw = stack.enter_context(tempfile.TemporaryFile(prefix="ocwtool-tar-"))  # noqa: SIM115
        _gunzip(path, raw, max_total + _HEADROOM)
        return _Tar(path, raw, max_member, max_total)
    if head[257:262] == b"ustar":
        return _Tar(path, stack.enter_context(open(path, "rb")), max_member, max_total)
    raise ReleaseError("not a tar.gz, tar or zip archive (unrecognised first bytes)")


def _named(path: Path, exc: ReleaseError) -> ReleaseError:
    text = str(exc)
    return exc if text.startswith(f"{path}: ") else type(exc)(f"{path}: {text}")


def _describe(exc: BaseException) -> str:
    if isinstance(exc, EOFError):
        return f"the data ends early ({exc or 'unexpected end of file'})"
    return str(exc) or type(exc).__name__


def safe_extract(
    archive: Path, dest: Path, *, max_member: int = MAX_MEMBER_BYTES, max_total: int = MAX_TOTAL_BYTES
) -> list[Member]:
    """Check every member of a tar(.gz) or zip archive, then extract it into ``dest``."""
    with open_archive(archive, max_member=max_member, max_total=max_total) as opened:
        members = opened.members()
        opened.extract(dest)
    return members
