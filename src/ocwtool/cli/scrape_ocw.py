"""``ocwtool scrape ocw``: Only Connect walls from ocdb.cc into ``puzzles/ocdb.jsonl``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import click

from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.crawl_options import crawl_options, echo_outcome

if TYPE_CHECKING:
    from ocwtool.progress import Progress
    from ocwtool.scrapers.base import CrawlOptions

_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def parse_series(text: str | None) -> frozenset[int] | None:
    """``1-15``, ``3``, ``1-3,5`` -> the set of series numbers (None = all)."""
    if text is None:
        return None
    chosen: set[int] = set()
    for part in text.split(","):
        found = _RANGE.match(part)
        if not found:
            raise click.BadParameter(f"{part.strip()!r} is not a series number or range like 1-15")
        lo, hi = int(found.group(1)), int(found.group(2) or found.group(1))
        if lo > hi:
            raise click.BadParameter(f"range {lo}-{hi} is empty; write the smaller number first")
        chosen.update(range(lo, hi + 1))
    return frozenset(chosen)


@click.command("ocw")
@click.option("--series", metavar="RANGE", help="Series to keep, e.g. 1-15 or 1-3,5 (default: all).")
@click.option("--specials", is_flag=True, help="Include specials (flagged 'special'); skipped by default.")
@click.option(
    "--with-human-performance",
    is_flag=True,
    help="Also crawl SMOCI and fill human performance, team and air date (joined on clue sets).",
)
@click.option(
    "--smoci-base-url", metavar="URL", help="Base URL of the SMOCI site (with --with-human-performance)."
)
@crawl_options
@pass_app
def scrape_ocw_cmd(
    app: AppContext,
    series: str | None,
    specials: bool,
    with_human_performance: bool,
    smoci_base_url: str | None,
    crawl: CrawlOptions,
    progress: Progress,
) -> None:
    """Crawl ocdb.cc politely and write its connecting walls to puzzles/ocdb.jsonl.

    Every response is kept raw in raw/ocdb/ (WARC) and the crawl state in raw/ocdb/frontier.sqlite:
    interrupt it at any time and run it again to continue. The store is named after the site
    (source "ocdb", ids ocdb-<episode slug>-<1|2>) so it never clobbers puzzles/ocw.jsonl from
    `ocwtool import --format ocw`.

    \b
    Examples:
      ocwtool scrape ocw --series 1-15 --with-human-performance
      ocwtool scrape ocw --offline            # rebuild from captures, no network
      ocwtool scrape ocw --limit 5 --base-url http://127.0.0.1:8000
    """
    from ocwtool.scrapers.pipeline import scrape_ocw
    from ocwtool.scrapers.sources.ocdb import WallOptions

    walls = WallOptions(series=parse_series(series), specials=specials)
    ws = app.workspace()
    outcome = scrape_ocw(
        ws,
        crawl,
        walls,
        human_performance=with_human_performance,
        smoci_base_url=smoci_base_url,
        progress=progress,
    )
    echo_outcome(outcome, ws)
