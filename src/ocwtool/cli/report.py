"""``ocwtool report``: figures of the whole workspace in one self-contained HTML page."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.options import after_cutoff_option, day
from ocwtool.cli.progress import progress_option
from ocwtool.progress import Progress


@click.command("report")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The HTML page to write (default: reports/report.html in the workspace).",
)
@click.option(
    "--cutoff",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    callback=day,
    help="A model's training cutoff: walls won on puzzles dated before vs on or after it.",
)
@after_cutoff_option()
@progress_option
@pass_app
def report_cmd(
    app: AppContext, out: Path | None, cutoff: dt.date | None, after_cutoff: str | None, progress: Progress
) -> None:
    """Draw the workspace as figures: data (seasons, months, levels, knowledge types, lengths,
    flags, splits), variants, annotation agreement, validation and every scored run in runs/
    (leaderboards with 95 % intervals, knowledge types, levels, walls won before and after a
    training cutoff and live vs backfill, each with Wilson intervals and Fisher's test, variants,
    humans), and red herrings (a board with its decoys shaded by score; fixation per player against
    chance). Writes one self-contained HTML page (figures inline, opens from disk, no network) and
    each figure as SVG and PNG under reports/. Sections without data say so.

    \b
    Examples:
      ocwtool report
      ocwtool -w demo-workspace report --out /tmp/ocw-report.html
      ocwtool report --cutoff 2024-04-01
      ocwtool report --after-cutoff gpt-4o
    """
    from ocwtool.evaluation.cutoffs import chosen_cutoff  # deferred: the table's model (pydantic)
    from ocwtool.report import report_workspace
    from ocwtool.workspace import Workspace

    overrides = app.workspace().settings.cutoffs if after_cutoff else None
    chosen = chosen_cutoff(cutoff, after_cutoff, overrides)
    written = report_workspace(
        Workspace.at(app.root),
        out,
        cutoff=chosen.date if chosen else None,
        cutoff_model=chosen.model if chosen else "",
        progress=progress,
    )
    folder = written.figures[0].parent if written.figures else written.html.parent
    term.echo(f"{len(written.figures) // 2} figures (SVG and PNG) in {folder}", err=True)
    term.echo(str(written.html))
