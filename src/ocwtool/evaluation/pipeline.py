"""One evaluation, end to end: predictions or a baseline in, JSON report and table out.

The numbers come from :mod:`ocwtool.evaluation.scorer` (shipped as ``evaluate.py`` + ``scorer/``), so
``ocwtool eval`` and the shipped evaluator print the same table; this module adds prediction
parsing, baselines, bootstrap intervals, breakdowns and paired comparisons around it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ocwtool.annotations.annotators import describe_unfinished
from ocwtool.errors import EvaluationError
from ocwtool.evaluation import stats
from ocwtool.evaluation.baselines import make_baseline, run_baseline
from ocwtool.evaluation.boundary import scorer_errors
from ocwtool.evaluation.checks import nothing_scored, rows_warning
from ocwtool.evaluation.cutoff_stats import cutoff_comparison, render_cutoff
from ocwtool.evaluation.facets import facet_breakdowns, render_facet
from ocwtool.evaluation.herring_metrics import HerringLabels
from ocwtool.evaluation.herring_report import herring_section, render_section
from ocwtool.evaluation.predictions import LoadedPredictions, load_prediction_file
from ocwtool.evaluation.run_folder import render_run_facts, run_predictions
from ocwtool.evaluation.scorer import (
    TABLE_ISSUES,
    GoldWall,
    Options,
    Prediction,
    evaluate_predictions,
    expand_prediction_paths,
    format_table,
)
from ocwtool.fsio import write_json

Progress = Callable[[Iterable[Any]], Iterable[Any]]


@dataclass
class EvalRequest:
    """What to score: prediction files (one per seed) or a baseline, plus the extras to compute."""

    predictions: Sequence[Path] = ()
    baseline: str | None = None
    seeds: int = 16
    clusterer: str = "kmeans-constrained"
    options: Options = field(default_factory=Options)
    compare: Path | None = None
    compare_baseline: str | None = None
    facts: Mapping[str, Any] | None = None  # wall id -> facets.WallFacts (breakdowns beyond groups)
    cutoff: dt.date | None = None
    types: Mapping[str, Sequence[str]] | None = None
    n_boot: int = 2000
    boot_seed: int = 0
    skipped: Mapping[str, Sequence[str]] | None = None  # puzzles left out (reported under inputs)
    only_answered: bool = False  # score just the walls every run answered
    unfinished: Mapping[str, Sequence[str]] | None = None  # annotator -> walls left mid-way (not counted)
    herrings: HerringLabels | None = None  # red-herring labels: fixation, first mistakes, trap claims


Run = tuple[str, list[Prediction]]


def _load_runs(
    golds: Sequence[GoldWall], files: Sequence[Path], skipped: Collection[str] = ()
) -> list[tuple[str, LoadedPredictions]]:
    """The predictions of every file, named by its path (raw-text parsing issues included); nothing
    answering an evaluated wall is an error."""
    clues = {g.wall_id: g.words for g in golds}
    loaded = [(str(path), load_prediction_file(path, clues, skipped)) for path in files]
    if loaded and not any(lp.predictions for _, lp in loaded):
        raise nothing_scored([n for n, _ in loaded], len(golds), [lp.issues for _, lp in loaded])
    return loaded


def _answered(runs: Sequence[Sequence[Prediction]]) -> set[str] | None:
    """Walls answered by every run (None: no prediction runs, i.e. baselines only)."""
    sets = [{p.wall_id for p in preds} for preds in runs]
    return set.intersection(*sets) if sets else None


def _choose(golds: Sequence[GoldWall], answered: set[str] | None) -> list[GoldWall]:
    if answered is None:
        return list(golds)
    chosen = [g for g in golds if g.wall_id in answered]
    if not chosen:
        raise EvaluationError(f"no wall of the {len(golds)} evaluated is answered by every run")
    return chosen


def _inputs(golds: Sequence[GoldWall], req: EvalRequest, n_runs: int) -> dict[str, Any]:
    inputs: dict[str, Any] = {"puzzles": len(golds), "baseline": req.baseline, "seeds": n_runs}
    if req.baseline == "minilm":
        inputs["clusterer"] = req.clusterer
    if req.skipped is not None:
        inputs["skipped"] = {pid: list(why) for pid, why in req.skipped.items()}
    if req.unfinished:
        inputs["unfinished_labels"] = {name: list(pids) for name, pids in req.unfinished.items()}
    return inputs


def _baseline_runs(
    golds: Sequence[GoldWall], req: EvalRequest, progress: Progress
) -> list[tuple[str, list[Prediction]]]:

    assert req.baseline is not None
    return run_baseline(make_baseline(req.baseline, req.clusterer), golds, req.seeds, progress)


def _score(
    golds: Sequence[GoldWall], runs: Sequence[tuple[str, Sequence[Prediction]]], opts: Options
) -> dict[str, Any]:
    with scorer_errors():
        return evaluate_predictions(golds, runs, opts)


def run_evaluation(
    golds: Sequence[GoldWall], req: EvalRequest, progress: Progress = lambda x: x
) -> dict[str, Any]:
    """Score predictions (or a baseline over ``req.seeds`` shuffles) and add intervals and breakdowns."""
    if bool(req.predictions) == bool(req.baseline):
        raise EvaluationError("give either prediction files or a baseline, not both and not neither")
    loaded: list[tuple[str, LoadedPredictions]] = []
    skipped = set(req.skipped or ())
    if not req.baseline:
        with scorer_errors():
            files = expand_prediction_paths(req.predictions)
        loaded = _load_runs(golds, files, skipped)
    other = _other_runs(golds, req, skipped)
    everything = list(golds)
    if req.only_answered or req.compare is not None:  # baselines answer every wall
        golds = _choose(golds, _answered([lp.predictions for _, lp in loaded] + [p for _, p in other or []]))
    runs = _baseline_runs(golds, req, progress) if req.baseline else [(n, lp.predictions) for n, lp in loaded]
    report = _score(golds, runs, req.options)
    for run, (_, lp) in zip(report["runs"], loaded, strict=False):
        _loader_issues(run, lp)
    report["inputs"] = _inputs(golds, req, len(runs))
    if req.only_answered:
        report["inputs"]["answered"] = {"scored": len(golds), "of": len(everything)}
    by_id = {g.wall_id: g for g in golds}
    warnings = [w for name, lp in loaded if (w := rows_warning(name, lp.predictions, by_id))]
    if warnings:
        report["warnings"] = warnings
    parsing = {name: lp.parsing_summary() for name, lp in loaded if lp.has_parsing_issues()}
    if parsing:
        report["parsing"] = parsing
    walls = [r["walls"] for r in report["runs"] if r["walls"]]
    if walls and req.n_boot > 0:
        report["intervals"] = stats.bootstrap_intervals(walls, req.n_boot, req.boot_seed)
    if walls:
        report["breakdowns"] = stats.breakdowns(golds, walls, req.types)
    if req.herrings is not None:
        claims = {name: lp.claims for name, lp in loaded}
        report["herrings"] = herring_section(golds, runs, req.herrings, req.types, claims)
    if walls and req.facts is not None:
        report["facets"] = facet_breakdowns(golds, walls, req.facts, req.cutoff)
        if req.cutoff is not None and (comp := cutoff_comparison(golds, walls, req.facts, req.cutoff)):
            report["cutoff"] = comp
    if req.compare is not None or req.compare_baseline is not None:
        report["comparison"] = _compare(golds, walls, req, other, progress)
        report["comparison"]["walls"] = {"common": len(golds), "of": len(everything)}
    return report


def _loader_issues(run: dict[str, Any], lp: LoadedPredictions) -> None:
    """The loader's counts win: it dropped the records of walls not evaluated before scoring (the
    scorer's ``unknown_walls`` are walls outside its part of the gold, e.g. with --only-answered)."""
    run["issues"].update(lp.issues)
    walls = {k: v for k, v in run.pop("issue_walls", {}).items() if k != "unknown_walls"}
    if lp.unknown_ids:
        walls["unknown_walls"] = lp.unknown_ids
    if walls:
        run["issue_walls"] = walls


def _other_runs(golds: Sequence[GoldWall], req: EvalRequest, skipped: set[str]) -> list[Run] | None:
    """The runs of ``--compare`` (a prediction file or an ``ocwtool llm run`` folder), read once."""
    if req.compare is None:
        return None
    files = run_predictions(req.compare) if req.compare.is_dir() else [req.compare]
    return [(name, lp.predictions) for name, lp in _load_runs(golds, files, skipped)]


def _compare(
    golds: Sequence[GoldWall],
    walls: Sequence[stats.Walls],
    req: EvalRequest,
    other_runs: list[Run] | None,
    progress: Progress,
) -> dict[str, Any]:
    """A - B where B is a prediction file, an ``ocwtool llm run`` folder (its epochs) or a baseline,
    on the walls every run answered."""
    if req.compare_baseline is not None:
        other_runs = _baseline_runs(golds, replace(req, baseline=req.compare_baseline), progress)
        label = f"baseline {req.compare_baseline} ({req.seeds} seeds)"
    else:
        assert other_runs is not None
        label = str(req.compare)
    other = _score(golds, other_runs, req.options)
    other_walls = [r["walls"] for r in other["runs"] if r["walls"]]
    result = stats.compare_runs(walls, other_walls, req.n_boot, req.boot_seed)
    result["b"] = label
    return result


def render(report: Mapping[str, Any], show_breakdowns: bool = False) -> str:
    """The evaluator's table, then intervals, parsing issues, comparison and (optionally) breakdowns."""
    parts = [format_table(dict(report))]
    if report.get("intervals"):
        parts.append(_render_intervals(report["intervals"]))
    parts += _render_inputs(report)
    if report.get("llm"):
        parts.append(render_run_facts(report["llm"]))
    if "comparison" in report:
        parts.append(_render_comparison(report["comparison"]))
    if report.get("herrings"):
        parts.append(render_section(report["herrings"]))
    parts += _render_breakdowns(report, show_breakdowns)
    return "\n\n".join(parts)


def _render_intervals(intervals: Mapping[str, Mapping[str, float]]) -> str:
    rows = [f"{'95% bootstrap over puzzles':<28}{'estimate':>12}{'interval':>24}"]
    for name, ci in intervals.items():
        interval = f"[{ci['lo']:.4f}, {ci['hi']:.4f}]"
        rows.append(f"  {name:<26}{ci['estimate']:>12.4f}{interval:>24}")
    return "\n".join(rows)


def _render_inputs(report: Mapping[str, Any]) -> list[str]:
    """What was scored and what was not: walls answered by every run, puzzles left out, prediction
    issues and raw-text parsing counts."""
    parts = []
    answered = report.get("inputs", {}).get("answered")
    if answered:
        parts.append(
            f"scored the {answered['scored']} of {answered['of']} walls answered by every run"
            " (--only-answered)"
        )
    skipped = report.get("inputs", {}).get("skipped") or {}
    if skipped:
        listed = ", ".join(f"{pid} ({'/'.join(why)})" for pid, why in list(skipped.items())[:5])
        more = f" and {len(skipped) - 5} more" if len(skipped) > 5 else ""
        parts.append(f"not scored: {len(skipped)} puzzle(s) {listed}{more}; --include-flagged scores them")
    for run in report["runs"]:
        bad = {k: v for k, v in run["issues"].items() if v and k not in TABLE_ISSUES}
        if bad:
            parts.append(
                f"prediction issues in {run['name']}: " + ", ".join(f"{k} {v}" for k, v in bad.items())
            )
    for path, info in report.get("parsing", {}).items():
        counts = ", ".join(f"{k} {v}" for k, v in info["totals"].items())
        parts.append(f"{info.get('kind') or 'raw-text answers'} in {path}: {counts}")
    return parts


def _render_breakdowns(report: Mapping[str, Any], show_breakdowns: bool) -> list[str]:
    """Found rates by group facet (when asked for), by puzzle facet, and the labels left out."""
    parts = []
    if show_breakdowns:
        for name, table in report.get("breakdowns", {}).items():
            rows = [f"{'groups found by ' + name:<28}{'groups':>12}{'found':>12}"]
            rows += [f"  {k:<26}{v['groups']:>12}{v['found_rate']:>12.4f}" for k, v in table.items()]
            parts.append("\n".join(rows))
    if report.get("facets"):
        parts += [render_facet(name, table) for name, table in report["facets"].items()]
    if report.get("cutoff"):
        parts.append(render_cutoff(report["cutoff"]))
    left = report.get("inputs", {}).get("unfinished_labels")
    if left and (show_breakdowns or report.get("facets")):
        parts.append(f"labels left out: {describe_unfinished(left)}; finish with `ocwtool annotate label`")
    return parts


def _render_comparison(comp: Mapping[str, Any]) -> str:
    b = comp["correct_groups_paired_bootstrap"]
    if "solved_walls_mcnemar" in comp:
        m = comp["solved_walls_mcnemar"]
        solved = f"A only {m['a_only']}, B only {m['b_only']}, McNemar p = {m['p_value']:.4g}"
    else:
        s = comp["solved_rate_paired_bootstrap"]
        solved = (
            f"rate per wall A - B {s['mean_diff']:+.4f} [{s['lo']:+.4f}, {s['hi']:+.4f}], "
            f"{_p(s)} (means over {comp['runs'][0]} and {comp['runs'][1]} runs)"
        )
    common = comp.get("walls")
    scope = (
        f", compared on the {common['common']} of {common['of']} walls answered by every run"
        if common
        else ""
    )
    return (
        f"paired comparison with {comp['b']} (A = these predictions{scope}):\n"
        f"  solved walls: {solved}\n"
        f"  correct groups per wall, A - B: {b['mean_diff']:+.4f} "
        f"[{b['lo']:+.4f}, {b['hi']:+.4f}], {_p(b)}"
    )


def _p(test: Mapping[str, Any]) -> str:
    """``p = ... (sign-flip, exact)``; reports written before the sign-flip test say bootstrap."""
    return f"p = {test['p_value']:.4g} ({test.get('p_test', 'bootstrap')})"


def save_report(report: dict[str, Any], path: Path, *, per_wall: bool = False) -> Path:
    """Write the JSON report; several runs keep per-wall rows only with ``per_wall`` (16 seeds x every
    wall would make multi-megabyte reports)."""

    if len(report["runs"]) > 1 and not per_wall:
        for run in report["runs"]:
            run["walls"], run["connection_walls"] = [], []
    write_json(path, report)
    return path


def headline(report: Mapping[str, Any]) -> str:
    """One line: walls, solved walls and correct groups (mean +- std over runs), AMI and WD."""
    g = report["summary"]["grouping"]

    def ms(key: str, digits: int = 2) -> str:
        return f"{g[key]['mean']:.{digits}f} +- {g[key]['std']:.{digits}f}"

    return (
        f"{int(g['n_walls']['mean'])} walls, {report['n_runs']} run(s): solved {ms('solved_walls')}, "
        f"correct groups {ms('correct_groups')}, AMI {ms('AMI', 3)}, WD {ms('WD', 3)}"
    )


_REPORT_NAME = re.compile(
    r"^eval-(?P<label>[^-]+)(?:-(?P<source>.+))?-(?P<split>train|validation|test|all)\.json$"
)


def report_name(label: str, split: str, source: str | None = None) -> str:
    """Default report file name: ``eval-<label>[-<source>]-<split>.json`` (label: baseline or file stem)."""
    return f"eval-{label}{f'-{source}' if source else ''}-{split}.json"


def parse_report_name(name: str) -> tuple[str, str | None, str] | None:
    """``(label, source, split)`` of a default report name, or None for any other file name."""
    found = _REPORT_NAME.match(name)
    return (found["label"], found["source"], found["split"]) if found else None
