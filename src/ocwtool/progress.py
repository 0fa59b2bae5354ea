"""Progress reporting as a plain callable hook (library code never draws a progress bar).

A long library function takes ``progress: Progress`` and calls it as work advances::

    progress("ocdb", done, total)      # label, units done so far, total units (None = unknown)

The default :func:`silent` ignores every call. The command line passes a hook that draws tqdm bars
on a terminal (``ocwtool.cli.progress``); tests and other callers pass their own callable.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sized
from typing import TypeVar

T = TypeVar("T")

Progress = Callable[[str, int, int | None], None]
"""``progress(label, done, total)``: ``done`` units of the task ``label`` finished out of ``total``."""


def silent(label: str, done: int, total: int | None) -> None:
    """The hook that reports nothing (the default of every library function)."""


def track(items: Iterable[T], label: str, progress: Progress = silent) -> Iterator[T]:
    """Yield ``items``, reporting ``label`` before the first and after each one."""
    total = len(items) if isinstance(items, Sized) else None
    progress(label, 0, total)
    for done, item in enumerate(items, start=1):
        yield item
        progress(label, done, total)
