"""What every baseline shares: the ``Baseline`` protocols, the board a seed shows, turning cluster
labels into groups, and setting aside the words of a board with distractors (the registry and
runner are :mod:`ocwtool.evaluation.baselines`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.scorer import GROUPS, SIZE, GoldWall
from ocwtool.schema.board import shown_board

Groups = tuple[tuple[str, ...], ...]
N_GROUPED = GROUPS * SIZE


class Baseline(Protocol):
    """A grouping strategy: ``prepare`` sees every wall once (caches), ``group`` answers one run."""

    def prepare(self, golds: Sequence[GoldWall]) -> None: ...

    def group(self, wall: GoldWall, words: list[str], seed: int) -> Groups: ...


@runtime_checkable
class BatchBaseline(Baseline, Protocol):
    """A baseline that also answers every wall of one run at once: ``group_many(walls, words, seed)[i]
    == group(walls[i], words[i], seed)``, only faster."""

    def group_many(
        self, walls: Sequence[GoldWall], words: Sequence[list[str]], seed: int
    ) -> list[Groups]: ...


def shuffled_words(wall: GoldWall, seed: int) -> list[str]:
    """Run ``seed``'s board of a wall (:func:`ocwtool.schema.board.shown_board`: board 0 is the
    wall's own board when it has one, every other the seeded shuffle of the wall id and seed)."""
    return list(shown_board(wall.words, wall.groups, wall.wall_id, seed, distractors=wall.distractors))


def kept_for_grouping(sim: npt.NDArray[np.float64]) -> list[int]:
    """On a board of 16 + k words, the 16 a similarity baseline groups (positions, in board order):
    the k words least tied to the rest (lowest sum of their SIZE - 1 highest similarities to other
    words; the earlier word on ties) are set aside as its distractors. Every index on 16 words."""
    n = len(sim)
    if n <= N_GROUPED:
        return list(range(n))
    others = np.where(np.eye(n, dtype=bool), -np.inf, sim)
    ties = np.sort(others, axis=1)[:, -(SIZE - 1) :].sum(axis=1)
    aside = set(np.argsort(ties, kind="stable")[: n - N_GROUPED].tolist())
    return [i for i in range(n) if i not in aside]


def positions(canonical: Sequence[str], words: Sequence[str]) -> list[int]:
    """Where each of ``words`` sits in ``canonical`` (a reordering of it): ``words[i] ==
    canonical[result[i]]``; repeated clues take their positions in turn."""
    free: dict[str, list[int]] = {}
    for i, word in reversed(list(enumerate(canonical))):
        free.setdefault(word, []).append(i)
    try:
        return [free[word].pop() for word in words]
    except (KeyError, IndexError):
        raise EvaluationError(f"{list(words)} is not a reordering of {list(canonical)}") from None


def inverse(order: Sequence[int]) -> list[int]:
    """The inverse permutation: ``result[order[i]] == i``."""
    result = [0] * len(order)
    for i, j in enumerate(order):
        result[j] = i
    return result


def groups_from_labels(words: Sequence[str], labels: Iterable[int]) -> Groups:
    """Group words by cluster label (clusters ordered by label, words kept in input order)."""
    buckets: list[list[str]] = [[] for _ in range(GROUPS)]
    for word, label in zip(words, labels, strict=True):
        buckets[int(label)].append(word)
    return tuple(tuple(b) for b in buckets)
