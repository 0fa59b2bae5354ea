"""``ocwtool init``: create a workspace."""

from __future__ import annotations

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app


@click.command("init")
@click.option("--contact", help="E-mail address sent in the User-Agent of every request.")
@click.option("--force", is_flag=True, help="Overwrite an existing ocwtool.toml.")
@pass_app
def init_cmd(app: AppContext, contact: str | None, force: bool) -> None:
    """Create a workspace: ocwtool.toml (contact, delays, sources) and its folders.

    \b
    Examples:
      ocwtool init --contact you@example.org
      ocwtool -w my-dataset init
    """
    from ocwtool.workspace import init_workspace

    path = init_workspace(app.root, contact, force=force)
    term.echo(f"Created {path}")
    if not contact:
        term.echo("Set a contact e-mail in ocwtool.toml (or OCWTOOL_CONTACT) before live crawls.")
