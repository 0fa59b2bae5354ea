"""Export and import labels: Label Studio tasks, Argilla records, ocwtool's own JSONL, or (export
only; ``ocwtool import`` reads it) one annotator's trap groups as Connections Eval's YAML.

``export_labels`` renders the latest records of the chosen annotators (and the ``suggest``
pre-labels as Label Studio predictions / Argilla suggestions); ``import_labels`` parses a file back
into :class:`ItemRecord` s and ``save_imported`` appends them to the annotators' stores, skipping
records already there, so importing the same file twice changes nothing.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from ocwtool.annotations.annotators import RESERVED, check_annotator
from ocwtool.annotations.interop.argilla import from_argilla, to_argilla
from ocwtool.annotations.labelstudio.files import from_labelstudio, labelstudio_config, to_labelstudio
from ocwtool.errors import AnnotationError
from ocwtool.formats import connections_eval
from ocwtool.fsio import write_text
from ocwtool.safeparse import loads_json
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle
from ocwtool.schema.records import describe_validation_error
from ocwtool.stores.annotations import dumps, locked_store, read_records, store_path, write_locked
from ocwtool.workspace import Workspace

FORMATS = ("labelstudio", "argilla", "jsonl", connections_eval.FORMAT)
Stores = Mapping[str, Mapping[str, ItemRecord]]


@dataclass(frozen=True)
class Exported:
    """The exported document, and side files (the Label Studio config) to write beside it."""

    text: str
    sidecars: dict[str, str]
    mtime: dt.datetime | None = None  # the file's modification time (an import stamps records with it)


def export_labels(fmt: str, puzzles: Sequence[Puzzle], stores: Stores) -> Exported:
    """Render ``stores`` (annotator -> puzzle id -> record) in format ``fmt``."""
    if fmt == "jsonl":
        lines = [dumps(rec) for _, recs in sorted(stores.items()) for rec in recs.values()]
        return Exported("".join(line + "\n" for line in lines), {})
    if fmt == "labelstudio":
        tasks = to_labelstudio(puzzles, stores)
        return Exported(
            json.dumps(tasks, ensure_ascii=False, indent=2) + "\n", {".config.xml": labelstudio_config()}
        )
    if fmt == "argilla":
        return Exported(json.dumps(to_argilla(puzzles, stores), ensure_ascii=False, indent=2) + "\n", {})
    if fmt == connections_eval.FORMAT:
        return _connections_eval(puzzles, stores)
    raise AnnotationError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")


def _connections_eval(puzzles: Sequence[Puzzle], stores: Stores) -> Exported:
    """One annotator's trap groups as Connections Eval YAML. The file's modification time is the
    newest exported record's ``created_at``, which is how the import stamps records, so importing
    the file again gives the very same records."""
    names = sorted(set(stores) - {"suggest"})
    if len(names) > 1:
        raise AnnotationError("Connections Eval holds one annotator's trap groups; pass --annotator NAME")
    records = stores[names[0]] if names else {}
    ids = {p.id for p in puzzles}
    stamps = [r.created_at for pid, r in records.items() if pid in ids and r.status == "labelled"]
    return Exported(connections_eval.dump_document(puzzles, records), {}, max(stamps, default=None))


def write_export(workspace: Workspace, out: Path, exported: Exported) -> list[Path]:
    """Write ``exported`` to ``out`` and its side files beside it (under the lock of their folder when
    it is in the workspace); the paths written."""
    paths = [out, *(out.with_name(out.name + suffix) for suffix in exported.sidecars)]
    with workspace.writing_files(out):
        for path, text in zip(paths, [exported.text, *exported.sidecars.values()], strict=True):
            write_text(path, text)
        if exported.mtime is not None:
            ns = (
                (exported.mtime - dt.datetime(1970, 1, 1, tzinfo=dt.UTC))
                // dt.timedelta(microseconds=1)
                * 1000
            )
            os.utime(out, ns=(ns, ns))
    return paths


def import_labels(
    fmt: str, text: str, puzzles: Mapping[str, Puzzle], annotator: str | None, where: str
) -> list[ItemRecord]:
    """Parse an exported file back into item records (``annotator`` renames every record)."""
    if fmt == "jsonl":
        return _from_jsonl(text, annotator, where)
    doc = loads_json(text, where)
    readers = {"labelstudio": from_labelstudio, "argilla": from_argilla}
    if fmt not in readers:
        raise AnnotationError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    try:
        return readers[fmt](doc, puzzles, annotator)
    except ValidationError as exc:
        raise AnnotationError(f"{where}: {describe_validation_error(exc, 'label')}") from None
    except AnnotationError as exc:
        raise AnnotationError(f"{where}: {exc}") from None
    except (AttributeError, KeyError, TypeError, ValueError) as exc:  # a shape the format never has
        raise AnnotationError(f"{where}: not a {fmt} export ({type(exc).__name__}: {exc})") from None


def _from_jsonl(text: str, annotator: str | None, where: str) -> list[ItemRecord]:
    out = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rec = ItemRecord.model_validate(loads_json(line, where, line=lineno))
        except ValidationError as exc:
            raise AnnotationError(f"{where}:{lineno}: {describe_validation_error(exc, 'label')}") from None
        out.append(rec.model_copy(update={"annotator": annotator}) if annotator else rec)
    return out


def save_imported(folder: Path, records: Sequence[ItemRecord]) -> dict[str, int]:
    """Append new records to their annotators' stores; return annotator -> records added."""
    added: dict[str, int] = {}
    for name in sorted({r.annotator for r in records}):
        if name in RESERVED:
            raise AnnotationError(f"cannot import labels as {name!r} (reserved); pass --annotator NAME")
        check_annotator(name)
        path = store_path(folder, name)
        with locked_store(path) as fd:  # read under the lock: a concurrent import waits, then dedups
            have = {dumps(r) for r in read_records(path)}
            new = list(
                dict.fromkeys(line for r in records if r.annotator == name and (line := dumps(r)) not in have)
            )
            write_locked(fd, path, new)
        added[name] = len(new)
    return added
