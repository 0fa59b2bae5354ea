"""The ``ocwtool`` command group, loading each command's module only when it is used.

To add a command: write ``ocwtool/cli/<module>.py`` defining a click command (or group), then add
one line to ``COMMANDS``: name -> (module path, attribute, one-line help shown by ``ocwtool --help``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ocwtool import __version__, locks
from ocwtool.cli import term

if TYPE_CHECKING:
    from ocwtool.workspace import Workspace

COMMANDS: dict[str, tuple[str, str, str]] = {
    "init": ("ocwtool.cli.init", "init_cmd", "Create a workspace (ocwtool.toml and folders)."),
    "build-variants": ("ocwtool.cli.variants", "build_variants_cmd", "Build OCW-Randomized and OCW-WordNet."),
    "generate": (
        "ocwtool.cli.generate",
        "generate_cmd",
        "Make new boards from checkable rules over WordNet, verified unique.",
    ),
    "import": (
        "ocwtool.cli.io",
        "import_cmd",
        "Import a file (OCW JSON, NYT archive, gold, JSONL, HF) as a store.",
    ),
    "export": ("ocwtool.cli.io", "export_cmd", "Export stores as OCW JSON, JSONL, HF parquet or CSV."),
    "info": ("ocwtool.cli.io", "info_cmd", "Show counts per source, season/year, split, and flags found."),
    "eval": ("ocwtool.cli.eval", "eval_cmd", "Score predictions or run a baseline (OCW and NYT metrics)."),
    "play": (
        "ocwtool.cli.play",
        "play_cmd",
        "Play a puzzle in the terminal, or let a baseline play, under named rules.",
    ),
    "scrape": ("ocwtool.cli.scrape", "scrape_cmd", "Crawl ocdb.cc, SMOCI or NYT into captures and puzzles."),
    "validate": (
        "ocwtool.cli.validate",
        "validate_cmd",
        "Check stores and variants; write the validation report.",
    ),
    "split": ("ocwtool.cli.split", "split_cmd", "Assign train/validation/test splits in the stores."),
    "report": ("ocwtool.cli.report", "report_cmd", "Draw the workspace as figures in one HTML report."),
    "release": ("ocwtool.cli.release", "release_cmd", "Build or verify a compressed, checksummed release."),
    "update": (
        "ocwtool.cli.update",
        "update_cmd",
        "Scrape new NYT days, split them, validate; release the next version.",
    ),
    "reconcile": ("ocwtool.cli.reconcile", "reconcile_cmd", "Compare two puzzle stores day by day."),
    "llm": ("ocwtool.cli.llm", "llm_cmd", "Run language models on the puzzles (inspect-ai, [llm] extra)."),
    "demo": ("ocwtool.cli.demo", "demo_cmd", "Run the whole pipeline offline on a bundled snapshot."),
    "annotate": (
        "ocwtool.cli.annotate",
        "annotate_cmd",
        "Label knowledge types and red herrings; agreement.",
    ),
}


@dataclass(frozen=True)
class AppContext:
    """What every command receives: the workspace folder and the debug flag."""

    root: Path
    debug: bool = False

    def workspace(self) -> Workspace:
        """The workspace (settings from ``ocwtool.toml`` + environment, and its layout), read on demand;
        its layout notes (a store read under its new name) go to stderr once per command."""
        from ocwtool.workspace import Workspace

        ws = Workspace.open(self.root)
        ctx = click.get_current_context(silent=True)
        shown: set[str] = ctx.meta.setdefault("ocwtool.notes", set()) if ctx is not None else set()
        for line in ws.layout_notes():
            if line not in shown:
                shown.add(line)
                term.echo(line, err=True)
        return ws


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use.

    ``registry`` maps a command name to (module, attribute, one-line help); the help line is shown
    under ``section`` without importing the command's module.
    """

    def __init__(self, *args: Any, registry: dict[str, tuple[str, str, str]], section: str, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.registry = registry
        self.section = section

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self.registry)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.registry:
            return None
        module, attr, _ = self.registry[cmd_name]
        command = getattr(importlib.import_module(module), attr)
        assert isinstance(command, click.Command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, self.registry[name][2]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section(self.section):
                formatter.write_dl(rows)


EPILOG = """\b
Examples:
  ocwtool init --contact you@example.org
  ocwtool import onlyconnect.json --format ocw
  ocwtool -w my-dataset info
  ocwtool COMMAND --help
"""


@click.group(
    cls=LazyGroup,
    registry=COMMANDS,
    section="Commands",
    epilog=EPILOG,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.option(
    "-w",
    "--workspace",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="OCWTOOL_WORKSPACE",
    default=".",
    show_default="current folder, or $OCWTOOL_WORKSPACE",
    help="Workspace folder to read and write. A relative input path (FILE, --release, ...) that "
    "is not in the current folder is read from here, with a note.",
)
@click.option("--debug", is_flag=True, help="Show full tracebacks on errors.")
@click.option(
    "--no-wait",
    is_flag=True,
    envvar="OCWTOOL_NO_WAIT",
    help="When another ocwtool command is writing the same part of the workspace, stop at once "
    "with an error naming it instead of waiting for it to finish.",
)
@click.version_option(__version__, prog_name="ocwtool")
@click.pass_context
def cli(ctx: click.Context, workspace: Path, debug: bool, no_wait: bool) -> None:
    """Build, curate, validate, release and evaluate word-grouping puzzle datasets
    (Only Connect Wall and NYT Connections).

    Commands that write take a lock on what they write: a second writer waits for the first (saying
    whom it waits for), or with --no-wait stops with an error naming it."""
    locks.set_wait(not no_wait)
    ctx.obj = AppContext(root=workspace.expanduser().resolve(), debug=debug)


pass_app = click.make_pass_decorator(AppContext)
