"""Atomic file writes and small file helpers (the I/O edge every writer goes through).

Every write goes to a unique ``.<name>.<random>.tmp`` in the same folder, is fsynced, then
``os.replace``d over the target, so an interrupted run never leaves a torn file behind.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from ocwtool.errors import InputError, StorageError
from ocwtool.safeparse import loads_json

_CHUNK = 1 << 20


@contextlib.contextmanager
def atomic_open(
    path: Path, mode: str = "w", encoding: str | None = "utf-8", *, private: bool = False
) -> Iterator[IO[Any]]:
    """Write to a fresh ``.<name>.<random>.tmp`` beside ``path``; move it over ``path`` only if the
    block succeeds (a unique name, so two writers of one file never share a temporary file).
    ``private`` keeps the file readable by its owner only (mode 0600: passwords, tokens).

    Whatever fails (the block, the flush, the close, the rename), the temporary file is removed and
    ``path`` is left as it was; a full disk is raised as :class:`StorageError` naming ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(name)
    if not private:
        os.chmod(tmp, 0o644)  # mkstemp makes 0600; these are ordinary data files
    binary = "b" in mode
    fh = os.fdopen(fd, mode) if binary else os.fdopen(fd, mode, encoding=encoding, newline="\n")
    try:
        yield fh
    except OSError as exc:
        _discard(fh, tmp)
        if exc.errno in _FULL:  # the block's own writes hit the full disk
            raise _storage_error(path, exc) from None
        raise
    except BaseException:
        _discard(fh, tmp)
        raise
    try:
        fh.flush()
        os.fsync(fh.fileno())
        fh.close()
        os.replace(tmp, path)
    except OSError as exc:
        _discard(fh, tmp)
        raise _storage_error(path, exc) from None
    _fsync_dir(path.parent)


_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def _discard(fh: IO[Any], tmp: Path) -> None:
    """Close ``fh`` (its buffered data may fail to flush again: ignored) and remove ``tmp``."""
    with contextlib.suppress(OSError):
        fh.close()
    tmp.unlink(missing_ok=True)


def _storage_error(path: Path, exc: OSError) -> StorageError:
    return StorageError(f"{path}: cannot write: {exc.strerror or exc}; the file is unchanged")


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (best effort: some filesystems refuse directory fsync)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_text(path: Path, text: str, *, private: bool = False) -> None:
    """Atomically write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` (``private``: mode 0600)."""
    with atomic_open(path, "w", private=private) as fh:
        fh.write(text)


def write_bytes(path: Path, data: bytes) -> None:
    """Atomically write ``data`` to ``path``."""
    with atomic_open(path, "wb") as fh:
        fh.write(data)


def write_json(path: Path, obj: Any, *, indent: int | None = 2) -> None:
    """Atomically write ``obj`` as UTF-8 JSON (non-ASCII kept as is) with a final newline."""
    write_text(path, json.dumps(obj, ensure_ascii=False, indent=indent) + "\n")


def read_json(path: Path) -> Any:
    """Read JSON from ``path``; bad or hostile JSON raises ``InputError`` as ``FILE:LINE:COL: message``
    (see :mod:`ocwtool.safeparse`)."""
    return loads_json(read_text(path), str(path))


def read_text(path: Path) -> str:
    """Read a UTF-8 text file, turning OS and decoding errors into ``InputError``."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, expected a file") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start}): {exc.reason}") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror}") from None


def sha256_file(path: Path) -> str:
    """SHA-256 hex digest of a file, hashed while streaming."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


def sha256_bytes(data: bytes) -> str:
    """SHA-256 hex digest of ``data``."""
    return hashlib.sha256(data).hexdigest()
