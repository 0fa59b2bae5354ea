"""The rubric's reward functions: the eight rewards of ``ocwtool.training.rewards``, same names and
same formulas, plus ``score`` (pure, standard library only: no verifiers).

An island copy of ``ocwtool.evaluation.game.metrics.game_metrics`` (the function behind both
``ocwtool eval``'s per-game rows and ``ocwtool.training.rewards``); ``tests/training/
test_verifiers_rewards.py`` plays random games through both and checks every value is equal.
With ``o`` the outcome and ``G = 4``:

* ``won``: 1 when the four groups were found; ``groups_solved``: how many (0-4);
* ``weighted``: levels 1-4 of the found groups summed (0-10); ``None`` on boards without levels;
* ``mistakes_penalty``: ``-mistakes / max_mistakes`` (0 under rules without a limit);
* ``one_away``: ``|near - found| / 4``; ``efficiency``: ``won * m / moves``, ``m`` the fewest moves
  the rules need to win (1 ``oneshot``; 3 when the last group reveals itself on a board without
  distractors; else 4); ``format_valid``: 1 when no move was invalid;
* ``trap_claim``: always ``None`` here (undefined, as ocwtool gives it for boards whose red herrings
  are not labelled): the bundled puzzles carry no trap labels and the prompts ask for no claim;
* ``score``: 1/4 per group found (lechmazur/nyt-connections), the default reward.

In the rubric an undefined value (``None``) counts 0, as in ``ocwtool.training.rewards.total``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .episode import play_replies, puzzle_from_record, replies_of
from .game import GROUPS, Outcome, Puzzle, Rules

REWARDS = (
    "won",
    "groups_solved",
    "weighted",
    "mistakes_penalty",
    "one_away",
    "efficiency",
    "trap_claim",
    "format_valid",
)
METRICS = (*REWARDS, "score")  # the rubric's functions, in this order
DEFAULT_WEIGHTS = {"score": 1.0}  # the reward: 1/4 per group found; every other figure is a metric


def fewest_moves(p: Puzzle, rules: Rules) -> int:
    """The moves a perfect player needs to win under ``rules``."""
    if rules.oneshot:
        return 1
    return GROUPS - 1 if rules.auto_last_group and not p.distractors else GROUPS


def rewards(p: Puzzle, rules: Rules, out: Outcome) -> dict[str, float | None]:
    """Every figure of :data:`METRICS` for one game (``None``: undefined for this puzzle)."""
    limit = rules.max_mistakes
    weighted = out.weighted(p.levels)
    return {
        "won": float(out.won),
        "groups_solved": float(out.groups_solved),
        "weighted": None if weighted is None else float(weighted),
        "mistakes_penalty": -out.mistakes / limit if limit else 0.0,
        "one_away": len(set(out.near) - set(out.found)) / GROUPS,
        "efficiency": fewest_moves(p, rules) / out.moves if out.won and out.moves else 0.0,
        "trap_claim": None,  # no trap labels in the bundle (module notes)
        "format_valid": 1.0 if out.invalid == 0 else 0.0,
        "score": out.score,
    }


def check_weights(weights: dict[str, float] | None) -> dict[str, float]:
    """The weights (default :data:`DEFAULT_WEIGHTS`); an unknown name is a ``ValueError`` naming the
    known ones."""
    chosen = DEFAULT_WEIGHTS if weights is None else weights
    unknown = sorted(set(chosen) - set(METRICS))
    if unknown:
        raise ValueError(f"unknown reward weight(s) {unknown}; choose among: {', '.join(METRICS)}")
    return {name: float(w) for name, w in chosen.items()}


def info_dict(info: Any) -> dict[str, Any]:
    """A row's ``info`` (verifiers may hand it back as the JSON string it was stored as)."""
    return json.loads(info) if isinstance(info, str) else dict(info or {})


def reward_function(name: str, rules: Rules) -> Callable[..., float]:
    """The rubric's function ``name``: replays the rollout's assistant replies and returns the figure
    (an undefined one is 0.0), so the reward is a function of what the model said."""

    def reward(completion: Any, info: Any = None, **kwargs: Any) -> float:
        puzzle = puzzle_from_record(info_dict(info)["puzzle"])
        value = rewards(puzzle, rules, play_replies(puzzle, rules, replies_of(completion)).outcome())[name]
        return 0.0 if value is None else value

    reward.__name__ = name
    return reward
