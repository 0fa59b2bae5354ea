"""The steps of ``ocwtool import`` around the format adapter: choosing the format (``auto``: detected;
names case-insensitive), a hint when the chosen one fails on a file of another format, linking
undated NYT boards to the workspace's dated ones, and writing the annotations a file carries.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ocwtool.acquisition.nyt_linking import LinkReport, is_undated_nyt, link_puzzles
from ocwtool.errors import InputError, SchemaError
from ocwtool.formats import IMPORTERS, Importer, ImportResult
from ocwtool.formats.detect import detect, hint
from ocwtool.schema.models import Puzzle
from ocwtool.schema.records import describe_validation_error
from ocwtool.stores.annotations import store_path, write_records
from ocwtool.stores.puzzles import read_puzzles, store_paths

AUTO = "auto"


def resolve_format(path: Path, fmt: str | None) -> str:
    """The registered format name for ``fmt`` (any case); ``auto``/None detects it from the file."""
    if fmt is None or fmt.lower() == AUTO:
        return detect(path)
    by_lower = {name.lower(): name for name in IMPORTERS}
    if fmt.lower() not in by_lower:
        known = ", ".join([AUTO, *IMPORTERS])
        raise InputError(f"unknown import format {fmt!r}; choose one of: {known}")
    return by_lower[fmt.lower()]


def read_with_hint(importer: Importer, path: Path, fmt: str, source: str) -> ImportResult:
    """Run the importer; when it rejects the file, add what the file looks like instead."""
    try:
        return importer(path, source)
    except ValidationError as exc:  # a model built outside puzzle_from_dict: still one line, naming the file
        raise SchemaError(f"{path}: {describe_validation_error(exc, '?')}") from None
    except (RecursionError, OverflowError, UnicodeError) as exc:
        raise InputError(f"{path}: cannot be imported: {type(exc).__name__}: {exc}") from None
    except InputError as exc:
        found = hint(path, fmt)
        if found is None:
            raise
        raise type(exc)(f"{exc}\n  (--format {fmt}: {found})") from None


def link_to_workspace(
    puzzles_dir: Path, store: str, puzzles: Sequence[Puzzle]
) -> tuple[list[Puzzle], LinkReport]:
    """Link the undated NYT puzzles of an import to dated ones of the other stores (and the file)."""
    if not any(is_undated_nyt(p) for p in puzzles):
        return list(puzzles), LinkReport()
    dated: list[tuple[str, Puzzle]] = [(store, p) for p in puzzles if p.nyt is not None]
    for path in store_paths(puzzles_dir):
        if path.stem != store:
            dated += [(path.stem, p) for p in read_puzzles(path) if p.nyt is not None]
    return link_puzzles(puzzles, dated)


def rename_extras(extras: dict[str, Any], renamed: dict[str, str]) -> dict[str, Any]:
    """Extras with linked puzzle ids replaced: id lists and id-keyed objects one level down."""
    if not renamed:
        return extras

    def fix(value: Any) -> Any:
        if isinstance(value, list):
            return [renamed.get(v, v) if isinstance(v, str) else v for v in value]
        if isinstance(value, dict):
            return {renamed.get(k, k): v for k, v in value.items()}
        return value

    return {k: fix(v) for k, v in extras.items()}


def write_annotations(folder: Path, result: ImportResult, renamed: dict[str, str]) -> dict[str, int]:
    """Replace each annotator's store with the records the file carries (re-import is idempotent)."""
    if not result.annotations:
        return {}

    by_annotator: dict[str, list[Any]] = {}
    for rec in result.annotations:
        fixed = rec.model_copy(update={"puzzle_id": renamed.get(rec.puzzle_id, rec.puzzle_id)})
        by_annotator.setdefault(rec.annotator, []).append(fixed)
    return {name: write_records(store_path(folder, name), recs) for name, recs in by_annotator.items()}
