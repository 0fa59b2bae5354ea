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
from functools import cached_property
from typing import Any

from ocwtool.evaluation.facets import WallFacts, facet_breakdowns
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.evaluation.stats import bootstrap_intervals, breakdowns

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
    def errors(self) -> str:
        """``3 of 4 games errored`` for an LLM run whose games errored (scored as empty answers)."""
        llm = self.report.get("llm") or {}
        errored = int(llm.get("errored_samples") or 0) if isinstance(llm, Mapping) else 0
        return f"{errored} of {llm.get('samples', '?')} games errored" if errored else ""

    @property
    def n_walls(self) -> int:
        return int(self.report["summary"]["grouping"]["n_walls"]["mean"]) or 1

    @cached_property
    def intervals(self) -> Mapping[str, Mapping[str, float]]:
        """95 % intervals: the report's own, else bootstrapped from its per-wall rows as ``ocwtool
        eval`` does (same resamples and seed), else none (a report saved without per-wall rows)."""
        stored: Mapping[str, Mapping[str, float]] = self.report.get("intervals") or {}
        walls = per_wall(self)
        return stored or (bootstrap_intervals(walls) if walls else {})


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
    ci = run.intervals.get(metric)
    if ci:
        return ci["estimate"] / n, ci["lo"] / n, ci["hi"] / n
    return run.report["summary"]["grouping"][metric]["mean"] / n, None, None


def found_by(runs: Sequence[ScoredRun], inputs: EvalInputs, name: str) -> dict[str, Mapping[str, Any]]:
    """run name -> one breakdown table (``type``, ``level``, ``date``, ``human``) of runs that have it."""
    out = {}
    for run in runs:
        table = tables(run, inputs).get(name)
        if table:
            out[run.name] = table
    return out
