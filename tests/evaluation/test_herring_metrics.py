"""Red-herring metrics on hand-made games, against figures computed by hand (see each test)."""

from __future__ import annotations

import datetime as dt

import pytest

from ocwtool.evaluation.herring_breakdowns import herring_breakdowns
from ocwtool.evaluation.herring_metrics import (
    Game,
    LabelledWall,
    choose_labels,
    claim_is_right,
    label_order,
    player_metrics,
)
from ocwtool.schema.annotations import ItemRecord, RedHerringWord, SourceFile

A, B, C, D = (tuple(f"{x}{i}" for i in range(1, 5)) for x in "abcd")
# one decoy: b1 fits group A; one trap of 5 clues (any 4 of them count)
WALL = LabelledWall.of([A, B, C, D], decoys=[("b1", 0)], traps=[("a1", "b1", "c1", "d1", "a2")])


def test_chance_is_counted_over_every_set_of_the_same_shape() -> None:
    # 3+1: 4 groups x 4 triples x 12 others = 192 sets; with b1 and 3 of A: 4 -> 1/48
    assert WALL.chance((3, 1)) == pytest.approx(1 / 48)
    # 2+2: 6 pairs of groups x 6 x 6 = 216; 2 of A and a pair of B holding b1: 6 x 3 = 18 -> 1/12
    assert WALL.chance((2, 2)) == pytest.approx(1 / 12)
    # 2+1+1: 4 x 6 x 3 x 16 = 1152; a pair of A, b1, one of C or D: 6 x 8 = 48 -> 1/24
    assert WALL.chance((2, 1, 1)) == pytest.approx(1 / 24)
    assert WALL.chance((1, 1, 1, 1)) == 0.0  # no set with two clues of A


def test_a_wrong_group_takes_a_decoy_only_toward_the_group_it_fits() -> None:
    assert WALL.takes_decoy(frozenset({"a1", "a2", "a3", "b1"}))
    assert WALL.takes_decoy(frozenset({"a1", "a2", "b1", "c1"}))
    assert not WALL.takes_decoy(frozenset({"a1", "b1", "c1", "d1"}))  # one clue of A: not toward it
    assert not WALL.takes_decoy(frozenset({"b2", "b3", "b4", "a4"}))  # a4 is no decoy


def test_player_figures_on_hand_made_games() -> None:
    games = [
        # wrong: a1a2a3+b1 (decoy, 3+1), b2b3b4+a4 (3+1); first mistake takes the decoy; trap right
        Game("w", [("a1", "a2", "a3", "b1"), ("b2", "b3", "b4", "a4"), C, D], claim=("a1", "b1", "c1", "d1")),
        # wrong: b1b2+c1c2 and b3b4+c3c4 (2+2, neither toward A); trap claim outside the trap
        Game("w", [A, ("b1", "b2", "c1", "c2"), ("b3", "b4", "c3", "c4"), D], claim=("a1", "b2", "c1", "d1")),
        Game("w", [A, B, C, D], claim=()),  # solved; "N/A" on a board with a trap is wrong
        Game("unlabelled", [("a1", "a2", "a3", "b1")]),  # not counted
    ]
    figures = player_metrics({"w": WALL}, games)
    assert figures == {
        "games": 3,
        # 1 of 4 wrong groups; chance (1/48 + 1/48 + 1/12 + 1/12) / 4 = 5/96
        "fixation": {"wrong_groups": 4, "fixated": 1, "rate": 0.25, "chance": round(5 / 96, 6)},
        # 2 games with a mistake, the first one's first mistake on a decoy; chance (1/48 + 1/12) / 2
        "first_mistake": {"games": 2, "decoy": 1, "rate": 0.5, "chance": round(5 / 96, 6)},
        "trap_claims": {"claims": 3, "right": 1, "accuracy": round(1 / 3, 6), "points": 2, "forfeited": 0},
    }


def test_trap_claims_follow_connections_evals_rule() -> None:
    assert claim_is_right(WALL, ("A1", "B1", "C1", "A2"))  # any 4 of a 5-clue trap, case-folded
    assert not claim_is_right(WALL, ("a1", "b1", "c1"))  # not 4 clues
    no_traps = LabelledWall.of([A, B, C, D])
    assert claim_is_right(no_traps, ())  # "N/A" on a trap-free board
    assert not claim_is_right(no_traps, ("a1", "b1", "c1", "d1"))
    three_of_a = LabelledWall.of([A, B, C, D], traps=[("a1", "a2", "a3", "b1")])
    assert not claim_is_right(three_of_a, ("a1", "a2", "a3", "b1"))  # a real group with one swapped


def test_a_claim_made_with_an_invalid_answer_is_forfeited() -> None:
    right = ("a1", "b1", "c1", "d1")
    games = [
        Game("w", [A, B, C, ("d1", "d2", "d3")], claim=right),  # a group of 3
        Game("w", [A, B, C, ("d1", "d2", "d3", "a1")], claim=right),  # a1 twice, d4 never
        Game("w", [A, B, C, D], claim=right),
    ]
    assert WALL.partitions([A, B, C, D]) and not WALL.partitions([A, B, C])
    traps = player_metrics({"w": WALL}, games)["trap_claims"]
    assert traps == {"claims": 3, "right": 1, "accuracy": round(1 / 3, 6), "points": 2, "forfeited": 2}


def test_no_wrong_group_gives_no_rate() -> None:
    figures = player_metrics({"w": WALL}, [Game("w", [A, B, C, D])])
    assert figures["fixation"] == {"wrong_groups": 0, "fixated": 0, "rate": None, "chance": None}
    assert figures["trap_claims"]["accuracy"] is None


def test_breakdowns_by_difficulty_and_knowledge_type() -> None:
    wall = LabelledWall.of(
        [A, B, C, D], decoys=[("b1", 0)], group_ids=["ga", "gb", "gc", "gd"], levels=[0, 1, 2, 3]
    )
    games = [
        Game("w", [("a1", "a2", "a3", "b1"), ("b2", "b3", "b4", "a4"), C, D]),  # toward A (decoy), B
        Game("w", [A, ("b1", "b2", "c1", "c2"), ("b3", "b4", "c3", "c4"), D]),  # 2+2 ties go to B
    ]
    tables = herring_breakdowns({"w": wall}, games, {"ga": ["knowledge"], "gb": ["wordplay", "knowledge"]})

    def row(wrong: int, fixated: int, chance: float, first: int, decoy: int, first_chance: float) -> dict:
        return {
            "wrong_groups": wrong,
            "fixated": fixated,
            "rate": round(fixated / wrong, 6),
            "chance": round(chance, 6),
            "first_mistakes": first,
            "first_decoy": decoy,
            "first_rate": round(decoy / first, 6),
            "first_chance": round(first_chance, 6),
            "claims": 0,
            "claims_right": 0,
            "claim_accuracy": None,
        }

    # level 1 (B): 3+1 (1/48) and two 2+2 (1/12 each): chance 9/48 / 3 = 1/16; its first mistake is a 2+2
    assert tables["difficulty"] == {
        "level 0": row(1, 1, 1 / 48, 1, 1, 1 / 48),
        "level 1": row(3, 0, 1 / 16, 1, 0, 1 / 12),
    }
    assert tables["knowledge_type"] == {
        "knowledge": row(4, 1, 5 / 96, 2, 1, 5 / 96),
        "wordplay": row(3, 0, 1 / 16, 1, 0, 1 / 12),
    }


def _record(annotator: str, puzzle: str, *, herring: bool = True, mined: bool = False) -> ItemRecord:
    words = (RedHerringWord(clue="b1", clue_number=5, fits_group="ga"),) if herring else ()
    played = (SourceFile(name="log.json", sha256="0" * 64),) if mined else ()
    return ItemRecord(
        annotator=annotator,
        puzzle_id=puzzle,
        red_herring_words=words,
        created_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        guideline_version="test",
        played_by=played,
    )


def test_labels_come_from_people_then_play_then_the_suggester() -> None:
    stores = {
        "suggest": {"w": _record("suggest", "w")},
        "mined-again": {"w": _record("mined-again", "w", mined=True)},  # a renamed `annotate decoys`
        "play-decoys": {"w": _record("play-decoys", "w", mined=True)},
        "zoe": {"w": _record("zoe", "w")},
        "bob": {"w": _record("bob", "w", herring=False), "x": _record("bob", "x")},
    }
    assert label_order(stores) == ["bob", "zoe", "play-decoys", "mined-again", "suggest"]
    chosen = choose_labels(stores, ["w"])
    assert chosen is not None and (chosen.annotator, list(chosen.records)) == ("zoe", ["w"])  # bob: none on w
    asked = choose_labels(stores, ["w"], "suggest")
    assert asked is not None and (asked.annotator, asked.records, asked.chosen) == (
        "suggest",
        stores["suggest"],
        True,
    )
    assert choose_labels(stores, ["y"]) is None


def test_trap_claims_break_down_by_the_groups_their_clues_come_from() -> None:
    wall = LabelledWall.of(
        [A, B, C, D],
        traps=[("a1", "a2", "b1", "b2")],
        group_ids=["ga", "gb", "gc", "gd"],
        levels=[0, 1, 2, 3],
    )
    games = [
        Game("w", [A, B, C, D], claim=("a1", "b1", "a2", "b2")),  # right: groups A (level 0) and B (level 1)
        Game("w", [A, B, C, D], claim=("a1", "c1", "a2", "c2")),  # wrong: A and C (level 2)
        Game("w", [A, B, C, D], claim=()),  # "N/A": in the totals only
    ]
    tables = herring_breakdowns({"w": wall}, games, {"ga": ["knowledge"], "gc": ["wordplay"]})
    claims = {
        facet: {v: (r["claims"], r["claims_right"], r["claim_accuracy"]) for v, r in rows.items()}
        for facet, rows in tables.items()
    }
    assert claims == {
        "difficulty": {"level 0": (2, 1, 0.5), "level 1": (1, 1, 1.0), "level 2": (1, 0, 0.0)},
        "knowledge_type": {"knowledge": (2, 1, 0.5), "wordplay": (1, 0, 0.0)},
    }
