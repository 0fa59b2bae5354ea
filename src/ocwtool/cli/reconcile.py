"""``ocwtool reconcile A B``: compare two puzzle stores day by day."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.scrape_nyt import parse_date as _parse_date


@click.command("reconcile")
@click.argument("left", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("right", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--from", "start", callback=_parse_date, metavar="DATE", help="Only days from DATE on.")
@click.option("--to", "end", callback=_parse_date, metavar="DATE", help="Only days up to DATE.")
@click.option("--json", "as_json", is_flag=True, help="Print the JSON report instead of the table.")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Also write the JSON here."
)
@pass_app
def reconcile_cmd(
    app: AppContext,
    left: Path,
    right: Path,
    start: dt.date | None,
    end: dt.date | None,
    as_json: bool,
    output: Path | None,
) -> None:
    """Compare two JSONL stores: days missing on one side, group order, words, titles.

    A and B are store files (a relative path is looked up in the current folder, then in the
    workspace) or store names (``nyt-api`` = puzzles/nyt-api.jsonl).

    Texts are compared case-folded with quotes, hyphens/dashes, underscores and
    spaces removed; NYT records are keyed on their date, others on their id.

    \b
    Examples:
      ocwtool reconcile puzzles/nyt-api.jsonl puzzles/nyt-archive.jsonl
      ocwtool -w my-dataset reconcile nyt-api nyt-archive      # store names work too
      ocwtool reconcile puzzles/nyt-api.jsonl puzzles/nyt.jsonl --json -o runs/diff.json
      ocwtool reconcile puzzles/nyt-archive.jsonl puzzles/nyt.jsonl --to 2023-12-11
    """
    import json

    from ocwtool.acquisition.reconcile import render_table
    from ocwtool.scrapers.nyt import reconcile_files
    from ocwtool.workspace import Workspace

    files = (_in_workspace(app, left), _in_workspace(app, right))
    ws = Workspace.at(app.root)  # only the layout: no settings needed
    report = reconcile_files(ws, files, (str(left), str(right)), start, end, output)
    doc = report.to_json()
    if as_json:
        term.echo_json(json.dumps(doc, ensure_ascii=False, indent=2))
    else:
        term.echo(render_table(report))


def _in_workspace(app: AppContext, path: Path) -> Path:
    """``path`` in the current folder, else in the workspace (with a note), else the store of that
    name; an error names every place tried."""
    from ocwtool.cli.paths import resolve_input
    from ocwtool.errors import InputError
    from ocwtool.safenames import is_name
    from ocwtool.workspace import Workspace

    found: Path | None = None
    try:
        found = resolve_input(path)
    except InputError as exc:
        missing = str(exc)
    if found is not None and found.exists():
        return found
    store = None
    if is_name(str(path)):  # a store's name (a path such as in/x.jsonl is only a path)
        store = Workspace.at(app.root).puzzles_path(str(path))  # only the layout: no settings needed
        if store.exists():
            return store
    if found is None:
        raise InputError(f"{missing}, and there is no store {store}" if store else missing)
    return found  # reading it says what is missing
