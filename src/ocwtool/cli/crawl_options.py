"""Shared ``scrape`` options (one decorator building one ``CrawlOptions``) and the outcome's echo."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ocwtool.cli import term
from ocwtool.cli.options import typed_options
from ocwtool.cli.progress import progress_option

if TYPE_CHECKING:
    from ocwtool.scrapers.outcome import ScrapeOutcome
    from ocwtool.workspace import Workspace

F = Callable[..., Any]


def _exclusive(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    """--offline and --refresh contradict each other (checked by whichever click processes last)."""
    other = "refresh" if param.name == "offline" else "offline"
    if value and ctx.params.get(other):
        raise click.UsageError("--refresh fetches again and --offline never fetches: choose one")
    return value


def crawl_options(func: F) -> F:
    """``--offline --refresh --delay --limit --base-url --no-progress`` for a scrape command.

    The command receives them as ``crawl: CrawlOptions`` and ``progress: Progress``."""
    wrapper = typed_options("ocwtool.scrapers.base:CrawlOptions", "crawl")(func)
    options = [
        click.option(
            "--offline",
            is_flag=True,
            callback=_exclusive,
            help="Re-parse raw captures only; no network, no contact needed.",
        ),
        click.option(
            "--refresh",
            is_flag=True,
            callback=_exclusive,
            help="Fetch pages again even if they are already captured.",
        ),
        click.option(
            "--delay",
            type=click.FloatRange(min=0),
            help=(
                "Seconds between requests to one host (default: ocwtool.toml; never below robots.txt's "
                "Crawl-delay, itself at most [crawl] max_crawl_delay)."
            ),
        ),
        click.option(
            "--limit", type=click.IntRange(min=0), help="Visit at most N pages besides the start pages."
        ),
        click.option(
            "--base-url",
            metavar="URL",
            help="Replace scheme and host of every URL (paths unchanged), e.g. a local mirror.",
        ),
    ]
    command: F = progress_option(wrapper)
    for option in reversed(options):
        command = option(command)
    return command


def echo_outcome(outcome: ScrapeOutcome, workspace: Workspace) -> None:
    """What the scrape did to stderr; the stores and reports written to stdout. A crawl that got no
    page at all (every one denied or failed) ends the command with an error (exit 1) saying so."""
    from ocwtool.errors import FetchError
    from ocwtool.scrapers.outcome import nothing_fetched, render

    shown = render(outcome, workspace)
    for line in shown.stderr:
        term.echo(line, err=True)
    why = nothing_fetched(outcome)
    if why is not None:
        raise FetchError(why)
    for line in shown.stdout:
        term.echo(line)
