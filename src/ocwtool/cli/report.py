"""``ocwtool report``: figures of the whole workspace in one self-contained HTML page."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
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
    help="A model's training cutoff: success on puzzles dated before vs on or after it.",
)
@progress_option
@pass_app
def report_cmd(app: AppContext, out: Path | None, cutoff: dt.datetime | None, progress: Progress) -> None:
    """Draw the workspace as figures: data (seasons, months, levels, knowledge types, lengths,
    flags, splits), variants, annotation agreement, validation and every scored run in runs/
    (leaderboards with 95 % intervals, knowledge types, levels, cutoff, variants, humans), and red
    herrings (a board with its decoys shaded by score; fixation per player against chance).
    Writes one self-contained HTML page (figures inline, opens from disk, no network) and each
    figure as SVG and PNG under reports/. Sections without data say so.

    \b
    Examples:
      ocwtool report
      ocwtool -w demo-workspace report --out /tmp/ocw-report.html
      ocwtool report --cutoff 2024-04-01
    """
    from ocwtool.report import report_workspace
    from ocwtool.workspace import Workspace

    written = report_workspace(
        Workspace.at(app.root), out, cutoff=cutoff.date() if cutoff else None, progress=progress
    )
    folder = written.figures[0].parent if written.figures else written.html.parent
    term.echo(f"{len(written.figures) // 2} figures (SVG and PNG) in {folder}", err=True)
    term.echo(str(written.html))
