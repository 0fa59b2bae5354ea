"""Breakdowns by red herrings, date cutoff and the contestants' results (facets of a scored run)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ocwtool.evaluation.facets import WallFacts, facet_breakdowns, facts_of, render_facet
from ocwtool.evaluation.gold import gold_from_puzzle
from ocwtool.schema.models import OcwMeta
from tests.conftest import make_ocw_wall


def _walls(matched: list[tuple[bool, ...]]) -> list[dict[str, Any]]:
    return [{"wall_id": f"w{i}", "matched": m, "solved": all(m)} for i, m in enumerate(matched)]


def test_facts_come_from_air_dates_and_human_performance() -> None:
    wall = make_ocw_wall("w0")
    dated = wall.model_copy(update={"ocw": OcwMeta(season=1, air_date=dt.date(2020, 5, 1))})
    facts = facts_of([dated], {"w0": True})
    assert facts["w0"] == WallFacts(dt.date(2020, 5, 1), (1, 1, 1, 1), True)


def test_found_and_solved_rates_per_facet() -> None:
    golds = [gold_from_puzzle(make_ocw_wall(f"w{i}")) for i in range(3)]
    facts = {
        "w0": WallFacts(dt.date(2020, 1, 1), (1, 1, 0, 0), True),
        "w1": WallFacts(dt.date(2024, 1, 1), (1, 0, 0, 0), False),
        "w2": WallFacts(None, (), None),
    }
    run = _walls([(True,) * 4, (True, False, False, False), (False,) * 4])
    out = facet_breakdowns(golds, [run], facts, dt.date(2023, 1, 1))
    assert out["red_herrings"] == {
        "absent": {"groups": 4, "found_rate": 0.25, "solved_rate": 0.0},
        "present": {"groups": 4, "found_rate": 1.0, "solved_rate": 1.0},
    }
    assert out["date"]["before 2023-01-01"]["found_rate"] == 1.0
    assert out["date"]["on or after 2023-01-01"] == {"groups": 4, "found_rate": 0.25, "solved_rate": 0.0}
    human = out["human"]
    assert human["contestants found"] == {"groups": 3, "found_rate": 1.0}
    assert human["contestants missed"] == {"groups": 5, "found_rate": 0.4}
    assert human["all groups"] == {"groups": 8, "found_rate": 0.625, "human_rate": 0.375}


def test_several_runs_average_per_group_and_no_facts_give_no_tables() -> None:
    golds = [gold_from_puzzle(make_ocw_wall("w0"))]
    facts = {"w0": WallFacts(None, (), True)}
    runs = [_walls([(True,) * 4]), _walls([(False,) * 4])]
    assert facet_breakdowns(golds, runs, facts)["red_herrings"]["present"]["found_rate"] == 0.5
    assert facet_breakdowns(golds, runs, {}) == {}


def test_facet_headers_read_as_words() -> None:
    table = {"present": {"groups": 4, "found_rate": 1.0, "solved_rate": 1.0}}
    assert render_facet("red_herrings", table).splitlines()[0].split() == [
        "by", "red", "herrings", "groups", "found", "solved", "humans"
    ]  # fmt: skip
