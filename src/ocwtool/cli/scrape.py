"""``ocwtool scrape SOURCE``: crawl a site politely into raw captures, then parse them to puzzles.

Each source's command lives in its own module and is listed in ``SCRAPE_COMMANDS``.
"""

from __future__ import annotations

import click

from ocwtool.cli.app import LazyGroup

SCRAPE_COMMANDS: dict[str, tuple[str, str, str]] = {
    "nyt": (
        "ocwtool.cli.scrape_nyt",
        "scrape_nyt_cmd",
        "NYT Connections: official JSON endpoint and/or archive.",
    ),
    "ocw": (
        "ocwtool.cli.scrape_ocw",
        "scrape_ocw_cmd",
        "Only Connect walls from ocdb.cc -> puzzles/ocdb.jsonl.",
    ),
    "smoci": (
        "ocwtool.cli.scrape_smoci",
        "scrape_smoci_cmd",
        "Human performance from SMOCI into OCW stores.",
    ),
}


@click.group("scrape", cls=LazyGroup, registry=SCRAPE_COMMANDS, section="Sources")
def scrape_cmd() -> None:
    """Crawl a source politely (robots.txt, delays, retries), keep every raw response, and parse.

    \b
    Examples:
      ocwtool scrape ocw --series 1-15 --with-human-performance
      ocwtool scrape nyt --source both
      ocwtool scrape ocw --offline        # re-parse captures, no network
    """
