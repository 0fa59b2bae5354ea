"""Exact-size partitions of 16 items into 4 groups of 4 from a similarity matrix."""

from __future__ import annotations

import itertools

import numpy as np
import numpy.typing as npt

from ocwtool.evaluation.metrics import GROUPS, SIZE

N_ITEMS = GROUPS * SIZE
_QUADS = np.array(list(itertools.combinations(range(N_ITEMS), SIZE)), dtype=np.intp)  # 1820 x 4
_PAIRS = list(itertools.combinations(range(SIZE), 2))
_MEMBERS = np.zeros((len(_QUADS), N_ITEMS), dtype=bool)
_MEMBERS[np.arange(len(_QUADS))[:, None], _QUADS] = True


def greedy_quads(sim: npt.NDArray[np.float64]) -> list[int]:
    """Labels 0..3: repeatedly take the free quad with the highest total pairwise similarity.

    Ties go to the first quad in lexicographic order of positions, so the input order (the run's
    shuffle) decides between equally similar candidates, as it would for a person scanning the wall.
    """
    totals = sum(sim[_QUADS[:, a], _QUADS[:, b]] for a, b in _PAIRS)
    labels = [-1] * N_ITEMS
    used = np.zeros(N_ITEMS, dtype=bool)
    for label in range(GROUPS):
        free = ~(_MEMBERS & used).any(axis=1)
        best = int(np.argmax(np.where(free, totals, -np.inf)))
        for item in _QUADS[best]:
            labels[int(item)] = label
        used[_QUADS[best]] = True
    return labels
