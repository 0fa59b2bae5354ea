"""Evaluation panels beyond the leaderboard: knowledge types, levels, cutoff and live vs backfill
(:mod:`.cutoff`), variants, humans."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ocwtool.annotations.agreement import TYPES
from ocwtool.report.cutoff import cutoff_panel, live_panel
from ocwtool.report.evaluation import (
    LEVEL_NAMES,
    VARIANT_KINDS,
    EvalInputs,
    ScoredRun,
    found_by,
    rate,
)
from ocwtool.report.leaderboard import leaderboards
from ocwtool.report.model import Bars, Heatmap, Panel, Section, Series, empty

MIN_GROUPS = 10  # a type's share found in fewer groups than this is greyed out in the heatmap


def _grouped(tables: Mapping[str, Mapping[str, Mapping[str, Any]]], keys: Sequence[str], value: str) -> Bars:
    series = tuple(
        Series(run, tuple(float(t[k][value]) if k in t else 0.0 for k in keys)) for run, t in tables.items()
    )
    return Bars(tuple(keys), series, ylabel="groups found (share)", share=True)


def types_panel(runs: Sequence[ScoredRun], inputs: EvalInputs) -> Panel:
    """Heatmap: groups found by knowledge type (columns) per run (rows)."""
    by_run = found_by(runs, inputs, "type")
    title = "Success by knowledge type"
    if not by_run:
        why = "no knowledge labels" if not inputs.types else "no run kept per-wall rows (eval --per-wall)"
        return empty("eval-knowledge-types", title, f"No run to break down by knowledge type: {why}.")
    cols = tuple(t for t in TYPES if any(t in table for table in by_run.values()))
    values = tuple(
        tuple(table[t]["found_rate"] if t in table else None for t in cols) for table in by_run.values()
    )
    sizes = tuple(
        tuple(int(table[t]["groups"]) if t in table else 0 for t in cols) for table in by_run.values()
    )
    chart = Heatmap(
        tuple(by_run), cols, values, "knowledge type", "run", share=True, n=sizes, min_n=MIN_GROUPS
    )
    caption = (
        f"Share of gold groups found, and n, the groups of that type; cells resting on fewer than "
        f"{MIN_GROUPS} groups are grey (too few to compare). "
        f"Knowledge types: {inputs.type_origin or 'as stored in the reports'}."
    )
    return Panel("eval-knowledge-types", title, chart, caption=caption)


def levels_panel(runs: Sequence[ScoredRun], inputs: EvalInputs) -> Panel:
    """Groups found per NYT difficulty level, per run."""
    by_run = found_by(runs, inputs, "level")
    if not by_run:
        return empty("eval-levels", "Success by difficulty level", "No scored run on NYT puzzles (levels).")
    renamed = {run: {LEVEL_NAMES.get(k, k): v for k, v in t.items()} for run, t in by_run.items()}
    keys = [LEVEL_NAMES[k] for k in sorted(LEVEL_NAMES)]
    return Panel("eval-levels", "Success by difficulty level", _grouped(renamed, keys, "found_rate"))


def variants_panel(runs: Sequence[ScoredRun]) -> Panel:
    """The same player on original walls, OCW-Randomized and OCW-WordNet (the red-herring effect)."""
    players: dict[tuple[str, str | None], dict[str, float]] = {}
    for run in runs:
        kind = run.source if run.source in VARIANT_KINDS else "original"
        players.setdefault((run.label, run.split), {})[kind] = rate(run, "correct_groups")[0]
    kept = {k: v for k, v in players.items() if "original" in v and len(v) >= 2}
    title = "Original walls vs OCW-Randomized vs OCW-WordNet"
    if not kept:
        note = "No player scored on both the original walls and a variant: ocwtool eval --source randomized …"
        return empty("eval-variants", title, note)
    cats = tuple(f"{label} ({split})" for label, split in sorted(kept, key=str))
    series = tuple(
        Series(kind, tuple(kept[k].get(kind, 0.0) for k in sorted(kept, key=str)))
        for kind in ("original", *VARIANT_KINDS)
        if any(kind in v for v in kept.values())
    )
    chart = Bars(cats, series, ylabel="correct groups per wall (of 4)")
    caption = (
        "Fewer red herrings (Randomized) and easier groups (WordNet) should help; the gap is the effect."
    )
    return Panel("eval-variants", title, chart, caption=caption)


def humans_panel(runs: Sequence[ScoredRun], inputs: EvalInputs) -> Panel:
    """OCW groups found by the model vs by the contestants (SMOCI's human performance), same groups."""
    by_run = {run: t["all groups"] for run, t in found_by(runs, inputs, "human").items() if "all groups" in t}
    title = "Models vs SMOCI contestants"
    if not by_run:
        note = (
            "No OCW run with per-wall rows on walls with SMOCI human performance "
            "(ocwtool scrape ocw --with-human-performance, eval --per-wall)."
        )
        return empty("eval-humans", title, note)
    cats = tuple(by_run)
    series = (
        Series("model", tuple(float(by_run[r]["found_rate"]) for r in cats)),
        Series("contestants", tuple(float(by_run[r]["human_rate"]) for r in cats)),
    )
    chart = Bars(cats, series, xlabel="share of groups found", horizontal=True, share=True)
    return Panel(
        "eval-humans", title, chart, caption="Over the same OCW groups, with the contestants' SMOCI record."
    )


def evaluation_section(inputs: EvalInputs) -> Section:
    """Leaderboards and breakdowns of every scored run."""
    runs = inputs.runs
    if not runs:
        note = "No evaluation reports in runs/: ocwtool eval --baseline random, or ocwtool llm run."
        return Section(
            "evaluation",
            "Evaluation",
            "Nothing scored yet.",
            (empty("eval-leaderboard", "Leaderboard", note),),
        )
    kinds = sorted({r.kind for r in runs})
    intro = f"{len(runs)} scored run(s) ({', '.join(kinds)}) from runs/."
    panels = (
        *leaderboards(runs, inputs),
        types_panel(runs, inputs),
        levels_panel(runs, inputs),
        cutoff_panel(runs, inputs),
        live_panel(runs, inputs),
        variants_panel(runs),
        humans_panel(runs, inputs),
    )
    return Section("evaluation", "Evaluation", intro, panels)
