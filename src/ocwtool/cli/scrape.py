"""``ocwtool scrape SOURCE``: crawl a site politely into raw captures, then parse them to puzzles.

Each source's command lives in its own module and is listed in ``SCRAPE_COMMANDS``.
"""

from __future__ import annotations

import importlib

import click

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


class _LazyScrapeGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SCRAPE_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in SCRAPE_COMMANDS:
            return None
        module, attr, _ = SCRAPE_COMMANDS[cmd_name]
        command = getattr(importlib.import_module(module), attr)
        assert isinstance(command, click.Command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, SCRAPE_COMMANDS[name][2]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Sources"):
                formatter.write_dl(rows)


@click.group("scrape", cls=_LazyScrapeGroup)
def scrape_cmd() -> None:
    """Crawl a source politely (robots.txt, delays, retries), keep every raw response, and parse.

    \b
    Examples:
      ocwtool scrape ocw --series 1-15 --with-human-performance
      ocwtool scrape nyt --source both
      ocwtool scrape ocw --offline        # re-parse captures, no network
    """
