"""Wait for the scripted server to reach a state, woken by the change itself (no sleeps, no polling).

The scripted server changes its counters (calls paid, requests held) only inside ``with
state.lock``. :func:`watch` swaps that lock for a :class:`StateChanges`, which wakes every waiter
each time the lock is released, so a test blocks in :meth:`StateChanges.wait_until` until the
server's state says what it waits for. A client subprocess can be watched too: its exit wakes the
waiters, so a client that dies early fails the test at once instead of at the timeout.
"""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable
from typing import Any

import pytest

from ocwtool.llm.scripted import ScriptedServer


class StateChanges:
    """A lock that notifies its waiters whenever it is released (``with`` only, as the server uses it)."""

    def __init__(self) -> None:
        self._changed = threading.Condition(threading.Lock())

    def __enter__(self) -> StateChanges:
        self._changed.acquire()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._changed.notify_all()
        self._changed.release()

    def wait_until(self, ready: Callable[[], bool], timeout: float) -> bool:
        """Block until ``ready()`` (checked under the lock after each change) or ``timeout`` seconds."""
        with self._changed:
            return self._changed.wait_for(ready, timeout)

    def wake_when_done(self, proc: subprocess.Popen[str]) -> None:
        """Wake the waiters when ``proc`` ends (a background thread waits for it)."""

        def wait_then_wake() -> None:
            proc.wait()
            with self:
                pass

        threading.Thread(target=wait_then_wake, daemon=True).start()


def watch(server: ScriptedServer, monkeypatch: pytest.MonkeyPatch) -> StateChanges:
    """Make ``server``'s state changes wake :meth:`StateChanges.wait_until` (undone after the test)."""
    changes = StateChanges()
    monkeypatch.setattr(server.state, "lock", changes)
    return changes
