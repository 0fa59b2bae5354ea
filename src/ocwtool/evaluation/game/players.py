"""Players: one protocol for every strategy (baselines, a person at the terminal, a language model),
and :func:`play_game`, which plays one game under any rules and returns its transcript.

A player only ever sees a :class:`~.engine.GameView`. Under interactive rules the engine asks
:meth:`Player.guess` until the game is over; under ``oneshot`` it asks :meth:`Player.answer` once;
under ``only-connect`` it then asks :meth:`Player.connections` for the naming step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ocwtool.evaluation.game.board import GROUPS, SIZE, Board
from ocwtool.evaluation.game.engine import Game, GameView
from ocwtool.evaluation.game.rules import Rules
from ocwtool.evaluation.game.transcript import BoardRecord, Transcript, Turn, outcome_record
from ocwtool.progress import Progress, silent, track


@runtime_checkable
class Player(Protocol):
    """A strategy. ``start`` is called once per game (before any move) with the opening view."""

    name: str

    def start(self, view: GameView, seed: int) -> None: ...

    def guess(self, view: GameView) -> Sequence[str]:
        """4 words from ``view.remaining`` (interactive rules)."""
        ...

    def answer(self, view: GameView) -> Sequence[Sequence[str]]:
        """4 groups of 4 words covering the board (``oneshot``)."""
        ...

    def connections(self, view: GameView) -> Sequence[str]:
        """One connection name per group of ``view.resolved`` (``only-connect`` naming step)."""
        ...


def play_game(
    board: Board,
    rules: Rules,
    player: Player,
    seed: int = 0,
    order: Sequence[str] | None = None,
    limits: dict[str, int | None] | None = None,
) -> Transcript:
    """Play one game; ``order`` defaults to ``board.shuffled(seed)``. ``limits``: the rule overrides
    already applied to ``rules``, recorded in the transcript so a replay uses the same limits."""
    shown = tuple(order) if order is not None else board.shuffled(seed)
    game = Game(board, rules, shown)
    player.start(game.view(), seed)
    turns: list[Turn] = []
    if rules.oneshot:
        groups = [list(g) for g in player.answer(game.view())]
        turns.append(Turn(answer=groups, feedback=game.submit(groups).kind))
    while not game.over:
        words = list(player.guess(game.view()))
        turns.append(Turn(guess=words, feedback=game.guess(words).kind))
    names = None
    if rules.name_connections:
        names = [str(n) for n in player.connections(game.view())]
        game.name_connections(names)
    return Transcript(
        wall_id=board.wall_id,
        rules=rules.name,
        limits=dict(limits or {}),
        player=player.name,
        seed=seed,
        board=BoardRecord.from_board(board),
        order=list(shown),
        turns=turns,
        connections=names,
        recorded=outcome_record(game.outcome()),
    )


def play_all(
    boards: Sequence[Board], rules: Rules, player: Player, seed: int = 0, progress: Progress = silent
) -> list[Transcript]:
    """One game per board, in order, each in ``board.shuffled(seed)`` order (``progress`` label
    "games"): a baseline player over a split, its transcripts ready for replay and scoring."""
    return [play_game(board, rules, player, seed=seed) for board in track(boards, "games", progress)]


class PlayerBase:
    """Defaults for strategies that only group: a full answer is built from repeated guesses on a
    copy of the view, and connections are left blank."""

    name = "base"

    def start(self, view: GameView, seed: int) -> None:
        return None

    def guess(self, view: GameView) -> Sequence[str]:
        raise NotImplementedError

    def answer(self, view: GameView) -> Sequence[Sequence[str]]:
        return greedy_partition(self, view)

    def connections(self, view: GameView) -> Sequence[str]:
        return [""] * len(view.resolved or range(GROUPS))


def greedy_partition(player: Player, view: GameView) -> list[list[str]]:
    """A full answer from a guesser: take its guess, drop those words, ask again, four times; with
    exactly 4 words left they close it. On a board with distractors the words never picked are the
    ones left out."""
    from dataclasses import replace

    left = list(view.remaining)
    groups: list[list[str]] = []
    while len(groups) < GROUPS and len(left) > SIZE:
        pick = list(player.guess(replace(view, remaining=tuple(left))))[:SIZE]
        if len(pick) < SIZE or any(w not in left for w in pick):
            pick = left[:SIZE]
        groups.append(pick)
        for w in pick:
            left.remove(w)
    return groups if len(groups) == GROUPS else [*groups, left]


class RandomPlayer(PlayerBase):
    """4 random remaining words per guess, never a guess the engine has already seen (``view.tried``);
    seeded per game. Under ``only-connect`` it still needs about 490 free guesses on average to find
    two groups by chance, so its games there usually end at the rules' ``max_moves`` safety stop."""

    name = "random"

    def __init__(self) -> None:
        self._rng = random.Random(0)

    def start(self, view: GameView, seed: int) -> None:
        self._rng = random.Random(f"random-player/{seed}/{'|'.join(sorted(view.remaining))}")

    def guess(self, view: GameView) -> Sequence[str]:
        words = list(view.remaining)
        pick = self._rng.sample(words, SIZE)
        for _ in range(1000):
            if not view.already_guessed(pick):
                break
            pick = self._rng.sample(words, SIZE)
        return pick


class OraclePlayer(PlayerBase):
    """Knows the board: guesses the remaining groups in order and names every connection right."""

    name = "oracle"

    def __init__(self, board: Board) -> None:
        self.board = board

    def guess(self, view: GameView) -> Sequence[str]:
        left = set(view.remaining)
        return next(list(g) for g in self.board.groups if set(g) <= left)

    def answer(self, view: GameView) -> Sequence[Sequence[str]]:
        return [list(g) for g in self.board.groups]

    def connections(self, view: GameView) -> Sequence[str]:
        return list(self.board.connections)
