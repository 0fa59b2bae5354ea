"""Reward functions: each one is the ``ocwtool eval`` per-game figure of the same name (pure).

A policy is trained on the score it is evaluated by: every reward reads the engine's outcome of a
game through :func:`ocwtool.evaluation.game.metrics.game_metrics`, the function that fills the rows
of ``ocwtool eval --transcripts`` (no second formula). docs/training.md gives the formulas.

    result = GameResult.of(game)                  # a finished (or running) engine Game
    rewards(result)                               # {"won": 1.0, "groups_solved": 4.0, ...}
    total(result, {"won": 1, "one_away": 0.25})   # a weighted sum (an undefined reward counts 0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ocwtool.errors import TrainingError
from ocwtool.evaluation.game.board import Board
from ocwtool.evaluation.game.engine import Game, Outcome
from ocwtool.evaluation.game.metrics import REWARD_METRICS, game_metrics
from ocwtool.evaluation.game.rules import Rules


@dataclass(frozen=True)
class GameResult:
    """One game as the rewards see it: its board, rules, the engine's outcome and any trap claim
    (``()``: "N/A"; ``None``: no claim made)."""

    board: Board
    rules: Rules
    outcome: Outcome
    claim: tuple[str, ...] | None = None

    @classmethod
    def of(cls, game: Game, claim: Sequence[str] | None = None) -> GameResult:
        return cls(game.board, game.rules, game.outcome(), None if claim is None else tuple(claim))


Reward = Callable[[GameResult], float | None]


def _metric(name: str) -> Reward:
    def reward(result: GameResult) -> float | None:
        value = game_metrics(result.board, result.rules, result.outcome, result.claim)[name]
        return None if value is None else float(value)

    reward.__name__ = name
    reward.__doc__ = f"The ``{name}`` figure of ``ocwtool eval`` for this game (docs/training.md)."
    return reward


won = _metric("won")
groups_solved = _metric("groups_solved")
weighted = _metric("weighted")
mistakes_penalty = _metric("mistakes_penalty")
one_away = _metric("one_away")
efficiency = _metric("efficiency")
trap_claim = _metric("trap_claim")
format_valid = _metric("format_valid")

REWARDS: dict[str, Reward] = {
    f.__name__: f
    for f in (won, groups_solved, weighted, mistakes_penalty, one_away, efficiency, trap_claim, format_valid)
}
assert tuple(REWARDS) == REWARD_METRICS  # one list of names: the eval metrics'

DEFAULT_WEIGHTS: Mapping[str, float] = {"won": 1.0}


def rewards(result: GameResult) -> dict[str, float | None]:
    """Every reward of one game, by name (``None``: undefined for this board, as in eval)."""
    figures = game_metrics(result.board, result.rules, result.outcome, result.claim)
    return {name: None if figures[name] is None else float(figures[name]) for name in REWARDS}


def check_weights(weights: Mapping[str, float]) -> dict[str, float]:
    """The weights as floats; an unknown reward name is an error naming the known ones."""
    unknown = sorted(set(weights) - set(REWARDS))
    if unknown:
        raise TrainingError(f"unknown reward(s) {', '.join(unknown)}; choose from: {', '.join(REWARDS)}")
    return {name: float(w) for name, w in weights.items()}


def total(result: GameResult, weights: Mapping[str, float] = DEFAULT_WEIGHTS) -> float:
    """The weighted sum of the named rewards (a reward undefined for this board counts 0)."""
    values = rewards(result)
    return sum(w * (values[name] or 0.0) for name, w in check_weights(weights).items())
