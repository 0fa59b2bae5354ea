"""Win rates on two sides of a date: before and on or after a training cutoff, and backfill vs live
(puzzles published before the day a model played them vs on that day).

Every number comes from :mod:`ocwtool.evaluation.cutoff_stats`, the code behind ``ocwtool eval
--cutoff``: a win is a solved wall, each side's win rate has a Wilson 95 % interval, and Fisher's
exact test asks whether the two sides differ. Pure: reports, gold walls and facts in, panels out.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from ocwtool.evaluation.cutoff_stats import SIDES, Outcomes, outcomes_by_side, side_rates
from ocwtool.report.evaluation import EvalInputs, ScoredRun, aligned_golds, per_wall
from ocwtool.report.model import Bars, Panel, Series, empty

MIN_PUZZLES = 10  # a side resting on fewer puzzles is named: its interval is too wide to compare
Rates = Mapping[str, Any]  # cutoff_stats.side_rates: per side walls, wins, win_rate, ci95; fisher_p
WHISKERS = "Whiskers and [ ]: Wilson 95 % intervals of the win rate (walls solved)."
LIVE, BACKFILL = "live (published on the run day)", "backfill (published before the run day)"


def side_cell(side: Mapping[str, Any]) -> str:
    """``3/8 = 0.38 [0.14, 0.69] (too few puzzles)``: wins of walls, the rate and its interval."""
    if not side["walls"]:
        return "no puzzles"
    lo, hi = side["ci95"]
    text = f"{side['wins']}/{side['walls']} = {side['win_rate']:.2f} [{lo:.2f}, {hi:.2f}]"
    return text + (" (too few puzzles)" if side["walls"] < MIN_PUZZLES else "")


def difference_cells(rates: Rates) -> tuple[str, str]:
    """The difference (second side - first) and Fisher's exact p, or why there is no test."""
    if "fisher_p" not in rates:
        return "-", "no test: a side has no puzzles"
    return f"{rates['difference']:+.2f}", f"{rates['fisher_p']:.3f}"


def too_few(named: Mapping[str, Rates], sides: Mapping[str, str]) -> str:
    """A sentence naming every side (of ``sides``: key -> short name) on 1 to MIN_PUZZLES - 1
    puzzles (a side with none says so in the table)."""
    few = [
        f"{name} {shown}: {r[side]['walls']}"
        for name, r in named.items()
        for side, shown in sides.items()
        if 0 < r[side]["walls"] < MIN_PUZZLES
    ]
    if not few:
        return ""
    return f" Too few puzzles (fewer than {MIN_PUZZLES}) to compare with confidence: {', '.join(few)}."


def rate_bars(named: Mapping[str, Rates], sides: Mapping[str, str]) -> Bars:
    """One bar a side (categories) for each player (series), its Wilson interval as a whisker."""

    def series(name: str, r: Rates) -> Series:
        got = [r[s] for s in sides]
        return Series(
            name,
            tuple(float(g["win_rate"] or 0.0) for g in got),
            tuple(g["ci95"][0] if g["walls"] else None for g in got),
            tuple(g["ci95"][1] if g["walls"] else None for g in got),
        )

    chart_series = tuple(series(name, r) for name, r in named.items())
    return Bars(tuple(sides.values()), chart_series, ylabel="walls won (share)", share=True)


def run_rates(run: ScoredRun, inputs: EvalInputs, date: dt.date) -> Rates | None:
    """Win rates of one report on each side of ``date``: from its per-wall rows, else its stored
    ``cutoff`` when that is at the same date; None without dated puzzles."""
    golds = aligned_golds(run, inputs)
    if golds is None:
        stored = run.report.get("cutoff")
        return stored if stored and stored.get("cutoff") == date.isoformat() else None
    rates = side_rates(outcomes_by_side(golds, per_wall(run), inputs.facts.get(run.source, {}), date))
    return rates if any(rates[s]["walls"] for s in SIDES) else None


def cutoff_panel(runs: Sequence[ScoredRun], inputs: EvalInputs) -> Panel:
    """Walls won before vs on or after a training cutoff, per run, with intervals and the test."""
    title = "Before and after a training cutoff"
    cutoff = inputs.cutoff
    if cutoff is None:
        why = "give a cutoff: ocwtool report --cutoff YYYY-MM-DD, or --after-cutoff MODEL"
        return empty("eval-cutoff", title, f"No date breakdown: {why}.")
    named = {r.name: rates for r in runs if (rates := run_rates(r, inputs, cutoff)) is not None}
    if not named:
        why = f"no scored run has per-wall rows on dated puzzles around {cutoff}"
        return empty("eval-cutoff", title, f"No date breakdown: {why}.")
    sides = {"before": f"before {cutoff}", "after": f"on or after {cutoff}"}
    head = ("run", *sides.values(), "after - before", "Fisher's exact p")
    rows = tuple((name, *(side_cell(r[s]) for s in sides), *difference_cells(r)) for name, r in named.items())
    caption = (
        "A model much better on puzzles published before its training cutoff may have seen them. "
        f"{WHISKERS} Puzzles without a date are left out.{too_few(named, {s: s for s in SIDES})}"
    )
    return Panel("eval-cutoff", title, rate_bars(named, sides), caption=caption, table=(head, *rows))


def timing_of(run: ScoredRun) -> Mapping[str, Any] | None:
    """The live/backfill counts ``llm run`` wrote to run.json (``eval --run`` copies them)."""
    llm = run.report.get("llm")
    timing = llm.get("timing") if isinstance(llm, Mapping) else None
    return timing if isinstance(timing, Mapping) and timing.get("run_date") else None


def model_of(run: ScoredRun) -> str:
    """The model a run played, on which store."""
    settings = (run.report.get("llm") or {}).get("settings") or {}
    return f"{settings.get('model') or run.label} · {run.source or 'all stores'}"


def pooled_timing(runs: Sequence[ScoredRun], inputs: EvalInputs) -> tuple[dict[str, Outcomes], list[str]]:
    """model -> outcomes split at each report's run day (``before``: backfill, ``after``: live),
    pooled over the model's reports on a store; and the reports without per-wall rows."""
    pooled: dict[str, Outcomes] = {}
    bare = []
    for run in runs:
        timing = timing_of(run)
        golds = aligned_golds(run, inputs)
        if timing is None:
            continue
        if golds is None:
            bare.append(f"{run.path} ({timing['live']} live, {timing['backfill']} backfill)")
            continue
        day = dt.date.fromisoformat(str(timing["run_date"]))
        into = pooled.setdefault(model_of(run), {s: {} for s in SIDES})
        outcomes_by_side(golds, per_wall(run), inputs.facts.get(run.source, {}), day, into)
    return pooled, bare


def live_panel(runs: Sequence[ScoredRun], inputs: EvalInputs) -> Panel:
    """Walls won live vs as backfill, per model, with intervals and the test."""
    key, title = "eval-live", "Live vs backfill"
    pooled, bare = pooled_timing(runs, inputs)
    named = {name: side_rates(o) for name, o in sorted(pooled.items()) if any(o[s] for s in SIDES)}
    left = f" Not counted (no per-wall rows; eval --run DIR --per-wall): {', '.join(bare)}." if bare else ""
    if not named:
        note = "No LLM run with per-wall rows and the days its puzzles were published (run.json timing)"
        return empty(key, title, f"{note}: ocwtool llm run, then ocwtool eval --run DIR.{left}")
    sides = {"after": LIVE, "before": BACKFILL}
    head = ("model · store", "live", "backfill", "live - backfill", "Fisher's exact p")
    rows = tuple((name, *(side_cell(r[s]) for s in sides), *difference_cells(r)) for name, r in named.items())
    caption = (
        "Live: puzzles played on the day they were published, which no model can have trained on; "
        "backfill: puzzles published before the day they were played (from each run's run.json timing). "
        f"Each model's reports on a store pooled, a puzzle played more than once counted once. {WHISKERS}"
        f"{too_few(named, {'after': 'live', 'before': 'backfill'})}{left}"
    )
    return Panel(key, title, rate_bars(named, sides), caption=caption, table=(head, *rows))
