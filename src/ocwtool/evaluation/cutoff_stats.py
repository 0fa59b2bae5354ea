"""Win rates before and on or after a training cutoff: a Wilson 95% interval each, and Fisher's
exact test of "no difference" (a model that wins much more often on puzzles published before its
cutoff may have seen them in training).

A win is a solved wall. With several runs (seeds, epochs) a wall's wins are the mean over runs,
and a side's wins are that sum rounded: the interval is of one run's worth of walls, not inflated
by counting each wall once per run.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ocwtool.evaluation.facets import WallFacts
from ocwtool.evaluation.scorer import GoldWall

Walls = list[dict[str, Any]]
SIDES = ("before", "after")


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of ``wins`` out of ``n`` (scipy's, without continuity correction:
    statsmodels' ``proportion_confint(method="wilson")``)."""
    from scipy.stats import binomtest  # deferred: scipy is heavy

    ci = binomtest(wins, n).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


Outcomes = dict[str, dict[str, list[bool]]]  # side -> wall id -> solved, one per run


def outcomes_by_side(
    golds: Sequence[GoldWall],
    runs: Sequence[Sequence[Mapping[str, Any]]],
    facts: Mapping[str, WallFacts],
    cutoff: dt.date,
    into: Outcomes | None = None,
) -> Outcomes:
    """Each dated wall's solved flags (one per run) on its side of ``cutoff``: ``before`` it, or
    ``after`` (on or after it). ``into``: add to these (several reports of one model pooled; a wall
    played by two of them keeps one entry, the mean of all its runs)."""
    out = into if into is not None else {side: {} for side in SIDES}
    for i, gold in enumerate(golds):
        date = facts.get(gold.wall_id, WallFacts()).date
        if date is not None:
            side = "before" if date < cutoff else "after"
            out[side].setdefault(gold.wall_id, []).extend(bool(walls[i]["solved"]) for walls in runs)
    return out


def side_rates(outcomes: Outcomes) -> dict[str, Any]:
    """Walls, wins, win rate and its Wilson interval a side (rate and interval None on a side without
    walls), and when both sides have walls the difference (after - before) and Fisher's exact p."""
    from scipy.stats import fisher_exact  # deferred: scipy is heavy

    out: dict[str, Any] = {}
    for side in SIDES:
        rates = [float(np.mean(solved)) for solved in outcomes[side].values()]
        wins, n = round(sum(rates)), len(rates)
        out[side] = {"walls": n, "wins": wins, "win_rate": wins / n if n else None}
        out[side]["ci95"] = list(wilson(wins, n)) if n else None
    if all(out[side]["walls"] for side in SIDES):
        table = [[out[s]["wins"], out[s]["walls"] - out[s]["wins"]] for s in SIDES]
        out["difference"] = out["after"]["win_rate"] - out["before"]["win_rate"]
        out["fisher_p"] = float(fisher_exact(table).pvalue)
    return out


def cutoff_comparison(
    golds: Sequence[GoldWall], runs: Sequence[Walls], facts: Mapping[str, WallFacts], cutoff: dt.date
) -> dict[str, Any] | None:
    """Walls, wins, win rate and its Wilson interval on each side of ``cutoff``, the difference
    (after - before) and Fisher's exact p; None unless both sides have a dated wall."""
    rates = side_rates(outcomes_by_side(golds, runs, facts, cutoff))
    return {"cutoff": cutoff.isoformat(), **rates} if "fisher_p" in rates else None


def render_cutoff(comp: Mapping[str, Any]) -> str:
    """The comparison as text: one line a side, then the difference and its p-value."""
    names = {"before": f"before {comp['cutoff']}", "after": f"on or after {comp['cutoff']}"}
    rows = [f"{'walls won (solved)':<28}{'walls':>8}{'won':>8}{'rate':>9}   95% Wilson interval"]
    for side in SIDES:
        s = comp[side]
        lo, hi = s["ci95"]
        counts = f"{s['walls']:>8}{s['wins']:>8}{s['win_rate']:>9.4f}"
        rows.append(f"  {names[side]:<26}{counts}   [{lo:.4f}, {hi:.4f}]")
    rows.append(f"  after - before: {comp['difference']:+.4f}, Fisher's exact p = {comp['fisher_p']:.4f}")
    return "\n".join(rows)
