"""Demo stage: the LLM runner end to end with scripted players (an oracle and a random player).

No model is involved: a loopback OpenAI-compatible server answers as the scripted players, and the
runner talks to it through inspect-ai's real ``openai-api`` provider, so the demo exercises the same
client, log, transcripts and scoring as a real run. Skipped (and said so) without the [llm] extra.
"""

from __future__ import annotations

import shutil

from ocwtool.demo.state import DemoState, StageResult
from ocwtool.evaluation.gold import workspace_golds
from ocwtool.evaluation.pipeline import EvalRequest, headline, report_name, run_evaluation, save_report
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.llm.inputs import Protocol, PuzzleSource
from ocwtool.llm.scripted import Board, provider_env, serve_scripted

PLAYERS = ("oracle", "random")
PLAYS = (("ocdb", Protocol("oneshot", "oneshot")), ("nyt", Protocol("interactive", "nyt")))


def _missing_extra() -> str | None:
    try:
        import inspect_ai  # noqa: F401
        import openai  # noqa: F401
    except ImportError as exc:
        return f"skipped: the [llm] extra is not installed ({exc.name} missing; pip install 'ocwtool[llm]')"
    return None


def llm_stage(state: DemoState) -> StageResult:
    """Run both scripted players under each protocol on the test split and score the runs."""
    result = StageResult("llm runner with SCRIPTED players (oracle, random; not a model)")
    missing = _missing_extra()
    if missing:
        result.lines.append(missing)
        return result
    golds = {source: _golds(state, source) for source, _ in PLAYS}
    boards = [_board(w) for walls in golds.values() for w in walls]
    with serve_scripted(boards) as server, provider_env(server) as prefix:
        for player in PLAYERS:
            for source, protocol in PLAYS:
                _play(state, result, f"{prefix}/{player}", source, protocol, golds[source])
    return result


def _golds(state: DemoState, source: str) -> list[GoldWall]:
    return list(workspace_golds(state.workspace, "test", source).walls)


def _board(wall: GoldWall) -> Board:
    return Board(wall.groups, wall.connections)


def _play(
    state: DemoState, result: StageResult, model: str, source: str, protocol: Protocol, golds: list[GoldWall]
) -> None:
    # deferred: the runner imports inspect-ai (the [llm] extra, which may be missing: see _missing_extra)
    from ocwtool.llm.runner import LlmRunRequest, changed_settings, run_llm

    player = model.rsplit("/", 1)[1]
    name = f"scripted-{player}-{source}-{protocol.name}"
    request = LlmRunRequest(
        model=model,
        source=PuzzleSource(workspace=state.workspace, source=source),
        protocol=protocol,
        name=name,
    )
    folder = state.workspace.llm_run_dir(name)
    if changed_settings(folder, request.settings()):  # the demo's own run by an older ocwtool
        shutil.rmtree(folder)
    run = run_llm(request, state.workspace)
    report = run_evaluation(golds, EvalRequest(predictions=run.predictions, n_boot=0))
    label = f"scripted_{player}_{protocol.name}"
    path = state.workspace.run_report_path(report_name(label, "test", source))
    with state.workspace.writing_files(path):
        result.paths += [run.folder, save_report(report, path)]
    rules = f", {protocol.rules} rules" if protocol.name == "interactive" else ""
    result.lines.append(
        f"{source} scripted {player} ({protocol.name}{rules}): {headline(report)}; "
        f"{run.usage.calls} calls, {run.usage.input_tokens + run.usage.output_tokens} tokens"
    )
