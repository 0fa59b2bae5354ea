"""``ocwtool scrape smoci``: human performance, teams and air dates from SMOCI into OCW stores."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.crawl_options import crawl_options, echo_outcome

if TYPE_CHECKING:
    from ocwtool.progress import Progress
    from ocwtool.scrapers.base import CrawlOptions


@click.command("smoci")
@click.option(
    "--store",
    "stores",
    multiple=True,
    metavar="NAME",
    help="OCW store to enrich: puzzles/NAME.jsonl (repeatable; default: ocdb and ocw, those that exist).",
)
@crawl_options
@pass_app
def scrape_smoci_cmd(
    app: AppContext,
    stores: tuple[str, ...],
    crawl: CrawlOptions,
    progress: Progress,
) -> None:
    """Crawl SMOCI's Datasette JSON API and join it to OCW walls by clue set.

    Fills each group's human_performance (found -> grouping, identified -> connection), the team
    that played each wall and its air date. Walls matching on at least 12 of 16 clues are flagged
    fuzzy_match; walls unmatched on either side are reported. Captures go to raw/smoci/.

    \b
    Examples:
      ocwtool scrape smoci                    # enrich puzzles/ocdb.jsonl and/or puzzles/ocw.jsonl
      ocwtool scrape smoci --store ocw --offline
      ocwtool scrape smoci --base-url http://127.0.0.1:8001
    """
    from ocwtool.errors import InputError
    from ocwtool.scrapers.pipeline import scrape_smoci

    ws = app.workspace()
    for store in stores:
        if not ws.puzzles_path(store).exists():
            raise InputError(f"{ws.puzzles_path(store)}: no such store; run `ocwtool scrape ocw` first")
    outcome = scrape_smoci(ws, crawl, list(stores) or None, progress=progress)
    if not outcome.joins:
        term.echo(
            "No OCW store to enrich (puzzles/ocdb.jsonl or puzzles/ocw.jsonl); captures kept.", err=True
        )
    echo_outcome(outcome, ws)
