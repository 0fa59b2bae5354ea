"""inspect-ai tasks: one-shot answers (the papers' protocols) and interactive play under named rules.

``inspect eval ocwtool/oneshot -T workspace=. -T source=nyt --model ...`` runs them directly (the
package registers this module's tasks through an ``inspect_ai`` entry point); ``ocwtool llm run``
wraps them with resume, transcripts, usage and cost.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import GenerateConfig
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer
from inspect_ai.solver import Solver, TaskState

from ocwtool.errors import LlmError
from ocwtool.evaluation.game import Transcript
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.llm.board import BoardMeta
from ocwtool.llm.inputs import Protocol, PuzzleSource, game_of, limited, train_examples
from ocwtool.llm.prompts import PromptSpec, default_prompt, get_prompt, pick_examples, render_examples
from ocwtool.llm.solvers import interactive_solver, oneshot_solver
from ocwtool.schema.board import shown_board
from ocwtool.workspace import Workspace


def samples(walls: Sequence[GoldWall]) -> MemoryDataset:
    """One sample per wall; the id is the wall id (unique, as inspect requires)."""
    out = []
    for w in walls:
        meta = BoardMeta.from_gold(w, game_of(w)).metadata()
        shown = shown_board(w.words, w.groups, w.wall_id, 0, distractors=w.distractors)  # board 0, as epoch 1
        out.append(Sample(id=w.wall_id, input=", ".join(shown), metadata=meta))
    return MemoryDataset(out)


@scorer(metrics={"groups": [mean()], "won": [mean()]})
def game_scorer() -> Scorer:
    """Groups found (0-4) and won (0/1), from the engine's outcome of the sample's game."""

    async def score(state: TaskState, target: Target) -> Score:
        record = state.store.get("transcript")
        if record is None:
            return Score(value={"groups": 0, "won": 0}, explanation="no game was played")
        outcome = Transcript.model_validate(record).recorded
        solved = sum(outcome.solved or ()) if outcome else 0
        won = int(bool(outcome and outcome.won))
        return Score(value={"groups": solved, "won": won}, answer=state.output.completion)

    return score


def build_task(src: PuzzleSource, protocol: Protocol, limit: int | None = None, cache: bool = False) -> Task:
    """The inspect task for ``src`` under ``protocol`` (what ``ocwtool llm run`` evaluates)."""
    walls = limited(src.played()[0], limit)
    if not walls:
        raise LlmError(f"no puzzles to play in {src.describe()}")
    spec = get_prompt(protocol.prompt or default_prompt(game_of(walls[0]), protocol.name), protocol.name)
    examples = render_examples(pick_examples(train_examples(src), spec)) if spec.examples else ""
    solver: Solver
    if protocol.name == "oneshot":
        solver = oneshot_solver(spec.name, examples, cache)
    else:
        solver = interactive_solver(protocol.rules, spec.name, cache)
    return Task(
        dataset=samples(walls),
        solver=solver,
        scorer=game_scorer(),
        config=GenerateConfig(**spec.config),
        metadata=run_metadata(spec, protocol, examples),
    )


def run_metadata(spec: PromptSpec, protocol: Protocol, examples: str) -> dict[str, Any]:
    """What the log records: protocol, rules, prompt (name, version, sha256), the examples shown."""
    return {
        "ocwtool": {
            "protocol": protocol.name,
            "rules": protocol.rules,
            "prompt": spec.record(),
            "examples": examples,
        }
    }


def _source(
    workspace: str | None,
    release: str | None,
    source: str | None,
    split: str,
    since: str | None,
    newest: int | None,
) -> PuzzleSource:
    day = dt.date.fromisoformat(since) if since else None
    if release:
        return PuzzleSource(release=Path(release), source=source, split=split, since=day, newest=newest)
    # The one place a workspace is opened from a path: a task's arguments are plain text so that
    # inspect's log can rebuild it (eval_retry), and the rebuilt task reads the folder afresh.
    opened = Workspace.open(workspace or ".")
    return PuzzleSource(workspace=opened, source=source, split=split, since=day, newest=newest)


@task
def oneshot(
    workspace: str | None = None,
    release: str | None = None,
    source: str | None = None,
    split: str = "test",
    prompt: str | None = None,
    cache: bool = False,
    since: str | None = None,
    newest: int | None = None,
) -> Task:
    """One full answer per puzzle with the papers' prompts (OCW few-shot, or "Connecting the Dots")."""
    protocol = Protocol("oneshot", "oneshot", prompt)
    return build_task(_source(workspace, release, source, split, since, newest), protocol, cache=cache)


@task
def interactive(
    workspace: str | None = None,
    release: str | None = None,
    source: str | None = None,
    split: str = "test",
    rules: str = "nyt",
    prompt: str | None = None,
    cache: bool = False,
    since: str | None = None,
    newest: int | None = None,
) -> Task:
    """Turn-by-turn play under named rules (nyt, missed-connections, only-connect), engine feedback."""
    protocol = Protocol("interactive", rules, prompt)
    return build_task(_source(workspace, release, source, split, since, newest), protocol, cache=cache)
