"""Suggested decoys in a task, and what an annotation of the labelling config imports (no server)."""

from __future__ import annotations

from typing import Any

import pytest

from ocwtool.annotations.labelstudio.config import decoy_data, task_data
from ocwtool.annotations.labelstudio.decoys import top_decoys, without_decoys
from ocwtool.annotations.labelstudio.results import read_result, record_from_result
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import RedHerringCategory, RedHerringWord
from tests.annotations.conftest import T0, puzzles
from tests.labelstudio.fixtures import mined, mined_word, scored_word, suggested

WALL = puzzles()[0]  # nyt-2024-01-02: SHADES OF BLUE 1-4, BREAD 5-8, ___BALL 9-12, ANAGRAMS OF 'STOP' 13-16


def choices(name: str, to: str, *values: str) -> dict[str, Any]:
    return {"from_name": name, "to_name": to, "type": "choices", "value": {"choices": list(values)}}


def text(name: str, *lines: str) -> dict[str, Any]:
    return {"from_name": name, "to_name": "wall", "type": "textarea", "value": {"text": list(lines)}}


def read(result: list[dict[str, Any]], data: dict[str, Any] | None = None) -> tuple[Any, list[str]]:
    return read_result(
        WALL, result, annotator="alice", created_at=T0.isoformat(), cancelled=False, where="task 1", data=data
    )


def test_decoys_from_play_first_best_four_highest_score_first() -> None:
    play = mined(
        WALL,
        mined_word(WALL, 6, 0, ("p1",)),
        mined_word(WALL, 13, 1, ("p1", "p2", "p3")),
        mined_word(WALL, 9, 1, ("p2", "p3")),
        mined_word(WALL, 2, 2, ("p4",)),
        mined_word(WALL, 16, 0, ("p1", "p4")),
    )
    scorer = suggested(WALL, scored_word(WALL, 5, 0, 0.9))
    found = top_decoys(WALL, play, scorer)
    assert [(d.clue, d.group, d.score, d.source) for d in found] == [
        (13, 2, 0.75, "play"),
        (9, 2, 0.5, "play"),
        (16, 1, 0.5, "play"),
        (2, 3, 0.25, "play"),  # 4 shown at most: clue 6 (0.25, after clue 2) is left out
    ]


def test_decoys_from_the_scorer_when_players_fell_for_none() -> None:
    rules = RedHerringWord(clue="RYE", clue_number=5, fits_group=WALL.groups[0].id, reason="rules")
    scorer = suggested(WALL, rules, scored_word(WALL, 14, 2, 0.31), scored_word(WALL, 7, 3, 0.62))
    found = top_decoys(WALL, mined(WALL), scorer)  # played, no decoy
    assert [(d.clue, d.group, d.score, d.source) for d in found] == [
        (7, 4, 0.62, "scorer"),
        (14, 3, 0.31, "scorer"),
    ]
    assert top_decoys(WALL, None, suggested(WALL, rules)) == ()  # the rules' words carry no score


def test_task_data_shows_each_decoy_with_its_score_and_evidence() -> None:
    found = top_decoys(WALL, mined(WALL, mined_word(WALL, 6, 0, ("p1", "p2"))), None)
    data = task_data(WALL, ["alice"], found)
    assert data["decoy_1"] == (
        "Decoy 1: 6 NAAN → Group 1 (SHADES OF BLUE), score 0.50, mined from play: "
        '2 of 4 players put NAAN with three clues of "SHADES OF BLUE"'
    )
    assert data["decoy_1_verdicts"] == [{"value": "Confirm"}, {"value": "Reject"}]
    assert [data[f"decoy_{d}"] for d in (2, 3, 4)] == ["", "", ""]
    assert [data[f"decoy_{d}_verdicts"] for d in (2, 3, 4)] == [[], [], []]
    assert data["decoys"][0]["clue"] == 6 and data["decoys"][0]["group"] == 1


def test_confirmed_decoys_are_imported_rejected_ones_are_not() -> None:
    found = top_decoys(
        WALL, mined(WALL, mined_word(WALL, 6, 0, ("p1", "p2")), mined_word(WALL, 13, 1, ("p3",))), None
    )
    data = task_data(WALL, [], found)
    herring = [choices("herring_13", "clue_13", "Group 3")]
    record, problems = read(
        [
            choices("decoy_verdict_1", "decoy_1", "Confirm"),
            choices("decoy_verdict_2", "decoy_2", "Reject"),
            *herring,
        ],
        data,
    )
    assert problems == []
    assert [(w.clue, w.clue_number, w.fits_group, w.reason) for w in record.red_herring_words] == [
        ("POTS", 13, "nyt-2024-01-02_3", ""),
        (
            "NAAN",
            6,
            "nyt-2024-01-02_1",
            "confirmed decoy (score 0.50, mined from play): "
            '2 of 4 players put NAAN with three clues of "SHADES OF BLUE"',
        ),
    ]
    assert all(w.score is None for w in record.red_herring_words)  # the annotator's judgement, not a score


def test_trap_groups_that_break_the_rule_are_reported_not_imported() -> None:
    lines = ["1,2,5,9: things", "1,2,3,5: too many blues", "1,5,9: three", "NAVY,RYE,FOOT,POTS,TOPS: mix"]
    record, problems = read(
        [text("trap_groups", *lines), text("red_herring_categories", "6,10,14: old style")]
    )
    assert record.red_herring_categories == (
        RedHerringCategory(clue_numbers=(1, 2, 5, 9), clues=("NAVY", "TEAL", "RYE", "FOOT"), theme="things"),
        RedHerringCategory(
            clue_numbers=(1, 5, 9, 13, 14), clues=("NAVY", "RYE", "FOOT", "POTS", "TOPS"), theme="mix"
        ),
        RedHerringCategory(clue_numbers=(6, 10, 14), clues=("NAAN", "BASKET", "TOPS"), theme="old style"),
    )
    assert problems == [
        "task 1: trap group '1,2,3,5: too many blues' has 3 clues of one group; a trap group has at most 2",
        "task 1: trap group '1,5,9: three' has 3 clues; a trap group has 4 or more",
    ]
    with pytest.raises(AnnotationError, match=r"^task 1: trap group '1,2,3,5: too many blues' has 3 clues"):
        record_from_result(
            WALL,
            [text("trap_groups", *lines)],
            annotator="alice",
            created_at=None,
            cancelled=False,
            where="task 1",
        )


def test_a_combined_group_reads_its_combination_or_the_earlier_ticked_parts() -> None:
    knowledge = [choices(f"knowledge_{k}", f"group_{k}", "Semantic") for k in (2, 3, 4)]
    combined = choices("knowledge_1", "group_1", "Combined")
    now, _ = read([combined, choices("combination_1", "group_1", "Semantic + Encyclopedic"), *knowledge])
    before, _ = read([combined, choices("combined_1", "group_1", "Encyclopedic", "Semantic"), *knowledge])
    assert now.groups[0].label.code == before.groups[0].label.code == "combined:semantic+encyclopedic"
    with pytest.raises(
        AnnotationError, match=r"^task 1: group 1 is Combined but names 1 parts \(need 2\+\)$"
    ):
        read([combined, choices("combined_1", "group_1", "Semantic"), *knowledge])


def test_a_prelabel_does_not_tick_a_decoy_it_asks_about() -> None:
    pull = mined_word(WALL, 6, 0, ("p1",))
    other = RedHerringWord(clue="RYE", clue_number=5, fits_group=WALL.groups[2].id, reason="rules")
    rules = suggested(WALL, RedHerringWord(clue="NAAN", clue_number=6, fits_group=pull.fits_group), other)
    found = top_decoys(WALL, mined(WALL, pull), None)
    assert without_decoys(WALL, rules, found).red_herring_words == (other,)
    assert decoy_data(WALL, ())["decoys"] == []
