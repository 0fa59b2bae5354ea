"""Properties of the engine under every rule set (hypothesis): lives are never exceeded, the oracle
always wins, and replaying a transcript reproduces its outcome."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from ocwtool.evaluation.game import (
    RULE_NAMES,
    Board,
    GameView,
    OraclePlayer,
    PlayerBase,
    RandomPlayer,
    get_rules,
    play_game,
)
from ocwtool.evaluation.game.replay import replay
from tests.game.conftest import CONNECTIONS, GROUPS

BOARD = Board("own-1", GROUPS, CONNECTIONS, (0, 1, 2, 3))
rules_names = st.sampled_from(RULE_NAMES)
seeds = st.integers(0, 10_000)


class ScriptedPlayer(PlayerBase):
    """Plays a drawn mix of group guesses, near misses, junk and repeats (anything a model might send)."""

    name = "scripted"

    def __init__(self, moves: Sequence[int]) -> None:
        self.moves = list(moves)
        self.rng = random.Random(0)

    def guess(self, view: GameView) -> Sequence[str]:
        kind = self.moves.pop(0) if self.moves else 0
        left = list(view.remaining)
        group = next((list(g) for g in BOARD.groups if set(g) <= set(left)), None)
        if kind == 1 and group is not None:  # a real group still on the board
            return group
        if kind == 2:  # junk
            return ["not", "on", "the", "board"][: self.rng.randint(0, 4)]
        if kind == 3 and view.history:  # a repeat of the last guess
            return list(view.history[-1][0])
        return self.rng.sample(left, min(4, len(left)))


@settings(max_examples=60, deadline=None)
@given(rules_names, seeds, st.lists(st.integers(0, 3), max_size=40))
def test_a_game_never_exceeds_its_mistakes_and_replays_to_the_same_outcome(
    name: str, seed: int, moves: list[int]
) -> None:
    rules = get_rules(name)
    t = play_game(BOARD, rules, ScriptedPlayer(moves), seed=seed)
    assert t.recorded is not None
    limit = rules.max_mistakes
    assert limit is None or (t.recorded.mistakes is not None and t.recorded.mistakes <= limit)
    assert len(t.turns) <= rules.max_moves
    r = replay(t, BOARD, rules)
    assert r.agrees, r.differences
    assert r.outcome is not None and r.outcome.won == t.recorded.won


@settings(max_examples=40, deadline=None)
@given(rules_names, seeds)
def test_the_oracle_always_wins_without_mistakes(name: str, seed: int) -> None:
    t = play_game(BOARD, get_rules(name), OraclePlayer(BOARD), seed=seed)
    assert t.recorded is not None and t.recorded.won and t.recorded.mistakes == 0
    assert all(t.recorded.solved or [False])


@settings(max_examples=30, deadline=None)
@given(rules_names, seeds)
def test_random_play_replays_to_the_same_outcome(name: str, seed: int) -> None:
    t = play_game(BOARD, get_rules(name), RandomPlayer(), seed=seed)
    assert replay(t, BOARD, get_rules(name)).agrees
