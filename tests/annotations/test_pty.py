"""One labelling session through a real pseudo-terminal (raw-mode keys, as a person types them)."""

from __future__ import annotations

import fcntl
import json
import os
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def _take_terminal() -> None:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Pty:
    """A child process on a pseudo-terminal, with expect/send (a tiny pexpect on the stdlib)."""

    def __init__(self, args: list[str]) -> None:
        self.master, slave = os.openpty()
        # A new session whose controlling terminal is the pty, as in a real login: Ctrl-C typed
        # while the terminal is in cooked mode then reaches the child as SIGINT.
        self.proc = subprocess.Popen(
            args,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=os.environ.copy(),
            start_new_session=True,
            preexec_fn=_take_terminal,
        )
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"did not see {text!r}; output so far:\n{self.seen}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"terminal closed before {text!r}; output:\n{self.seen}")
                self.seen += chunk.decode("utf-8", "replace")
        self.seen = self.seen[self.seen.index(text) + len(text) :]

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> int:
        code = self.proc.wait(timeout=60)
        os.close(self.master)
        return code


def spawn(workspace: Path) -> Pty:
    return Pty(
        [sys.executable, "-m", "ocwtool", "-w", str(workspace), "annotate", "label", "--annotator", "alice"]
    )


def test_label_session_in_a_real_terminal(workspace: Path) -> None:
    term = spawn(workspace)
    try:
        term.expect("[1/4] nyt-2024-01-02")
        for n, key in zip(range(1, 5), "ssml", strict=True):
            term.expect(f"Group {n} (")
            term.expect("]: ")
            term.send(key)
        term.expect("Red herrings [")
        term.send("r")
        term.expect("clue number (1-16)")
        term.send("5\n")
        term.expect("fits group (1-4)")
        term.send("1\n")
        term.expect("why")
        term.send("looks blue\n")
        term.expect("Red herrings [")
        term.send("\r")  # Enter in raw mode
        term.expect("saved nyt-2024-01-02")
        term.expect("[2/4] nyt-2024-01-03")
        term.expect("]: ")
        term.send("s")  # half-done wall, then Ctrl-C: the group given is kept
        term.expect("group 1: Semantic")
        term.expect("]: ")
        term.send("\x03")
        term.expect("Interrupted; the groups labelled so far are kept.")
        term.expect("Saved 1, skipped 0; 3 left in this pass.")
    finally:
        code = term.close()
    assert code == 130
    lines = (workspace / "annotations" / "alice.jsonl").read_text().splitlines()
    *_, rec, partial = [json.loads(x) for x in lines]
    assert partial["status"] == "in_progress" and partial["puzzle_id"] == "nyt-2024-01-03"
    assert [g["label"]["types"] for g in partial["groups"]] == [["semantic"]]
    assert rec["puzzle_id"] == "nyt-2024-01-02"
    assert [g["label"]["types"][0] for g in rec["groups"]] == [
        "semantic",
        "semantic",
        "multiword",
        "linguistic",
    ]
    assert rec["red_herring_words"][0]["reason"] == "looks blue"


def test_label_session_reads_keys_from_a_pipe(workspace: Path) -> None:
    args = [
        sys.executable,
        "-m",
        "ocwtool",
        "-w",
        str(workspace),
        "annotate",
        "label",
        "--annotator",
        "alice",
    ]
    done = subprocess.run(
        args, input="lmse\nq", capture_output=True, text=True, env=os.environ.copy(), timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith(
        "Saved 1, skipped 0; 3 left in this pass.\n"
        "Coverage (source all, split all): groups 4/16, puzzles 1/4 labelled, 0 skipped\n"
        "Run the same command again to resume.\n"
    )
    line = (workspace / "annotations" / "alice.jsonl").read_text().splitlines()[-1]
    assert [g["label"]["types"][0] for g in json.loads(line)["groups"]] == [
        "linguistic",
        "multiword",
        "semantic",
        "encyclopedic",
    ]


def test_help_at_the_red_herring_prompt_in_a_real_terminal(workspace: Path) -> None:
    term = spawn(workspace)
    try:
        term.expect("[1/4] nyt-2024-01-02")
        term.send("ssml")
        term.expect("Red herrings [r word, h category, t trap group, Enter done | u k n q ?]: ")
        term.send("?")
        term.expect("Red-herring keys:")
        term.expect("  r      red-herring word: a clue that plausibly fits another group")
        term.expect("  h      red-herring category: 3 or more clues from 2 or more groups")
        term.expect("  Enter  done: save the puzzle with its types and red herrings")
        term.expect("Red herrings [")
        term.send("q")
        term.expect("Saved 0, skipped 0; 4 left in this pass.")
    finally:
        code = term.close()
    assert code == 0
