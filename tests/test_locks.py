"""The workspace lock protocol (issue #30): a second writer waits, saying whom for, or is refused with
one line naming the holder; readers share; a dead holder's record is ignored."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from ocwtool import locks
from ocwtool.errors import LockBusy

HOLD = """
import sys, time
from pathlib import Path
from ocwtool import locks
locks.set_command("ocwtool import big.json")
with locks.folder_lock(Path(sys.argv[1]), shared=sys.argv[2] == "shared"):
    print("held", flush=True)
    sys.stdin.readline()
"""


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[object]:
    """Start another process that holds ``tmp_path/puzzles``'s lock until told to let go."""
    procs: list[subprocess.Popen[str]] = []

    def start(mode: str = "exclusive") -> subprocess.Popen[str]:
        proc = subprocess.Popen(
            [sys.executable, "-c", HOLD, str(tmp_path / "puzzles"), mode],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None and proc.stdout.readline() == "held\n"
        procs.append(proc)
        return proc

    yield start
    for proc in procs:
        release(proc)


def release(proc: subprocess.Popen[str]) -> None:
    """Let the holder go (once) and wait for it to exit."""
    if proc.poll() is None and proc.stdin is not None and not proc.stdin.closed:
        proc.stdin.write("\n")
        proc.stdin.close()
    proc.wait(timeout=30)


def test_a_second_writer_told_not_to_wait_is_refused_naming_the_holder(tmp_path: Path, holder) -> None:  # type: ignore[no-untyped-def]
    proc = holder()
    with pytest.raises(LockBusy) as err, locks.folder_lock(tmp_path / "puzzles", wait=False, what="puzzles/"):
        pass
    message = str(err.value)
    assert message.startswith(f"puzzles/ is in use by `ocwtool import big.json` (pid {proc.pid}, since ")
    assert message.endswith("; run this again when it has finished")


def test_a_second_writer_waits_saying_whom_for_then_proceeds(tmp_path: Path, holder) -> None:  # type: ignore[no-untyped-def]
    proc = holder()
    said: list[str] = []
    locks.set_notifier(said.append)
    got = threading.Event()

    def second() -> None:
        with locks.folder_lock(tmp_path / "puzzles", wait=True, what="puzzles/"):
            got.set()

    thread = threading.Thread(target=second)
    try:
        thread.start()
        assert not got.wait(1.0)  # still waiting while the other process holds it
        release(proc)
        thread.join(30)
        assert got.is_set()
    finally:
        locks.set_notifier(None)
    assert len(said) == 1
    assert said[0].startswith(f"Waiting for `ocwtool import big.json` (pid {proc.pid}, since ")
    assert said[0].endswith("to finish with puzzles/ ...")


def test_readers_share_but_a_writer_waits_for_them(tmp_path: Path, holder) -> None:  # type: ignore[no-untyped-def]
    holder("shared")
    with locks.folder_lock(tmp_path / "puzzles", shared=True, wait=False):
        pass  # a second reader gets in at once
    with pytest.raises(LockBusy), locks.folder_lock(tmp_path / "puzzles", wait=False):
        pass


def test_records_of_dead_holders_are_ignored_and_removed(tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    code = "import os; print(os.getpid())"
    pid = int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout)
    stale = folder / f".ocwtool-lock.{pid}.json"
    stale.write_text(json.dumps({"command": "ocwtool x", "pid": pid, "since": "then", "shared": False}))
    assert locks.live_holders(folder) == []
    assert not stale.exists()
    with locks.folder_lock(folder, wait=False):
        assert [p.name for p in folder.iterdir()] == [f".ocwtool-lock.{os.getpid()}.json"]
    assert list(folder.iterdir()) == []


def test_a_thread_takes_a_lock_it_holds_again_at_once(tmp_path: Path) -> None:
    # A library function holds puzzles/ for a whole read-modify-write and calls Workspace.write_store
    # inside: a second flock of the folder from this process would wait for itself.
    folder = tmp_path / "puzzles"
    with locks.folder_lock(folder, wait=False), locks.folder_lock(folder, wait=False):
        with locks.folder_lock(folder, shared=True, wait=False):
            pass
        assert [p.name for p in folder.iterdir()] == [f".ocwtool-lock.{os.getpid()}.json"]
    assert list(folder.iterdir()) == []  # released when the outer block ends


def test_a_thread_holding_a_folder_shared_cannot_write_it(tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    with (
        locks.folder_lock(folder, shared=True, wait=False),
        pytest.raises(RuntimeError, match="held for reading by this thread"),
        locks.folder_lock(folder, wait=False),
    ):
        pass
