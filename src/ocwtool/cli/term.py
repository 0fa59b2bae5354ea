"""Everything the command line shows goes through here, escaped (:mod:`ocwtool.safetext`).

Commands echo puzzle text, ids, file names and error messages that come from files anyone can
write; a clue holding ``ESC [2J`` must show as ``\\x1b[2J``, not clear the screen. So no command
calls ``click.echo`` or ``click.prompt`` itself (``tests/cli/test_term.py`` checks): :func:`echo`
escapes every control character but newline, :func:`echo_json` keeps JSON valid and equal (it
escapes as JSON does), :func:`prompt` escapes the prompt's text.
"""

from __future__ import annotations

from typing import Any

import click

from ocwtool.safetext import terminal, terminal_json


def echo(message: object = "", *, err: bool = False, nl: bool = True) -> None:
    """``click.echo`` of ``str(message)`` with control characters escaped (newlines kept)."""
    click.echo(terminal(str(message)), err=err, nl=nl)


def echo_json(text: str, *, nl: bool = True) -> None:
    """JSON text (data: the same JSON when piped to a file) to stdout, safe on a terminal."""
    click.echo(terminal_json(text), nl=nl)


def prompt(text: str, **kwargs: Any) -> Any:
    """``click.prompt`` with the prompt's text escaped (the answer is the user's own typing)."""
    return click.prompt(terminal(text), **kwargs)
