"""Command-line interface: a thin layer over the library.

``main`` is the single place where library errors become ``Error: <message>`` and exit code 1.
Command modules import heavy libraries only inside their functions, so ``--help`` starts fast.
"""

from __future__ import annotations

import sys

import click

from ocwtool.cli.app import cli
from ocwtool.errors import OcwError

EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``ocwtool`` script."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    try:
        # Without standalone mode click returns ctx.exit()'s code instead of exiting.
        returned = cli.main(args=args, prog_name="ocwtool", standalone_mode=False)
    except OcwError as exc:
        if debug:
            raise
        click.echo(f"Error: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except KeyboardInterrupt:
        click.echo("Interrupted; work written so far is kept. Run the command again to resume.", err=True)
        sys.exit(EXIT_INTERRUPTED)
    sys.exit(returned if isinstance(returned, int) else 0)


__all__ = ["cli", "main"]
