"""How options reach a command: typed, and grouped by shared decorators.

A command takes its few options as typed parameters; a command whose options make up a library
request takes that request, built by :func:`typed_options` from the options named like its fields
(``ocwtool eval`` -> :class:`~ocwtool.evaluation.request.EvaluationRequest`). Option groups that
several commands share are decorators handing over one typed value: :func:`crawl_options`
(``CrawlOptions``), :func:`progress_option` (a ``Progress`` hook), :func:`split_option`,
:func:`rules_option`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import importlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from ocwtool.names import RULE_NAMES, SPLIT_CHOICES

F = TypeVar("F", bound=Callable[..., Any])


def typed_options(cls: type[Any] | str, name: str = "request") -> Callable[[F], F]:
    """Hand the command one ``cls`` (a dataclass) as ``name``, built from the options whose names
    are its fields; the other options pass through as they are.

    ``cls`` may be named ``"module:Class"``: it is imported when the command runs, not when its
    ``--help`` is shown (for a request whose module loads the schema)."""

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def command(*args: Any, **kwargs: Any) -> Any:
            target = _load(cls)
            values = {f.name: kwargs.pop(f.name) for f in dataclasses.fields(target) if f.name in kwargs}
            return func(*args, **{name: target(**values)}, **kwargs)

        return command  # type: ignore[return-value]

    return decorate


def _load(cls: type[Any] | str) -> type[Any]:
    if not isinstance(cls, str):
        return cls
    module, _, attr = cls.partition(":")
    loaded: type[Any] = getattr(importlib.import_module(module), attr)
    return loaded


def none_unless_given(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Click callback: the value when given on the command line, None when it is the default shown
    in ``--help`` (the library then chooses, e.g. the split an LLM run played)."""
    assert param.name is not None
    return None if ctx.get_parameter_source(param.name) in (None, ParameterSource.DEFAULT) else value


def day(ctx: click.Context, param: click.Parameter, value: dt.datetime | None) -> dt.date | None:
    """Click callback: the date of a ``click.DateTime`` value."""
    return value.date() if value is not None else None


def split_option(
    default: str | None, help: str | None = None, choices: Sequence[str] = SPLIT_CHOICES, **kwargs: Any
) -> Callable[[F], F]:
    """``--split``: one of the dataset's splits (or ``all``)."""
    return click.option(
        "--split",
        type=click.Choice(choices),
        default=default,
        show_default=default is not None,
        help=help,
        **kwargs,
    )


def rules_option(help: str | None = None, **kwargs: Any) -> Callable[[F], F]:
    """``--rules``: a rule set of the game engine, by name (any case)."""
    return click.option("--rules", type=click.Choice(RULE_NAMES, case_sensitive=False), help=help, **kwargs)


def after_cutoff_option() -> Callable[[F], F]:
    """``--after-cutoff MODEL``: ``--cutoff`` at that model's training cutoff (eval, llm run, report)."""
    return click.option(
        "--after-cutoff",
        metavar="MODEL",
        help="--cutoff at this model's training cutoff (bundled table; [cutoffs] in ocwtool.toml).",
    )
