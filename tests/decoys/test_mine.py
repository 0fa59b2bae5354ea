"""The pure miner: wrong groups classified, players counted once, what cannot be mined counted."""

from __future__ import annotations

from ocwtool.annotations.decoys.mine import Mistake, Play, Source, classify, mine, players_of
from tests.decoys.conftest import FALSE_GROUP, NYT, RYE_WITH_BLUES, SWAP, puzzles

A = Source("a.json", "a" * 64)
B = Source("b.json", "b" * 64)


def test_classify_by_how_a_group_spreads_over_the_gold_groups() -> None:
    assert classify([1, 2, 3, 4]) is None
    assert classify([1, 2, 3, 5]) == Mistake("intruder", (5,), 0)  # RYE pulled toward the blues
    assert classify([9, 5, 6, 7]) == Mistake("intruder", (9,), 1)
    assert classify([1, 2, 5, 6]) == Mistake("swap", (1, 2, 5, 6))
    assert classify([13, 1, 5, 9]) == Mistake("false_group", (1, 5, 9, 13))
    assert classify([1, 2, 5, 9]) == Mistake("false_group", (1, 2, 5, 9))


def test_players_count_once_per_mistake_and_every_player_who_played_is_exposed() -> None:
    plays = [
        Play(NYT.id, "m1", A, (tuple(RYE_WITH_BLUES), tuple(RYE_WITH_BLUES))),  # the same guess twice
        Play(NYT.id, "m1", A, (tuple(w.lower() for w in RYE_WITH_BLUES),)),  # another seed, lower case
        Play(NYT.id, "m2", B, (tuple(SWAP), tuple(FALSE_GROUP))),
        Play(NYT.id, "m3", B, (("NAVY", "TEAL", "AZURE", "COBALT"),)),  # right first time
    ]
    wall = mine(puzzles(), plays).walls[NYT.id]
    assert players_of(wall.exposed) == {"m1", "m2", "m3"}
    assert {k: players_of(v) for k, v in wall.mistakes.items()} == {
        Mistake("intruder", (5,), 0): {"m1"},
        Mistake("swap", (1, 2, 5, 6)): {"m2"},
        Mistake("false_group", (1, 5, 9, 13)): {"m2"},
    }
    assert dict(wall.mistakes[Mistake("intruder", (5,), 0)]) == {A: {"m1"}}


def test_what_cannot_be_mined_is_counted_by_cause_and_never_mined() -> None:
    plays = [
        Play(NYT.id, "m1", A, (("NAVY", "TEAL", "AZURE", "LIME"),)),  # a word off the wall
        Play(NYT.id, "m2", A, (("NAVY", "TEAL", "RYE"), ("NAVY", "NAVY", "TEAL", "RYE"), ("", "", "", ""))),
        Play("no-such-wall", "m3", A, (tuple(RYE_WITH_BLUES),)),
        Play(NYT.id, "m4", A, (tuple(RYE_WITH_BLUES),)),
    ]
    mined = mine(puzzles(), plays)
    assert dict(mined.skipped) == {
        "word_not_on_wall": 1,
        "malformed_group": 2,
        "word_twice_in_group": 1,
        "unknown_puzzle": 1,
        "play_without_a_group": 2,
    }
    wall = mined.walls[NYT.id]
    assert players_of(wall.exposed) == {"m4"}  # m1 and m2 gave no readable group
    assert list(wall.mistakes) == [Mistake("intruder", (5,), 0)]
