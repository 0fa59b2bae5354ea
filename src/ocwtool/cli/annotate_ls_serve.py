"""``ocwtool annotate ls serve``: a local Label Studio for the team, until Ctrl-C."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app

if TYPE_CHECKING:
    from ocwtool.annotations.labelstudio.serve import Ready
    from ocwtool.workspace import Workspace

DEFAULT_VENV = "~/.cache/ocwtool/label-studio-venv"
STATES = {
    "created": "created",
    "exists": "exists",
    "exists outside": "exists (not made here: not in the file)",
}


def render_ready(ws: Workspace, ready: Ready) -> str:
    """What ``serve`` prints once the server is up."""
    accounts = ws.rel(ws.labelstudio_accounts_path)
    lines = [
        f"Label Studio is up at {ready.url} (data: {ws.rel(ws.labelstudio_data_dir)})",
        f"Accounts: {accounts} (mode 0600: e-mails, passwords, API tokens)",
        "  admin  (its token is what push, pull and status use)",
    ]
    lines += [f"  {a.name}  {a.email}  {STATES[a.state]}" for a in ready.accounts]
    if not ready.accounts:
        lines.append('  no annotators: add name = "e-mail" lines to [labelstudio.annotators] of ocwtool.toml')
    lines += [
        f"Annotators log in at {ready.url}/user/login/ with the e-mail and password of their account.",
        "Serving until Ctrl-C.",
    ]
    return "\n".join(lines)


@click.command("serve")
@click.option(
    "--venv",
    metavar="DIR",  # a tool's install, not a workspace input: not looked up in the workspace
    envvar="OCWTOOL_LS_VENV",
    default=DEFAULT_VENV,
    show_default=True,
    help="The venv holding Label Studio (`make labelstudio` builds it; env OCWTOOL_LS_VENV).",
)
@click.option(
    "--startup-timeout",
    type=click.FloatRange(min=1),
    default=300.0,
    show_default=True,
    help="Seconds to wait for the server to come up (the first start migrates its database).",
)
@pass_app
def serve_cmd(app: AppContext, venv: str, startup_timeout: float) -> None:
    """Run a local Label Studio for this workspace until Ctrl-C.

    It listens at url of [labelstudio] (default http://127.0.0.1:8080), keeps its data in
    labelstudio/data/ and its log in labelstudio/server.log, and creates an account for each
    annotator of [labelstudio.annotators] (name = "e-mail"). E-mails, passwords and API tokens go
    to labelstudio/accounts.toml (mode 0600); push, pull and status use its admin token when
    LABEL_STUDIO_API_KEY is not set. Running it again reuses the data and the accounts.

    \b
    Examples:
      ocwtool annotate ls serve
      OCWTOOL_LS_VENV=/opt/label-studio ocwtool annotate ls serve --startup-timeout 600
    """
    from ocwtool.annotations.labelstudio.serve import serve

    ws = app.workspace()
    serve(
        ws,
        Path(venv).expanduser(),
        on_ready=lambda ready: term.echo(render_ready(ws, ready)),
        notify=lambda line: term.echo(line, err=True),
        startup_timeout=startup_timeout,
    )
    term.echo("Stopped Label Studio.")
