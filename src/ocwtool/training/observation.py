"""What a training environment shows after each move, as text and as indices (pure; numpy only).

The board is the one the engine shows (``Board.shuffled``: never the solution order); index ``i``
is the ``i``-th word of it. Arrays (``-1`` marks "nothing here"):

* ``status`` (N,): 0 still on the board, ``k`` in the ``k``-th group found (1-4), 5 no word (padding
  of boards with fewer words than the largest board dealt);
* ``guesses`` (H, A): the word indices of each move (``A`` = 4, or 16 under ``oneshot``; a word
  that is not on the board is ``-1``); ``feedback`` (H,): each move's :class:`FeedbackKind` code
  (:data:`FEEDBACK_CODES`); ``mistakes`` (): mistakes so far.

The text holds the same: the words left, the groups found (with their connection, except under
``only-connect``), every move and its feedback, and the mistakes left.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ocwtool.evaluation.game.board import GROUPS, MATCHERS, SIZE, Board
from ocwtool.evaluation.game.engine import FeedbackKind, Game, Outcome
from ocwtool.evaluation.game.rules import Rules

FEEDBACK_CODES = {kind: code for code, kind in enumerate(FeedbackKind)}
NO_WORD = GROUPS + 1
UNKNOWN = "?"  # a word of a text reply that is not on the board (its spelling could be anything)


@dataclass(frozen=True)
class Layout:
    """The fixed shapes: ``size`` board positions, ``width`` indices per move, ``horizon`` moves."""

    size: int
    width: int
    horizon: int

    @classmethod
    def of(cls, boards: Sequence[Board], rules: Rules) -> Layout:
        width = GROUPS * SIZE if rules.oneshot else SIZE
        return cls(max(len(b.words) for b in boards), width, 1 if rules.oneshot else rules.max_moves)


def charset(boards: Iterable[Board]) -> frozenset[str]:
    """Every character the text can hold: printable ASCII and those of the boards' words and names."""
    chars = set(string.printable)
    for b in boards:
        chars.update(*b.words, *b.connections)
    return frozenset(chars)


def max_text(boards: Sequence[Board], layout: Layout) -> int:
    """An upper bound of the text's length (the Text space's ``max_length``)."""
    word = max(len(w) for b in boards for w in b.words) + 2
    name = max([0, *(len(c) for b in boards for c in b.connections)]) + 4
    return (
        200 + layout.size * word + GROUPS * (name + SIZE * word) + layout.horizon * (layout.width * word + 40)
    )


class Tracker:
    """One episode's observation, updated move by move (the arrays are copied out, never shared)."""

    def __init__(self, game: Game, shown: Sequence[str], layout: Layout) -> None:
        self.game, self.shown, self.layout = game, tuple(shown), layout
        key = MATCHERS[game.rules.matching]
        self._key = key
        self._position = {key(w): i for i, w in enumerate(self.shown)}
        self.status = np.zeros(layout.size, dtype=np.int64)
        self.status[len(self.shown) :] = NO_WORD
        self.guesses = np.full((layout.horizon, layout.width), -1, dtype=np.int64)
        self.feedback = np.full(layout.horizon, -1, dtype=np.int64)
        self._lines: list[str] = []

    def index(self, word: str) -> int:
        return self._position.get(self._key(word), -1)

    def record(
        self, words: Sequence[str], kind: FeedbackKind, found: Sequence[int], outcome: Outcome
    ) -> None:
        """One move: its words (as played), the feedback, the gold groups it revealed and the
        outcome after it."""
        if kind is FeedbackKind.GAME_OVER:  # a move after the end changes nothing
            return
        move = outcome.moves - 1
        if 0 <= move < self.layout.horizon:
            cells = [self.index(w) for w in words[: self.layout.width]]
            self.guesses[move, : len(cells)] = cells
            self.feedback[move] = FEEDBACK_CODES[kind]
        rank = len(outcome.found) - len(found)
        for n, k in enumerate(found, start=rank + 1):
            for w in self.game.board.groups[k]:
                if (i := self.index(w)) >= 0:
                    self.status[i] = n
        shown = [self.shown[i] if (i := self.index(w)) >= 0 else UNKNOWN for w in words[: self.layout.width]]
        self._lines.append(f"{len(self._lines) + 1}. {', '.join(shown)}: {kind.value}")

    def text(self) -> str:
        view = self.game.view()
        lines = [f"Rules: {self.game.rules.name}", "Words left: " + ", ".join(view.remaining)]
        for words, name in view.found:
            lines.append(f"Found: {name + ': ' if name else ''}{', '.join(words)}")
        lines += ["Moves:", *self._lines] if self._lines else []
        left = "unlimited" if view.mistakes_left is None else str(view.mistakes_left)
        lines.append(f"Mistakes: {view.mistakes} (left: {left}){'; game over' if view.over else ''}")
        return "\n".join(lines)

    def observation(self, outcome: Outcome) -> dict[str, Any]:
        return {
            "text": self.text(),
            "status": self.status.copy(),
            "guesses": self.guesses.copy(),
            "feedback": self.feedback.copy(),
            "mistakes": np.int64(min(outcome.mistakes, self.layout.horizon)),
        }
