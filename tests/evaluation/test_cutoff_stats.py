"""Win rates on two sides of a date (cutoff_stats): reports pooled per model, an empty side, and the
choice between --cutoff and --after-cutoff that `report` shares with `eval`."""

from __future__ import annotations

import datetime as dt

import pytest

from ocwtool.errors import InputError
from ocwtool.evaluation.cutoff_stats import outcomes_by_side, side_rates
from ocwtool.evaluation.cutoffs import chosen_cutoff
from ocwtool.evaluation.facets import WallFacts
from ocwtool.evaluation.scorer import GoldWall

DAY = dt.date(2024, 5, 1)
FACTS = {
    "old": WallFacts(date=dt.date(2024, 4, 1)),
    "new": WallFacts(date=DAY),
    "undated": WallFacts(),
}


def _walls(*solved: bool) -> list[dict[str, bool]]:
    return [{"solved": s} for s in solved]


def test_a_wall_in_two_reports_counts_once_with_the_mean_of_its_runs() -> None:
    golds = [GoldWall(wall_id=w, groups=()) for w in ("old", "new", "undated")]
    pooled = outcomes_by_side(golds, [_walls(True, False, True)], FACTS, DAY)
    outcomes_by_side(golds[:1], [_walls(False), _walls(False)], FACTS, DAY, into=pooled)
    assert pooled == {"before": {"old": [True, False, False]}, "after": {"new": [False]}}
    rates = side_rates(pooled)  # "old": 1 of 3 runs solved it, a mean of 1/3: no win; 0/1's Wilson
    assert rates["before"] == {
        "walls": 1,
        "wins": 0,
        "win_rate": 0.0,
        "ci95": pytest.approx([0.0, 0.7935], abs=1e-4),
    }
    assert (rates["difference"], rates["fisher_p"]) == (0.0, 1.0)


def test_a_side_without_walls_has_no_rate_and_no_test() -> None:
    rates = side_rates({"before": {"old": [True]}, "after": {}})
    assert rates["after"] == {"walls": 0, "wins": 0, "win_rate": None, "ci95": None}
    assert "fisher_p" not in rates and "difference" not in rates


def test_cutoff_or_after_cutoff_not_both() -> None:
    assert chosen_cutoff(None, None) is None
    assert chosen_cutoff(DAY, None).date == DAY
    assert chosen_cutoff(None, "gpt-4o").date == dt.date(2023, 10, 1)
    with pytest.raises(InputError) as exc:
        chosen_cutoff(DAY, "gpt-4o")
    assert str(exc.value) == "give --cutoff DATE or --after-cutoff MODEL, not both"
