"""One game's figures, from the engine's outcome: what ``ocwtool eval`` reports per game and what the
training rewards (:mod:`ocwtool.training.rewards`) return, computed here once (pure).

With ``o`` the outcome, ``G = 4`` groups (docs/training.md gives the same formulas):

* ``won``: the four groups were found; ``groups_solved``: how many; ``score``: ``groups_solved / 4``.
* ``weighted``: levels 1-4 of the found groups summed (0-10; Samadarshi et al.); ``None`` when the
  board has no levels.
* ``mistakes_penalty``: ``-mistakes / max_mistakes`` (the share of the lives lost, 0 to -1); 0 under
  rules without a mistake limit.
* ``one_away``: ``|near - found| / 4``: the share of groups never found that some valid wrong guess
  held 3 of 4 words of (whether or not the rules say "one away").
* ``efficiency``: ``won * m / moves``, ``m`` the fewest moves the rules need to win (1 for ``oneshot``,
  3 when the last group reveals itself on a board without distractors, else 4): 1 for a perfect game.
* ``format_valid``: 1 when no move was invalid (every reply was 4 words of the board, or 4 groups of 4),
  else 0.
* ``trap_claim``: ``TRAP_POINTS`` (2) for a right trap claim made in a game with a valid format, as
  Connections Eval scores it (:func:`ocwtool.evaluation.herring_metrics.claim_is_right`), else 0;
  ``None`` when the board's red herrings are not labelled (``Board.traps``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ocwtool.evaluation.game.board import GROUPS, Board
from ocwtool.evaluation.game.engine import Outcome
from ocwtool.evaluation.game.rules import Rules
from ocwtool.evaluation.herring_metrics import TRAP_POINTS, LabelledWall, claim_is_right

REWARD_METRICS = (
    "won",
    "groups_solved",
    "weighted",
    "mistakes_penalty",
    "one_away",
    "efficiency",
    "trap_claim",
    "format_valid",
)
"""The figures a policy can be trained on (:mod:`ocwtool.training.rewards`), each named as here."""


def fewest_moves(board: Board, rules: Rules) -> int:
    """The moves a perfect player needs to win under ``rules``."""
    if rules.oneshot:
        return 1
    return GROUPS - 1 if rules.auto_last_group and not board.distractors else GROUPS


def trap_points(board: Board, claim: Sequence[str] | None, valid: bool) -> int | None:
    """Connections Eval's bonus: 2 for a right claim with a valid answer; None on unlabelled boards."""
    if board.traps is None:
        return None
    if claim is None or not valid:
        return 0
    wall = LabelledWall.of(board.groups, traps=board.traps)
    return TRAP_POINTS if claim_is_right(wall, claim) else 0


def game_metrics(
    board: Board, rules: Rules, outcome: Outcome, claim: Sequence[str] | None = None
) -> dict[str, Any]:
    """Every per-game figure of one played game (module notes); ``claim``: its trap claim, if any."""
    valid = outcome.invalid == 0
    limit = rules.max_mistakes
    return {
        "won": outcome.won,
        "groups_solved": outcome.groups_solved,
        "score": outcome.score,
        "weighted": outcome.weighted(board.levels),
        "mistakes": outcome.mistakes,
        "mistakes_penalty": -outcome.mistakes / limit if limit else 0.0,
        "one_away": len(set(outcome.near) - set(outcome.found)) / GROUPS,
        "efficiency": fewest_moves(board, rules) / outcome.moves if outcome.won and outcome.moves else 0.0,
        "format_valid": 1.0 if valid else 0.0,
        "trap_claim": trap_points(board, claim, valid),
        "invalid": outcome.invalid,
        "repeats": outcome.repeats,
        "moves": outcome.moves,
    }
