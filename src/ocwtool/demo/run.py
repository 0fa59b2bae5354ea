"""The demo pipeline: every stage of ocwtool, offline, on the bundled snapshot.

Stages call the same library functions as the commands. A stage's output is a few summary lines
and the paths it wrote; ``run_demo`` collects them for ``ocwtool demo`` to print.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from ocwtool.annotations.suggest import suggest_workspace
from ocwtool.curation.splits import split_workspace
from ocwtool.demo.herring_stage import PLAYED_BY, decoys_stage, demo_herrings
from ocwtool.demo.llm_stage import llm_stage
from ocwtool.demo.server import serve
from ocwtool.demo.snapshot import load_snapshot, nyt_dates, render_site
from ocwtool.demo.state import DemoState, Stage, StageResult
from ocwtool.demo.synthetic_stage import generate_stage, start_generate_stage
from ocwtool.errors import ConfigError, OcwError
from ocwtool.evaluation.gold import GoldSet, release_golds, workspace_golds
from ocwtool.evaluation.herring_metrics import HerringLabels
from ocwtool.evaluation.herring_report import render_section
from ocwtool.evaluation.pipeline import EvalRequest, headline, report_name, run_evaluation, save_report
from ocwtool.fsio import write_json, write_text
from ocwtool.generators.build import KINDS, VariantRequest, build_all
from ocwtool.generators.synthetic.run import STORE
from ocwtool.names import EXTENDED
from ocwtool.progress import Progress, silent, track
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.verify import verify_release
from ocwtool.report import report_workspace
from ocwtool.report.model import Panel
from ocwtool.scrapers.base import CrawlOptions
from ocwtool.scrapers.nyt import run_nyt
from ocwtool.scrapers.pipeline import scrape_ocw
from ocwtool.scrapers.sources.ocdb import WallOptions
from ocwtool.validators.findings import to_json
from ocwtool.validators.gate import validate_workspace
from ocwtool.workspace import Workspace, init_workspace

DEMO_CONTACT = "ocwtool-demo@localhost"
RELEASE_NAME = "demo"
RELEASE_VERSION = "1.0.0"
SOURCES = ("ocdb", "nyt")  # scraped: split by date or season, pre-labelled, played and scored
RELEASE_SOURCES = (*SOURCES, STORE)  # and the generated boards (config synthetic)
RELEASE_CONFIGS = {"ocdb": "ocw", "nyt": "nyt"}
BASELINES = ("random", "wordnet")
BASELINE_SEEDS = 16
NYT_TEST_FROM = dt.date(2024, 3, 6)
# An invented training cutoff inside the NYT test split, so the report's before/after figure has data.
REPORT_CUTOFF = dt.date(2024, 3, 7)


def prepare_workspace(root: Path) -> Workspace:
    """Create the demo workspace, or reuse one the demo made; never touch a workspace with real data.

    The demo captures its snapshot under the real sites' URLs and writes stores named like real ones,
    so running it in a workspace that holds real crawls would mix invented puzzles into them.
    """
    ws = Workspace.at(root)
    if not ws.demo_marker_path.exists() and _has_data(ws):
        raise ConfigError(
            f"{root} already holds puzzles or captures; the demo would mix its invented snapshot into "
            "them. Run it in a new folder: ocwtool -w demo-workspace demo"
        )
    if not ws.config_path.exists():
        init_workspace(root, DEMO_CONTACT)
    write_text(ws.demo_marker_path, "This workspace was made by `ocwtool demo`: its puzzles are invented.\n")
    ws = Workspace.open(root)
    return ws if ws.settings.contact else Workspace(replace(ws.settings, contact=DEMO_CONTACT))


def _has_data(ws: Workspace) -> bool:
    return bool(ws.store_names()) or any(True for _ in ws.captures_dir.glob("*/*"))


@contextmanager
def demo_site(state: DemoState) -> Iterator[None]:
    """Serve the rendered snapshot on a loopback port for the scraping stages."""
    state.snapshot = load_snapshot()
    with serve(render_site(state.snapshot)) as base_url:
        state.base_url = base_url
        yield


def scrape_ocw_stage(state: DemoState) -> StageResult:
    options = CrawlOptions(base_url=state.base_url, delay=0.0)
    outcome = scrape_ocw(
        state.workspace,
        options,
        WallOptions(),
        human_performance=True,
        smoci_base_url=state.base_url,
        progress=state.progress,
    )
    result = StageResult("scrape ocw + smoci", paths=list(outcome.written))
    result.lines += [report.summary.headline() for _, report in outcome.crawls]
    result.lines += [join.render().splitlines()[0] for join in outcome.joins.values()]
    return result


def scrape_nyt_stage(state: DemoState) -> StageResult:
    start, end = nyt_dates(state.snapshot)
    options = CrawlOptions(base_url=state.base_url, delay=0.0)
    run = run_nyt(state.workspace, "both", options, start=start, end=end, progress=state.progress)
    result = StageResult("scrape nyt (api + archive)", paths=list(run.written))
    result.lines += [f"{label}: {report.summary.headline()}" for label, report in run.crawls]
    if run.reconcile is not None:
        counts = ", ".join(f"{k} {v}" for k, v in run.reconcile.counts().items() if v) or "none"
        result.lines.append(f"reconcile: {run.reconcile.both} days in both; differences: {counts}")
        result.paths += list(run.report_paths)
    return result


def split_stage(state: DemoState) -> StageResult:
    summary = split_workspace(state.workspace, nyt_cutoffs=(NYT_TEST_FROM,), sources=list(SOURCES))
    result = StageResult("split")
    for store, counts in summary.counts.items():
        shown = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        result.lines.append(f"{store}: {shown}")
    result.lines += list(summary.notes)
    return result


def variants_stage(state: DemoState) -> StageResult:
    result = StageResult("build-variants")
    kinds = (*KINDS, EXTENDED)  # a small extended variant: the OCW walls with their trick words
    requests = [VariantRequest(kind=kind, source="ocdb") for kind in kinds]
    for summary in build_all(state.workspace, requests, progress=state.progress):
        result.lines += summary.describe()[:-1]
    result.paths += [state.workspace.variants_path(kind) for kind in kinds]
    return result


def suggest_stage(state: DemoState) -> StageResult:
    path, count, kinds = suggest_workspace(state.workspace, SOURCES, progress=state.progress)
    shown = ", ".join(f"{k} {n}" for k, n in kinds.most_common())
    return StageResult("annotate suggest", lines=[f"{count} puzzles pre-labelled: {shown}"], paths=[path])


def _baseline_report(
    golds: GoldSet, baseline: str, progress: Progress = silent, herrings: HerringLabels | None = None
) -> dict[str, Any]:
    request = EvalRequest(baseline=baseline, seeds=BASELINE_SEEDS, herrings=herrings)
    seeds = f"{baseline} seeds"
    report: dict[str, Any] = run_evaluation(golds.walls, request, lambda s: track(s, seeds, progress))
    return report


def baselines_stage(state: DemoState) -> StageResult:
    """Score the baselines on the workspace's test split; the release ships these reports. With the
    decoys mined from the scripted players, each report has its red-herring block: the labels come
    from other players than the baselines scored."""
    result = StageResult(f"eval baselines on the test split ({BASELINE_SEEDS} seeds)")
    for source in SOURCES:
        golds = workspace_golds(state.workspace, "test", source)
        herrings = demo_herrings(state.workspace, golds)
        for baseline in BASELINES:
            report = _baseline_report(golds, baseline, state.progress, herrings)
            path = state.workspace.run_report_path(report_name(baseline, "test", source))
            with state.workspace.writing_files(path):
                result.paths.append(save_report(report, path, per_wall=True))  # the report's breakdowns
            result.lines.append(f"{source} {baseline}: {headline(report)}")
            if report.get("herrings"):
                result.lines += ["  " + line for line in render_section(report["herrings"]).splitlines()]
            state.scores[(source, baseline)] = report["summary"]["grouping"]
    if any(line.startswith("  red herrings") for line in result.lines):
        result.lines.insert(0, f"red-herring labels: decoys mined from {PLAYED_BY}, not from the baselines")
    return result


def release_eval_stage(state: DemoState) -> StageResult:
    """Score the same baselines on the built release: they must reproduce the shipped scores."""
    assert state.release_dir is not None
    result = StageResult("eval baselines on the release")
    for (source, baseline), shipped in state.scores.items():
        config = RELEASE_CONFIGS[source]
        again = _baseline_report(release_golds(state.release_dir, "test", config), baseline, state.progress)
        same = again["summary"]["grouping"] == shipped
        verdict = "same scores as shipped" if same else "DIFFERENT from the shipped scores"
        result.lines.append(f"{config} {baseline}: {verdict}")
        if not same:
            raise OcwError(
                f"baseline {baseline} on release config {config} differs from the workspace scores"
            )
    return result


def validate_stage(state: DemoState) -> StageResult:
    report = validate_workspace(state.workspace, list(SOURCES), progress=state.progress)  # release: all
    path = state.workspace.validation_json_path  # as `ocwtool validate` (the report reads it)
    with state.workspace.writing_files(path):
        write_json(path, to_json(report))
    return StageResult("validate", lines=[report.summary()], paths=[path])


def release_stage(state: DemoState) -> StageResult:
    spec = ReleaseSpec(
        name=RELEASE_NAME,
        version=RELEASE_VERSION,
        notes="ocwtool demo release of original puzzles, their variants and a few generated boards.",
        sources=RELEASE_SOURCES,
        force=True,
    )
    state.release_dir, state.archive = build_release(state.workspace, spec, progress=state.progress)
    return StageResult("release build", paths=[state.release_dir, state.archive])


def verify_stage(state: DemoState) -> StageResult:
    assert state.archive is not None
    verdict = verify_release(state.archive)
    rows = ", ".join(f"{config} {n}" for config, n in verdict.rows.items())
    lines = [f"OK: {verdict.files} files checksummed; rows: {rows}"]
    lines.append(f"loaded with datasets: {', '.join(verdict.loaded)}")
    return StageResult("release verify", lines=lines)


def report_stage(state: DemoState) -> StageResult:
    """Draw the workspace (``ocwtool report``): the last stage, so every section has its data."""
    written = report_workspace(state.workspace, cutoff=REPORT_CUTOFF, progress=state.progress)
    panels = [p for s in written.sections for p in s.panels]
    drawn, boards = len(written.figures) // 2, [p.board for p in panels if p.board is not None]
    lines = [
        f"{drawn} figures drawn, {len(boards)} board(s); "
        f"{len(panels) - drawn - len(boards)} panels without data say why",
        herring_line(panels),
    ]
    return StageResult("report", lines=lines, paths=[written.html])


def herring_line(panels: Sequence[Panel]) -> str:
    """What the red-herring section shows: the decoys shaded on its board, the players measured."""
    by_key = {p.key: p for p in panels}
    board, fixation = by_key.get("herrings-board"), by_key.get("herrings-fixation")
    if board is None or fixation is None:
        return "red herrings: " + next((p.note for k, p in by_key.items() if k.startswith("herrings")), "")
    decoys = sum(bool(d) for row in board.board.rows for d in row.decoys) if board.board else 0
    players = max(0, len(fixation.table) - 1)
    return f"red herrings: {decoys} decoy clue(s) shaded on a board; fixation of {players} player(s)"


SCRAPE_STAGES: tuple[Stage, ...] = (scrape_ocw_stage, scrape_nyt_stage)
LATER_STAGES: tuple[Stage, ...] = (
    split_stage,
    start_generate_stage,  # runs beside the stages up to generate_stage, on the other core
    variants_stage,
    suggest_stage,
    validate_stage,
    llm_stage,
    decoys_stage,
    baselines_stage,
    generate_stage,
    release_stage,
    verify_stage,
    release_eval_stage,
    report_stage,
)


def run_demo(
    root: Path, *, progress: Progress = silent, echo: Callable[[StageResult], None] | None = None
) -> list[StageResult]:
    """Run every stage in ``root``; ``echo`` is called after each stage (for live output), ``progress``
    as the long stages advance."""
    state = DemoState(workspace=prepare_workspace(root), progress=progress)
    results: list[StageResult] = []

    def run(stage: Stage) -> None:
        start = time.perf_counter()
        result = stage(state)
        result.seconds = time.perf_counter() - start
        results.append(result)
        if echo is not None:
            echo(result)

    with demo_site(state):
        for stage in SCRAPE_STAGES:
            run(stage)
    for stage in LATER_STAGES:
        run(stage)
    return results
