"""The evaluation section: every scored run in ``runs/`` side by side.

Numbers come from the evaluation reports themselves (summary, 95 % bootstrap intervals, stored
breakdowns); breakdowns a report lacks are recomputed from its per-wall rows with
:func:`ocwtool.evaluation.stats.breakdowns` and :func:`ocwtool.evaluation.facets.facet_breakdowns`,
the same code ``ocwtool eval --breakdown`` runs. Pure: reports, gold walls and facts in, panels out.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ocwtool.evaluation.facets import WallFacts, facet_breakdowns
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.evaluation.stats import breakdowns
from ocwtool.report.model import Bars, Panel, Series, slug

LEVEL_NAMES = {"0": "0 yellow", "1": "1 green", "2": "2 blue", "3": "3 purple"}
VARIANT_KINDS = ("randomized", "wordnet")


@dataclass(frozen=True)
class ScoredRun:
    """One evaluation report: who played (label), on which store and split, and the report itself."""

    label: str
    source: str | None
    split: str | None
    path: str  # relative to the workspace
    kind: str  # baseline, LLM run, predictions
    report: Mapping[str, Any]

    @property
    def dataset(self) -> str:
        return f"{self.source or 'all stores'} / {self.split or '?'}"

    @property
    def name(self) -> str:
        return f"{self.label} · {self.dataset}"

    @property
    def n_walls(self) -> int:
        return int(self.report["summary"]["grouping"]["n_walls"]["mean"]) or 1


@dataclass(frozen=True)
class EvalInputs:
    """What the section needs beyond the reports: gold walls and per-puzzle facts per store (``None``:
    every store), group knowledge types and the training cutoff to split dates at."""

    runs: Sequence[ScoredRun]
    golds: Mapping[str | None, Mapping[str, GoldWall]] = field(default_factory=dict)
    types: Mapping[str, Sequence[str]] = field(default_factory=dict)
    type_origin: str = ""
    facts: Mapping[str | None, Mapping[str, WallFacts]] = field(default_factory=dict)
    cutoff: dt.date | None = None


def per_wall(run: ScoredRun) -> list[list[Mapping[str, Any]]]:
    """Per-wall rows of every run of the report (empty unless every run kept them)."""
    walls = [r["walls"] for r in run.report["runs"]]
    return walls if walls and all(walls) else []


def aligned_golds(run: ScoredRun, inputs: EvalInputs) -> list[GoldWall] | None:
    """The gold walls in the order of the report's per-wall rows (None when any is unknown)."""
    walls, golds = per_wall(run), inputs.golds.get(run.source)
    if not walls or golds is None:
        return None
    ids = [w["wall_id"] for w in walls[0]]
    return [golds[i] for i in ids] if all(i in golds for i in ids) else None


def tables(run: ScoredRun, inputs: EvalInputs) -> dict[str, Mapping[str, Mapping[str, float]]]:
    """Breakdowns by season/level/type and facets (date, human, red herrings) of one run: recomputed
    from per-wall rows when possible (the report's cutoff may differ), else as stored."""
    out: dict[str, Mapping[str, Mapping[str, float]]] = {
        **run.report.get("breakdowns", {}),
        **run.report.get("facets", {}),
    }
    golds = aligned_golds(run, inputs)
    if golds is not None:
        walls = per_wall(run)
        out.update(breakdowns(golds, walls, inputs.types))
        out.update(facet_breakdowns(golds, walls, inputs.facts.get(run.source, {}), inputs.cutoff))
    return out


def rate(run: ScoredRun, metric: str) -> tuple[float, float | None, float | None]:
    """A count metric per wall, with its 95 % interval when the report has one."""
    n = run.n_walls
    ci = run.report.get("intervals", {}).get(metric)
    if ci:
        return ci["estimate"] / n, ci["lo"] / n, ci["hi"] / n
    return run.report["summary"]["grouping"][metric]["mean"] / n, None, None


def leaderboards(runs: Sequence[ScoredRun]) -> list[Panel]:
    """One leaderboard per store and split: correct groups per wall with 95 % intervals, best first."""
    by_dataset: dict[str, list[ScoredRun]] = {}
    for run in runs:
        by_dataset.setdefault(run.dataset, []).append(run)
    panels = []
    for dataset, items in sorted(by_dataset.items()):
        rows = sorted(items, key=lambda r: (-rate(r, "correct_groups")[0], r.label))
        rates = [rate(r, "correct_groups") for r in rows]
        cats = tuple(f"{r.label} ({r.kind})" for r in rows)
        with_ci = all(lo is not None for _, lo, _ in rates)
        series = Series(
            "correct groups per wall",
            tuple(v for v, _, _ in rates),
            tuple(lo or 0.0 for _, lo, _ in rates) if with_ci else (),
            tuple(hi or 0.0 for _, _, hi in rates) if with_ci else (),
        )
        chart = Bars(cats, (series,), xlabel="correct groups per wall (of 4), 95 % interval", horizontal=True)
        panels.append(
            Panel(
                f"eval-leaderboard-{slug(dataset)}",
                f"Leaderboard: {dataset}",
                chart,
                table=_board_table(rows),
            )
        )
    return panels


def _board_table(rows: Sequence[ScoredRun]) -> tuple[tuple[str, ...], ...]:
    head = ("run", "kind", "walls", "runs", "solved share", "correct groups per wall", "AMI", "report")
    body = []
    for r in rows:
        g = r.report["summary"]["grouping"]
        cells = [_fmt_ci(rate(r, m)) for m in ("solved_walls", "correct_groups")]
        body.append(
            (
                r.label,
                r.kind,
                str(r.n_walls),
                str(r.report["n_runs"]),
                *cells,
                f"{g['AMI']['mean']:.3f}",
                r.path,
            )
        )
    return (head, *body)


def _fmt_ci(rate: tuple[float, float | None, float | None]) -> str:
    value, lo, hi = rate
    return f"{value:.2f}" if lo is None or hi is None else f"{value:.2f} [{lo:.2f}, {hi:.2f}]"


def found_by(runs: Sequence[ScoredRun], inputs: EvalInputs, name: str) -> dict[str, Mapping[str, Any]]:
    """run name -> one breakdown table (``type``, ``level``, ``date``, ``human``) of runs that have it."""
    out = {}
    for run in runs:
        table = tables(run, inputs).get(name)
        if table:
            out[run.name] = table
    return out
