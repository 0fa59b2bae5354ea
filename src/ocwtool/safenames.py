"""Names and paths a user gives, checked in one place: whole (``fullmatch``) and kept in the workspace.

A name becomes a file or folder name (``puzzles/<source>.jsonl``, ``runs/llm/<run>/``,
``releases/<name>-<version>/``, ``annotations/<annotator>.jsonl``), so it is checked whole: ``re.match``
with ``$`` lets ``"evil\\n"`` through (``$`` also matches before a final newline), ``fullmatch`` does
not. A name starts with a letter or digit, so ``.``, ``..`` and hidden names are refused too, and it
is short enough for a file name with its suffixes. Every refusal reads the same way: the kind of
name, the name as Python would print it (so a newline or an escape code shows), and the allowed form::

    run name '../x' is not allowed: use letters, digits, '.', '_' or '-' (starting with a letter or
    digit, at most 128 characters)

:func:`inside` keeps a path made from a name under the workspace folder, symlinks resolved: a
``runs/llm`` that links elsewhere is refused rather than written through.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ocwtool.errors import InputError, OcwError


@dataclass(frozen=True)
class NameForm:
    """An allowed form of name: the pattern a name must match whole, and how to say it."""

    pattern: re.Pattern[str]
    rule: str


#: Stores (sources), release configs, releases, variant kinds, LLM runs, models' names.
NAME = NameForm(
    re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}"),
    "letters, digits, '.', '_' or '-' (starting with a letter or digit, at most 128 characters)",
)
#: Annotators: lower case, as their label files and the label records spell them.
ANNOTATOR = NameForm(
    re.compile(r"[a-z0-9][a-z0-9_.-]{0,63}"),
    "lower-case letters, digits, '_', '.' or '-' (starting with a letter or digit, at most 64 characters)",
)
#: Release versions (semantic versioning, with an optional pre-release suffix).
VERSION = NameForm(
    re.compile(r"(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})(?:-[0-9A-Za-z.-]{1,40})?"),
    "a semantic version X.Y.Z with an optional -suffix (e.g. 1.0.0 or 1.0.0-rc.1)",
)


def is_name(name: object, form: NameForm = NAME) -> bool:
    """True when ``name`` is a string of the allowed ``form``, whole."""
    return isinstance(name, str) and form.pattern.fullmatch(name) is not None


def check_name(name: str, what: str, form: NameForm = NAME, *, error: type[OcwError] = InputError) -> str:
    """``name`` when it has the allowed ``form``; else ``error`` naming it (``what``: "run name")."""
    if not is_name(name, form):
        raise error(f"{what} {name!r} is not allowed: use {form.rule}")
    return name


def inside(root: Path, path: Path, what: str, *, error: type[OcwError] = InputError) -> Path:
    """``path`` (as given) when it resolves under ``root``, symlinks followed; else ``error``
    (``what``: the subject of the message, e.g. "export file exports/x.csv")."""
    top, real = Path(root).resolve(), Path(path).resolve()
    if real != top and not real.is_relative_to(top):
        raise error(
            f"{what} leads outside the workspace {top} (to {real}); "
            "keep it inside the workspace (remove the link, or give another name)"
        )
    return path


def named_path(
    root: Path, folder: Path, name: str, what: str, suffix: str = "", form: NameForm = NAME
) -> Path:
    """``folder/<name><suffix>``, the name checked and the path kept under ``root``."""
    check_name(name, what, form)
    path = folder / f"{name}{suffix}"
    return inside(root, path, f"{path} ({what} {name!r})")


def check_release(name: str, version: str, *, error: type[OcwError] = InputError) -> None:
    """A release's name and version (its folder is ``releases/<name>-<version>/``)."""
    check_name(name, "release name", error=error)
    check_name(version, "release version", VERSION, error=error)
