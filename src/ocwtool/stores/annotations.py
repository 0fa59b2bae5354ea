"""Per-annotator label stores: ``annotations/<annotator>.jsonl``, append-only, one item per line.

This module reads and writes the files; what the annotation tools make of them (annotator names,
walls left mid-way) is :mod:`ocwtool.annotations.annotators`. It sits below
:class:`~ocwtool.workspace.Workspace`, which reads the stores through it (``Workspace.annotations()``).

Appending is the only write a labelling session does. Each record is written with a single
``os.write`` on an ``O_APPEND`` descriptor, under an exclusive ``flock`` and followed by ``fsync``:
two processes appending at once cannot interleave or lose lines, and an interrupted session loses at
most the item on screen. A write that fails (a full disk) is truncated back, so no partial record
stays. A final line without its newline (a torn write after a crash, even one cut inside a multi-byte
character) is ignored: lines are split as bytes before any decoding. Writers that must read before
they append (deduplicating imports) hold the lock across both (:func:`locked_store`).
The suggester's file (``suggest.jsonl``) is regenerated as a whole, atomically.

Every write also holds the folder's workspace lock (:func:`ocwtool.locks.folder_lock`), taken before
the file is opened: a store replaced as a whole (an import of labels) and an append beside it run one
after the other, so an append never lands in a file that has just been replaced.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from ocwtool.errors import AnnotationError, InputError
from ocwtool.fsio import atomic_open
from ocwtool.locks import folder_lock
from ocwtool.schema import herring_tiers
from ocwtool.schema.annotations import Adjudication, ItemRecord
from ocwtool.schema.records import describe_validation_error

SUGGEST = "suggest"
ADJUDICATED = "adjudicated"
ADJUDICATED_HERRINGS = "adjudicated-herrings"  # ItemRecords: the red herrings an adjudicator kept
ADJUDICATED_TRICKS = "adjudicated-tricks"  # ItemRecords: trick words an adjudicator decided
DECISIONS = (ADJUDICATED, ADJUDICATED_HERRINGS, ADJUDICATED_TRICKS)  # stores of no annotator
M = TypeVar("M", bound=BaseModel)


def store_path(folder: Path, annotator: str) -> Path:
    """``<folder>/<annotator>.jsonl``."""
    return folder / f"{annotator}.jsonl"


def dumps(model: BaseModel) -> str:
    """One compact JSON line (no newline)."""
    return json.dumps(
        model.model_dump(mode="json", exclude_defaults=True), ensure_ascii=False, separators=(",", ":")
    )


def append_lines(path: Path, lines: Iterable[str]) -> None:
    """Append lines with one locked ``O_APPEND`` write and fsync (safe with concurrent writers)."""
    with locked_store(path) as fd:
        write_locked(fd, path, lines)


@contextlib.contextmanager
def locked_store(path: Path) -> Iterator[int]:
    """An ``O_APPEND`` descriptor of ``path`` holding its exclusive ``flock``: read the store, decide,
    then :func:`write_locked`, with no other writer in between."""
    with _folder_lock(path):
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)  # read: to spot a torn last line
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield fd
        finally:
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)


def _folder_lock(path: Path) -> contextlib.AbstractContextManager[None]:
    """The workspace lock of the folder of the store ``path`` (``annotations/``)."""
    return folder_lock(path.parent, what=f"{path.parent.name}/")


def write_locked(fd: int, path: Path, lines: Iterable[str]) -> None:
    """Append ``lines`` through a descriptor from :func:`locked_store`, all or nothing: on a failed
    or short write (a full disk) the file is truncated back to its size before and the error raised."""
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    if not data:
        return
    size = os.fstat(fd).st_size
    if size > 0 and os.pread(fd, 1, size - 1) != b"\n":  # a writer killed mid-line: end that line
        data = b"\n" + data
    try:
        if os.write(fd, data) != len(data):  # one call per batch; short only when the disk is full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        os.fsync(fd)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, size)
        raise AnnotationError(
            f"{path}: cannot append: {exc.strerror or exc}; the store is unchanged (free space and retry)"
        ) from None


def append_record(folder: Path, record: ItemRecord) -> None:
    """Append one item record to its annotator's store."""
    append_lines(store_path(folder, record.annotator), [dumps(record)])


def _iter_models(path: Path, model: type[M]) -> Iterator[M]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror}") from None
    # Split bytes, not text: the last element is b'' after a final newline; anything else there is a
    # torn write (possibly cut inside a multi-byte character): skip it before decoding anything.
    # Writes are single locked appends, so a line that is not UTF-8 JSON at all can only be a write
    # cut short by a crash (the next append ends it with a newline): skip it too. A JSON line that
    # breaks the schema is a real error.
    for lineno, line in enumerate(raw.split(b"\n")[:-1], start=1):
        if not line.strip():
            continue
        try:
            yield model.model_validate_json(line)
        except ValidationError as exc:
            if exc.errors()[0]["type"] == "json_invalid":
                continue
            raise AnnotationError(f"{path}:{lineno}: {describe_validation_error(exc, 'label')}") from None


def read_records(path: Path) -> list[ItemRecord]:
    """All records of one store, in file order."""
    return list(_iter_models(path, ItemRecord))


def latest(records: Iterable[ItemRecord]) -> dict[str, ItemRecord]:
    """The latest record per puzzle (file order decides ties), retracted records dropped."""
    last: dict[str, ItemRecord] = {}
    for rec in records:
        last[rec.puzzle_id] = rec
    return {pid: rec for pid, rec in last.items() if rec.status != "retracted"}


def latest_suggestions(folder: Path) -> dict[str, ItemRecord]:
    """The suggester's latest pre-label per puzzle (``suggest.jsonl``)."""
    return latest(read_records(store_path(folder, SUGGEST)))


def annotators(folder: Path, *, include_suggest: bool = False) -> list[str]:
    """Names of the annotators with a store in ``folder`` (humans; the suggester on request)."""
    if not folder.is_dir():
        return []
    names = sorted(p.stem for p in folder.glob("*.jsonl") if p.stem not in DECISIONS)
    return [n for n in names if include_suggest or n != SUGGEST]


def read_all(folder: Path, *, include_suggest: bool = False) -> dict[str, dict[str, ItemRecord]]:
    """annotator -> puzzle id -> latest record."""
    return {
        name: latest(read_records(store_path(folder, name)))
        for name in annotators(folder, include_suggest=include_suggest)
    }


def read_herring_stores(folder: Path) -> dict[str, dict[str, ItemRecord]]:
    """Every set of red-herring labels: annotator -> puzzle id -> latest record, the suggester's
    included, and the adjudicated red herrings (``adjudicated-herrings.jsonl``) under the name
    ``adjudicated`` when any puzzle has been decided."""
    stores = read_all(folder, include_suggest=True)
    decided = read_herring_adjudications(folder)
    return {herring_tiers.ADJUDICATED: decided, **stores} if decided else stores


def write_records(path: Path, records: Iterable[ItemRecord]) -> int:
    """Replace a whole store atomically (used for the regenerated ``suggest.jsonl``)."""
    count = 0
    with _folder_lock(path), atomic_open(path, "w") as fh:
        for rec in records:
            fh.write(dumps(rec) + "\n")
            count += 1
    return count


def read_adjudications(folder: Path) -> dict[str, Adjudication]:
    """group id -> latest adjudication."""
    return {a.group_id: a for a in _iter_models(store_path(folder, ADJUDICATED), Adjudication)}


def append_adjudication(folder: Path, decision: Adjudication) -> None:
    """Append one adjudication to ``adjudicated.jsonl``."""
    append_lines(store_path(folder, ADJUDICATED), [dumps(decision)])


def read_herring_adjudications(folder: Path) -> dict[str, ItemRecord]:
    """puzzle id -> latest adjudicated red herrings (``adjudicated-herrings.jsonl``)."""
    return latest(read_records(store_path(folder, ADJUDICATED_HERRINGS)))


def append_herring_adjudication(folder: Path, record: ItemRecord) -> None:
    """Append one puzzle's adjudicated red herrings to ``adjudicated-herrings.jsonl``."""
    append_lines(store_path(folder, ADJUDICATED_HERRINGS), [dumps(record)])


def read_trick_adjudications(folder: Path) -> dict[str, ItemRecord]:
    """extended board id -> latest decisions on its disputed trick words (``adjudicated-tricks.jsonl``)."""
    return latest(read_records(store_path(folder, ADJUDICATED_TRICKS)))


def append_trick_adjudication(folder: Path, record: ItemRecord) -> None:
    """Append one board's decided trick words to ``adjudicated-tricks.jsonl``."""
    append_lines(store_path(folder, ADJUDICATED_TRICKS), [dumps(record)])
