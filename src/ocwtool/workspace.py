"""The workspace: one object that knows the settings, every layout path, and how to load each store.

Like sqlite-utils' ``Database``, a :class:`Workspace` is what library entry points and commands
take. The layout (all paths relative to the workspace folder)::

    ocwtool.toml                   settings (Workspace.config_path)
    validation.toml                waivers (Workspace.waivers_path)
    raw/<source>/                  captures and crawl state (Workspace.raw_dir)
    puzzles/<source>.jsonl         canonical stores (+ <source>.meta.json: extras kept by an import)
    variants/<kind>.jsonl          variants (+ <kind>.summary.json, <kind>.ocw.json)
    annotations/<annotator>.jsonl  labels (suggest.jsonl, adjudicated.jsonl)
    annotations/labelstudio/       what ``annotate ls push`` pushed (pushes.jsonl)
    releases/<name>-<version>/     built releases (Workspace.release: their layout)
    runs/                          evaluation reports (runs/validation/: validation's; runs/llm/<run>/:
                                   LLM runs; runs/nyt-reconcile-<stamp>.*: scrape nyt's comparison)
    models/<name>/v<k>.json        trained pre-labelling models
    reports/report.html            ``ocwtool report``'s page and its figures
    labelstudio/                   ``annotate ls serve``'s local server: data/, server.log, accounts.toml
    exports/                       default target of ``ocwtool export``

Every command that writes holds the lock (:mod:`ocwtool.locks`) of the folders it writes, through
:meth:`Workspace.lock`, for its whole read-modify-write: a second writer waits or is refused, it
never interleaves.

Example::

    from ocwtool import Workspace

    ws = Workspace.open("my-dataset")
    for source, puzzles in ws.stores().items():
        print(ws.rel(ws.puzzles_path(source)), len(puzzles))
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from ocwtool.config import CONFIG_NAME, Settings, load_settings, write_config
from ocwtool.errors import InputError
from ocwtool.fsio import write_json
from ocwtool.locks import folder_lock
from ocwtool.safenames import check_name, inside, named_path
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.corpus import Corpus
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import read_all, read_herring_stores
from ocwtool.stores.puzzles import read_puzzles, store_paths, write_puzzles
from ocwtool.stores.release import Release

WAIVERS_NAME = "validation.toml"
REPORT_NAME = "report.html"
DEMO_MARKER = ".ocwtool-demo"

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
        return self._named(self.captures_dir, source, "source name")

    def _named(self, folder: Path, name: str, what: str, suffix: str = "") -> Path:
        """``folder/<name><suffix>`` for a name a user gave: checked whole and kept inside the
        workspace (:mod:`ocwtool.safenames`), so no name writes elsewhere."""
        return named_path(self.root, folder, name, what, suffix)

    def frontier_path(self, source: str) -> Path:
        """The crawl frontier of one source: ``raw/<source>/frontier.sqlite``."""
        return self.raw_dir(source) / "frontier.sqlite"

    @property
    def puzzles_dir(self) -> Path:
        return self.root / "puzzles"

    def puzzles_path(self, source: str) -> Path:
        """``puzzles/<source>.jsonl``, or the file of the store's old name (``RENAMED_STORES``) in a
        workspace that still has only that one."""
        return self._named(self.puzzles_dir, self._file_stem(source), "source name", ".jsonl")

    def current_store_path(self, source: str) -> Path:
        """``puzzles/<source>.jsonl`` under the store's current name, where an import writes it even
        when the workspace still holds the store under its old name."""
        return self._named(self.puzzles_dir, source, "source name", ".jsonl")

    @property
    def split_record_path(self) -> Path:
        """How ``ocwtool split`` last assigned the splits (``puzzles/splits.json``; the release card
        says it)."""
        return self.puzzles_dir / "splits.json"

    def meta_path(self, source: str) -> Path:
        """Extras an import keeps beside a store: ``puzzles/<source>.meta.json``."""
        return self._named(self.puzzles_dir, self._file_stem(source), "source name", ".meta.json")

    def old_store_path(self, source: str) -> Path | None:
        """The file of store ``source`` under its old name, when that is what the workspace holds."""
        stem = self._file_stem(source)
        return self.puzzles_dir / f"{stem}.jsonl" if stem != source else None

    def _file_stem(self, source: str) -> str:
        """The file name stem store ``source`` is kept under: its own, or its old name's when only
        that file exists."""
        check_name(source, "source name")
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
        return self._named(self.variants_dir, kind, "variant kind", ".jsonl")

    def variant_summary_path(self, kind: str) -> Path:
        return self._named(self.variants_dir, kind, "variant kind", ".summary.json")

    def variant_ocw_path(self, kind: str) -> Path:
        """The OCW JSON export of a variant kind (as the published variant files): ``<kind>.ocw.json``."""
        return self._named(self.variants_dir, kind, "variant kind", ".ocw.json")

    @property
    def annotations_dir(self) -> Path:
        return self.root / "annotations"

    @property
    def releases_dir(self) -> Path:
        return self.root / "releases"

    def release(self, name: str, version: str) -> Release:
        """The layout of release ``releases/<name>-<version>/`` (and what is built beside it)."""
        return Release.named(self.releases_dir, name, version)

    @property
    def runs_dir(self) -> Path:
        return self.root / "runs"

    @property
    def exports_dir(self) -> Path:
        return self.root / "exports"

    def export_path(self, file_name: str) -> Path:
        """Where ``ocwtool export`` writes by default: ``exports/<file_name>`` (kept inside the
        workspace: an ``exports/`` linked elsewhere is refused)."""
        path = self.exports_dir / file_name
        return inside(self.root, path, f"export file {path}")

    @property
    def validation_dir(self) -> Path:
        """``ocwtool validate``'s reports: ``runs/validation/``."""
        return self.runs_dir / "validation"

    @property
    def validation_json_path(self) -> Path:
        return self.validation_dir / "report.json"

    @property
    def validation_md_path(self) -> Path:
        return self.validation_dir / "report.md"

    def run_report_path(self, file_name: str) -> Path:
        """An evaluation report: ``runs/<file_name>`` (named by ``evaluation.pipeline.report_name``),
        kept inside the workspace (``--json-out`` is written where it says)."""
        path = self.runs_dir / file_name
        return inside(self.root, path, f"evaluation report {path}")

    @property
    def update_parts_path(self) -> Path:
        """``ocwtool update``'s record of the dated post-cutoff parts: ``runs/update-parts.jsonl``."""
        return self.runs_dir / "update-parts.jsonl"

    def nyt_reconcile_paths(self, stamp: str) -> tuple[Path, Path]:
        """``scrape nyt --source both``'s comparison: ``runs/nyt-reconcile-<stamp>.json`` and ``.txt``."""
        base = self.runs_dir / f"nyt-reconcile-{stamp}"
        return base.with_suffix(".json"), base.with_suffix(".txt")

    @property
    def reports_dir(self) -> Path:
        """``ocwtool report``'s page and figures: ``reports/``."""
        return self.root / "reports"

    @property
    def report_path(self) -> Path:
        """``ocwtool report``'s page, kept inside the workspace (``--out`` is written where it says)."""
        path = self.reports_dir / REPORT_NAME
        return inside(self.root, path, f"report {path}")

    @property
    def demo_marker_path(self) -> Path:
        """The file ``ocwtool demo`` leaves in a workspace it made (its puzzles are invented)."""
        return self.root / DEMO_MARKER

    def annotations_path(self, annotator: str) -> Path:
        """One annotator's labels: ``annotations/<annotator>.jsonl``."""
        return self.annotations_dir / f"{annotator}.jsonl"

    @property
    def labelstudio_pushes_path(self) -> Path:
        """What ``annotate ls push`` pushed, one line per push: ``annotations/labelstudio/pushes.jsonl``."""
        return self.annotations_dir / "labelstudio" / "pushes.jsonl"

    @property
    def llm_runs_dir(self) -> Path:
        """Language-model runs: ``runs/llm/<run>/``."""
        return self.runs_dir / "llm"

    def llm_run_dir(self, name: str) -> Path:
        """One language-model run: ``runs/llm/<name>/`` (the name checked, the folder kept inside)."""
        return self._named(self.llm_runs_dir, name, "run name")

    @property
    def models_dir(self) -> Path:
        """Models trained in the workspace (the pre-labelling model): ``models/``."""
        return self.root / "models"

    @property
    def labelstudio_dir(self) -> Path:
        """``annotate ls serve``'s local Label Studio: ``labelstudio/`` (its data, log and accounts)."""
        return self.root / "labelstudio"

    @property
    def labelstudio_data_dir(self) -> Path:
        """The local server's ``--data-dir`` (its SQLite database and uploads): ``labelstudio/data/``."""
        return self.labelstudio_dir / "data"

    @property
    def labelstudio_log_path(self) -> Path:
        return self.labelstudio_dir / "server.log"

    @property
    def labelstudio_accounts_path(self) -> Path:
        """The local server's accounts (admin and annotators: e-mail, password, API token; mode 0600)."""
        return self.labelstudio_dir / "accounts.toml"

    def labelstudio_lock(self) -> contextlib.AbstractContextManager[None]:
        """Hold ``labelstudio/`` while a local server runs. A second ``serve`` of the workspace is
        refused at once (:class:`~ocwtool.errors.LockBusy`) rather than waiting: a server runs until
        it is stopped, so waiting for it would look like a hang."""
        return folder_lock(self.labelstudio_dir, wait=False, what=f"{self.rel(self.labelstudio_dir)}/")

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

    def herring_annotations(self) -> dict[str, dict[str, ItemRecord]]:
        """Every set of red-herring labels: each annotator's and the suggester's, and the adjudicated
        red herrings under the name ``adjudicated`` (annotator -> puzzle id -> latest record)."""
        return read_herring_stores(self.annotations_dir)

    # Locks -------------------------------------------------------------------------------
    def lock(self, *folders: Path, reading: Sequence[Path] = ()) -> contextlib.AbstractContextManager[None]:
        """Hold the lock of each of ``folders`` (this command writes them) and a shared one of each of
        ``reading`` (it reads them as one snapshot) for the block, so a command's whole
        read-modify-write happens with no other writer in between. They are taken in layout order
        (raw, puzzles, variants, annotations, models, runs, reports, exports, releases), so two
        commands locking several folders never wait for each other. Nested locks of a folder this
        thread holds are granted at once."""
        wanted = {**{f: True for f in reading}, **{f: False for f in folders}}
        return self._hold(sorted(wanted.items(), key=lambda item: self._lock_rank(item[0])))

    @contextlib.contextmanager
    def _hold(self, order: list[tuple[Path, bool]]) -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            for folder, shared in order:
                if shared and not folder.is_dir():
                    continue  # nothing there to read yet: a reader creates no folder
                stack.enter_context(folder_lock(folder, shared=shared, what=f"{self.rel(folder)}/"))
            yield

    def writing_files(
        self, *paths: Path, reading: Sequence[Path] = ()
    ) -> contextlib.AbstractContextManager[None]:
        """:meth:`lock` of the folder of each of ``paths`` (files a command writes) that is in the
        workspace (a file elsewhere is the user's: written atomically, it needs none), and of
        ``reading``."""
        root = self.root.resolve()
        folders = [Path(p).parent for p in paths if Path(p).resolve().is_relative_to(root)]
        return self.lock(*folders, reading=reading)

    def _lock_rank(self, folder: Path) -> tuple[int, str]:
        layout = (
            self.captures_dir,
            self.puzzles_dir,
            self.variants_dir,
            self.annotations_dir,
            self.models_dir,
            self.runs_dir,
            self.reports_dir,
            self.exports_dir,
            self.releases_dir,
        )
        for rank, top in enumerate(layout):
            if folder == top or folder.is_relative_to(top):
                return rank, str(folder)
        return len(layout), str(folder)

    def reading(self) -> contextlib.AbstractContextManager[None]:
        """Hold the stores still for the block: shared locks on ``puzzles/``, ``variants/`` and
        ``annotations/`` (in layout order), so that everything read inside is one snapshot. Other
        readers share them; a writer (an import, a split) waits until the block ends, and the block
        waits for a writer already at work (or, with ``--no-wait``, raises ``LockBusy``)."""
        return self.lock(reading=(self.puzzles_dir, self.variants_dir, self.annotations_dir))

    # Writes: every store and variant file is written here, under its folder's lock, so that two
    # writers of one folder (an import and a scrape, a split and a build) run one after another.
    def write_store(self, name: str, puzzles: Iterable[Puzzle]) -> int:
        """Rewrite store ``name`` in place (its file under an old name when that is what the
        workspace holds); the count written."""
        path = self.puzzles_path(name)  # checked before the lock: nothing is written for a bad name
        with self.lock(self.puzzles_dir):
            return write_puzzles(path, puzzles)

    def update_store(self, name: str, change: Callable[[list[Puzzle]], list[Puzzle]]) -> list[Puzzle]:
        """Read store ``name`` (none when it does not exist yet), rewrite it with ``change(puzzles)``
        and return that, all under one lock: a concurrent writer cannot slip between the read and
        the write."""
        self.puzzles_path(name)  # checked before the lock
        with self.lock(self.puzzles_dir):
            path = self.puzzles_path(name)
            updated = change(read_puzzles(path) if path.exists() else [])
            write_puzzles(path, updated)
        return updated

    def replace_store(
        self, name: str, puzzles: Iterable[Puzzle], meta: dict[str, Any] | None = None
    ) -> tuple[int, Path | None]:
        """Write store ``name`` under its current name with its ``.meta.json`` (removed when ``meta``
        is None); the store's file under an old name goes. The count written and that old file."""
        store = self._named(self.puzzles_dir, name, "source name", ".jsonl")
        with self.lock(self.puzzles_dir):
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
        path = self.variants_path(kind)  # checked before the lock
        with self.lock(self.variants_dir):
            return write_puzzles(path, puzzles)

    def update_variants(self, kind: str, change: Callable[[list[Puzzle]], list[Puzzle]]) -> int:
        """Read ``variants/<kind>.jsonl`` (none when it does not exist yet) and rewrite it with
        ``change(variants)`` under one lock; the count written."""
        path = self.variants_path(kind)  # checked before the lock
        with self.lock(self.variants_dir):
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
