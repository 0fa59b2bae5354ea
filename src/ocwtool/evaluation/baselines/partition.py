"""Exact-size partitions of 16 items into 4 groups of 4 from a similarity matrix."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from scipy.optimize import linear_sum_assignment

from ocwtool.evaluation.scorer import GROUPS, SIZE

N_ITEMS = GROUPS * SIZE
_QUADS = np.array(list(itertools.combinations(range(N_ITEMS), SIZE)), dtype=np.intp)  # 1820 x 4
_PAIRS = list(itertools.combinations(range(SIZE), 2))
_PAIR_CELLS = [_QUADS[:, a] * N_ITEMS + _QUADS[:, b] for a, b in _PAIRS]  # flat (row, col) per pair
_QUAD_BITS = (np.int64(1) << _QUADS.astype(np.int64)).sum(axis=1)  # the 4 positions as a bit mask

Matrix = npt.NDArray[np.float64]


def reorder(sim: Matrix, order: Sequence[int]) -> Matrix:
    """Rows and columns picked in ``order``: ``result[i, j] == sim[order[i], order[j]]``."""
    idx = np.asarray(order, dtype=np.intp)
    result: Matrix = sim[idx[:, None], idx[None, :]]
    return result


def greedy_quads(sim: Matrix) -> list[int]:
    """Labels 0..3: repeatedly take the free quad with the highest total pairwise similarity.

    Ties go to the first quad in lexicographic order of positions, so the input order (the run's
    shuffle) decides between equally similar candidates, as it would for a person scanning the wall.
    A quad's total adds its 6 pairs in one fixed order, so equal inputs give equal totals.
    """
    return [int(v) for v in greedy_quads_many(sim[None, :, :])[0]]


def greedy_quads_many(sims: npt.NDArray[np.float64]) -> npt.NDArray[np.intp]:
    """:func:`greedy_quads` of each matrix of a stack (walls x 16 x 16), in one pass of numpy: every
    wall's quad totals are the same additions in the same order, and ``argmax`` takes the first best
    quad of each row, so each row of labels equals ``greedy_quads`` of that matrix alone."""
    k = len(sims)
    flat = np.ascontiguousarray(sims, dtype=np.float64).reshape(k, N_ITEMS * N_ITEMS)
    totals = sum(flat[:, cells] for cells in _PAIR_CELLS)
    labels = np.full((k, N_ITEMS), -1, dtype=np.intp)
    used = np.zeros(k, dtype=np.int64)
    rows = np.arange(k)[:, None]
    for label in range(GROUPS):
        best = np.argmax(np.where((_QUAD_BITS[None, :] & used[:, None]) == 0, totals, -np.inf), axis=1)
        labels[rows, _QUADS[best]] = label
        used |= _QUAD_BITS[best]
    return labels


def reorder_many(sims: npt.NDArray[np.float64], orders: npt.NDArray[np.intp]) -> npt.NDArray[np.float64]:
    """:func:`reorder` of each matrix of a stack by its own order (walls x 16)."""
    result: npt.NDArray[np.float64] = sims[
        np.arange(len(sims))[:, None, None], orders[:, :, None], orders[:, None, :]
    ]
    return result


def _plus_plus(x: npt.NDArray[np.float64], rng: np.random.Generator) -> npt.NDArray[np.float64]:
    """k-means++ seeding: each next centre drawn with probability proportional to squared distance."""
    centres = [x[rng.integers(len(x))]]
    for _ in range(GROUPS - 1):
        d2 = np.min([((x - c) ** 2).sum(axis=1) for c in centres], axis=0)
        total = d2.sum()
        pick = rng.choice(len(x), p=d2 / total) if total > 0 else rng.integers(len(x))
        centres.append(x[pick])
    return np.stack(centres)


def assignment_kmeans(
    x: npt.NDArray[np.float64], n_init: int = 10, max_iter: int = 100, seed: int = 42
) -> list[int]:
    """Equal-size k-means: each step assigns rows to 4 slots per centre by an optimal assignment.

    Same objective as k-means-constrained with size_min = size_max = 4 (the assignment step is the
    exact min-cost flow for equal sizes), computed with ``scipy.optimize.linear_sum_assignment``.
    The best of ``n_init`` k-means++ starts (lowest inertia) wins.
    """
    rng = np.random.default_rng(seed)
    best: tuple[float, list[int]] | None = None
    for _ in range(n_init):
        centres = _plus_plus(x, rng)
        labels = np.full(len(x), -1)
        for _ in range(max_iter):
            d2 = ((x[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2)
            _, slots = linear_sum_assignment(np.repeat(d2, SIZE, axis=1))
            new = slots // SIZE
            if np.array_equal(new, labels):
                break
            labels = new
            centres = np.stack([x[labels == k].mean(axis=0) for k in range(GROUPS)])
        inertia = float(d2[np.arange(len(x)), labels].sum())
        if best is None or inertia < best[0]:
            best = (inertia, [int(v) for v in labels])
    assert best is not None
    return best[1]
