"""One evaluation, planned and run: what ``ocwtool eval`` does, as a library call.

:func:`evaluate` takes an :class:`~ocwtool.evaluation.request.EvaluationRequest` and decides the
rest: the puzzles (a run folder's own unless given), each workspace store or release config scored
on its own, the knowledge labels, the puzzle facts for breakdowns, the walls a run played; then it
scores each section (:func:`ocwtool.evaluation.pipeline.run_evaluation`), or replays recorded games,
and writes the reports. It yields an event per step, so a caller shows each store's table as soon as
it is scored, before the next one starts.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Generator, Iterator
from dataclasses import replace
from pathlib import Path

from ocwtool.annotations.annotators import read_all, unfinished
from ocwtool.errors import EvaluationError
from ocwtool.evaluation.checks import NothingScored
from ocwtool.evaluation.cutoffs import date_scope, resolve_cutoff
from ocwtool.evaluation.decoys import workspace_puzzles
from ocwtool.evaluation.facets import WallFacts, annotator_types, release_facts, workspace_facts
from ocwtool.evaluation.game.board import Board
from ocwtool.evaluation.game.replay import BoardStore
from ocwtool.evaluation.game.score import evaluate_transcripts
from ocwtool.evaluation.gold import GoldSet, release_golds, workspace_golds
from ocwtool.evaluation.herring_metrics import HerringLabels, choose_labels, has_herrings, label_order
from ocwtool.evaluation.herring_report import transcript_section
from ocwtool.evaluation.pipeline import EvalRequest, report_name, run_evaluation, save_report
from ocwtool.evaluation.request import (
    EvaluationRequest,
    Event,
    GamesScored,
    Note,
    Scored,
    Unscored,
    Written,
)
from ocwtool.evaluation.run_folder import played_walls, read_run_facts, run_predictions, run_scope
from ocwtool.evaluation.scorer import Options
from ocwtool.evaluation.stats import find_type_map, load_type_map
from ocwtool.fsio import write_json
from ocwtool.progress import Progress, silent, track
from ocwtool.workspace import Workspace

OpenWorkspace = Callable[[], Workspace]


def evaluate(
    request: EvaluationRequest,
    workspace: Workspace | OpenWorkspace,
    progress: Progress = silent,
) -> Iterator[Event]:
    """Run the evaluation ``request`` asks for, yielding its notes, each scored section (then its
    report file), the sections with nothing to score, or the replayed games (then their report).

    ``workspace``: the workspace, or a function opening it, called only when one is needed (a
    release scored into ``json_out`` needs none). Lazy: nothing runs until the events are read.
    """
    open_workspace = _once(workspace)
    if request.run_dir is not None:
        request = yield from _run_scope(request, open_workspace)
    if request.after_cutoff is not None:  # the model's training cutoff, by name
        if request.cutoff is not None:
            raise EvaluationError("give --cutoff DATE or --after-cutoff MODEL, not both")
        cutoffs = open_workspace().settings.cutoffs
        request = replace(request, cutoff=resolve_cutoff(request.after_cutoff, cutoffs).date)
    if request.transcripts:
        yield from _replay(request, open_workspace)
    else:
        yield from _score_sections(request, open_workspace, progress)


def _once(workspace: Workspace | OpenWorkspace) -> OpenWorkspace:
    if isinstance(workspace, Workspace):
        return lambda: workspace
    return functools.cache(workspace)


def _run_scope(
    request: EvaluationRequest, open_workspace: OpenWorkspace
) -> Generator[Event, None, EvaluationRequest]:
    """A run folder's own release, source and split (its run.json ``settings``) where the request
    names none, said in a note; a note too when the run played another workspace's puzzles (the
    wall ids may match while the puzzles differ). Returns the request as it will run."""
    assert request.run_dir is not None
    settings = read_run_facts(request.run_dir).get("settings") or {}
    given = {
        "release": request.release is not None or request.use_workspace,
        "source": request.source is not None,
        "split": request.split is not None,
    }
    taken = {k: v for k, v in run_scope(settings).items() if not given[k]}
    if taken:
        yield Note(
            "scoring the run's puzzles (its run.json): " + ", ".join(f"{k} {v}" for k, v in taken.items())
        )
        release = taken.get("release")
        request = replace(
            request,
            release=Path(release) if release else request.release,
            source=taken.get("source", request.source),
            split=taken.get("split", request.split),
        )
    played = settings.get("workspace")
    if request.release is None and played:
        here = open_workspace().root.resolve()
        if Path(played).resolve() != here:
            yield Note(
                f"note: the run played the puzzles of workspace {played}; scoring against {here} "
                f"(give -w {played} to score on its own)"
            )
    return request


def _score_sections(
    request: EvaluationRequest, open_workspace: OpenWorkspace, progress: Progress
) -> Iterator[Event]:
    """Each workspace store (or release config) on its own when no source is named, one report
    each (never one mean over OCW and NYT together); a section with nothing to score is skipped
    when there are several, and refused when every one has nothing."""
    golds = _golds(request, open_workspace, sectioned=request.source is None)
    several = request.source is None and len(golds.sections) > 1
    sections = golds.sections if several else {request.source or "": golds}
    unscored: list[Unscored] = []
    for name, part in sections.items():
        try:
            yield from _score(request, open_workspace, part, name if several else None, progress)
        except NothingScored as exc:
            if not several:
                raise
            unscored.append(Unscored(name, str(exc)))
    if len(unscored) == len(sections):
        raise EvaluationError(
            "nothing to score in any store or config: "
            + " | ".join(f"{u.section}: {u.why}" for u in unscored)
        )
    yield from unscored


def _score(
    request: EvaluationRequest,
    open_workspace: OpenWorkspace,
    golds: GoldSet,
    section: str | None,
    progress: Progress,
) -> Iterator[Event]:
    """Score one section, then write its report (the reader draws figures from the per-wall rows
    first: a report of several runs loses them when saved)."""
    if request.run_dir is not None:  # a run with --limit played only the first boards
        golds.walls = played_walls(golds.walls, request.run_dir)
    label = f"{request.baseline or 'eval'} seeds"
    scoring = _scoring(request, open_workspace, golds)
    if request.cutoff is not None or request.newest is not None:
        dates = {w: f.date for w, f in (scoring.facts or {}).items()}
        golds.walls, scope = date_scope(
            golds.walls, dates, request.cutoff, request.newest, request.after_cutoff
        )
        yield Note(scope)
    report = run_evaluation(golds.walls, scoring, progress=lambda seeds: track(seeds, label, progress))
    if request.run_dir is not None:
        report["llm"] = read_run_facts(request.run_dir)
    if section is not None:
        report["inputs"]["source"] = section
    yield Scored(section, report, golds.walls, request, scoring)
    name = report_name(request.label(), request.the_split, section or request.source)
    out, lock = _report_target(request, open_workspace, name)
    if request.json_out is not None and section is not None:
        out = out.with_name(f"{out.stem}-{section}{out.suffix}")
    with lock:
        save_report(report, out, per_wall=request.per_wall)
    yield Written(out)


def _report_target(
    request: EvaluationRequest, open_workspace: OpenWorkspace, name: str
) -> tuple[Path, contextlib.AbstractContextManager[None]]:
    """Where a report goes, and the lock to hold while writing it: ``--json-out`` (the user's file,
    written atomically), else ``runs/<name>`` under the lock of ``runs/``."""
    if request.json_out is not None:
        return request.json_out, contextlib.nullcontext()
    workspace = open_workspace()
    out = workspace.run_report_path(name)
    return out, workspace.writing_files(out)


def _replay(request: EvaluationRequest, open_workspace: OpenWorkspace) -> Iterator[Event]:
    """Recorded games replayed through the engine (boards from the puzzles only for transcripts
    that carry none), summarised with the red-herring figures of each player, and written."""
    golds = functools.cache(lambda: _golds(request, open_workspace))

    def boards() -> BoardStore:
        return BoardStore({g.wall_id: Board.from_gold(g) for g in golds().walls}, golds().skipped)

    report = evaluate_transcripts(request.transcripts, request.rules, boards, accent_fold=request.accent_fold)
    labels = _herrings(request, open_workspace, golds)
    if labels is not None:
        puzzles = workspace_puzzles(open_workspace(), [request.source] if request.source else ())
        types = _types(request, open_workspace)
        report["herrings"] = transcript_section(request.transcripts, puzzles, golds().walls, labels, types)
    yield GamesScored(report)
    label = "games_" + Path(request.transcripts[0]).stem.replace("-", "_")
    out, lock = _report_target(request, open_workspace, report_name(label, request.the_split, request.source))
    with lock:
        write_json(out, report)
    yield Written(out)


def _scoring(request: EvaluationRequest, open_workspace: OpenWorkspace, golds: GoldSet) -> EvalRequest:
    """What one section is scored with: the prediction files (a run's epochs first) or the
    baseline, the scorer's options, and the labels, facts and unfinished walls of the breakdowns."""
    return EvalRequest(
        predictions=(run_predictions(request.run_dir) if request.run_dir else []) + list(request.predictions),
        baseline=request.baseline,
        seeds=request.seeds,
        clusterer=request.clusterer,
        options=Options(
            corrected=request.corrected,
            accent_fold=request.accent_fold,
            bertscore_model=request.bertscore_model,
            bertscore_layers=request.bertscore_layers,
            bertscore_baseline=request.bertscore_baseline,
            allow_missing=request.allow_missing,
        ),
        compare=request.compare,
        compare_baseline=request.compare_baseline,
        types=_types(request, open_workspace),
        n_boot=request.bootstrap,
        skipped=golds.skipped,
        only_answered=request.only_answered,
        facts=_facts(request, open_workspace),
        cutoff=request.cutoff,
        unfinished=_unfinished(request, open_workspace),
        herrings=_herrings(request, open_workspace, golds),
    )


def _golds(request: EvaluationRequest, open_workspace: OpenWorkspace, sectioned: bool = False) -> GoldSet:
    if request.release is not None and request.use_workspace:
        raise EvaluationError("choose --release DIR or --workspace, not both")
    if request.release is not None:
        return release_golds(
            request.release, request.the_split, request.source, request.include_flagged, sectioned
        )
    return workspace_golds(open_workspace(), request.the_split, request.source, request.include_flagged)


def _types(request: EvaluationRequest, open_workspace: OpenWorkspace) -> dict[str, list[str]] | None:
    """Knowledge types per group: the file given, one annotator's, else the release's or the
    workspace's finished labels."""
    if request.annotations is not None:
        return load_type_map(request.annotations)
    if request.annotator is not None:
        return annotator_types(open_workspace().annotations_dir, request.annotator)
    return find_type_map(request.release, None if request.release else open_workspace())


def _facts(request: EvaluationRequest, open_workspace: OpenWorkspace) -> dict[str, WallFacts] | None:
    """Dates, contestants' results and red herrings per puzzle, for breakdowns, cutoff and figures."""
    if not request.wants_facts():
        return None
    if request.release is not None:
        return release_facts(request.release)
    return workspace_facts(open_workspace(), request.annotator)


def _unfinished(request: EvaluationRequest, open_workspace: OpenWorkspace) -> dict[str, list[str]]:
    """Walls of the workspace's label stores left mid-way, whose labels the breakdowns leave out
    (the types, unless they come from ``annotations``; the red herrings of the facts)."""
    if request.release is not None or (request.annotations is not None and not request.wants_facts()):
        return {}
    left = unfinished(read_all(open_workspace().annotations_dir))
    return {n: ids for n, ids in left.items() if request.annotator is None or n == request.annotator}


def _herrings(
    request: EvaluationRequest, open_workspace: OpenWorkspace, golds: GoldSet | Callable[[], GoldSet]
) -> HerringLabels | None:
    """The red-herring labels of the scored walls: ``--herrings``' annotator (``adjudicated``: the
    adjudicated red herrings), else per wall the first set with some in the default order
    (adjudicated, people, mined from play, the suggester's; as releases ship them). A release's
    red_herrings/ tables are not read yet.
    ``golds`` may be a function: the puzzles are read only when labels exist."""
    if request.release is not None:
        if request.herrings is not None:
            raise EvaluationError(
                "--herrings reads a workspace's labels; eval does not read a release's red_herrings/ "
                "tables yet: score on the workspace (--workspace) to use them"
            )
        return None
    stores = open_workspace().herring_annotations()
    if request.herrings is None and not any(has_herrings(recs.values()) for recs in stores.values()):
        return None
    how = "label some with `ocwtool annotate label` or mine them with `ocwtool annotate decoys FILE...`"
    if request.herrings is not None and request.herrings not in stores:
        have = ", ".join(label_order(stores)) or "none"
        raise EvaluationError(f"no red-herring labels named {request.herrings} (label sets: {have}); {how}")
    walls = (golds if isinstance(golds, GoldSet) else golds()).walls
    chosen = choose_labels(stores, (g.wall_id for g in walls), request.herrings)
    if chosen is None and request.herrings is not None:
        raise EvaluationError(
            f"annotator {request.herrings} has no red herrings on the {len(walls)} walls scored; {how}"
        )
    return chosen
