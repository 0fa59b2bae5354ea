"""Spot checks on the real 618-wall OCW file (skipped when ../shared/data is absent)."""

from __future__ import annotations

from pathlib import Path

from ocwtool.evaluation import scorer


def test_real_walls_gold_as_prediction_is_perfect(shared_data: Path) -> None:
    golds = scorer.load_gold(shared_data / "ocw" / "onlyconnect_prerelease_618.json")
    assert len(golds) == 618 and all(len(g.words) == 16 for g in golds)
    assert sum("8.5" in g.words for g in golds) == 1  # the JSON float clue is read as text
    scores = [scorer.score_wall(g, g.groups) for g in golds]
    summary = scorer.summarize_grouping(scores)
    assert (summary["solved_walls"], summary["correct_groups"]) == (618, 2472)
    assert (summary["AMI"], summary["ARI"], summary["FMS"], summary["WD"]) == (1.0, 1.0, 1.0, 0.0)
