"""``ocwtool reconcile A B``: compare two puzzle stores day by day."""

from __future__ import annotations

from pathlib import Path

import click

from ocwtool.cli.app import AppContext, pass_app


@click.command("reconcile")
@click.argument("left", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("right", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the JSON report instead of the table.")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Also write the JSON here."
)
@pass_app
def reconcile_cmd(app: AppContext, left: Path, right: Path, as_json: bool, output: Path | None) -> None:
    """Compare two JSONL stores: days missing on one side, group order, words, titles.

    Texts are compared case-folded with quotes, hyphens/dashes, underscores and
    spaces removed; NYT records are keyed on their date, others on their id.

    \b
    Examples:
      ocwtool reconcile puzzles/nyt-api.jsonl puzzles/nyt-archive.jsonl
      ocwtool reconcile puzzles/nyt.jsonl puzzles/nyt-community.jsonl --json -o runs/diff.json
    """
    import json

    from ocwtool.fsio import write_json
    from ocwtool.scrapers.reconcile import reconcile, render_table
    from ocwtool.store import read_puzzles

    report = reconcile(read_puzzles(left), read_puzzles(right), str(left), str(right))
    doc = report.to_json()
    if output is not None:
        write_json(output, doc)
    click.echo(json.dumps(doc, ensure_ascii=False, indent=2) if as_json else render_table(report))
