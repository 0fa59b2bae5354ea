"""A run folder is held by one ``llm run`` at a time, and says honestly how its games ended.

Two identical runs started side by side would both play every game and write two logs into one
folder. The folder therefore takes the workspace lock protocol (:func:`ocwtool.locks.folder_lock`):
the second run waits (saying for whom) and then finds the first one's finished log, which it reuses
without a call; with ``--no-wait`` it is refused, naming the first.

A game that ended in an error (the provider down, a timeout after every retry) is scored as an
empty answer, so a run with errored games is ``incomplete``: the next identical run retries exactly
those games (inspect's ``eval_retry`` keeps every clean one).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ocwtool.locks import folder_lock

INCOMPLETE = "incomplete"


@contextlib.contextmanager
def holding(folder: Path, what: str) -> Iterator[None]:
    """Hold ``folder``'s lock for the block; a folder a failed start left empty is removed again."""
    while True:
        with folder_lock(folder, what=what):
            if not folder.is_dir():  # removed by a failed start we waited for: lock the new one
                continue
            try:
                yield
            except BaseException:
                _remove_if_empty(folder)
                raise
            return


def _remove_if_empty(folder: Path) -> None:
    """Remove ``folder`` when nothing but this process's lock record is in it (a start that failed
    before any game: no run folder is left behind)."""
    leftovers = [p for p in folder.iterdir() if not p.name.startswith(".ocwtool-lock.")]
    if not leftovers:
        with contextlib.suppress(OSError):
            for record in folder.iterdir():
                record.unlink()
            folder.rmdir()


def errored_samples(log: Any) -> list[Any]:
    """The samples of an inspect log whose game ended in an error."""
    return [s for s in (log.samples or []) if s.error]


def run_status(log: Any) -> str:
    """``incomplete`` when a game errored, else inspect's status (``success``)."""
    return INCOMPLETE if errored_samples(log) else str(log.status)


def first_error(log: Any) -> str | None:
    """What the first errored game ran into, in one short line (None when no game errored)."""
    errored = errored_samples(log)
    if not errored:
        return None
    message = str(errored[0].error.message or "").strip()
    raised = re.search(r"raised (\w+)>", message)  # tenacity's RetryError hides the real error
    line = f"{raised[1]} after retries" if raised else (message.splitlines() or ["an error"])[0]
    return line if len(line) <= 160 else line[:157] + "..."
