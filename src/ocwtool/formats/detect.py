"""Format detection: which registered importer a file is for (``--format auto``) and hints for a
wrong ``--format``.

A format is recognised by a pure predicate over a :class:`~.sniff.Sample`: the importer module's own
``looks_like(sample)`` when it defines one (new adapters should), else the predicate kept here for
the older adapters. Files that are not puzzles but that users try to import (run logs, model
answers) get a hint naming the command that reads them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ocwtool.errors import InputError
from ocwtool.formats import IMPORTERS
from ocwtool.formats.sniff import Sample, read_sample

Predicate = Callable[[Sample], bool]


def _is_ocw(s: Sample) -> bool:
    return isinstance(s.doc, dict) and isinstance(s.doc.get("dataset"), list)


def _is_archive(s: Sample) -> bool:
    recs = s.records()
    return bool(recs) and all(isinstance(r, dict) and "date" in r and "answers" in r for r in recs)


def _gold_records(s: Sample) -> list[Any]:
    doc = s.doc
    recs = s.records() or ([doc] if isinstance(doc, dict) else [])
    ok = bool(recs) and all(isinstance(r, dict) and "allwords" in r and "categories" in r for r in recs)
    return recs if ok else []


def _is_gold(s: Sample) -> bool:
    return any(_gold_records(s)) and not _is_ctd_answers(s)


def _is_ctd_answers(s: Sample) -> bool:
    recs = _gold_records(s)
    return bool(recs) and all("reason" in r or "malformed" in r for r in recs)


def _is_store(s: Sample) -> bool:
    recs = s.records()
    keys = {"id", "game", "clues", "groups", "provenance"}
    return (
        s.kind in ("jsonl", "json")
        and bool(recs)
        and all(isinstance(r, dict) and keys <= r.keys() for r in recs)
    )


def _is_hf(s: Sample) -> bool:
    return s.kind in ("parquet", "folder") and {"id", "game", "clues", "groups"} <= set(s.columns)


def _is_listing(s: Sample) -> bool:
    return s.kind == "text" and "NYT Connections" in s.head


# Predicates of adapters without their own ``looks_like``.
BUILTIN: dict[str, Predicate] = {
    "ocw": _is_ocw,
    "nyt-archive": _is_archive,
    "connections-gold": _is_gold,
    "jsonl": _is_store,
    "hf": _is_hf,
    "nyt-archive-text": _is_listing,
}


def _todd_results(s: Sample) -> bool:
    recs = s.records()
    return bool(recs) and all(isinstance(r, dict) and "puzzle_data" in r for r in recs)


# Not puzzle files: (predicate, what it is, what reads it).
NOT_IMPORTABLE: tuple[tuple[Predicate, str], ...] = (
    (_todd_results, "a Todd et al. results log: replay it with `ocwtool eval --transcripts FILE`"),
    (
        _is_ctd_answers,
        "a Connecting the Dots model-answer file: score it with `ocwtool eval --predictions FILE`",
    ),
)


def predicate(name: str) -> Predicate | None:
    """The detector of format ``name`` (the module's ``looks_like``, else a built-in one)."""
    module = importlib.import_module(IMPORTERS[name][0])
    own: Any = getattr(module, "looks_like", None)
    return own if callable(own) else BUILTIN.get(name)


def candidates(sample: Sample) -> list[str]:
    """Every registered format whose detector accepts ``sample``, in registry order."""
    out = []
    for name in IMPORTERS:
        test = predicate(name)
        if test is not None and test(sample):
            out.append(name)
    return out


def detect(path: Path) -> str:
    """The one format ``path`` is in (``InputError`` saying what it looks like otherwise)."""
    sample = read_sample(Path(path))
    found = candidates(sample)
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(f"{path}: could be any of {', '.join(found)}; choose one with --format")
    raise InputError(f"{path}: format not recognised ({_describe(sample)}); {_not_importable(sample)}")


def hint(path: Path, chosen: str) -> str | None:
    """``"this looks like X ..."`` when ``path`` is not in format ``chosen`` but in another one."""
    try:
        sample = read_sample(Path(path))
    except InputError:
        return None
    found = [f for f in candidates(sample) if f != chosen]
    if found:
        name = found[0]
        return f"this looks like {name} ({IMPORTERS[name][3]}): try --format {name}"
    for test, what in NOT_IMPORTABLE:
        if test(sample):
            return f"this looks like {what}"
    return None


def _not_importable(sample: Sample) -> str:
    for test, what in NOT_IMPORTABLE:
        if test(sample):
            return f"it looks like {what}"
    return f"choose one with --format ({', '.join(IMPORTERS)})"


def _describe(sample: Sample) -> str:
    if sample.columns:
        return f"{sample.kind} with columns {', '.join(sample.columns[:8])}"
    doc = sample.doc
    if isinstance(doc, dict):
        return f"{sample.kind} object with keys {', '.join(list(doc)[:8])}"
    recs = sample.records()
    if recs and isinstance(recs[0], dict):
        return f"{sample.kind} list of records with keys {', '.join(list(recs[0])[:8])}"
    return f"{sample.kind} file"
