"""Build variants in a workspace: read ``puzzles/<source>.jsonl``, run a generator, write ``variants/``.

Outputs: ``variants/<kind>.jsonl`` (canonical puzzles with lineage) and ``variants/<kind>.summary.json``
(per input store: what was built from what, with which seed/stream, counts, stalls, incomplete walls).
One file per kind holds the variants of every store (validation and releases read it that way): a
build replaces only the variants of its own store, recorded as ``lineage.params['store']``.

Split handling: a named split selects the puzzles carrying it; ``all`` takes every puzzle, including
those with no split. Randomized walls are rebuilt within one split at a time (with ``all``: each split,
and the puzzles without one, form their own pool), so groups never cross splits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ocwtool.errors import InputError
from ocwtool.formats.ocw_json import export_file
from ocwtool.fsio import read_json, sha256_file, write_json
from ocwtool.generators.extended import ScorerFactory, Tally, WordNetFit, check_k, extend
from ocwtool.generators.randomized import randomize
from ocwtool.generators.summary import ExtendedRun, PoolRun, VariantSummary, WordNetRun
from ocwtool.generators.trick_compounds import Compounds, try_compounds
from ocwtool.generators.trick_rules import Ancestors
from ocwtool.generators.wordnet import WordNetOptions, generate
from ocwtool.names import EXTENDED, VARIANT_KINDS
from ocwtool.progress import Progress, silent, track
from ocwtool.resources.cmudict import Pronunciations, try_cmudict
from ocwtool.resources.wordnet import WordNetBackend, open_backend
from ocwtool.schema.models import MAX_DISTRACTORS, Game, Puzzle, Split, in_split
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import Workspace

KINDS = VARIANT_KINDS
DEFAULT_SPLIT = {"randomized": "test", "wordnet": "all", "extended": "all"}  # as published (ours: extended)
POOL_ORDER: tuple[Split | None, ...] = (Split.TRAIN, Split.VALIDATION, Split.TEST, None)


@dataclass(frozen=True)
class VariantRequest:
    """One variant build: which kind, from which store and split, with which switches."""

    kind: str
    source: str = "ocw"
    split: str | None = None
    seed: int = 42
    fallback: bool = False
    dedupe: bool = False
    shuffle: bool = False
    lexicon: str | None = None
    trick_words: int | None = None  # extended only; None: MAX_DISTRACTORS

    @property
    def tricks(self) -> int:
        """Trick words per extended board: as asked, else :data:`MAX_DISTRACTORS`."""
        return MAX_DISTRACTORS if self.trick_words is None else self.trick_words

    @property
    def effective_split(self) -> str:
        return self.split or DEFAULT_SPLIT[self.kind]


def check_trick_words(kind: str, trick_words: int | None) -> None:
    """``InputError`` for trick words asked of a kind that has none (only extended boards do)."""
    if trick_words is not None and kind != EXTENDED:
        raise InputError(
            f"--trick-words {trick_words} applies only to --kind {EXTENDED}, not --kind {kind}; "
            f"pass --kind {EXTENDED} or leave --trick-words out"
        )


def load_input(workspace: Workspace, request: VariantRequest) -> tuple[Path, list[Puzzle]]:
    """The store's puzzles in the requested split; ``InputError`` saying how to fix an empty choice."""
    path = workspace.puzzles_path(request.source)
    known = workspace.store_names()
    if workspace.current_name(request.source) not in known:
        raise InputError(
            f"{path}: no such store; import puzzles first (`ocwtool import FILE --format ocw`) "
            f"or choose --source (available: {', '.join(known) or 'none yet'})"
        )
    puzzles = workspace.stores([request.source])[request.source]
    return path, select_split(puzzles, request.effective_split, path)


def select_split(puzzles: Sequence[Puzzle], split: str, where: Path) -> list[Puzzle]:
    """Puzzles of ``split`` (``all``: every puzzle, with or without a split)."""
    if not puzzles:
        raise InputError(f"{where}: the store holds no puzzles")
    chosen = in_split(puzzles, split)
    if chosen:
        return chosen
    unassigned = sum(p.split is None for p in puzzles)
    counts = ", ".join(f"{s.value} {sum(p.split is s for p in puzzles)}" for s in Split)
    raise InputError(
        f"{where}: no puzzles in split {split!r} ({len(puzzles)} puzzles: {counts}, "
        f"{unassigned} without a split). Assign splits first with `ocwtool split` (OCW's 62/62/494 "
        "by default, or --splits-from a release), or pass --split all to use every puzzle"
    )


def pools(puzzles: Sequence[Puzzle]) -> list[tuple[str, list[Puzzle]]]:
    """Puzzles grouped by split (``none`` for unassigned), in a fixed order, input order kept."""
    out = []
    for split in POOL_ORDER:
        members = [p for p in puzzles if p.split is split]
        if members:
            out.append((split.value if split else "none", members))
    return out


def build_randomized(workspace: Workspace, request: VariantRequest) -> VariantSummary:
    """OCW-Randomized over the requested split (each split its own pool); returns the summary."""
    path, puzzles = load_input(workspace, request)
    built: list[Puzzle] = []
    runs = []
    for name, members in pools(puzzles):
        result = randomize(members, request.seed)
        built.extend(result.puzzles)
        runs.append(
            PoolRun(name, len(result.puzzles), result.stream, result.restarts, result.draws, result.stalls)
        )
    summary = _summary(workspace, request, path, built)
    return _write(workspace, request, built, replace(summary, pools=tuple(runs)))


def build_wordnet(
    workspace: Workspace,
    request: VariantRequest,
    *,
    backend: WordNetBackend | None = None,
    progress: Progress = silent,
) -> VariantSummary:
    """OCW-WordNet over the requested split; returns the summary (counts, incomplete walls).

    ``progress("wordnet", walls done, walls)`` as the walls are built."""
    path, puzzles = load_input(workspace, request)
    wordnet = backend or open_backend(request.lexicon)
    opts = WordNetOptions(request.seed, request.fallback, request.dedupe, request.shuffle)
    result = generate(track(puzzles, "wordnet", progress), wordnet, opts)
    details = WordNetRun(
        backend=result.backend,
        fallback=opts.fallback,
        dedupe=opts.dedupe,
        shuffle=opts.shuffle,
        counts=result.counts,
        incomplete_walls=tuple(o.parent for o in result.outcomes if o.puzzle is None),
    )
    built = list(result.puzzles)
    summary = _summary(workspace, request, path, built)
    return _write(workspace, request, built, replace(summary, wordnet=details))


def build_extended(
    workspace: Workspace,
    request: VariantRequest,
    *,
    backend: WordNetBackend | None = None,
    progress: Progress = silent,
    scorer: ScorerFactory | None = None,
    sounds: Pronunciations | None = None,
    compounds: Compounds | None = None,
) -> VariantSummary:
    """Extended boards over the requested split: each board plus up to ``trick_words`` verified trick
    words, candidates drawn from the whole store's clues; returns the summary (tries, rejections).

    ``scorer`` makes the scorer of how much a candidate seems to fit (default WordNet); ``sounds``:
    the pronouncing dictionary of the homophone and anagram rules (default: CMUdict if installed);
    ``compounds``: of the compound rules (default: WordNet's noun lemmas, if readable)."""
    check_k(request.tricks)
    path, puzzles = load_input(workspace, request)
    wordnet = backend or open_backend(request.lexicon)
    ancestors = Ancestors(wordnet, sounds or try_cmudict(), compounds or try_compounds())
    fit = (scorer or WordNetFit)(ancestors)
    pool = sorted({c for p in workspace.stores([request.source])[request.source] for c in p.grouped_clues})
    tally = Tally()
    k, seed = request.tricks, request.seed
    built = [extend(p, pool, k, seed, ancestors, tally, fit) for p in track(puzzles, "extended", progress)]
    details = ExtendedRun(
        backend=ancestors.backend.description,
        scorer=fit.name,
        sounds=ancestors.sounds.description if ancestors.sounds else None,
        rules=dict(sorted(tally.rules.items())),
        verified_by_rule=dict(sorted(tally.verified_rules.items())),
        trick_words=k,
        tried=tally.tried,
        rejected=dict(sorted(tally.rejected.items())),
        verified=tally.verified,
        proposed=tally.proposed,
        boards_with_tricks=sum(bool(p.distractors) for p in built),
    )
    summary = _summary(workspace, request, path, built)
    return _write(workspace, request, built, replace(summary, extended=details))


def _summary(
    workspace: Workspace, request: VariantRequest, source: Path, built: list[Puzzle]
) -> VariantSummary:
    return VariantSummary(
        kind=request.kind,
        input=workspace.rel(source),
        split=request.effective_split,
        seed=request.seed,
        puzzles=len(built),
        output=workspace.rel(workspace.variants_path(request.kind)),
        summary_file=workspace.rel(workspace.variant_summary_path(request.kind)),
    )


def _write(
    workspace: Workspace, request: VariantRequest, built: list[Puzzle], summary: VariantSummary
) -> VariantSummary:
    """Replace this store's variants in ``variants/<kind>.jsonl`` (other stores' are kept: one file
    per kind, as validation and releases read it) and record this build in the summary file."""
    out = workspace.variants_path(request.kind)
    tagged = [_tag(p, request.source) for p in built]
    own = workspace.current_name(request.source)  # an old store name is the store it names now

    def others_and_ours(current: list[Puzzle]) -> list[Puzzle]:
        return [p for p in current if workspace.current_name(origin(p) or "") != own] + tagged

    with workspace.lock(workspace.variants_dir):  # the summary is read, merged and written with them
        total = workspace.update_variants(request.kind, others_and_ours)
        _record(workspace, request, summary.to_json(), total, out)
    return summary


def origin(p: Puzzle) -> str | None:
    """The input store a variant was built from (``lineage.params['store']``)."""
    return p.lineage.params.get("store") if p.lineage else None


def _tag(p: Puzzle, store: str) -> Puzzle:
    assert p.lineage is not None  # generators always set it
    lineage = p.lineage.model_copy(update={"params": {**p.lineage.params, "store": store}})
    return p.model_copy(update={"lineage": lineage})


def _record(
    workspace: Workspace, request: VariantRequest, build: dict[str, Any], total: int, out: Path
) -> None:
    path = workspace.variant_summary_path(request.kind)
    try:
        previous = read_json(path) if path.is_file() else {}
    except InputError:
        previous = {}
    builds = previous.get("builds", {}) if isinstance(previous, dict) else {}
    builds = {k: v for k, v in builds.items() if k != request.source} | {request.source: build}
    doc = {
        "kind": request.kind,
        "output": workspace.rel(out),
        "puzzles": total,
        "sha256": sha256_file(out),
        "builds": dict(sorted(builds.items())),
    }
    write_json(path, doc)


def export_ocw_json(workspace: Workspace, kind: str) -> str:
    """Write ``variants/<kind>.ocw.json`` (OCW JSON, as the published variant files); return its path.

    WordNet groups carry no human performance, so they are written as ``{}`` as published."""
    target = workspace.variant_ocw_path(kind)
    with workspace.lock(workspace.variants_dir):  # the export matches the variants beside it
        puzzles = [p for p in read_puzzles(workspace.variants_path(kind)) if p.game is Game.OCW]
        if not puzzles:
            raise InputError(f"{workspace.variants_path(kind)}: no OCW puzzles to export as OCW JSON")
        export_file(puzzles, target, {})
    return workspace.rel(target)


def build_all(
    workspace: Workspace,
    requests: Sequence[VariantRequest],
    *,
    ocw_json: bool = False,
    progress: Progress = silent,
    scorer: ScorerFactory | None = None,
) -> list[VariantSummary]:
    """Build each requested variant; every input (stores, splits, WordNet) is checked before anything
    is written, so a missing resource never leaves half of ``--kind all`` behind. Returns summaries.

    The stores are read as one snapshot (a shared lock: a split or import waits for the build) and
    ``variants/`` is held for the whole build, so a second build's summary is never overwritten."""
    for request in requests:
        check_trick_words(request.kind, request.trick_words)
        if request.kind == EXTENDED:
            check_k(request.tricks)
        load_input(workspace, request)
    backends = {r.lexicon: open_backend(r.lexicon) for r in requests if r.kind != "randomized"}
    summaries = []
    with workspace.lock(workspace.variants_dir, reading=(workspace.puzzles_dir,)):
        for request in requests:
            if request.kind == "randomized":
                summary = build_randomized(workspace, request)
            elif request.kind == "extended":
                backend = backends[request.lexicon]
                summary = build_extended(
                    workspace, request, backend=backend, progress=progress, scorer=scorer
                )
            else:
                backend = backends[request.lexicon]
                summary = build_wordnet(workspace, request, backend=backend, progress=progress)
            if ocw_json:
                summary = replace(summary, ocw_json=export_ocw_json(workspace, request.kind))
            summaries.append(summary)
    return summaries
