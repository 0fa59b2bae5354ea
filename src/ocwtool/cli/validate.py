"""``ocwtool validate``: run every rule over the workspace and write the report."""

from __future__ import annotations

from pathlib import Path

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.progress import progress_option
from ocwtool.progress import Progress


@click.command("validate")
@click.option("--source", "sources", multiple=True, help="Validate only this source's store (repeatable).")
@click.option(
    "--json-out", type=click.Path(dir_okay=False, path_type=Path), help="Where to write the JSON report."
)
@click.option(
    "--md-out", type=click.Path(dir_okay=False, path_type=Path), help="Where to write the Markdown report."
)
@click.option("--no-expectations", is_flag=True, help="Skip the Great Expectations suites (faster).")
@click.option(
    "--rules", "list_rules", is_flag=True, help="List every rule (id, severity, waivable) and exit."
)
@progress_option
@pass_app
def validate_cmd(
    app: AppContext,
    sources: tuple[str, ...],
    json_out: Path | None,
    md_out: Path | None,
    no_expectations: bool,
    list_rules: bool,
    progress: Progress,
) -> None:
    """Check the puzzle stores and variants: structure, leakage between splits and Great
    Expectations suites. Prints a table, writes JSON and Markdown reports (default under
    runs/validation/), and exits 1 when an error-severity rule fails without a waiver.
    Waivers live in validation.toml in the workspace ([[waiver]] rule, records, reason).

    \b
    Examples:
      ocwtool validate
      ocwtool validate --source ocw --source nyt --md-out report.md
      ocwtool validate --rules
    """
    if list_rules:
        _print_rules()
        return
    from ocwtool.errors import ValidationFailed
    from ocwtool.validators.findings import render_table
    from ocwtool.validators.gate import validate_workspace, write_reports

    ws = app.workspace()
    report = validate_workspace(ws, sources, expectations=not no_expectations, progress=progress)
    json_path, md_path = write_reports(ws, report, json_out, md_out)
    term.echo(render_table(report))
    term.echo(f"Reports: {json_path} {md_path}", err=True)
    if not report.ok:
        raise ValidationFailed(f"{len(report.blocking)} error-severity finding(s); see {md_path}")


def _print_rules() -> None:
    from ocwtool.validators.rules import RULES

    for rule in RULES.values():
        waivable = "waivable" if rule.waivable else ""
        term.echo(f"{rule.id}  {rule.name:<24} {rule.severity.value:<8} {waivable}")
