"""Command-line interface: a thin layer over the library.

``main`` is the single place where library errors become ``Error: <message>`` and exit code 1.
A command parses its options (typed: :mod:`ocwtool.cli.options`), calls one library function and
renders what it returns; choices come from :mod:`ocwtool.names`. Command modules import the library
modules that load the schema or numpy only inside their functions, so ``--help`` starts fast.
"""

from __future__ import annotations

import shlex
import sys
from io import StringIO  # not `import io`: this package has a submodule of that name

import click

from ocwtool import locks
from ocwtool.cli import term
from ocwtool.cli.app import cli
from ocwtool.errors import OcwError

EXIT_ERROR = 1
EXIT_INTERRUPTED = 130
INTERRUPTED = "Interrupted; work written so far is kept. Run the command again to resume."


def _wants_debug(args: list[str]) -> bool:
    """``--debug`` given to the ``ocwtool`` group itself (before the command name)."""
    from ocwtool.cli.app import COMMANDS

    for arg in args:
        if arg in COMMANDS:
            return False
        if arg == "--debug":
            return True
    return False


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``ocwtool`` script."""
    args = sys.argv[1:] if argv is None else argv
    debug = _wants_debug(args)
    locks.set_command(shlex.join(["ocwtool", *args]))
    try:
        # Without standalone mode click returns ctx.exit()'s code instead of exiting.
        returned = cli.main(args=args, prog_name="ocwtool", standalone_mode=False)
    except OcwError as exc:
        if debug:
            raise
        term.echo(f"Error: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        shown = StringIO()  # escaped: the message may quote what was typed (an invalid choice)
        exc.show(file=shown)
        term.echo(shown.getvalue(), err=True, nl=False)
        sys.exit(exc.exit_code)
    except (click.Abort, KeyboardInterrupt):  # click turns Ctrl-C into Abort
        term.echo(INTERRUPTED, err=True)
        sys.exit(EXIT_INTERRUPTED)
    except OSError as exc:  # a file the library did not expect to fail (permissions, disk full, ...)
        if debug:
            raise
        where = f"{exc.filename}: " if exc.filename else ""
        term.echo(f"Error: {where}{exc.strerror or exc}", err=True)
        sys.exit(EXIT_ERROR)
    sys.exit(returned if isinstance(returned, int) else 0)


__all__ = ["cli", "main"]
