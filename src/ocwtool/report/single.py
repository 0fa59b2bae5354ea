"""The figures of one evaluation (``ocwtool eval --plot DIR``): its leaderboard row with the 95 %
interval, and its breakdowns by knowledge type, NYT level, cutoff date, live vs backfill and
contestants."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ocwtool.evaluation.facets import WallFacts
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.report.build import draw, write_figures
from ocwtool.report.collect import run_kind
from ocwtool.report.cutoff import cutoff_panel, live_panel
from ocwtool.report.evaluation import EvalInputs, ScoredRun
from ocwtool.report.evaluation_panels import humans_panel, levels_panel, types_panel
from ocwtool.report.leaderboard import leaderboards
from ocwtool.report.model import Panel


def evaluation_panels(run: ScoredRun, inputs: EvalInputs) -> list[Panel]:
    """The panels of one run that have something to draw."""
    panels = [*leaderboards([run], inputs)]
    panels += [f([run], inputs) for f in (types_panel, levels_panel, cutoff_panel, live_panel, humans_panel)]
    return [p for p in panels if p.chart is not None]


def write_eval_figures(
    report: Mapping[str, Any],
    folder: Path,
    golds: Sequence[GoldWall],
    *,
    label: str,
    source: str | None,
    split: str,
    types: Mapping[str, Sequence[str]] | None = None,
    facts: Mapping[str, WallFacts] | None = None,
    cutoff: dt.date | None = None,
) -> list[Path]:
    """Draw one evaluation report (with its per-wall rows) into ``folder`` as SVG and PNG."""
    run = ScoredRun(label, source, split, "", run_kind(report), report)
    inputs = EvalInputs(
        runs=(run,),
        golds={source: {g.wall_id: g for g in golds}},
        types=types or {},
        facts={source: facts or {}},
        cutoff=cutoff,
    )
    return write_figures(folder, draw(evaluation_panels(run, inputs)), prune=False)
