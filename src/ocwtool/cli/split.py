"""``ocwtool split``: assign train/validation/test splits in the stores."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.paths import InputPath
from ocwtool.names import SPLIT_STRATEGIES


def _sizes(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        sizes = tuple(int(x) for x in value.split(","))
    except ValueError:
        raise click.BadParameter(f"expected three integers like 62,62,494, got {value!r}") from None
    if len(sizes) != 3 or min(sizes) < 0 or sum(sizes) == 0:
        raise click.BadParameter(f"expected three non-negative integers like 62,62,494, got {value!r}")
    return sizes


def _dates(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[dt.date, ...]:
    if not value:
        return ()
    try:
        return tuple(dt.date.fromisoformat(x.strip()) for x in value.split(","))
    except ValueError:
        raise click.BadParameter(f"expected DATE or DATE,DATE (YYYY-MM-DD), got {value!r}") from None


@click.command("split")
@click.option(
    "--strategy",
    type=click.Choice(SPLIT_STRATEGIES),
    default="default",
    show_default=True,
    help="default: OCW by season, NYT by date; stratified: every board by difficulty and date.",
)
@click.option("--seed", default=42, show_default=True, help="Seed of the OCW (or stratified) assignment.")
@click.option(
    "--sizes",
    callback=_sizes,
    metavar="TRAIN,VALIDATION,TEST",
    help="OCW sizes (default 62,62,494; rescaled when the walls number differently); stratified: "
    "proportions (default 80,10,10).",
)
@click.option(
    "--reassign",
    is_flag=True,
    help="stratified: deal every board afresh (otherwise assigned puzzles keep their split).",
)
@click.option(
    "--nyt-cutoff",
    callback=_dates,
    metavar="DATE[,DATE]",
    help="NYT: train before DATE, test from it; with two dates the middle is validation.",
)
@click.option(
    "--splits-from",
    type=InputPath(exists=True, file_okay=False),
    help="Copy the assignment of an existing release folder (matched by id, then by clues).",
)
@click.option("--source", "sources", multiple=True, help="Only this source's store (repeatable).")
@click.option("--dry-run", is_flag=True, help="Show the counts without writing the stores.")
@pass_app
def split_cmd(
    app: AppContext,
    seed: int,
    sizes: tuple[int, ...] | None,
    nyt_cutoff: tuple[dt.date, ...],
    splits_from: Path | None,
    sources: tuple[str, ...],
    dry_run: bool,
    strategy: str,
    reassign: bool,
) -> None:
    """Assign splits deterministically and write them into puzzles/*.jsonl (atomically).
    OCW walls: seeded, stratified by season (OCW's 62/62/494 by default); NYT: by date;
    or copy an existing release's assignment. Variants inherit their parents' split.

    --strategy stratified: every board by measured difficulty and year (copies of a board in one
    split; assigned puzzles kept unless --reassign); the release card shows it (docs/training.md).

    \b
    Examples:
      ocwtool split
      ocwtool split --seed 7 --nyt-cutoff 2025-01-01,2025-07-01
      ocwtool split --splits-from releases/ocw-1.0.0
      ocwtool split --strategy stratified --sizes 80,10,10 --reassign
    """
    from ocwtool.curation.splits import split_workspace

    summary = split_workspace(
        app.workspace(),
        seed=seed,
        sizes=sizes,
        nyt_cutoffs=nyt_cutoff,
        splits_from=splits_from,
        sources=sources,
        dry_run=dry_run,
        strategy=strategy,
        reassign=reassign,
    )
    term.echo(f"{'store':<28} {'train':>6} {'validation':>10} {'test':>6} {'unassigned':>10}")
    for store, c in summary.counts.items():
        term.echo(f"{store:<28} {c['train']:>6} {c['validation']:>10} {c['test']:>6} {c['unassigned']:>10}")
    for note in summary.notes:
        term.echo(f"Note: {note}", err=True)
    if dry_run:
        term.echo("Dry run: nothing written.", err=True)
