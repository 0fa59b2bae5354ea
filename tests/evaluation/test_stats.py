"""Bootstrap intervals, paired comparison and breakdowns."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import binomtest

from ocwtool.errors import EvaluationError
from ocwtool.evaluation import stats
from ocwtool.evaluation.scorer import GoldWall, WallScore, score_wall
from ocwtool.workspace import Workspace


def _walls(golds: list[GoldWall], answers: list[object]) -> list[dict[str, object]]:
    from dataclasses import asdict

    return [asdict(score_wall(g, a)) for g, a in zip(golds, answers, strict=True)]  # type: ignore[arg-type]


def test_mcnemar_exact_binomial_when_small() -> None:
    a = [True] * 6 + [False] * 4
    b = [False] * 5 + [True] * 5
    result = stats.mcnemar(a, b)
    assert (result["a_only"], result["b_only"]) == (5, 4)
    assert result["p_value"] == pytest.approx(binomtest(5, 9, 0.5).pvalue)


def test_mcnemar_chi_square_with_continuity_when_large() -> None:
    a = [True] * 30 + [False] * 10
    b = [False] * 30 + [True] * 10
    result = stats.mcnemar(a, b)
    assert result["test"] == pytest.approx((30 - 10 - 1) ** 2 / 40)


def test_bootstrap_is_seeded_and_brackets_the_estimate(golds: list[GoldWall]) -> None:
    runs = [_walls(golds, [golds[0].groups, None])]
    one = stats.bootstrap_intervals(runs, n_boot=500, seed=1)
    assert one == stats.bootstrap_intervals(runs, n_boot=500, seed=1)
    assert one["correct_groups"]["estimate"] == 4.0
    assert one["correct_groups"]["lo"] <= 4.0 <= one["correct_groups"]["hi"]


def test_paired_bootstrap_difference() -> None:
    a, b = np.array([4.0, 2.0, 1.0, 0.0]), np.array([0.0, 2.0, 1.0, 0.0])
    result = stats.paired_bootstrap(a, b, n_boot=1000, seed=0)
    assert result["mean_diff"] == 1.0 and result["lo"] >= 0.0
    assert stats.paired_bootstrap(a, b, n_boot=0)["p_test"] == "none (--bootstrap 0)"


def test_compare_with_several_runs_pairs_per_wall_means(golds: list[GoldWall]) -> None:
    solved_first = _walls(golds, [golds[0].groups, None])
    solved_none = _walls(golds, [None, None])
    result = stats.compare_runs([solved_first, solved_none], [solved_none], n_boot=200)
    assert "solved_walls_mcnemar" not in result and result["runs"] == [2, 1]
    assert result["solved_rate_paired_bootstrap"]["mean_diff"] == 0.25  # wall 1: 1/2 vs 0; wall 2: 0 vs 0
    assert result["correct_groups_paired_bootstrap"]["mean_diff"] == 1.0
    with pytest.raises(EvaluationError, match="must cover the same walls"):
        stats.compare_runs([solved_first], [solved_first[:1]])


def test_breakdowns_by_season_level_and_type(golds: list[GoldWall], nyt_gold: GoldWall) -> None:
    walls = [_walls(golds, [golds[0].groups, None])]
    out = stats.breakdowns(
        golds, walls, {golds[0].group_ids[0]: ["trivia"], golds[1].group_ids[0]: ["trivia"]}
    )
    assert out["season"]["1"] == {"groups": 4, "found_rate": 1.0}
    assert out["season"]["2"] == {"groups": 4, "found_rate": 0.0}
    assert out["type"]["trivia"] == {"groups": 2, "found_rate": 0.5}
    nyt = stats.breakdowns([nyt_gold], [_walls([nyt_gold], [nyt_gold.groups])])
    assert list(nyt["level"]) == ["0", "1", "2", "3"]


def test_type_map_from_json_and_jsonl(tmp_path: Path) -> None:
    js = tmp_path / "t.json"
    js.write_text(json.dumps({"g1": "trivia", "g2": ["wordplay", "trivia"]}))
    assert stats.load_type_map(js) == {"g1": ["trivia"], "g2": ["wordplay", "trivia"]}
    jl = tmp_path / "t.jsonl"
    jl.write_text('{"group_id": "g1", "type": "trivia"}\n{"group_id": "g2"}\n')
    with pytest.raises(EvaluationError) as err:
        stats.load_type_map(jl)
    assert str(err.value) == f"{jl}:2: expected an object with group_id and type (or types/label)"


def test_wallscore_fields_feed_stats() -> None:
    assert {"solved", "correct_groups", "matched"} <= set(WallScore.__dataclass_fields__)


def test_release_labels_become_type_breakdown_keys(tmp_path: Path) -> None:
    labels = tmp_path / "rel" / "annotations" / "labels.jsonl"
    labels.parent.mkdir(parents=True)
    labels.write_text(
        '{"group_id": "g1", "label": {"types": ["semantic"], "fine": []}}\n'
        '{"group_id": "g2", "label": {"types": ["encyclopedic", "multiword"]}}\n'
    )
    assert stats.find_type_map(tmp_path / "rel", None) == {"g1": ["semantic"], "g2": ["combined"]}
    assert stats.find_type_map(tmp_path / "elsewhere", None) is None


def test_workspace_labels_come_from_the_annotations_package(tmp_path: Path) -> None:
    import datetime as dt

    from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
    from ocwtool.schema.annotations import Adjudication, KnowledgeLabel, KnowledgeType
    from ocwtool.stores.annotations import append_adjudication

    assert (
        stats.find_type_map(None, Workspace.at(tmp_path)) is None
    )  # no annotations folder: nothing to look up
    decision = Adjudication(
        group_id="g9",
        puzzle_id="p9",
        label=KnowledgeLabel.of(KnowledgeType.LINGUISTIC),
        adjudicator="lead",
        created_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        guideline_version=GUIDELINE_VERSION,
    )
    append_adjudication(tmp_path / "annotations", decision)
    assert stats.find_type_map(None, Workspace.at(tmp_path)) == {"g9": ["linguistic"]}


def test_sign_flip_p_is_exact_on_few_walls_and_honest_on_two() -> None:
    from itertools import product

    assert stats.sign_flip_p(np.array([-2.0, -2.0]), 2000, 0) == (0.5, "sign-flip, exact")  # not 0.001
    assert stats.sign_flip_p(np.zeros(3), 2000, 0)[0] == 1.0
    assert stats.sign_flip_p(np.array([0.0, 3.0]), 2000, 0) == (1.0, "sign-flip, exact")  # one wall differs
    thirds = np.array([1, 1, -1, -1]) / 3  # per-wall means over 3 seeds: the total is 0 only in truth
    assert stats.sign_flip_p(thirds, 2000, 0)[0] == 1.0
    mixed = np.array([-2, -1, 2, 0, 0, -1, 0, 2]) / 3
    assert stats.sign_flip_p(mixed, 2000, 0)[0] == 1.0
    assert stats.sign_flip_p(np.ones(17), 2**17, 0)[1] == "sign-flip, exact"  # enough draws: scipy enumerates
    d = np.random.default_rng(1).normal(0.3, 1.0, 11)
    every = [abs(float(np.dot(s, d))) >= abs(float(d.sum())) - 1e-9 for s in product((-1, 1), repeat=11)]
    assert stats.sign_flip_p(d, 2000, 0) == (sum(every) / len(every), "sign-flip, exact")


def test_sign_flip_p_samples_assignments_on_many_walls() -> None:
    p, test = stats.sign_flip_p(np.ones(40), 999, 0)
    assert test == "sign-flip, 999 random"
    assert p == pytest.approx(2 / 1000)  # twice the one-sided (0 + 1) / (999 + 1): none reaches all +1
    balanced = np.array([1.0, -1.0] * 20)
    assert stats.sign_flip_p(balanced, 999, 0)[0] == 1.0  # observed total 0: every assignment reaches it
