"""Task 1 (grouping): correct groups, solved walls, AMI, ARI, FMS and WD, per wall and summarised.

Follows the OCW evaluator (Alavi Naeini et al. 2023, ``evaluate_only_connect.py``) by default
("faithful" mode), defects included, so numbers stay comparable with the paper:

* words are lower-cased (not stripped) and each group is sorted before comparing;
* labels: every gold word gets its gold group's label; a word that occurs twice in the gold wall
  keeps the label of its *last* occurrence (for the gold vector too); predicted words not in the
  gold wall get fresh labels 4, 5, ... in order of appearance;
* WD slices both label vectors into 4 groups of 4, removes the predicted slices equal to a gold
  slice (with the gold slice they equal), pairs the rest *by position*, and averages
  ``min(wasserstein, 1)`` over 4. Listing the same groups in another order changes the score.

``corrected`` mode pairs predicted and gold slices optimally (Hungarian) instead, and scores every
unknown word as label 4 for WD (fresh labels numbered by appearance would otherwise still make WD
depend on the listing order). Everything else is identical. NYT puzzles (gold levels known) also
get the difficulty-weighted clustering score.

A board with distractors (words of no group) is scored on its grouped clues: the gold label vector
holds the 16 clues of the four groups only, and a distractor the player put in a group is a word
outside the gold wall (a fresh label), as any unknown word. The words the player left out of its
four groups are its distractors: distractor precision is the share of them that are distractors
(0 when it left none out or gave no answer), recall the share of the distractors it left out.
Words are compared lower-cased, as everywhere here.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

from .model import GROUPS, SIZE, GoldWall, WallScore, empty_groups


def _norm_word(word: str) -> str:
    # The OCW evaluator lower-cases only (no strip); keep that so scores stay comparable.
    return word.lower()


def sorted_groups(groups: Iterable[Iterable[str]]) -> list[list[str]]:
    """Lower-case and sort each group, as the OCW evaluator does before any comparison."""
    return [sorted(_norm_word(w) for w in g) for g in groups]


def label_vectors(gold: list[list[str]], pred: list[list[str]]) -> tuple[list[int], list[int]]:
    """Gold and predicted label vectors (OCW ``clue2group``): last occurrence wins, unknowns fresh."""
    gold_flat = [w for g in gold for w in g]
    table: dict[str, int] = {}
    for pos, word in enumerate(gold_flat):
        table[word] = pos // SIZE  # dict overwrite = a duplicated gold word keeps its LAST label
    fresh = iter(range(GROUPS, GROUPS + 10**6))
    gold_labels = [table[w] for w in gold_flat]
    pred_labels = [table[w] if w in table else next(fresh) for g in pred for w in g]
    return gold_labels, pred_labels


def _wasserstein(u: Sequence[int], v: Sequence[int]) -> float:
    # 1-D Wasserstein distance between two equal-size samples with equal weights: mean gap of the
    # sorted values (identical to scipy.stats.wasserstein_distance there). Labels are small ints, so
    # the sum is exact and plain Python gives numpy's value, several times faster on 4 labels.
    return sum(abs(a - b) for a, b in zip(sorted(u), sorted(v), strict=True)) / len(u)


def _slices(labels: list[int]) -> list[list[int]]:
    return [labels[i : i + SIZE] for i in range(0, GROUPS * SIZE, SIZE)]


def wd_faithful(gold_labels: list[int], pred_labels: list[int]) -> float:
    """OCW's WD: drop predicted slices equal to a gold slice, pair the rest by position."""
    pred_s, gold_s = _slices(pred_labels), _slices(gold_labels)
    pred_left, gold_left = list(pred_s), list(gold_s)
    for s in pred_s:
        # The original checks the untouched gold list and crashes when a solved slice repeats;
        # checking the shrinking list instead keeps the same result whenever the original has one.
        if s in gold_left:
            pred_left.remove(s)
            gold_left.remove(s)
    total = sum(min(_wasserstein(p, g), 1.0) for p, g in zip(pred_left, gold_left, strict=True))
    return total / GROUPS


def wd_corrected(gold_labels: list[int], pred_labels: list[int]) -> float:
    """WD with predicted and gold slices paired optimally, independent of the listing order.

    Fresh labels are numbered in order of appearance, so their values (and hence WD) would still
    depend on which group is listed first; here every unknown word counts as label 4, one step past
    the last gold group (AMI/ARI/FMS keep distinct fresh labels: they ignore label values).
    """
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    outside = [min(label, GROUPS) for label in pred_labels]
    pred_s, gold_s = _slices(outside), _slices(gold_labels)
    cost = np.array([[min(_wasserstein(p, g), 1.0) for g in gold_s] for p in pred_s])
    rows, cols = linear_sum_assignment(cost)
    return float(cost[rows, cols].sum()) / GROUPS


_CLUSTER_CACHE: dict[tuple[tuple[int, ...], ...], tuple[float, float, float]] = {}


def _contingency_key(a: list[int], b: list[int]) -> tuple[tuple[int, ...], ...]:
    # AMI/ARI/FMS depend only on the contingency table up to row and column permutations. Sorting
    # rows and then columns lexicographically, twice, yields a permuted copy of the table, so equal
    # keys imply equal scores. Plain tuples: a 16-word table is tiny, and numpy's per-call overhead
    # was most of the scorer's time (the key is the one numpy's lexsort gave, tested).
    ra = {v: i for i, v in enumerate(dict.fromkeys(a))}
    rb = {v: i for i, v in enumerate(dict.fromkeys(b))}
    table = [[0] * len(rb) for _ in ra]
    for x, y in zip(a, b, strict=True):
        table[ra[x]][rb[y]] += 1
    rows = [tuple(r) for r in table]
    for _ in range(2):
        rows = sorted(rows)
        rows = [tuple(r) for r in zip(*sorted(zip(*rows, strict=True)), strict=True)]
    return tuple(rows)


def cluster_scores(gold_labels: list[int], pred_labels: list[int]) -> tuple[float, float, float]:
    """(AMI, ARI, FMS) from scikit-learn, memoised on the contingency table (scores are identical)."""
    key = _contingency_key(gold_labels, pred_labels)
    hit = _CLUSTER_CACHE.get(key)
    if hit is None:
        from sklearn.metrics import adjusted_mutual_info_score as ami
        from sklearn.metrics import adjusted_rand_score as ari
        from sklearn.metrics import fowlkes_mallows_score as fms

        hit = (
            float(ami(gold_labels, pred_labels)),
            float(ari(gold_labels, pred_labels)),
            float(fms(gold_labels, pred_labels)),
        )
        _CLUSTER_CACHE[key] = hit
    return hit


WallMemo = dict[tuple[object, ...], WallScore]


def score_wall(
    gold: GoldWall,
    groups: Sequence[Sequence[str]] | None,
    corrected: bool = False,
    memo: WallMemo | None = None,
) -> WallScore:
    """Task 1 scores of one wall; ``groups`` must be 4 groups of 4 strings (``None``: no answer).

    The scores depend only on the gold wall and the sorted predicted groups (in their listed order),
    so with a ``memo`` (one per evaluation) an answer scored before, e.g. the same grouping from
    another shuffle seed, is looked up instead of scored again: the same scores, much faster.
    """
    pred_sorted = sorted_groups(empty_groups() if groups is None else groups)
    if memo is None:
        return _score_sorted(gold, pred_sorted, corrected, groups is not None)
    key = (gold, corrected, groups is not None, tuple(tuple(g) for g in pred_sorted))
    if key not in memo:
        memo[key] = _score_sorted(gold, pred_sorted, corrected, groups is not None)
    return memo[key]


def distractor_scores(gold: GoldWall, pred_sorted: list[list[str]], answered: bool) -> tuple[float, float]:
    """(precision, recall) of the words the player left out of its groups, as distractors."""
    truth = Counter(_norm_word(w) for w in gold.distractors)
    left = Counter(_norm_word(w) for w in gold.words) - Counter(w for g in pred_sorted for w in g)
    if not answered:
        left = Counter()
    hits = sum((left & truth).values())
    precision = hits / sum(left.values()) if left else 0.0
    return precision, hits / sum(truth.values())


def _score_sorted(gold: GoldWall, pred_sorted: list[list[str]], corrected: bool, answered: bool) -> WallScore:
    gold_sorted = sorted_groups(gold.groups)
    matched = tuple(g in pred_sorted for g in gold_sorted)
    correct = sum(matched)
    gold_labels, pred_labels = label_vectors(gold_sorted, pred_sorted)
    ami, ari, fms = cluster_scores(gold_labels, pred_labels)
    wd = (wd_corrected if corrected else wd_faithful)(gold_labels, pred_labels)
    weighted = None
    if gold.levels is not None:
        weighted = sum(level + 1 for level, hit in zip(gold.levels, matched, strict=True) if hit)
    score = WallScore(gold.wall_id, correct, correct == GROUPS, matched, ami, ari, fms, wd, weighted)
    if not gold.distractors:
        return score
    precision, recall = distractor_scores(gold, pred_sorted, answered)
    return replace(score, distractor_precision=precision, distractor_recall=recall)


def summarize_grouping(scores: Sequence[WallScore]) -> dict[str, float]:
    """Global Task 1 figures: counts over the split, means over walls (NYT scores when levels exist)."""
    import numpy as np

    out: dict[str, float] = {
        "n_walls": len(scores),
        "solved_walls": sum(s.solved for s in scores),
        "correct_groups": sum(s.correct_groups for s in scores),
    }
    for name in ("AMI", "ARI", "FMS", "WD"):
        out[name] = float(np.mean([getattr(s, name) for s in scores])) if scores else math.nan
    weighted = [s.weighted for s in scores if s.weighted is not None]
    if scores and len(weighted) == len(scores):
        out["clustering_score"] = float(np.mean([s.correct_groups for s in scores]))
        out["weighted_clustering_score"] = float(np.mean(weighted))
    distracted = [s for s in scores if s.distractor_recall is not None]
    if distracted:  # only then: a report without distractors is as it was
        out["n_walls_with_distractors"] = len(distracted)
        out["distractor_precision"] = float(np.mean([s.distractor_precision for s in distracted]))
        out["distractor_recall"] = float(np.mean([s.distractor_recall for s in distracted]))
    return out
