"""Issue #30, items 4 and 5: a run with errored games says so, a rerun retries exactly those, and two
identical runs side by side play every game once.

Before: against a server failing every call, ``llm run`` printed ``success (new), 5 games, 5 errored``
and exited 0; once the server recovered, running it again printed ``success (reused)`` and retried
nothing, and ``ocwtool report`` ranked the run at 0.00 without a word about errors. Two identical runs
started together both played every game (twice the calls, two logs in one folder).

The concurrent cases wait on the server's own state and on the second run's one "Waiting for" line,
never on sleeps.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from ocwtool.llm.scripted import ScriptedServer
from ocwtool.report.collect import collect
from ocwtool.report.leaderboard import leaderboards
from ocwtool.workspace import Workspace
from tests.annotations.conftest import run_cli
from tests.llm.watch import StateChanges, watch

MODEL = "openai-api/scripted/oracle"
RUN = "openai-api_scripted_oracle-nyt-test-oneshot"
LABEL = "openai_api_scripted_oracle_nyt_test_oneshot"  # as `eval --run` names its report
GATED = "openai-api/scripted/gated"
GATED_RUN = "openai-api_scripted_gated-nyt-test-oneshot"
ARGS = ("--limit", "4", "--max-connections", "1")
WITHIN = 240.0  # seconds for a subprocess to start and get somewhere, on a loaded machine


def _llm_run(*more: str, model: str = MODEL) -> list[str]:
    return ["llm", "run", "--model", model, "--source", "nyt", "--no-progress", *more]


def _summary(status: str, how: str, games: int, errored: int) -> str:
    return f"{RUN}: {status} ({how}), {games} games, {errored} errored"


def _leaderboard_row(workspace: Path) -> tuple[str, ...]:
    [board] = leaderboards(collect(Workspace.at(workspace)).evaluation.runs)
    [row] = board.table[1:]
    return row


def test_errored_games_make_the_run_incomplete_and_a_rerun_retries_exactly_those(
    workspace: Path, server: ScriptedServer
) -> None:
    server.state.down_after = 2  # games 1 and 2 are answered, then every call fails
    args = _llm_run("--limit", "4", "--max-connections", "1", "--max-retries", "0")
    failed = run_cli(workspace, *args)
    assert failed.exit_code == 1, failed.stderr
    assert failed.stdout.splitlines()[0] == _summary("incomplete", "new", 4, 2)
    assert failed.stderr == (
        "Error: 2 of 4 games errored (InternalServerError after retries); the run is incomplete: "
        "run the same command again to retry them, or pass --allow-errors to accept it as it is\n"
    )
    folder = workspace / "runs" / "llm" / RUN
    assert json.loads((folder / "run.json").read_text())["status"] == "incomplete"
    # Scored as it is, the run says it is incomplete, in the eval's text and on the leaderboard.
    scored = run_cli(workspace, "eval", "--run", str(folder), "--bootstrap", "0")
    assert scored.exit_code == 0, scored.stderr
    assert (
        "prompt connections-dots v1, 2 of 4 games errored (the run is incomplete; run the same "
        "`ocwtool llm run` again to retry them)\n" in scored.stdout
    )
    assert _leaderboard_row(workspace)[0] == f"{LABEL} (2 of 4 games errored)"
    # With --allow-errors the same incomplete run exits 0 (the server is still down: no game is won).
    allowed = run_cli(workspace, *args, "--allow-errors")
    assert (allowed.exit_code, allowed.stderr) == (0, "")
    assert allowed.stdout.splitlines()[0] == _summary("incomplete", "retried", 4, 2)
    paid = server.state.total_paid()
    assert paid == 2
    # The server recovers: the rerun plays exactly the two errored games, then nothing is left to do.
    server.state.down_after = None
    retried = run_cli(workspace, *args)
    assert (retried.exit_code, retried.stderr) == (0, "")
    assert retried.stdout.splitlines()[0] == _summary("success", "retried", 4, 0)
    assert server.state.total_paid() == paid + 2
    again = run_cli(workspace, *args)
    assert again.stdout.splitlines()[0] == _summary("success", "reused", 4, 0)
    assert server.state.total_paid() == paid + 2
    run_cli(workspace, "eval", "--run", str(folder), "--bootstrap", "0")
    assert _leaderboard_row(workspace)[0] == LABEL


# --------------------------------------------------------------------------- side by side
def _start(workspace: Path, no_wait: bool = False) -> subprocess.Popen[str]:
    """The same run of the ``gated`` player, in a process of its own (``--no-wait``: refuse)."""
    flags = ["--no-wait"] if no_wait else []
    args = _llm_run(*ARGS, model=GATED)
    cmd = [sys.executable, "-m", "ocwtool", *flags, "-w", str(workspace), *args]
    return subprocess.Popen(
        cmd, env=dict(os.environ), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _first_line_starting(proc: subprocess.Popen[str], prefix: str) -> str:
    """The first stderr line of ``proc`` starting with ``prefix`` (read on a thread, bounded)."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            if line.startswith(prefix):
                lines.put(line.rstrip("\n"))
                return
        lines.put("")  # the process ended without that line

    threading.Thread(target=read, daemon=True).start()
    try:
        found = lines.get(timeout=WITHIN)
    except queue.Empty:
        found = ""
    if not found:
        proc.kill()
        pytest.fail(f"no line starting {prefix!r} from {proc.args}")
    return found


def _hold_first_run(
    workspace: Path, server: ScriptedServer, changes: StateChanges
) -> tuple[subprocess.Popen[str], dict[str, object]]:
    """Start the first run; return it once the server holds its third call (it holds the folder),
    with its holder record (command, pid, since)."""
    server.state.gate = 2
    first = _start(workspace)
    changes.wake_when_done(first)
    changes.wait_until(lambda: server.state.held > 0 or first.poll() is not None, WITHIN)
    if server.state.held == 0:
        first.kill()
        pytest.fail(f"the first run was never held: {first.communicate()[1]}")
    folder = workspace / "runs" / "llm" / GATED_RUN
    [record] = folder.glob(f".ocwtool-lock.{first.pid}.json")
    return first, json.loads(record.read_text())


def test_an_identical_run_waits_for_the_first_and_reuses_its_games(
    workspace: Path, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    changes = watch(server, monkeypatch)
    first, holder = _hold_first_run(workspace, server, changes)
    second = _start(workspace)
    waiting = _first_line_starting(second, "Waiting for ")
    assert waiting == (
        f"Waiting for `{holder['command']}` (pid {first.pid}, since {holder['since']}) to finish with "
        f"run folder runs/llm/{GATED_RUN} ..."
    )
    server.state.gate_open.set()
    out1, err1 = first.communicate(timeout=WITHIN)
    out2, err2 = second.communicate(timeout=WITHIN)
    name = GATED_RUN
    assert (first.returncode, out1.splitlines()[0]) == (0, f"{name}: success (new), 4 games, 0 errored"), err1
    assert (second.returncode, out2.splitlines()[0]) == (
        0,
        f"{name}: success (reused), 4 games, 0 errored",
    ), err2
    assert server.state.paid["gated"] == 4  # every game played once: the second run made no call
    assert len(list((workspace / "runs" / "llm" / name / "logs").glob("*.eval"))) == 1


def test_an_identical_run_with_no_wait_is_refused_naming_the_first(
    workspace: Path, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    changes = watch(server, monkeypatch)
    first, holder = _hold_first_run(workspace, server, changes)
    try:
        refused = _start(workspace, no_wait=True)
        out, err = refused.communicate(timeout=WITHIN)
    finally:
        server.state.gate_open.set()
        first.communicate(timeout=WITHIN)
    name = GATED_RUN
    assert (refused.returncode, out) == (1, "")
    assert err == (
        f"Error: run folder runs/llm/{name} is in use by `{holder['command']}` (pid {first.pid}, "
        f"since {holder['since']}); run this again when it has finished\n"
    )
    assert first.returncode == 0
    assert server.state.paid["gated"] == 4
