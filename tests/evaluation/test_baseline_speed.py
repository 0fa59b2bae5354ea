"""The fast paths of the baselines give exactly what the straightforward per-seed computation gives:
NLTK's own Wu-Palmer scores, one similarity matrix per wall reordered per seed, bit-mask greedy quads."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.baselines import run_baseline
from ocwtool.evaluation.baselines.common import groups_from_labels, inverse, positions, shuffled_words
from ocwtool.evaluation.baselines.partition import greedy_quads, greedy_quads_many, reorder, reorder_many
from ocwtool.evaluation.scorer import GoldWall

# Written for these tests: nouns, verbs, adjectives, multiword clues, a repeated clue, unknown words.
WALLS = [
    ("Dog", "Cat", "Horse", "Mouse", "Run", "Jump", "Swim", "Climb",
     "Red", "Green", "Good", "Quick", "Ice cream", "Xqzt", "Bank", "Bank"),
    ("Bishop", "Rook", "Knight", "Pawn", "Oak", "Ash", "Elm", "Beech",
     "Mercury", "Venus", "Mars", "Saturn", "Piano", "Violin", "Drum", "Harp"),
]  # fmt: skip


def _walls() -> list[GoldWall]:
    return [
        GoldWall(f"speed{i}", tuple(tuple(w[k * 4 : k * 4 + 4]) for k in range(4)), ("",) * 4)
        for i, w in enumerate(WALLS)
    ]


def _straight_greedy(sim: np.ndarray[Any, Any]) -> list[int]:
    """The plain greedy best-quads: every quad scored from the matrix, membership checked by set."""
    quads = list(itertools.combinations(range(16), 4))
    totals = [sum(sim[q[a], q[b]] for a, b in itertools.combinations(range(4), 2)) for q in quads]
    labels, used = [-1] * 16, set()
    for label in range(4):
        free = [(t, -i) for i, (q, t) in enumerate(zip(quads, totals, strict=True)) if not used & set(q)]
        best = quads[-max(free)[1]]
        used |= set(best)
        for item in best:
            labels[item] = label
    return labels


def _needs_wordnet() -> None:
    if not Path("/usr/share/wordnet/data.noun").exists():
        pytest.skip("needs Debian wordnet-base (WordNet 3.0)")


def test_positions_and_inverse_follow_a_shuffle_with_repeated_clues() -> None:
    wall = _walls()[0]
    words = shuffled_words(wall, 5)
    order = positions(wall.words, words)
    assert sorted(order) == list(range(16))
    assert [wall.words[i] for i in order] == words
    assert [order[i] for i in inverse(order)] == list(range(16))
    with pytest.raises(EvaluationError, match="not a reordering"):
        positions(wall.words, [*words[:-1], "Elsewhere"])


def test_reorder_picks_rows_and_columns() -> None:
    sim = np.arange(16.0).reshape(4, 4)
    assert reorder(sim, [2, 0, 3, 1])[1, 2] == sim[0, 3]


def test_greedy_quads_equals_the_plain_computation_ties_included() -> None:
    rng = np.random.default_rng(7)
    for k in range(40):
        raw = rng.integers(0, 3, (16, 16)).astype(float) if k % 2 else rng.random((16, 16))
        sim = np.triu(raw, 1) + np.triu(raw, 1).T
        assert greedy_quads(sim) == _straight_greedy(sim)


def test_greedy_quads_of_a_stack_equals_one_matrix_at_a_time() -> None:
    rng = np.random.default_rng(11)
    raw = np.where(
        np.arange(30)[:, None, None] % 3 == 0, rng.integers(0, 2, (30, 16, 16)), rng.random((30, 16, 16))
    )
    sims = np.triu(raw, 1) + np.triu(raw, 1).transpose(0, 2, 1)
    orders = np.array([rng.permutation(16) for _ in sims], dtype=np.intp)
    stacked = reorder_many(sims, orders)
    labels = greedy_quads_many(stacked)
    for sim, order, moved, row in zip(sims, orders, stacked, labels, strict=True):
        assert np.array_equal(moved, reorder(sim, list(order)))
        assert [int(v) for v in row] == greedy_quads(moved) == _straight_greedy(moved)
    assert greedy_quads_many(np.zeros((0, 16, 16))).shape == (0, 16)


def test_wupalmer_scores_equal_nltk_on_every_pair() -> None:
    _needs_wordnet()
    from ocwtool.evaluation.baselines.wordnet_baseline import WordNetBaseline
    from ocwtool.evaluation.baselines.wupalmer import WuPalmer

    base, wup = WordNetBaseline(), WuPalmer()
    synsets = [s for wall in WALLS for clue in wall for s in base.synsets(clue)]
    assert {s.pos() for s in synsets} >= {"n", "v", "a", "s"}
    for s, t in itertools.product(synsets, synsets):
        assert wup.similarity(s, t) == s.wup_similarity(t), (s, t)


def test_wordnet_runs_equal_the_per_seed_computation() -> None:
    _needs_wordnet()
    from ocwtool.evaluation.baselines.wordnet_baseline import WordNetBaseline

    golds, plain = _walls(), WordNetBaseline()
    runs = run_baseline(WordNetBaseline(), golds, seeds=6)
    for seed, (name, preds) in enumerate(runs):
        assert name == f"seed{seed}"
        for gold, pred in zip(golds, preds, strict=True):
            words = shuffled_words(gold, seed)
            sim = np.zeros((16, 16))
            for i, j in itertools.combinations(range(16), 2):
                sim[i, j] = sim[j, i] = max(
                    (
                        s.wup_similarity(t) or 0.0
                        for s in plain.synsets(words[i])
                        for t in plain.synsets(words[j])
                    ),
                    default=0.0,
                )
            assert pred.groups == groups_from_labels(words, _straight_greedy(sim))


def test_first_senses_are_nltks_first_synsets() -> None:
    _needs_wordnet()
    from ocwtool.evaluation.baselines.wordnet_baseline import WordNetBaseline

    for senses in (1, 3, 40):
        base = WordNetBaseline(senses=senses, cache=False)
        for clue in {c.lower() for wall in WALLS for c in wall} | {"ran", "geese", "better", "up"}:
            lemma = clue.replace(" ", "_")
            assert base.first_senses(lemma) == base.reader().synsets(lemma)[:senses], (senses, clue)


def test_wordnet_group_many_equals_group_wall_by_wall() -> None:
    _needs_wordnet()
    from ocwtool.evaluation.baselines.wordnet_baseline import WordNetBaseline

    golds, batch, single = _walls(), WordNetBaseline(cache=False), WordNetBaseline(cache=False)
    for seed in range(4):
        words = [shuffled_words(g, seed) for g in golds]
        expected = [single.group(g, w, seed) for g, w in zip(golds, words, strict=True)]
        assert batch.group_many(golds, words, seed) == expected
    assert batch.group_many([], [], 0) == []


def test_gc_paused_restores_the_collector_as_it_was() -> None:
    import gc

    from ocwtool.evaluation.baselines.wordnet_baseline import gc_paused

    assert gc.isenabled()
    with pytest.raises(RuntimeError), gc_paused():
        assert not gc.isenabled()
        raise RuntimeError("left early")
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # off before: still off
    finally:
        gc.enable()


def test_wordnet_scores_are_the_same_with_the_collector_paused_or_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _needs_wordnet()
    import contextlib

    from ocwtool.evaluation.baselines import wordnet_baseline

    paused = prepared_scores(wordnet_baseline.WordNetBaseline(cache=False))
    monkeypatch.setattr(wordnet_baseline, "gc_paused", contextlib.nullcontext)
    assert prepared_scores(wordnet_baseline.WordNetBaseline(cache=False)) == paused


def prepared_scores(base: Any) -> list[float]:
    """Every pair score of the test walls after ``prepare`` (all computed there)."""
    golds = _walls()
    base.prepare(golds)
    return [base.similarity(a, b) for g in golds for a, b in itertools.combinations(g.words, 2)]
