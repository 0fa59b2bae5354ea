"""The verifiers environment: ``load_environment(...)``, one-shot or one guess per turn.

Only this module imports ``verifiers`` and ``datasets`` (the exported package's dependencies); the
game, the parsing and the rewards are plain Python (:mod:`.episode`, :mod:`.rewards`). Each reward
function rebuilds the game from the rollout's assistant replies, so the reward is a function of what
the model said.
"""

from __future__ import annotations

import json
from typing import Any

import verifiers as vf
from datasets import Dataset

from .episode import (
    first_message,
    get_rules,
    load_puzzles,
    play_replies,
    puzzle_from_record,
    puzzle_record,
    replies_of,
    system_prompt,
    turn_message,
)
from .game import Game, Puzzle, Rules
from .parse import read_guess
from .rewards import METRICS, check_weights, info_dict, reward_function


def _dataset(config: str, split: str, puzzles: list[Puzzle], rules: Rules) -> Dataset:
    rows = [
        {
            "prompt": [
                {"role": "system", "content": system_prompt(p, rules)},
                {"role": "user", "content": first_message(p, rules)},
            ],
            "answer": json.dumps([list(g) for g in p.groups]),
            # a JSON string (verifiers reads it back): boards with and without levels share one type
            "info": json.dumps(
                {"wall_id": p.wall_id, "config": config, "split": split, "puzzle": puzzle_record(p)}
            ),
        }
        for p in puzzles
    ]
    return Dataset.from_list(rows)


def rubric(rules: Rules, weights: dict[str, float] | None = None) -> vf.Rubric:
    """Every figure of :data:`.rewards.METRICS` (the eight rewards of ``ocwtool.training.rewards``
    and ``score``) as a reward function; ``weights`` (default: ``score`` only) say which make the
    reward, the others are reported as metrics (weight 0)."""
    chosen = check_weights(weights)
    return vf.Rubric(
        funcs=[reward_function(m, rules) for m in METRICS], weights=[chosen.get(m, 0.0) for m in METRICS]
    )


class ConnectionsGameEnv(vf.MultiTurnEnv):  # type: ignore[misc]
    """One guess per turn; after each, the game's feedback, the words left and the lives left."""

    def __init__(self, rules: Rules, **kwargs: Any) -> None:
        super().__init__(max_turns=rules.max_moves, **kwargs)
        self.rules = rules

    async def env_response(self, messages: Any, state: Any, **kwargs: Any) -> Any:
        puzzle = puzzle_from_record(info_dict(state["info"])["puzzle"])
        replies = replies_of(messages)
        game: Game = play_replies(puzzle, self.rules, replies[:-1])  # the game before the last reply
        said = game.guess(read_guess(replies[-1], puzzle.board)).message if replies else "The board:"
        if game.over:
            out = game.outcome()
            done = (
                f"{said}\nGame over: {'won' if out.won else 'lost'}, {out.groups_solved} of 4 groups found."
            )
            state["final_env_response"] = [{"role": "user", "content": done}]
            return state["final_env_response"]
        return [{"role": "user", "content": turn_message(game, said)}]


def load_environment(
    config: str | None = None,
    split: str = "test",
    rules: str = "nyt",
    num_examples: int = -1,
    weights: dict[str, float] | None = None,
    **kwargs: Any,
) -> vf.Environment:
    """The bundled puzzles of ``config`` (default: the bundle's first) and ``split`` under ``rules``
    (``oneshot``: one answer; ``nyt``, ``missed-connections``, ``only-connect``: one guess per turn).
    ``num_examples`` > 0 keeps the first N puzzles. Unknown names raise ``ValueError`` naming the
    known ones."""
    rule_set = get_rules(rules)
    name, puzzles = load_puzzles(config, split)
    if num_examples > 0:
        puzzles = puzzles[:num_examples]
    data = _dataset(name, split, puzzles, rule_set)
    scoring = rubric(rule_set, weights)
    if rule_set.oneshot:
        return vf.SingleTurnEnv(dataset=data, eval_dataset=data, rubric=scoring, **kwargs)
    return ConnectionsGameEnv(rule_set, dataset=data, eval_dataset=data, rubric=scoring, **kwargs)
