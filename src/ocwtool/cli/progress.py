"""The command line's progress bars: the only place ocwtool draws them (with tqdm, on stderr).

``@progress_option`` adds ``--no-progress`` to a command and hands it a ``progress`` hook
(:data:`ocwtool.progress.Progress`) for the library calls. Bars are drawn only when stderr is a
terminal and ``--no-progress`` is not given; otherwise the hook is :func:`ocwtool.progress.silent`
and tqdm is not even imported.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from ocwtool.progress import Progress, silent
from ocwtool.safetext import terminal

F = Callable[..., Any]


def stderr_is_terminal() -> bool:
    """Is stderr a terminal (not a pipe, a file or a test runner's buffer)?"""
    return sys.stderr.isatty()


def progress_wanted(no_progress: bool) -> bool:
    """Bars unless ``--no-progress`` or stderr is not a terminal."""
    return not no_progress and stderr_is_terminal()


@contextmanager
def progress_bars(enabled: bool) -> Iterator[Progress]:
    """A hook drawing one tqdm bar per label on stderr (closed on exit); :func:`silent` if disabled."""
    if not enabled:
        yield silent
        return
    from tqdm import tqdm

    bars: dict[str, Any] = {}

    def hook(label: str, done: int, total: int | None) -> None:
        bar = bars.get(label)
        if bar is None:
            bar = bars[label] = tqdm(total=total, desc=terminal(label), file=sys.stderr, leave=False)
        bar.total = total
        bar.update(done - bar.n)

    try:
        yield hook
    finally:
        for bar in bars.values():
            bar.close()


def progress_option(func: F) -> F:
    """``--no-progress`` for a long command; the command receives ``progress: Progress`` instead."""

    @functools.wraps(func)
    def wrapper(*args: Any, no_progress: bool, **kwargs: Any) -> Any:
        with progress_bars(progress_wanted(no_progress)) as progress:
            return func(*args, progress=progress, **kwargs)

    option = click.option(
        "--no-progress", is_flag=True, help="Hide progress bars (also hidden when stderr is not a terminal)."
    )
    return option(wrapper)
