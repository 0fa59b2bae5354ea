"""The workspace: one object that knows the settings, every layout path, and how to load each store.

Like sqlite-utils' ``Database``, a :class:`Workspace` is what library entry points and commands
take. The layout (all paths relative to the workspace folder)::

    ocwtool.toml                   settings (Workspace.config_path)
    validation.toml                waivers (Workspace.waivers_path)
    raw/<source>/                  captures and crawl state (Workspace.raw_dir)
    puzzles/<source>.jsonl         canonical stores (+ <source>.meta.json: extras kept by an import)
    variants/<kind>.jsonl          variants (+ <kind>.summary.json, <kind>.ocw.json)
    annotations/<annotator>.jsonl  labels (suggest.jsonl, adjudicated.jsonl)
    releases/<name>-<version>/     built releases
    runs/                          validation and evaluation reports (runs/llm/<run>/: LLM runs)
    exports/                       default target of ``ocwtool export``

Example::

    from ocwtool import Workspace

    ws = Workspace.open("my-dataset")
    for source, puzzles in ws.stores().items():
        print(ws.rel(ws.puzzles_path(source)), len(puzzles))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from ocwtool.config import CONFIG_NAME, Settings, load_settings, write_config
from ocwtool.errors import InputError
from ocwtool.fsio import write_json
from ocwtool.locks import folder_lock
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.corpus import Corpus
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import read_all
from ocwtool.stores.puzzles import read_puzzles, store_paths, write_puzzles

WAIVERS_NAME = "validation.toml"

# Stores whose default name changed: old name -> current name. An older workspace's file is read
# (and updated in place) as the current store, with a note saying how to rename it; an import into
# the current name replaces it.
RENAMED_STORES = {"nyt-community": "nyt"}


@dataclass(frozen=True)
class Workspace:
    """A workspace folder: its settings, its layout, and its stores."""

    # The folders `ocwtool init` (:func:`init_workspace`) creates; the others appear when first written.
    FOLDERS: ClassVar[tuple[str, ...]] = ("raw", "puzzles", "variants", "annotations", "releases", "runs")

    settings: Settings

    @classmethod
    def open(cls, root: str | Path | None = None) -> Workspace:
        """The workspace at ``root`` (default: ``$OCWTOOL_WORKSPACE``, else the current folder)."""
        return cls(load_settings(root))

    @classmethod
    def at(cls, root: Path) -> Workspace:
        """The layout of the folder ``root`` with default settings (``ocwtool.toml`` is not read)."""
        return cls(Settings(root=root))

    @property
    def root(self) -> Path:
        return self.settings.root

    # Layout ------------------------------------------------------------------------------
    @property
    def config_path(self) -> Path:
        return self.root / CONFIG_NAME

    @property
    def waivers_path(self) -> Path:
        return self.root / WAIVERS_NAME

    @property
    def captures_dir(self) -> Path:
        return self.root / "raw"

    def raw_dir(self, source: str) -> Path:
        """Captures (WARC) and crawl state of one source: ``raw/<source>/``."""
        return self.captures_dir / source

    @property
    def puzzles_dir(self) -> Path:
        return self.root / "puzzles"

    def puzzles_path(self, source: str) -> Path:
        """``puzzles/<source>.jsonl``, or the file of the store's old name (``RENAMED_STORES``) in a
        workspace that still has only that one."""
        return self.puzzles_dir / f"{self._file_stem(source)}.jsonl"

    def meta_path(self, source: str) -> Path:
        """Extras an import keeps beside a store: ``puzzles/<source>.meta.json``."""
        return self.puzzles_dir / f"{self._file_stem(source)}.meta.json"

    def old_store_path(self, source: str) -> Path | None:
        """The file of store ``source`` under its old name, when that is what the workspace holds."""
        stem = self._file_stem(source)
        return self.puzzles_dir / f"{stem}.jsonl" if stem != source else None

    def _file_stem(self, source: str) -> str:
        """The file name stem store ``source`` is kept under: its own, or its old name's when only
        that file exists."""
        if (self.puzzles_dir / f"{source}.jsonl").exists():
            return source
        old = next((o for o, new in RENAMED_STORES.items() if new == source), None)
        return old if old is not None and (self.puzzles_dir / f"{old}.jsonl").exists() else source

    def current_name(self, source: str) -> str:
        """A store name as this workspace lists it: an old name whose file is read under the
        current name is that current name."""
        new = RENAMED_STORES.get(source)
        return new if new is not None and self.old_store_path(new) is not None else source

    def layout_notes(self) -> list[str]:
        """One line per store file read under a newer name, saying how to rename it."""
        out = []
        for new in RENAMED_STORES.values():
            old = self.old_store_path(new)
            if old is not None:
                target = self.puzzles_dir / f"{new}.jsonl"
                out.append(
                    f"note: {self.rel(old)} is read as store {new} (its old name); rename it to "
                    f"{self.rel(target)} (and its .meta.json) to keep this note away"
                )
        return out

    @property
    def variants_dir(self) -> Path:
        return self.root / "variants"

    def variants_path(self, kind: str) -> Path:
        return self.variants_dir / f"{kind}.jsonl"

    def variant_summary_path(self, kind: str) -> Path:
        return self.variants_dir / f"{kind}.summary.json"

    def variant_ocw_path(self, kind: str) -> Path:
        """The OCW JSON export of a variant kind (as the published variant files): ``<kind>.ocw.json``."""
        return self.variants_dir / f"{kind}.ocw.json"

    @property
    def annotations_dir(self) -> Path:
        return self.root / "annotations"

    @property
    def releases_dir(self) -> Path:
        return self.root / "releases"

    @property
    def runs_dir(self) -> Path:
        return self.root / "runs"

    @property
    def exports_dir(self) -> Path:
        return self.root / "exports"

    @property
    def llm_runs_dir(self) -> Path:
        """Language-model runs: ``runs/llm/<run>/``."""
        return self.runs_dir / "llm"

    @property
    def models_dir(self) -> Path:
        """Models trained in the workspace (the pre-labelling model): ``models/``."""
        return self.root / "models"

    def rel(self, path: str | Path) -> str:
        """``path`` relative to the workspace when inside it, else as given (short, stable messages)."""
        for candidate in (Path(path), Path(path).resolve()):
            if candidate.is_relative_to(self.root):
                return str(candidate.relative_to(self.root))
        return str(path)

    # Contents ----------------------------------------------------------------------------
    def store_names(self) -> list[str]:
        """Names of the puzzle stores (``puzzles/*.jsonl``, in file-name order; a file of an old name
        under the current name)."""
        return [self.current_name(p.stem) for p in store_paths(self.puzzles_dir)]

    def variant_kinds(self) -> list[str]:
        """Names of the variant files (``variants/*.jsonl``), sorted."""
        return [p.stem for p in store_paths(self.variants_dir)]

    def stores(self, sources: Sequence[str] = (), *, missing_ok: bool = False) -> dict[str, list[Puzzle]]:
        """Puzzles of each named store, in the order named (every store, by name, when none is named).

        Raises ``InputError`` when a named store does not exist, or the workspace has no store at all
        (``missing_ok``: then nothing is returned)."""
        known = self.store_names()
        if not known and not sources and missing_ok:
            return {}
        if not known:
            raise InputError(
                f"no puzzles in {self.puzzles_dir}; import some first: ocwtool import FILE --format ocw"
            )
        for name in sources:
            if self.current_name(name) not in known:
                raise InputError(f"no store {self.puzzles_path(name)}; known sources: {', '.join(known)}")
        return {name: read_puzzles(self.puzzles_path(name)) for name in (sources or known)}

    def store(self, name: str) -> list[Puzzle]:
        """The puzzles of one store (none when ``puzzles/<name>.jsonl`` does not exist yet)."""
        path = self.puzzles_path(name)
        return read_puzzles(path) if path.exists() else []

    def puzzles(self, sources: Sequence[str] = (), *, missing_ok: bool = False) -> list[Puzzle]:
        """The puzzles of :meth:`stores`, one list in store order."""
        return [p for items in self.stores(sources, missing_ok=missing_ok).values() for p in items]

    def variants(
        self, sources: Sequence[str] = (), kinds: Sequence[str] = (), *, keep_empty: bool = False
    ) -> dict[str, tuple[Puzzle, ...]]:
        """Variants by kind (``variants/<kind>.jsonl``; only ``kinds`` when given); with ``sources``,
        only those built from these stores (``lineage.params["store"]``). Empty kinds are omitted
        unless ``keep_empty``."""
        out = {}
        for kind in self.variant_kinds():
            if kinds and kind not in kinds:
                continue
            items = read_puzzles(self.variants_path(kind))
            if sources:
                wanted = {self.current_name(s) for s in sources}
                items = [v for v in items if self.current_name(_built_from(v)) in wanted]
            if items or keep_empty:
                out[kind] = tuple(items)
        return out

    def corpus(self, sources: Sequence[str] = ()) -> Corpus:
        """What validation and releases see: the stores (only ``sources`` when given, in file-name
        order) and their variants. An empty workspace gives an empty corpus (callers say what to do)."""
        known = self.store_names()
        wanted = {self.current_name(s) for s in sources}
        missing = [s for s in sources if self.current_name(s) not in known]
        if missing:
            have = ", ".join(known) or "none"
            raise InputError(f"no store for source {', '.join(missing)} in {self.puzzles_dir} (have: {have})")
        names = [n for n in known if not sources or n in wanted]
        paths = tuple(self.puzzles_path(n) for n in names)
        puzzles = tuple(p for path in paths for p in read_puzzles(path))
        return Corpus(puzzles=puzzles, variants=self.variants(sources), stores=paths)

    def annotations(self, *, include_suggest: bool = False) -> dict[str, dict[str, ItemRecord]]:
        """annotator -> puzzle id -> latest label record (the suggester's only on request)."""
        return read_all(self.annotations_dir, include_suggest=include_suggest)

    # Writes: every store and variant file is written here, under its folder's lock, so that two
    # writers of one folder (an import and a scrape, a split and a build) run one after another.
    def write_store(self, name: str, puzzles: Iterable[Puzzle]) -> int:
        """Rewrite store ``name`` in place (its file under an old name when that is what the
        workspace holds); the count written."""
        with folder_lock(self.puzzles_dir):
            return write_puzzles(self.puzzles_path(name), puzzles)

    def update_store(self, name: str, change: Callable[[list[Puzzle]], list[Puzzle]]) -> list[Puzzle]:
        """Read store ``name`` (none when it does not exist yet), rewrite it with ``change(puzzles)``
        and return that, all under one lock: a concurrent writer cannot slip between the read and
        the write."""
        with folder_lock(self.puzzles_dir):
            path = self.puzzles_path(name)
            updated = change(read_puzzles(path) if path.exists() else [])
            write_puzzles(path, updated)
        return updated

    def replace_store(
        self, name: str, puzzles: Iterable[Puzzle], meta: dict[str, Any] | None = None
    ) -> tuple[int, Path | None]:
        """Write store ``name`` under its current name with its ``.meta.json`` (removed when ``meta``
        is None); the store's file under an old name goes. The count written and that old file."""
        store = self.puzzles_dir / f"{name}.jsonl"
        with folder_lock(self.puzzles_dir):
            old = self.old_store_path(name)  # this store under its old name: replaced here
            count = write_puzzles(store, puzzles)
            meta_file = store.with_name(f"{name}.meta.json")
            if meta is not None:
                write_json(meta_file, meta)
            else:
                meta_file.unlink(missing_ok=True)
            if old is not None:
                old.unlink()
                old.with_name(f"{old.stem}.meta.json").unlink(missing_ok=True)
        return count, old

    def write_variants(self, kind: str, puzzles: Iterable[Puzzle]) -> int:
        """Rewrite ``variants/<kind>.jsonl``; the count written."""
        with folder_lock(self.variants_dir):
            return write_puzzles(self.variants_path(kind), puzzles)

    def update_variants(self, kind: str, change: Callable[[list[Puzzle]], list[Puzzle]]) -> int:
        """Read ``variants/<kind>.jsonl`` (none when it does not exist yet) and rewrite it with
        ``change(variants)`` under one lock; the count written."""
        with folder_lock(self.variants_dir):
            path = self.variants_path(kind)
            return write_puzzles(path, change(read_puzzles(path) if path.exists() else []))


def _built_from(variant: Puzzle) -> str:
    """The store a variant was built from (``lineage.params["store"]``; "" when not recorded)."""
    return variant.lineage.params.get("store", "") if variant.lineage is not None else ""


def init_workspace(root: Path, contact: str | None = None, *, force: bool = False) -> Path:
    """Create the workspace folders (:attr:`Workspace.FOLDERS`) and ``ocwtool.toml``; refuse to
    overwrite the settings unless ``force``. Returns the settings file's path."""
    root.mkdir(parents=True, exist_ok=True)
    for name in Workspace.FOLDERS:
        (root / name).mkdir(exist_ok=True)
    return write_config(root / CONFIG_NAME, contact, force=force)
