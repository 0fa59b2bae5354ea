"""``ocwtool scrape nyt``: the official endpoint and/or the tryhardguides archive, reconciled."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Literal, cast

import click

from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.crawl_options import crawl_options, echo_outcome

if TYPE_CHECKING:
    from ocwtool.progress import Progress
    from ocwtool.scrapers.base import CrawlOptions

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
@click.option(
    "--prefer",
    type=click.Choice(["api", "archive"]),
    default="api",
    show_default=True,
    help="Which side the canonical puzzles/nyt.jsonl takes when both have a day.",
)
@crawl_options
@pass_app
def scrape_nyt_cmd(
    app: AppContext,
    which: str,
    start: dt.date | None,
    end: dt.date | None,
    prefer: str,
    crawl: CrawlOptions,
    progress: Progress,
) -> None:
    """Crawl NYT Connections politely into raw captures and puzzles/nyt-*.jsonl.

    With --source both, the two stores are reconciled day by day: the table of
    differences goes to stdout, a JSON + text report to runs/, and the canonical
    puzzles/nyt.jsonl takes the --prefer side's version of each day (merged into what it
    holds: days from an import of the NYT archive, which writes nyt too, stay). --base-url
    stands in for both sites. --limit N: at most N dates from the API, N listing
    pages after the first from the archive. A date the API answers 404 is recorded
    as missing and asked for once more after the sweep (and again next run).

    \b
    Examples:
      ocwtool scrape nyt --from 2024-01-01 --to 2024-01-31
      ocwtool scrape nyt --source both
      ocwtool scrape nyt --source archive --offline
      ocwtool scrape nyt --source both --base-url http://127.0.0.1:8000 --delay 0
    """
    from ocwtool.errors import InputError
    from ocwtool.scrapers.nyt import Which, run_nyt

    first = start or FIRST_DAY
    last = end or dt.date.today()
    if first > last:
        raise InputError(f"--from {first} is after --to {last}; give a range oldest first")
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    choice = cast("Which", which)
    side = cast("Literal['api', 'archive']", prefer)
    ws = app.workspace()
    run = run_nyt(ws, choice, crawl, start=first, end=last, prefer=side, stamp=stamp, progress=progress)
    echo_outcome(run, ws)
