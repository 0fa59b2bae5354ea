"""The LLM runner end to end: inspect's real ``openai-api`` provider against the scripted server."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from inspect_ai.util import registry_info

from ocwtool.cli import INTERRUPTED
from ocwtool.errors import LlmError
from ocwtool.evaluation.game import get_rules, read_transcripts
from ocwtool.evaluation.game.replay import replay
from ocwtool.evaluation.pipeline import EvalRequest, run_evaluation
from ocwtool.evaluation.run_folder import played_walls, run_predictions
from ocwtool.llm.inputs import Protocol, PuzzleSource
from ocwtool.llm.prompts import get_prompt
from ocwtool.llm.runner import LlmRun, LlmRunRequest, run_llm
from ocwtool.llm.scripted import ScriptedServer
from ocwtool.llm.tasks import interactive, oneshot
from ocwtool.workspace import Workspace
from tests.llm.watch import StateChanges, watch

HELD_WITHIN = 240.0  # seconds for the subprocess to start and reach the gate, on a loaded machine


def _run(ws: Path, model: str, source: str, protocol: Protocol | None = None, **kw: object) -> LlmRun:
    req = LlmRunRequest(
        model=f"openai-api/scripted/{model}",
        source=PuzzleSource(workspace=Workspace.open(ws), source=source),
        protocol=protocol or Protocol(),
        **kw,  # type: ignore[arg-type]
    )
    return run_llm(req, Workspace.at(ws))


def _scores(ws: Path, run: LlmRun, source: str) -> dict[str, object]:
    golds = played_walls(PuzzleSource(workspace=Workspace.open(ws), source=source).golds().walls, run.folder)
    return run_evaluation(golds, EvalRequest(predictions=run_predictions(run.folder), n_boot=0))


def test_a_puzzle_source_plays_the_workspace_it_is_given(workspace: Path) -> None:
    ws = Workspace.at(workspace)  # the layout without reading ocwtool.toml: nothing reopens it
    src = PuzzleSource(workspace=ws, source="nyt")
    assert [w.wall_id for w in src.golds().walls] == [p.id for p in ws.puzzles(["nyt"]) if p.split == "test"]
    assert src.describe() == f"workspace {workspace}, source nyt, split test"
    request = LlmRunRequest(model="openai-api/scripted/oracle", source=src, protocol=Protocol())
    assert request.settings()["workspace"] == str(workspace)  # run.json records the folder as text
    assert PuzzleSource().describe() == "workspace None, source all, split test"


def test_tasks_are_registered_under_the_package_name() -> None:
    assert registry_info(oneshot).name == "ocwtool/oneshot"
    assert registry_info(interactive).name == "ocwtool/interactive"


def test_oracle_solves_every_wall_and_names_every_connection(workspace: Path, server: ScriptedServer) -> None:
    run = _run(workspace, "oracle", "ocw", epochs=2)
    assert (run.status, run.resumed, run.manifest["samples"]) == ("success", "new", 8)
    assert run.manifest["prompt"] == get_prompt("ocw-fewshot", "oneshot").record()
    assert run.manifest["examples_shown"] == 2  # the two train walls
    assert server.state.paid["oracle"] == 16  # grouping + connections, 4 walls x 2 epochs
    assert (run.usage.calls, run.usage.cached_calls) == (16, 0)
    report = _scores(workspace, run, "ocw")
    assert report["summary"]["grouping"]["solved_walls"] == {"mean": 4.0, "std": 0.0}
    assert report["summary"]["connections"]["exact_match"]["mean"] == 1.0
    transcripts = read_transcripts(run.transcripts)
    assert [t.meta["epoch"] for t in transcripts] == [1] * 4 + [2] * 4
    assert transcripts[0].order != transcripts[4].order  # epoch 2 shows another word order
    assert all(replay(t, t.board.to_board(t.order), get_rules("oneshot")).agrees for t in transcripts)  # type: ignore[union-attr]


def test_random_answers_score_low_and_come_again_identically(workspace: Path, server: ScriptedServer) -> None:
    first = _run(workspace, "random", "nyt")
    again = _run(workspace, "random", "nyt", name="random-again")
    assert first.predictions[0].read_text() == again.predictions[0].read_text()
    grouping = _scores(workspace, first, "nyt")["summary"]["grouping"]  # type: ignore[index]
    assert grouping["solved_walls"]["mean"] == 0 and grouping["correct_groups"]["mean"] < 6
    assert server.state.paid["random"] == 12


@pytest.mark.parametrize(("rules", "moves"), [("nyt", 4), ("missed-connections", 3), ("only-connect", 3)])
def test_interactive_oracle_wins_every_game(
    workspace: Path, server: ScriptedServer, rules: str, moves: int
) -> None:
    source = "ocw" if rules == "only-connect" else "nyt"
    run = _run(workspace, "oracle", source, Protocol("interactive", rules))
    transcripts = read_transcripts(run.transcripts)
    assert all(t.recorded and t.recorded.won and t.recorded.moves == moves for t in transcripts)
    assert all(t.recorded and t.recorded.mistakes == 0 for t in transcripts)
    assert all(replay(t, t.board.to_board(t.order), get_rules(rules)).agrees for t in transcripts)  # type: ignore[union-attr]
    report = _scores(workspace, run, source)
    assert report["summary"]["grouping"]["solved_walls"]["mean"] == len(transcripts)  # type: ignore[index]
    if rules == "only-connect":
        assert [t.connections for t in transcripts] == [list(t.board.connections) for t in transcripts]  # type: ignore[union-attr]


def test_malformed_answers_lose_and_are_counted(workspace: Path, server: ScriptedServer) -> None:
    played = read_transcripts(
        _run(workspace, "malformed", "nyt", Protocol("interactive", "nyt"), limit=2).transcripts
    )
    assert [(t.recorded.won, t.recorded.invalid, t.recorded.moves) for t in played if t.recorded] == [
        (False, 5, 5)
    ] * 2
    assert all(turn.raw and "Zanzibar" in turn.raw for turn in played[0].turns)
    oneshot_run = _run(workspace, "malformed", "nyt", limit=2)
    issues = read_transcripts(oneshot_run.transcripts)[0].meta["issues"]
    assert issues["empty_slots"] == 16 and issues["missing"] == 16


def test_a_429_is_retried_and_answered_once(workspace: Path, server: ScriptedServer) -> None:
    run = _run(workspace, "flaky", "nyt", limit=2)
    assert (run.manifest["errored_samples"], run.usage.calls) == (0, 2)
    assert (server.state.refused["flaky"], server.state.paid["flaky"]) == (2, 2)
    assert _scores(workspace, run, "nyt")["summary"]["grouping"]["solved_walls"]["mean"] == 2  # type: ignore[index]


def test_a_timed_out_request_errors_its_game_and_the_run_goes_on(
    workspace: Path, server: ScriptedServer
) -> None:
    started = time.monotonic()
    run = _run(workspace, "slow", "nyt", limit=1, attempt_timeout=1, max_retries=1)
    assert time.monotonic() - started < 60
    assert (run.status, run.manifest["errored_samples"]) == ("incomplete", 1)
    [game] = read_transcripts(run.transcripts)
    assert game.meta["replayable"] is False and "Timeout" in game.meta["error"]
    assert run.predictions[0].read_text().count('""') == 16  # scored as an empty answer


def test_rerunning_a_finished_run_reuses_its_log(workspace: Path, server: ScriptedServer) -> None:
    first = _run(workspace, "oracle", "nyt", epochs=2)
    paid = server.state.total_paid()
    again = _run(workspace, "oracle", "nyt", epochs=2)
    assert (again.resumed, server.state.total_paid()) == ("reused", paid)
    assert again.predictions[1].read_text() == first.predictions[1].read_text()
    with pytest.raises(
        LlmError, match=r"holds a run with other settings \(epochs\); give this run another --name"
    ):
        _run(workspace, "oracle", "nyt", epochs=3)


def test_cached_answers_are_not_paid_for_again(workspace: Path, server: ScriptedServer) -> None:
    _run(workspace, "oracle", "nyt", cache=True, limit=3)
    second = _run(workspace, "oracle", "nyt", cache=True, limit=3, name="second")
    assert (second.usage.calls, second.usage.cached_calls, server.state.paid["oracle"]) == (0, 3, 3)


def _cached_answers(ws: Path) -> int:
    folder = ws.parent / "inspect-cache" / "generate" / "openai-api" / "scripted" / "gated"
    return sum(1 for f in folder.iterdir() if f.is_file()) if folder.is_dir() else 0


def _interrupt_when_held(cmd: list[str], server: ScriptedServer, changes: StateChanges) -> tuple[int, str]:
    """Run ``cmd``; the moment the server holds its request after the gate (so exactly ``gate`` calls
    were answered, however loaded the machine), send SIGINT. Its exit code and stderr."""
    proc = subprocess.Popen(
        cmd, env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    changes.wake_when_done(proc)
    changes.wait_until(lambda: server.state.held > 0 or proc.poll() is not None, HELD_WITHIN)
    if server.state.held == 0:
        code = proc.poll()
        proc.kill()
        how = f"was still running after {HELD_WITHIN:.0f} s" if code is None else f"exited with code {code}"
        paid = dict(server.state.paid)
        pytest.fail(f"no request was held (paid {paid}): the run {how}; stderr:\n{proc.communicate()[1]}")
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail(f"the run was still going 120 s after SIGINT: {proc.communicate()[1]}")
    return proc.returncode, err


def test_an_interrupted_run_resumes_without_paying_twice(
    workspace: Path, server: ScriptedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    server.state.gate = 3
    args = ["llm", "run", "--model", "openai-api/scripted/gated", "--source", "nyt", "--cache"]
    cmd = [sys.executable, "-m", "ocwtool", "-w", str(workspace), *args, "--max-connections", "1"]
    returncode, err = _interrupt_when_held(cmd, server, watch(server, monkeypatch))
    assert (returncode, err.splitlines()[-1:]) == (130, [INTERRUPTED]), err
    # Midway: 3 of the 6 games answered (and cached), the 4th request held unanswered at the signal.
    assert (server.state.paid["gated"], server.state.held, _cached_answers(workspace)) == (3, 1, 3)
    server.state.gate_open.set()
    run = _run(workspace, "gated", "nyt", cache=True)
    assert (run.resumed, run.manifest["samples"], run.manifest["errored_samples"]) == ("retried", 6, 0)
    assert server.state.paid["gated"] == 6  # 3 before the interruption, 3 after: none twice


def test_max_tokens_replaces_the_prompts_own_limit_and_is_part_of_the_run(
    workspace: Path, server: ScriptedServer
) -> None:
    _run(workspace, "oracle", "ocw", name="default-limit")
    assert set(server.state.max_tokens) == {get_prompt("ocw-fewshot", "oneshot").config["max_tokens"]}
    server.state.reset()
    run = _run(workspace, "oracle", "ocw", name="long-replies", max_tokens=4000)
    assert dict(server.state.max_tokens) == {4000: server.state.total_paid()}
    assert run.manifest["settings"]["max_tokens"] == 4000
    with pytest.raises(LlmError, match=r"other settings \(max_tokens\)"):
        _run(workspace, "oracle", "ocw", name="long-replies", max_tokens=8000)


def test_a_run_recorded_with_a_relative_release_path_still_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ocwtool.fsio import write_json
    from ocwtool.llm.runner import _check_settings

    monkeypatch.chdir(tmp_path)
    (tmp_path / "run").mkdir()
    write_json(tmp_path / "run" / "run.json", {"settings": {"release": "releases/x", "split": "test"}})
    _check_settings(tmp_path / "run", {"release": str(tmp_path / "releases" / "x"), "split": "test"})
    with pytest.raises(LlmError, match=r"other settings \(release\)"):
        _check_settings(tmp_path / "run", {"release": str(tmp_path / "releases" / "y"), "split": "test"})


def test_a_run_made_before_seeded_boards_is_not_resumed_with_them(
    workspace: Path, server: ScriptedServer
) -> None:
    # Issue #25: its epoch 1 showed the stored (solution) order; resuming would mix two board schemes.
    import json

    from ocwtool.llm.runner import BOARDS

    done = _run(workspace, "oracle", "ocw", name="old-boards")
    manifest = done.folder / "run.json"
    recorded = json.loads(manifest.read_text())
    assert recorded["settings"]["boards"] == BOARDS
    del recorded["settings"]["boards"]
    manifest.write_text(json.dumps(recorded))
    with pytest.raises(LlmError, match=r"other settings \(boards\)"):
        _run(workspace, "oracle", "ocw", name="old-boards")
