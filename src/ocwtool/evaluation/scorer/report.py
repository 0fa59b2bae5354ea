"""Scoring runs end to end: align predictions with the gold walls, score both tasks, build the JSON
report (per-run figures and issues, per-wall scores, mean and population std over runs) and the
table that both ``evaluate.py`` and ``ocwtool eval`` print.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from .connections import bertscore_f1, score_connections, summarize_connections
from .files import expand_prediction_paths, load_gold, load_predictions
from .grouping import WallMemo, score_wall, summarize_grouping
from .model import (
    EVALUATOR_VERSION,
    GoldWall,
    NothingToScore,
    Options,
    Prediction,
    ScorerInputError,
    WallScore,
)

Progress = Callable[[Iterable[Any]], Iterable[Any]]


@dataclass
class RunResult:
    """Scores of one prediction file (one seed)."""

    name: str
    issues: dict[str, int]
    issue_walls: dict[str, list[str]] = field(default_factory=dict)  # a few wall ids per issue
    walls: list[WallScore] = field(default_factory=list)
    grouping: dict[str, float] = field(default_factory=dict)
    connection_rows: list[dict[str, Any]] = field(default_factory=list)
    connections: dict[str, float] = field(default_factory=dict)


def align(
    golds: Sequence[GoldWall],
    preds: Sequence[Prediction],
    name: str,
    allow_missing: bool = False,
    known: Collection[str] | None = None,
) -> tuple[list[Prediction], dict[str, int]]:
    """Predictions in gold order. The first record of a wall wins (as OCW's ``find_wall``).
    ``known``: every wall of the gold file, when ``golds`` is a part of it (``--only-answered``)."""
    first: dict[str, Prediction] = {}
    for p in preds:
        first.setdefault(p.wall_id, p)
    gold_ids = set(known) if known is not None else {g.wall_id for g in golds}
    missing = [g.wall_id for g in golds if g.wall_id not in first]
    if missing and not allow_missing:
        raise ScorerInputError(
            f"{name}: no prediction for {len(missing)} of {len(golds)} walls "
            f"(first: {', '.join(missing[:3])}); add them, pass --allow-missing to score them as empty, "
            "or --only-answered to score just the walls every file answers"
        )
    issues = {
        "missing_walls": len(missing),
        "duplicate_predictions": len(preds) - len(first),
        "unknown_walls": len(set(first) - gold_ids),
    }
    return [first.get(g.wall_id, Prediction(g.wall_id)) for g in golds], issues


#: How many wall ids the report keeps (and the table shows) per issue.
ISSUE_EXAMPLES = 3


def issue_walls(preds: Sequence[Prediction], known: Collection[str]) -> dict[str, list[str]]:
    """The first few walls (file order) answered more than once, and of those not ``known``."""
    gold_ids = set(known)
    seen: dict[str, int] = {}
    for p in preds:
        seen[p.wall_id] = seen.get(p.wall_id, 0) + 1
    found = {
        "duplicate_predictions": [w for w, n in seen.items() if n > 1][:ISSUE_EXAMPLES],
        "unknown_walls": [w for w in seen if w not in gold_ids][:ISSUE_EXAMPLES],
    }
    return {k: v for k, v in found.items() if v}


def score_run(
    golds: Sequence[GoldWall],
    preds: Sequence[Prediction],
    name: str,
    opts: Options,
    memo: WallMemo | None = None,
    known: Collection[str] | None = None,
) -> tuple[RunResult, dict[str, Any] | None]:
    """Score one aligned prediction list; returns the result and BERTScore provenance (if used).

    ``memo`` (shared by the runs of one evaluation) reuses the Task 1 scores of repeated answers;
    ``known`` is every wall of the gold file when ``golds`` is a part of it.
    """
    known = {g.wall_id for g in golds} if known is None else known
    aligned, issues = align(golds, preds, name, opts.allow_missing, known)
    if all(p.groups is None and p.connections is None for p in aligned):
        raise nothing_to_score(name, len(aligned), issues["missing_walls"])
    result = RunResult(name=name, issues=issues, issue_walls=issue_walls(preds, known))
    prov = None
    if any(p.groups is not None for p in aligned):
        issues["null_groups"] = sum(p.groups is None for p in aligned)
        result.walls = [
            score_wall(g, p.groups, opts.corrected, memo) for g, p in zip(golds, aligned, strict=True)
        ]
        result.grouping = summarize_grouping(result.walls)
    if any(p.connections is not None for p in aligned):
        issues["null_connections"] = sum(p.connections is None for p in aligned)
        rows = score_connections(golds, aligned, opts.accent_fold)
        if opts.bertscore_model is not None:
            per_wall, prov = bertscore_f1(
                golds, aligned, opts.bertscore_model, opts.bertscore_layers, opts.bertscore_baseline
            )
            for row, f1 in zip(rows, per_wall, strict=True):
                row["bertscore_f1"] = f1
        result.connection_rows = rows
        result.connections = summarize_connections(rows)
    return result, prov


def nothing_to_score(name: str, walls: int, missing: int) -> NothingToScore:
    """The error for a run whose every wall is null or missing: an empty table would look like a
    score (a crashed model run often writes such a file)."""
    null = walls - missing
    why = f"{null} null, {missing} without a prediction" if missing else f"all {walls} null"
    return NothingToScore(
        f"{name}: nothing to score: no wall has predicted_groups or predicted_connections ({why}); "
        "check that the run finished, or leave this file out"
    )


def mean_std(runs: Sequence[dict[str, float]]) -> dict[str, dict[str, float]]:
    """Mean and population standard deviation (ddof=0, as the OCW batch mode) of every figure."""
    import numpy as np

    keys = [k for k in runs[0] if all(k in r for r in runs)] if runs else []
    return {
        k: {"mean": float(np.mean([r[k] for r in runs])), "std": float(np.std([r[k] for r in runs]))}
        for k in keys
    }


_WALL_FIELDS = tuple(f.name for f in fields(WallScore))


def _wall_json(w: WallScore) -> dict[str, Any]:
    """``dataclasses.asdict(w)`` (its fields hold no nested dataclasses), without its deep copy; the
    distractor scores only for a wall with distractors (the report of others is as it was)."""
    out = {name: getattr(w, name) for name in _WALL_FIELDS}
    if w.distractor_recall is None:
        del out["distractor_precision"], out["distractor_recall"]
    return out


def _run_json(r: RunResult) -> dict[str, Any]:
    run: dict[str, Any] = {"name": r.name, "issues": r.issues}
    if r.issue_walls:  # only then: the report of a clean run is as it was
        run["issue_walls"] = r.issue_walls
    return {
        **run,
        "grouping": r.grouping,
        "connections": r.connections,
        "walls": [_wall_json(w) for w in r.walls],
        "connection_walls": r.connection_rows,
    }


def build_report(runs: Sequence[RunResult], opts: Options, prov: dict[str, Any] | None) -> dict[str, Any]:
    """The JSON report: per-run globals and issues, per-wall scores, and mean/std over runs."""
    report: dict[str, Any] = {
        "evaluator": f"ocw-evaluate {EVALUATOR_VERSION}",
        "mode": "corrected" if opts.corrected else "faithful",
        "rouge_tokenizer": "accent-folding" if opts.accent_fold else "rouge-score default",
        "n_runs": len(runs),
        "runs": [_run_json(r) for r in runs],
    }
    if prov is not None:
        report["bertscore"] = prov
    report["summary"] = {
        "grouping": mean_std([r.grouping for r in runs if r.grouping]),
        "connections": mean_std([r.connections for r in runs if r.connections]),
    }
    return report


def _fmt(name: str, value: float) -> str:
    if (
        name in ("n_walls", "solved_walls", "correct_groups", "n_walls_with_distractors")
        and float(value).is_integer()
    ):
        return f"{int(value)}"
    return f"{value:.4f}"


def format_table(report: dict[str, Any]) -> str:
    """The human-readable table (identical for ``evaluate.py`` and ``ocwtool eval``)."""
    lines = [f"{report['n_runs']} run(s), {report['mode']} mode"]
    for task in ("grouping", "connections"):
        summary = report["summary"][task]
        if not summary:
            continue
        lines.append(f"{task:<28}{'mean':>12}{'std':>12}")
        for name, ms in summary.items():
            lines.append(f"  {name:<26}{_fmt(name, ms['mean']):>12}{ms['std']:>12.4f}")
    prov = report.get("bertscore")
    if prov:
        rescaled = ", rescaled" if prov["rescaled_with_baseline"] else ""
        lines.append(
            f"bertscore: {prov['model_name']} layer {prov['num_layers']}{rescaled}, "
            f"{prov['weights_file']} sha256 {prov['weights_sha256'][:16]}"
        )
    notes = [_answered(report.get("answered")), _scored_empty(report["runs"])]
    return "\n".join(lines + [n for n in notes if n] + _issue_lines(report["runs"]))


#: The issues the table has a line for: what the count counts, and what happened to those records.
_ISSUE_LINES = {
    "duplicate_predictions": ("duplicate prediction(s)", "walls", "only the first of each wall is scored"),
    "unknown_walls": ("prediction(s) of walls not in the gold file", "", "not scored"),
}


#: The issues :func:`format_table` gives a line of their own.
TABLE_ISSUES = tuple(_ISSUE_LINES)


def _issue_lines(runs: Sequence[dict[str, Any]]) -> list[str]:
    """One line per run and issue: ``run0.json: 3 duplicate prediction(s) (e.g. walls a, b); ...``."""
    lines = []
    for run in runs:
        for key, (what, label, outcome) in _ISSUE_LINES.items():
            count = run["issues"].get(key, 0)
            if not count:
                continue
            ids = run.get("issue_walls", {}).get(key, ())
            shown = f" (e.g. {label}{' ' if label else ''}{', '.join(ids)})" if ids else ""
            lines.append(f"{run['name']}: {count} {what}{shown}; {outcome}")
    return lines


def _answered(answered: dict[str, int] | None) -> str | None:
    """``--only-answered``: how many walls were scored (the wording of ``ocwtool eval``)."""
    if not answered:
        return None
    return (
        f"scored the {answered['scored']} of {answered['of']} walls answered by every run (--only-answered)"
    )


def _of(run: dict[str, Any], count: int) -> str:
    """``3 of 12`` (the walls a run's scores cover), or ``3`` when neither task was scored."""
    n = run["grouping"].get("n_walls", run["connections"].get("n_walls"))
    return f"{count}" if n is None else f"{count} of {int(n)}"


def _scored_empty(runs: Sequence[dict[str, Any]]) -> str | None:
    """The line saying how many walls had no prediction and were scored as empty (--allow-missing)."""
    counts = [(r["name"], _of(r, r["issues"].get("missing_walls", 0))) for r in runs]
    if not any(r["issues"].get("missing_walls") for r in runs):
        return None
    why = "(no prediction; --allow-missing)"
    if len({c for _, c in counts}) == 1:
        every = " in every run" if len(counts) > 1 else ""
        return f"{counts[0][1]} walls scored as empty{every} {why}"
    return f"walls scored as empty {why}: " + ", ".join(f"{c} in {name}" for name, c in counts)


def evaluate_predictions(
    golds: Sequence[GoldWall],
    runs: Sequence[tuple[str, Sequence[Prediction]]],
    opts: Options,
    progress: Progress = lambda x: x,
) -> dict[str, Any]:
    """Score several named prediction lists against the same gold walls (with ``only_answered``:
    just the walls every list answers, and the report says how many of all)."""
    if not runs:
        raise ScorerInputError("no predictions given")
    chosen = answered_walls(golds, [preds for _, preds in runs]) if opts.only_answered else golds
    results, prov, memo, known = [], None, WallMemo(), {g.wall_id for g in golds}
    for name, preds in progress(runs):
        result, run_prov = score_run(chosen, preds, name, opts, memo, known)
        results.append(result)
        prov = run_prov or prov
    report = build_report(results, opts, prov)
    if opts.only_answered:
        report["answered"] = {"scored": len(chosen), "of": len(golds)}
    return report


def answered_walls(golds: Sequence[GoldWall], runs: Sequence[Sequence[Prediction]]) -> list[GoldWall]:
    """The gold walls every run has a prediction record for (``--only-answered``), in gold order."""
    answered = set.intersection(*({p.wall_id for p in preds} for preds in runs))
    chosen = [g for g in golds if g.wall_id in answered]
    if not chosen:
        raise ScorerInputError(f"no wall of the {len(golds)} evaluated is answered by every run")
    return chosen


def evaluate_files(
    gold_path: Path, prediction_paths: Sequence[Path], opts: Options, nyt: bool = False
) -> dict[str, Any]:
    """Score prediction files (one per seed) against an OCW gold file; returns the JSON report."""
    golds = load_gold(gold_path, nyt)
    files = expand_prediction_paths(prediction_paths)
    return evaluate_predictions(golds, [(str(p), load_predictions(p)) for p in files], opts)
