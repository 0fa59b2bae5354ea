"""Mined play as red-herring records: score, evidence, thresholds, and back again."""

from __future__ import annotations

import datetime as dt

from ocwtool.annotations.decoys.mine import Play, Source, mine
from ocwtool.annotations.decoys.records import merged, play_of, to_record
from ocwtool.schema.annotations import PlayEvidence, SourceFile
from tests.decoys.conftest import FALSE_GROUP, NYT, RYE_WITH_BLUES, SWAP, puzzles

A = Source("a.json", "a" * 64)
B = Source("b.json", "b" * 64)
T = dt.datetime(2026, 1, 2, tzinfo=dt.UTC)


def _record(*plays: Play):  # type: ignore[no-untyped-def]
    return to_record(NYT, mine(puzzles(), plays).walls[NYT.id], "play-decoys", T)


def test_an_intruder_is_a_red_herring_word_scored_by_the_share_of_players() -> None:
    rec = _record(
        Play(NYT.id, "m1", A, (tuple(RYE_WITH_BLUES),)),
        Play(NYT.id, "m2", B, (tuple(RYE_WITH_BLUES),)),
        Play(NYT.id, "m3", B, (tuple(NYT.groups[0].clues),)),
    )
    (word,) = rec.red_herring_words
    assert (word.clue, word.clue_number, word.fits_group) == ("RYE", 5, NYT.groups[0].id)
    assert word.score == 2 / 3
    assert word.reason == '2 of 3 players put RYE with three clues of "SHADES OF BLUE"'
    assert word.evidence == PlayEvidence(
        kind="intruder",
        players=2,
        exposed=3,
        sources=(
            SourceFile(name="a.json", sha256="a" * 64, players=("m1",)),
            SourceFile(name="b.json", sha256="b" * 64, players=("m2",)),
        ),
    )
    assert rec.played_by == (
        SourceFile(name="a.json", sha256="a" * 64, players=("m1",)),
        SourceFile(name="b.json", sha256="b" * 64, players=("m2", "m3")),
    )
    assert rec.red_herring_categories == ()


def test_swaps_are_kept_and_false_groups_need_two_players() -> None:
    one = _record(Play(NYT.id, "m1", A, (tuple(SWAP), tuple(FALSE_GROUP))))
    assert [(c.clue_numbers, c.evidence and c.evidence.kind) for c in one.red_herring_categories] == [
        ((1, 2, 5, 6), "swap")
    ]
    assert one.red_herring_categories[0].theme == (
        'swapped pairs (2 + 2) of "SHADES OF BLUE", "BREAD": 1 of 1 players'
    )
    two = _record(
        Play(NYT.id, "m1", A, (tuple(SWAP), tuple(FALSE_GROUP))),
        Play(NYT.id, "m2", A, (tuple(reversed(FALSE_GROUP)),)),
    )
    false = two.red_herring_categories[0]  # false groups first, then swaps
    assert (false.clue_numbers, false.clues, false.score) == (
        (1, 5, 9, 13),
        ("NAVY", "RYE", "FOOT", "POTS"),
        1.0,
    )
    assert false.theme == (
        'a false group across "SHADES OF BLUE", "BREAD", "___BALL", "ANAGRAMS OF \'STOP\'": 2 of 2 players'
    )


def test_a_record_reads_back_into_the_play_it_was_made_from() -> None:
    plays = (
        Play(NYT.id, "m1", A, (tuple(RYE_WITH_BLUES), tuple(SWAP))),
        Play(NYT.id, "m2", B, (tuple(RYE_WITH_BLUES), tuple(FALSE_GROUP))),
        Play(NYT.id, "m3", B, (tuple(FALSE_GROUP),)),
    )
    rec = _record(*plays)
    again = to_record(NYT, play_of(NYT, rec), "play-decoys", T)
    assert again == rec


def test_merging_replaces_a_file_read_again_and_adds_new_ones() -> None:
    first = mine(puzzles(), [Play(NYT.id, "m1", A, (tuple(RYE_WITH_BLUES),))]).walls[NYT.id]
    renamed = Source("copy-of-a.json", A.sha256)
    again = mine(puzzles(), [Play(NYT.id, "m1", renamed, (tuple(RYE_WITH_BLUES),))]).walls[NYT.id]
    new = mine(puzzles(), [Play(NYT.id, "m2", B, (tuple(NYT.groups[0].clues),))]).walls[NYT.id]
    assert to_record(NYT, merged(first, again), "d", T).red_herring_words[0].evidence == PlayEvidence(
        kind="intruder",
        players=1,
        exposed=1,
        sources=(SourceFile(name="copy-of-a.json", sha256="a" * 64, players=("m1",)),),
    )
    both = to_record(NYT, merged(first, new), "d", T)
    assert both.red_herring_words[0].score == 0.5


def test_a_decoy_clue_counts_its_players_over_every_group_it_was_pulled_toward() -> None:
    from ocwtool.annotations.decoys.summary import decoy_clues, summarize

    rye_to_balls = ["FOOT", "BASKET", "HAND", "RYE"]
    rec = _record(
        Play(NYT.id, "m1", A, (tuple(RYE_WITH_BLUES),)),
        Play(NYT.id, "m2", B, (tuple(rye_to_balls),)),
        Play(NYT.id, "m3", B, (tuple(SWAP),)),
    )
    assert [(w.clue, w.score) for w in rec.red_herring_words] == [("RYE", 1 / 3), ("RYE", 1 / 3)]
    assert decoy_clues(rec, 1) == decoy_clues(rec, 2) == {5} and decoy_clues(rec, 3) == set()
    figures = summarize([rec])
    assert (figures.puzzles, figures.players, figures.decoy_clues, figures.decoy_clues_min) == (1, 3, 1, 1)
    assert (figures.swaps, figures.false_groups, figures.share(1)) == (1, 0, 1 / 16)
