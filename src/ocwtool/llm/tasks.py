"""inspect-ai tasks: one-shot answers (the papers' protocols) and interactive play under named rules.

``inspect eval ocwtool/oneshot -T workspace=. -T source=nyt --model ...`` runs them directly (the
package registers this module as an ``inspect_ai`` entry point); ``ocwtool llm run`` wraps them
with resume, transcripts, usage and cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import (
    CachePolicy,
    ChatMessage,
    ChatMessageSystem,
    ChatMessageUser,
    GenerateConfig,
    get_model,
)
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver

from ocwtool.evaluation.metrics import GoldWall, score_wall
from ocwtool.llm.board import BoardMeta, epoch_words, parse_connections, parse_grouping
from ocwtool.llm.inputs import PuzzleSource, game_of, limited, train_examples
from ocwtool.llm.prompts import (
    PromptSpec,
    connection_messages,
    default_prompt,
    get_prompt,
    grouping_messages,
    pick_examples,
    render_examples,
)


def chat(messages: Sequence[tuple[str, str]]) -> list[ChatMessage]:
    """(role, text) pairs as inspect chat messages."""
    return [ChatMessageSystem(content=t) if r == "system" else ChatMessageUser(content=t) for r, t in messages]


def cache_policy(cache: bool) -> CachePolicy | bool:
    """Never-expiring response cache (a rerun pays nothing for answers it already has), or none."""
    return CachePolicy(expiry=None) if cache else False


def samples(walls: Sequence[GoldWall]) -> MemoryDataset:
    """One sample per wall; the id is the wall id (unique, as inspect requires)."""
    return MemoryDataset(
        [
            Sample(id=w.wall_id, input=", ".join(w.words), metadata=BoardMeta.from_gold(w, game_of(w)).metadata())
            for w in walls
        ]
    )


@solver
def oneshot_solver(prompt: str, examples: str = "", cache: bool = False) -> Solver:
    """Ask for the whole grouping (epoch-ordered words), then, if the prompt has a Task 2, the
    connections of the gold groups (as the OCW paper does)."""
    spec = get_prompt(prompt, "oneshot")

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        board = BoardMeta.model_validate(state.metadata)
        words = epoch_words(board.clues, board.wall_id, state.epoch)
        state.messages = chat(grouping_messages(spec, words, examples))
        state = await generate(state, cache=cache_policy(cache))
        state.store.set("answer", state.output.completion)
        asked = connection_messages(spec, board.groups, examples)
        if asked is not None:
            out = await get_model().generate(chat(asked), cache=cache_policy(cache))
            state.store.set("connections_answer", out.completion)
        return state

    return solve


@scorer(metrics={"correct_groups": [mean()], "solved": [mean()]})
def grouping_scorer(answer_after: str | None = None) -> Scorer:
    """Correct groups (0-4) and solved (0/1) of the parsed answer, with the Task 1 metrics."""

    async def score(state: TaskState, target: Target) -> Score:
        board = BoardMeta.model_validate(state.metadata)
        game = state.store.get("game")
        if game is not None:
            groups = tuple(tuple(g) for g in game["groups"])
        else:
            groups = parse_grouping(str(state.store.get("answer", "")), board.clues, answer_after).groups
        result = score_wall(board.to_gold(), groups)
        return Score(
            value={"correct_groups": result.correct_groups, "solved": int(result.solved)},
            answer=str(state.store.get("answer", "")),
        )

    return score


def _source(workspace: str | None, release: str | None, source: str | None, split: str) -> PuzzleSource:
    return PuzzleSource(
        workspace=Path(workspace or ".") if release is None else None,
        release=Path(release) if release else None,
        source=source,
        split=split,
    )


def oneshot_task(src: PuzzleSource, prompt: str | None = None, limit: int | None = None, cache: bool = False) -> Task:
    """The one-shot task over ``src`` (library entry point; the ``@task`` below wraps it)."""
    walls = limited(src.golds().walls, limit)
    spec = get_prompt(prompt or default_prompt(game_of(walls[0]), "oneshot"), "oneshot")
    examples = render_examples(pick_examples(train_examples(src), spec)) if spec.examples else ""
    return Task(
        dataset=samples(walls),
        solver=oneshot_solver(spec.name, examples, cache),
        scorer=grouping_scorer(spec.answer_after),
        config=GenerateConfig(**spec.config),
        metadata=run_metadata(spec, "oneshot", None, examples),
    )


def run_metadata(spec: PromptSpec, protocol: str, rules: str | None, examples: str) -> dict[str, Any]:
    """What the log records about the protocol: prompt name, version, sha256; rules; examples shown."""
    return {"ocwtool": {"protocol": protocol, "rules": rules, "prompt": spec.record(), "examples": examples}}


@task
def oneshot(
    workspace: str | None = None,
    release: str | None = None,
    source: str | None = None,
    split: str = "test",
    prompt: str | None = None,
    cache: bool = False,
) -> Task:
    """One full answer per puzzle with the papers' prompts (OCW few-shot, or "Connecting the Dots")."""
    return oneshot_task(_source(workspace, release, source, split), prompt, cache=cache)
