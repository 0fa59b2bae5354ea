"""Input path arguments: a relative path is looked up in the current folder first, then in the
workspace (``-w``), so ``ocwtool -w ws release verify releases/x-1.0.0.tar.gz`` works from anywhere.

When the workspace's copy is used, stderr says so in one line; when neither exists, the error names
both paths tried. Absolute paths are taken as they are. Output paths (``--out``, ``--json-out``,
``--plot``, ...) are not looked up: they are written where they say, relative to the current folder.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from ocwtool.cli import term
from ocwtool.errors import InputError


def find_input(path: Path, workspace: Path | None) -> tuple[Path, bool]:
    """``path`` as given when it exists (or is absolute, or there is no other place to look), else
    the workspace's ``workspace / path``; True when the workspace's was taken. ``InputError`` names
    both when neither exists."""
    path = path.expanduser()
    if path.is_absolute() or path.exists() or workspace is None:
        return path, False
    here, inside = Path.cwd() / path, workspace / path
    if os.path.normpath(here) == os.path.normpath(inside):
        return path, False  # the workspace is the current folder: the command's own error says it
    if inside.exists():
        return inside, True
    raise InputError(f"{path}: not found in the current folder ({here}) nor in the workspace ({inside})")


def workspace_root(ctx: click.Context | None) -> Path | None:
    """The ``-w`` folder of the running command, if any."""
    from ocwtool.cli.app import AppContext

    app = ctx.find_object(AppContext) if ctx is not None else None
    return app.root if app is not None else None


def resolve_input(value: str | Path, ctx: click.Context | None = None) -> Path:
    """:func:`find_input` for the running command, with the one-line note when the workspace's
    copy is used."""
    ctx = ctx or click.get_current_context(silent=True)
    found, from_workspace = find_input(Path(value), workspace_root(ctx))
    if from_workspace:
        term.echo(f"note: {value} is not in the current folder; using {found} in the workspace", err=True)
    return found


class InputPath(click.Path):
    """``click.Path`` (``path_type=Path``) whose relative values are found by :func:`resolve_input`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(path_type=Path, **kwargs)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str | os.PathLike):
            value = resolve_input(os.fspath(value), ctx)
        return super().convert(value, param, ctx)
