"""Shared ``scrape`` options (one decorator) and the crawl-summary rendering of the CLI."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

F = Callable[..., Any]


def _exclusive(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    """--offline and --refresh contradict each other (checked by whichever click processes last)."""
    other = "refresh" if param.name == "offline" else "offline"
    if value and ctx.params.get(other):
        raise click.UsageError("--refresh fetches again and --offline never fetches: choose one")
    return value


def crawl_options(func: F) -> F:
    """``--offline --refresh --delay --limit --base-url --no-progress`` for a scrape command."""
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
            help="Seconds between requests to one host (default: ocwtool.toml; never below Crawl-delay).",
        ),
        click.option(
            "--limit", type=click.IntRange(min=0), help="Visit at most N pages besides the start pages."
        ),
        click.option(
            "--base-url",
            metavar="URL",
            help="Replace scheme and host of every URL (paths unchanged), e.g. a local mirror.",
        ),
        click.option("--no-progress", is_flag=True, help="Hide the progress bar."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def echo_outcome(outcome: Any, workspace: Any) -> None:
    """Crawl summaries and join reports to stderr; the stores written to stdout."""
    for report in outcome.crawls:
        click.echo(report.summary.render(report.source), err=True)
    for note in outcome.notes:
        click.echo(f"note: {note}", err=True)
    for store, join in outcome.joins.items():
        click.echo(f"[{store}] {join.render()}", err=True)
    for path, count in outcome.written.items():
        shown = path.relative_to(workspace) if path.is_relative_to(workspace) else path
        click.echo(f"Wrote {count} puzzles to {shown}")
    for store in outcome.unchanged:
        click.echo(f"No puzzles parsed; puzzles/{store}.jsonl left unchanged.")
