"""``ocwtool scrape nyt``: the official endpoint and/or the tryhardguides archive, reconciled."""

from __future__ import annotations

import datetime as dt
from typing import Literal, cast

import click

from ocwtool.cli.app import AppContext, pass_app

FIRST_DAY = dt.date(2023, 6, 12)


def parse_date(ctx: click.Context, param: click.Parameter, value: str | None) -> dt.date | None:
    """Click callback: an ISO date (YYYY-MM-DD) or None."""
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a date YYYY-MM-DD", ctx, param) from None


@click.command("nyt")
@click.option(
    "--source",
    "which",
    type=click.Choice(["api", "archive", "both"]),
    default="api",
    show_default=True,
    help="The NYT JSON endpoint, the tryhardguides archive listing, or both (then reconciled).",
)
@click.option("--from", "start", callback=parse_date, metavar="DATE", help="First date (default 2023-06-12).")
@click.option("--to", "end", callback=parse_date, metavar="DATE", help="Last date (default today).")
@click.option("--offline", is_flag=True, help="Re-parse captures only; no network.")
@click.option("--refresh", is_flag=True, help="Fetch again even what is already captured.")
@click.option("--delay", type=click.FloatRange(min=0), metavar="S", help="Seconds between requests per host.")
@click.option("--limit", type=click.IntRange(min=1), metavar="N", help="At most N dates / listing pages.")
@click.option("--base-url", metavar="URL", help="Replace scheme and host of both sources (paths unchanged).")
@click.option(
    "--prefer",
    type=click.Choice(["api", "archive"]),
    default="api",
    show_default=True,
    help="Which side the canonical puzzles/nyt.jsonl takes when both have a day.",
)
@pass_app
def scrape_nyt_cmd(
    app: AppContext,
    which: str,
    start: dt.date | None,
    end: dt.date | None,
    offline: bool,
    refresh: bool,
    delay: float | None,
    limit: int | None,
    base_url: str | None,
    prefer: str,
) -> None:
    """Crawl NYT Connections politely into raw captures and puzzles/nyt-*.jsonl.

    With --source both, the two stores are reconciled day by day: the table of
    differences goes to stdout, a JSON + text report to runs/, and the canonical
    puzzles/nyt.jsonl takes the --prefer side's version of each day.

    \b
    Examples:
      ocwtool scrape nyt --from 2024-01-01 --to 2024-01-31
      ocwtool scrape nyt --source both
      ocwtool scrape nyt --source archive --offline
      ocwtool scrape nyt --source both --base-url http://127.0.0.1:8000 --delay 0
    """
    from ocwtool.errors import InputError
    from ocwtool.scrapers.base import CrawlOptions
    from ocwtool.scrapers.nyt import Which, run_nyt

    first = start or FIRST_DAY
    last = end or dt.date.today()
    if first > last:
        raise InputError(f"--from {first} is after --to {last}; give a range oldest first")
    options = CrawlOptions(offline=offline, refresh=refresh, limit=limit, base_url=base_url, delay=delay)
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    choice = cast("Which", which)
    side = cast("Literal['api', 'archive']", prefer)
    run = run_nyt(app.settings(), choice, options, start=first, end=last, prefer=side, stamp=stamp)
    for line in run.summary_lines():
        click.echo(line, err=True)
    if run.report is not None:
        from ocwtool.scrapers.reconcile import render_table

        click.echo(render_table(run.report))
