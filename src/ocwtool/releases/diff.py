"""What changed between two releases, per config: puzzles added, removed and changed (which fields).

Pure: :func:`diff_rows` takes two sets of rows (config -> puzzles, and optionally config -> puzzle id
-> red-herring rows) and returns a :class:`ReleaseDiff`; reading releases is ``diff_read.py``,
showing a diff is ``diff_text.py``. Everything is sorted (configs, ids, fields), so the same inputs
always give the same diff, text and JSON.

The fields a changed puzzle names (:data:`FIELDS`, in this order):

- ``clues``: the 16 clues as a multiset; ``board``: only their shown order (same clues);
- ``groups``: which clues go together; ``connections``: the four connections;
- ``split``; ``dates``: an OCW wall's air date, an NYT board's date;
- ``source``, ``flags``, ``provenance``;
- ``metadata``: everything else of the record (game facts, group ids and details, lineage, ...);
- ``red_herrings``: the puzzle's rows of the red-herring table.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ocwtool.schema.models import Puzzle

FIELDS = (
    "clues",
    "board",
    "groups",
    "connections",
    "split",
    "dates",
    "source",
    "flags",
    "provenance",
    "metadata",
    "red_herrings",
)
KINDS = ("added", "removed", "changed")
Rows = Mapping[str, Sequence[Puzzle]]  # config -> its puzzles (every split)
Herrings = Mapping[str, Mapping[str, Sequence[str]]]  # config -> puzzle id -> its rows, as JSON text


@dataclass(frozen=True)
class Changed:
    """One puzzle in both releases whose record differs: its id and the fields that differ."""

    id: str
    fields: tuple[str, ...]


@dataclass(frozen=True)
class ConfigDiff:
    """One config's puzzles added, removed and changed (ids sorted)."""

    config: str
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    changed: tuple[Changed, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed)

    def ids(self, kind: str) -> tuple[str, ...]:
        """The ids of one kind (``added``, ``removed`` or ``changed``)."""
        return tuple(c.id for c in self.changed) if kind == "changed" else getattr(self, kind)

    def as_json(self) -> dict[str, Any]:
        return {
            "added": list(self.added),
            "removed": list(self.removed),
            "changed": [{"id": c.id, "fields": list(c.fields)} for c in self.changed],
        }


@dataclass(frozen=True)
class ReleaseDiff:
    """The diff from release ``old`` to release ``new`` (each ``<name> <version>``), per config."""

    old: str
    new: str
    configs: tuple[ConfigDiff, ...]

    @property
    def empty(self) -> bool:
        return all(c.empty for c in self.configs)

    def counts(self) -> dict[str, dict[str, int]]:
        """config -> kind -> how many puzzles."""
        return {c.config: {k: len(c.ids(k)) for k in KINDS} for c in self.configs}

    def as_json(self) -> dict[str, Any]:
        return {
            "old": self.old,
            "new": self.new,
            "counts": self.counts(),
            "configs": {c.config: c.as_json() for c in self.configs},
        }


def _dates(p: Puzzle) -> Any:
    return [p.ocw.air_date if p.ocw else None, p.nyt.date if p.nyt else None]


def _metadata(p: Puzzle) -> Any:
    """The record minus what the other fields compare."""
    dump = p.model_dump(mode="json", exclude={"id", "clues", "split", "source", "flags", "provenance"})
    for key, date in (("ocw", "air_date"), ("nyt", "date")):
        if dump.get(key):
            dump[key].pop(date, None)
    dump["groups"] = [
        {k: v for k, v in g.items() if k not in ("clues", "connection")} for g in dump["groups"]
    ]
    return dump


def puzzle_fields(p: Puzzle) -> dict[str, Any]:
    """The values compared for each field of :data:`FIELDS` (but ``board`` and ``red_herrings``)."""
    return {
        "clues": sorted(p.clues),
        "groups": sorted(sorted(g.clues) for g in p.groups),
        "connections": sorted(g.connection for g in p.groups),
        "split": p.split.value if p.split else None,
        "dates": _dates(p),
        "source": p.source,
        "flags": list(p.flags),
        "provenance": p.provenance.model_dump(mode="json"),
        "metadata": _metadata(p),
    }


def changed_fields(
    old: Puzzle, new: Puzzle, herrings: tuple[Sequence[str], Sequence[str]] = ((), ())
) -> tuple[str, ...]:
    """The fields (in :data:`FIELDS` order) in which two records of one puzzle differ."""
    a, b = puzzle_fields(old), puzzle_fields(new)
    differ = {name for name in a if json.dumps(a[name], default=str) != json.dumps(b[name], default=str)}
    if "clues" not in differ and old.clues != new.clues:
        differ.add("board")
    if sorted(herrings[0]) != sorted(herrings[1]):
        differ.add("red_herrings")
    return tuple(f for f in FIELDS if f in differ)


def diff_config(
    config: str, old: Sequence[Puzzle], new: Sequence[Puzzle], herrings: tuple[Herrings, Herrings] = ({}, {})
) -> ConfigDiff:
    """One config's diff; ``herrings`` are both releases' red-herring rows (config -> id -> rows)."""
    before, after = {p.id: p for p in old}, {p.id: p for p in new}
    rows_old, rows_new = herrings[0].get(config, {}), herrings[1].get(config, {})
    changed = []
    for pid in sorted(before.keys() & after.keys()):
        fields = changed_fields(before[pid], after[pid], (rows_old.get(pid, ()), rows_new.get(pid, ())))
        if fields:
            changed.append(Changed(pid, fields))
    return ConfigDiff(
        config,
        added=tuple(sorted(after.keys() - before.keys())),
        removed=tuple(sorted(before.keys() - after.keys())),
        changed=tuple(changed),
    )


def diff_rows(
    old: Rows,
    new: Rows,
    *,
    labels: tuple[str, str] = ("old", "new"),
    herrings: tuple[Herrings, Herrings] = ({}, {}),
) -> ReleaseDiff:
    """The diff of two releases' rows, over every config either has (a config only one has is all
    added or all removed)."""
    configs = sorted(old.keys() | new.keys())
    diffs = tuple(diff_config(c, old.get(c, ()), new.get(c, ()), herrings) for c in configs)
    return ReleaseDiff(labels[0], labels[1], diffs)


__all__ = [
    "FIELDS",
    "KINDS",
    "Changed",
    "ConfigDiff",
    "ReleaseDiff",
    "changed_fields",
    "diff_rows",
    "puzzle_fields",
]
