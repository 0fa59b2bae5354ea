"""What a game is played on: a board of 4 groups of 4 words (plus any distractors: words of no
group, shown among them), and how guessed words are matched."""

from __future__ import annotations

import functools
import string
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ocwtool.evaluation.game.rules import Matching
from ocwtool.schema.board import shown_board

GROUPS = 4
SIZE = 4
_PUNCTUATION = str.maketrans("", "", string.punctuation)


class GoldLike(Protocol):
    """Anything shaped like the scorer's gold wall (``metrics.GoldWall``)."""

    @property
    def wall_id(self) -> str: ...
    @property
    def groups(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def connections(self) -> tuple[str, ...]: ...
    @property
    def levels(self) -> tuple[int, ...] | None: ...
    @property
    def words(self) -> tuple[str, ...]: ...
    @property
    def distractors(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Board:
    """One puzzle as the engine sees it.

    ``groups`` in canonical order (NYT: yellow..purple); ``levels`` 0-3 per group (NYT) or ``None``;
    ``clues`` the stored order (group order, then the distractors, when empty); players see
    :meth:`shuffled`, never it as is. ``distractors``: words of no group on the board (0 to 4).
    ``traps``: the labelled trap groups (red herrings, :mod:`ocwtool.schema.traps`) a trap claim is
    judged against; ``None`` when the board's red herrings are not labelled.
    """

    wall_id: str
    groups: tuple[tuple[str, ...], ...]
    connections: tuple[str, ...] = ()
    levels: tuple[int, ...] | None = None
    clues: tuple[str, ...] = ()
    distractors: tuple[str, ...] = ()
    traps: tuple[tuple[str, ...], ...] | None = None

    @property
    def words(self) -> tuple[str, ...]:
        """The 16 + k words in stored order (may be the solution order: show :meth:`shuffled`)."""
        return self.clues or (*(w for g in self.groups for w in g), *self.distractors)

    @classmethod
    def from_gold(cls, gold: GoldLike) -> Board:
        """The board of a scorer gold wall (same ids, groups, connections, levels, display order,
        distractors)."""
        return cls(gold.wall_id, gold.groups, gold.connections, gold.levels, gold.words, gold.distractors)

    def shuffled(self, seed: int) -> tuple[str, ...]:
        """Board ``seed`` as players see it (:func:`ocwtool.schema.board.shown_board`): for seed 0 the
        stored order when it is a board and not in solution order, else the wall's seeded shuffle
        (distractors included, never all at the end)."""
        return shown_board(self.words, self.groups, self.wall_id, seed, distractors=self.distractors)


def casefold_key(word: str) -> str:
    """Default matching: Unicode NFKC, whitespace collapsed, case folded."""
    return " ".join(unicodedata.normalize("NFKC", word).split()).casefold()


def todd_key(word: str) -> str:
    """Todd et al.'s ``_format``: ASCII punctuation removed, stripped, upper-cased (inner spaces kept)."""
    return word.translate(_PUNCTUATION).strip().upper()


# Cached: the engine keys every word of the board on every move (a training environment makes
# hundreds of thousands of moves a minute); the keys are pure functions of the word.
MATCHERS: dict[Matching, Callable[[str], str]] = {
    "casefold": functools.lru_cache(maxsize=1 << 16)(casefold_key),
    "todd": functools.lru_cache(maxsize=1 << 16)(todd_key),
}


def guess_key(words: Sequence[str], key: Callable[[str], str]) -> tuple[str, ...]:
    """The order-free identity of a guess (repeats are detected on it)."""
    return tuple(sorted(key(w) for w in words))
