"""``ocwtool update``: the NYT days since the last capture, split, validated, released."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.crawl_options import crawl_options, echo_outcome
from ocwtool.cli.scrape_nyt import parse_date

if TYPE_CHECKING:
    from ocwtool.progress import Progress
    from ocwtool.releases.update import UpdateResult
    from ocwtool.scrapers.base import CrawlOptions


@click.command("update")
@click.option("--to", "end", callback=parse_date, metavar="DATE", help="Last date (default today).")
@click.option("--release", "release", metavar="NAME", help="Build NAME's next version when anything changed.")
@crawl_options
@pass_app
def update_cmd(
    app: AppContext, end: dt.date | None, release: str | None, crawl: CrawlOptions, progress: Progress
) -> None:
    """Bring the NYT puzzles up to date: scrape the days after the last capture (the endpoint, the
    archive filling the days it lacks), link undated NYT boards to them, put the new puzzles (only
    them: assigned puzzles never move) in the post-cutoff split `test`, validate, and with --release
    build the next version (a puzzle schema change: major, new puzzles: minor, corrections:
    patch) with its changelog. With no new
    data it writes and builds nothing and exits 0. Safe to run again after an interruption, and
    from cron, systemd or CI (docs/live.md).

    \b
    Examples:
      ocwtool update
      ocwtool update --release nyt-live
      ocwtool update --to 2025-01-31 --base-url http://127.0.0.1:8000 --delay 0
    """
    from ocwtool.releases.update_state import nothing_to_do, update_span

    ws = app.workspace()
    span = update_span(ws, end or dt.date.today(), release)
    if nothing_to_do(ws, span, release):  # before importing the scrapers and the release builder
        term.echo(f"Up to date: the last capture is {span[1]}; nothing scraped, nothing built.")
        return
    from ocwtool.releases.update import update_workspace

    result = update_workspace(ws, crawl, end=span[1], release=release, progress=progress)
    if result.outcome is not None:
        echo_outcome(result.outcome, ws)
    for line in summary(result):
        term.echo(line)


def summary(result: UpdateResult) -> list[str]:
    """The closing lines: what changed and what was built, or that nothing did."""
    if result.bump is None and result.start > result.end:
        return [f"Up to date: the last capture is {result.end}; nothing scraped, nothing built."]
    if result.bump is None:
        return [f"No new data for {result.start}..{result.end}: nothing changed, nothing built."]
    span = f" {result.start}..{result.end}" if result.start <= result.end else f" resumed (to {result.end})"
    if result.start > result.end and result.bump == "major":
        span = f" (puzzle schema changed, to {result.end})"
    lines = [
        f"Update{span}: {len(result.new)} new puzzle(s) (split test), "
        f"{len(result.corrected)} corrected, {result.linked} linked ({result.bump} change)."
    ]
    if result.release is not None:
        lines.append(f"Built {result.release}")
    return lines
