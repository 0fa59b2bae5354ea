"""The workspace lock protocol: one writer at a time per folder, readers beside each other.

A lock is an ``flock`` on the folder itself (shared for readers, exclusive for writers), so the
kernel drops it when a process dies: a crash never leaves a stale lock. Beside the lock, each
holder leaves a small record ``.ocwtool-lock.<pid>.json`` (the command line, its pid and when it
started), so that a second command can say who it is waiting for. Records of dead processes are
ignored and cleaned.

A command that finds the folder busy either waits, telling the user once whom it waits for, or (with
``wait=False``, the CLI's ``--no-wait``) is refused with :class:`LockBusy`, one line naming the
holder. Nothing interleaves either way.

A thread that holds a folder gets it again at once, so a command can hold ``puzzles/`` for a whole
read-modify-write and write through ``Workspace.write_store`` inside it. Commands take their locks
through :meth:`ocwtool.workspace.Workspace.lock`, which orders them by the layout.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import json
import os
import shlex
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ocwtool.errors import LockBusy
from ocwtool.safetext import terminal

HOLDER_PREFIX = ".ocwtool-lock."

_state: dict[str, object] = {"command": None, "wait": True, "notify": None}

# The folders this thread holds (resolved path -> shared?): a nested lock of a folder already held is
# granted at once, so a library function holding puzzles/ for a whole read-modify-write can call
# Workspace.write_store inside it (a second flock of the folder would wait for this thread forever).
_held = threading.local()


def set_command(command: str) -> None:
    """Name the running command in the records this process leaves (the CLI calls it with argv)."""
    _state["command"] = command


def set_wait(wait: bool) -> None:
    """The default for busy folders: wait (True) or refuse at once (False, ``--no-wait``)."""
    _state["wait"] = wait


def set_notifier(notify: Callable[[str], None] | None) -> None:
    """Where the one "waiting for ..." line goes (default: standard error)."""
    _state["notify"] = notify


def command_name() -> str:
    command = _state["command"]
    if isinstance(command, str):
        return command
    return shlex.join(["ocwtool", *sys.argv[1:]])


@dataclass(frozen=True)
class Holder:
    """Who holds (or shares) a folder's lock."""

    command: str
    pid: int
    since: str
    shared: bool

    def describe(self) -> str:
        return f"`{self.command}` (pid {self.pid}, since {self.since})"


@contextlib.contextmanager
def folder_lock(
    folder: Path, *, shared: bool = False, wait: bool | None = None, what: str | None = None
) -> Iterator[None]:
    """Hold ``folder``'s lock for the block: exclusive for a writer, ``shared`` for a reader.

    When another process holds it, wait (saying whom for) or, with ``wait=False``, raise
    :class:`LockBusy`. ``what`` names the folder in messages (default: its path). A thread that holds
    the folder already gets it again at once (it cannot upgrade a shared hold to a writer's)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    held: dict[Path, bool] = _held.__dict__.setdefault("folders", {})
    key = folder.resolve()
    if key in held:
        if held[key] and not shared:
            raise RuntimeError(f"{folder}: held for reading by this thread, which now asks to write it")
        yield
        return
    held[key] = shared
    try:
        with _flock(folder, shared=shared, wait=wait, what=what):
            yield
    finally:
        del held[key]


@contextlib.contextmanager
def _flock(folder: Path, *, shared: bool, wait: bool | None, what: str | None) -> Iterator[None]:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    record: Path | None = None
    try:
        _acquire(fd, folder, shared=shared, wait=_state["wait"] if wait is None else wait, what=what)
        live_holders(folder)  # removes the records a killed holder left (a build SIGKILLed, say)
        record = _leave_record(folder, shared=shared)
        yield
    finally:
        if record is not None:
            record.unlink(missing_ok=True)
        os.close(fd)  # closing the descriptor releases the lock


def _acquire(fd: int, folder: Path, *, shared: bool, wait: object, what: str | None) -> None:
    mode = fcntl.LOCK_SH if shared else fcntl.LOCK_EX
    try:
        fcntl.flock(fd, mode | fcntl.LOCK_NB)
        return
    except BlockingIOError:
        pass
    name = what or str(folder)
    holders = live_holders(folder)
    who = ", ".join(h.describe() for h in holders) or "another ocwtool command"
    if not wait:
        raise LockBusy(f"{name} is in use by {who}; run this again when it has finished")
    _notify(f"Waiting for {who} to finish with {name} ...")
    fcntl.flock(fd, mode)


def _notify(message: str) -> None:
    notify = _state["notify"]
    if callable(notify):
        notify(message)
    else:
        print(terminal(message), file=sys.stderr, flush=True)  # the command line may hold anything


def _leave_record(folder: Path, *, shared: bool) -> Path | None:
    """Write this process's holder record (best effort: a read-only folder only loses the name)."""
    record = folder / f"{HOLDER_PREFIX}{os.getpid()}.json"
    since = dt.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M:%S")
    body = {"command": command_name(), "pid": os.getpid(), "since": since, "shared": shared}
    try:
        record.write_text(json.dumps(body), encoding="utf-8")
    except OSError:
        return None
    return record


def live_holders(folder: Path) -> list[Holder]:
    """The holder records of live processes in ``folder`` (records of dead ones are removed)."""
    holders: list[Holder] = []
    for record in sorted(folder.glob(f"{HOLDER_PREFIX}*.json")):
        holder = _read_record(record)
        if holder is None or holder.pid == os.getpid():
            continue
        if _alive(holder.pid):
            holders.append(holder)
        else:
            record.unlink(missing_ok=True)
    return holders


def _read_record(record: Path) -> Holder | None:
    try:
        body = json.loads(record.read_text(encoding="utf-8"))
        return Holder(str(body["command"]), int(body["pid"]), str(body["since"]), bool(body["shared"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
