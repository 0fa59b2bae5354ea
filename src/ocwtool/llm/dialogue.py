"""The interactive prompt's messages: the system text of a game and the user message of each turn.

Kept free of inspect-ai, so that the solver that plays a model (:mod:`.solvers`) and the training
data that shows a model the gold play (:mod:`ocwtool.training.chat_pairs`) send the same text.
"""

from __future__ import annotations

from collections.abc import Sequence

from ocwtool.evaluation.game import GameView, Rules
from ocwtool.llm.prompts import PromptSpec, fill

GAME_TITLES = {"ocw": "an Only Connect connecting wall", "nyt": "a New York Times Connections board"}


def system_message(spec: PromptSpec, game: str, rules: Rules, words: Sequence[str], distractors: int) -> str:
    """The system text of ``spec`` (already the ``+distractors`` variant when the board has some)."""
    system = fill(spec.texts["system"], game=GAME_TITLES.get(game, "a word-grouping puzzle"))
    return fill(system, rules=rules.summary, total=str(len(words)), count=str(distractors))


def _status(view: GameView) -> str:
    if view.mistakes_left is None:
        return f"Mistakes so far: {view.mistakes}."
    if not view.lives_active:
        return "Guesses are free until two groups are found; then you have 3 lives."
    return f"Mistakes left: {view.mistakes_left}."


def turn_message(spec: PromptSpec, view: GameView, feedback: str) -> str:
    """One turn's user message: feedback on the last guess, the words left, lives."""
    return fill(spec.texts["turn"], feedback=feedback, words=", ".join(view.remaining), status=_status(view))


def naming_message(spec: PromptSpec, groups: Sequence[Sequence[str]]) -> str:
    """The Only Connect naming step: the resolved wall's groups, one connection each to name."""
    listed = "\n".join(", ".join(g) + ". Connection:" for g in groups)
    return fill(spec.texts["connections_user"], groups=listed)
