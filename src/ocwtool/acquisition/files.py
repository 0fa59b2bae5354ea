"""Import files into a workspace's puzzle stores and export stores to files (the CLI's library side).

An import writes ``puzzles/<source>.jsonl`` (replacing it: re-importing the same file is idempotent)
and, when the format keeps document-level extras, ``puzzles/<source>.meta.json`` beside it (a stale
one is removed). Both are written under one lock of the ``puzzles`` folder, so concurrent imports
never leave the store of one file beside the metadata of another. Everything is checked before
anything is written: a file with no puzzles is refused unless ``allow_empty``, and duplicate ids are
named by input file and record. An export reads one or more stores (filtered by game and split)
and writes one file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ocwtool.acquisition.import_steps import (
    link_to_workspace,
    read_with_hint,
    rename_extras,
    resolve_format,
    write_annotations,
)
from ocwtool.acquisition.nyt_linking import LinkReport
from ocwtool.errors import InputError, SchemaError
from ocwtool.formats import EXPORTERS, IMPORTERS, get_exporter, get_importer
from ocwtool.fsio import read_json
from ocwtool.safenames import check_name
from ocwtool.schema.models import Puzzle, Split
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import Workspace


@dataclass(frozen=True)
class ImportReport:
    """What an import did: where the store is, how many puzzles, the warnings and flags seen."""

    source: str
    store: Path
    count: int
    warnings: tuple[str, ...]
    flags: dict[str, int]
    fmt: str = ""
    links: LinkReport = field(default_factory=LinkReport)
    annotations: dict[str, int] = field(default_factory=dict)
    boards: dict[str, int] = field(default_factory=dict)  # board_order value -> puzzles
    replaced_old: Path | None = None  # the store's file under its old name, removed by this import


@dataclass(frozen=True)
class ExportReport:
    """What an export wrote."""

    path: Path
    count: int
    sources: tuple[str, ...]


def check_source_name(name: str) -> str:
    """A source name is a file name stem: letters, digits, ``.``, ``_``, ``-`` (checked whole)."""
    return check_name(name, "source name")


def import_into(
    workspace: Workspace,
    path: Path,
    fmt: str,
    source: str | None = None,
    split: Split | None = None,
    *,
    allow_empty: bool = False,
) -> ImportReport:
    """Import ``path`` (format ``fmt``, any case; ``auto``: detected) into the store of ``source``
    (default: the format's). Undated NYT boards are linked to the workspace's dated ones by their
    clues; annotations the file carries replace that annotator's store."""
    fmt = resolve_format(Path(path), fmt)
    default = IMPORTERS[fmt][2]
    result = read_with_hint(
        get_importer(fmt), Path(path), fmt, check_source_name(source or default or "imported")
    )
    check_unique_ids(list(result.puzzles), Path(path))
    name = check_source_name(source or default or _source_of(result.puzzles, Path(path)))
    store = workspace.current_store_path(name)  # the current name, even where an old one is read
    if not result.puzzles and not allow_empty:
        raise InputError(
            f"{path}: no puzzles in the file; refusing to replace {store} with nothing "
            "(pass --allow-empty to do that)"
        )
    # The stores are checked and linked against, then written, under one hold of the lock: a split
    # or scrape beside the import waits for it rather than rewriting what it read before.
    labels = (workspace.annotations_dir,) if result.annotations else ()
    with workspace.lock(workspace.puzzles_dir, *labels):
        if source is None and default:
            keep_scraped(workspace, name, Path(path))
        puzzles, links = link_to_workspace(workspace.puzzles_dir, name, result.puzzles)
        if split is not None:
            puzzles = [p.model_copy(update={"split": split}) for p in puzzles]
        extras = rename_extras(result.extras, links.linked) if result.extras else None
        count, old = _write_store(workspace, name, puzzles, extras)
        written = write_annotations(workspace.annotations_dir, result, links.linked)
    flags = Counter(f.value for p in puzzles for f in p.flags)
    boards = dict(sorted(Counter(p.board_order.value for p in puzzles).items()))
    return ImportReport(
        name, store, count, result.warnings, dict(sorted(flags.items())), fmt, links, written, boards, old
    )


def _write_store(
    workspace: Workspace, name: str, puzzles: Sequence[Puzzle], extras: dict[str, Any] | None
) -> tuple[int, Path | None]:
    """Write store ``name`` and its ``.meta.json`` (removed when there are no extras) under the folder
    lock (:meth:`Workspace.replace_store`); the store's file under an old name goes. Returns the
    count written and that old file."""
    return workspace.replace_store(name, puzzles, extras)


def keep_scraped(workspace: Workspace, name: str, path: Path) -> None:
    """Refuse to replace, under a default name, a store a scraper wrote (its puzzles carry the URL
    they were fetched from): ``scrape nyt --source both`` and the NYT archive import both write ``nyt``."""
    target = workspace.puzzles_path(name)
    if not target.exists():
        return
    scraped = sum(1 for p in read_puzzles(target) if p.provenance.url)
    if scraped:
        raise InputError(
            f"{workspace.rel(target)} holds {scraped} scraped puzzle(s) that importing {path} would "
            f"replace; give --source NAME to import it beside them (--source {name} replaces them)"
        )


def check_unique_ids(puzzles: Sequence[Puzzle], path: Path) -> None:
    """Refuse a file whose records share a puzzle id, naming both records (1-based, in file order)."""
    first: dict[str, int] = {}
    for k, p in enumerate(puzzles, start=1):
        if p.id in first:
            raise SchemaError(
                f"{path}: record {k} has puzzle id {p.id!r}, already used by record {first[p.id]}; "
                "ids must be unique in a file"
            )
        first[p.id] = k


def _source_of(puzzles: Sequence[Puzzle], path: Path) -> str:
    """Store name for formats that carry their own sources: the one source, else the file stem."""
    sources = {p.source for p in puzzles}
    if len(sources) == 1:
        return sources.pop()
    return path.name.split(".")[0] or "imported"


def export_to(
    workspace: Workspace,
    fmt: str,
    sources: Sequence[str] = (),
    out: Path | None = None,
    *,
    game: str | None = None,
    split: str | None = None,
) -> ExportReport:
    """Write the selected stores' puzzles (optionally one game / one split) in format ``fmt``."""
    exporter = get_exporter(fmt)
    with workspace.lock(reading=(workspace.puzzles_dir,)):  # each store with its own meta.json
        chosen = {
            name: [
                p
                for p in ps
                if (game is None or p.game.value == game) and (split is None or p.split == split)
            ]
            for name, ps in workspace.stores(sources).items()
        }
        used = [name for name, ps in chosen.items() if ps]
        extras = _meta(workspace, used[0]) if len(used) == 1 else {}  # kept by the import of that store
    puzzles = [p for ps in chosen.values() for p in ps]
    if not puzzles:
        raise InputError(f"nothing to export from {', '.join(chosen)} (game={game}, split={split})")
    label = used[0] if len(used) == 1 else "all"
    target = Path(out or workspace.export_path(EXPORTERS[fmt][2].format(source=label)))
    with workspace.writing_files(target):
        exporter(puzzles, target, extras)
    return ExportReport(target, len(puzzles), tuple(used))


def _meta(workspace: Workspace, source: str) -> dict[str, Any]:
    """The extras an import kept beside store ``source`` (none when it kept none)."""
    if not workspace.meta_path(source).exists():
        return {}
    extras = read_json(workspace.meta_path(source))
    return extras if isinstance(extras, dict) else {}
