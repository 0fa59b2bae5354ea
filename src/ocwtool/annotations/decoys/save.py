"""Mined decoys into the annotator's store, adding to what it holds and never repeating it.

Under the store's lock (:func:`ocwtool.stores.annotations.locked_store`, the lock ``annotate import``
takes): read the latest record per puzzle, add the new files' evidence to the evidence stored (a
file read again replaces its own), and append a record only for a puzzle whose red herrings or
evidence changed. Running again on the same files appends nothing; the store stays byte for byte.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ocwtool.annotations.decoys.mine import WallPlay
from ocwtool.annotations.decoys.records import merged, play_of, to_record
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import dumps, latest, locked_store, read_records, store_path, write_locked


@dataclass(frozen=True)
class Saved:
    """What the store holds for the puzzles just mined: records appended, puzzles unchanged, and
    the latest record of each of those puzzles (stored or appended)."""

    path: Path
    added: int
    unchanged: int
    records: tuple[ItemRecord, ...]


def _same(new: ItemRecord, old: ItemRecord | None) -> bool:
    return old is not None and dumps(new.model_copy(update={"created_at": old.created_at})) == dumps(old)


def save_decoys(
    folder: Path,
    annotator: str,
    puzzles: Mapping[str, Puzzle],
    walls: Mapping[str, WallPlay],
    now: dt.datetime | None = None,
) -> Saved:
    """Add the mined ``walls`` (puzzle id -> play) to ``folder/<annotator>.jsonl``."""
    stamp = now or dt.datetime.now(dt.UTC)
    path = store_path(folder, annotator)
    with locked_store(path) as fd:  # read and append under one lock: a concurrent run waits, then adds
        stored = latest(read_records(path))
        out, new = [], []
        for pid in sorted(walls):
            old = stored.get(pid)
            base = play_of(puzzles[pid], old) if old is not None else WallPlay()
            record = to_record(puzzles[pid], merged(base, walls[pid]), annotator, stamp)
            if _same(record, old):
                assert old is not None
                out.append(old)
            else:
                new.append(record)
                out.append(record)
        write_locked(fd, path, [dumps(r) for r in new])
    return Saved(path, len(new), len(walls) - len(new), tuple(out))
