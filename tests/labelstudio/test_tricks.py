"""Proposed trick words in Label Studio tasks, and what their verdicts import (no server)."""

from __future__ import annotations

import pytest

from ocwtool.annotations.labelstudio.config import task_data
from ocwtool.annotations.labelstudio.tricks import trick_records, tricks_for
from ocwtool.errors import AnnotationError
from tests.annotations.conftest import T0
from tests.annotations.trick_fixtures import extended_boards
from tests.generators.extended_fixtures import GROUPS, board
from tests.labelstudio.test_decoys import choices

A1, A2 = board("a1", GROUPS), board("a2", GROUPS)
PINK = (
    "Trick word 1: pink → seems to fit Group 3 (Things in a paintbox), score 0.50: "
    "shares the WordNet category colour (colour.n.01) with 2 of 4 clues"
)


def test_each_puzzle_shows_the_proposed_words_of_its_extended_board() -> None:
    found = tricks_for([A1, A2, board("a3", GROUPS)], extended_boards())
    assert {pid: [(t.board, t.word, t.group) for t in ts] for pid, ts in found.items()} == {
        "a1": [("ext_a1", "pink", 3)],  # moonrise and tomato are verified by a rule: not asked
        "a2": [("ext_a2", "pink", 3), ("ext_a2", "kettle", 4)],
    }
    data = task_data(A2, ["alice"], (), found["a2"])
    assert [data[f"trick_{t}"] for t in (1, 2, 3, 4)] == [
        PINK,
        "Trick word 2: kettle → seems to fit Group 4 (Odd ones), score 0.50: "
        "invented evidence: odd like the others",
        "",
        "",
    ]
    assert data["trick_1_verdicts"] == [{"value": "Confirm"}, {"value": "Reject"}]
    assert data["trick_3_verdicts"] == []
    assert task_data(A1)["tricks"] == [] and task_data(A1)["trick_1"] == ""


def test_verdicts_become_a_record_of_the_extended_board() -> None:
    data = task_data(A2, tricks=tricks_for([A2], extended_boards())["a2"])
    result = [
        choices("knowledge_1", "group_1", "Semantic"),
        choices("trick_verdict_1", "trick_1", "Confirm"),
        choices("trick_verdict_2", "trick_2", "Reject"),
    ]
    (rec,) = trick_records(result, data, annotator="alice", created_at=T0, where="task 1")
    assert (rec.annotator, rec.puzzle_id, rec.created_at, rec.guideline_version) == (
        "alice",
        "ext_a2",
        T0,
        "trick-words-1",
    )
    assert [(v.word, v.seems_to_fit, v.no_group) for v in rec.trick_words] == [
        ("pink", "a2_03", True),
        ("kettle", "a2_04", False),
    ]
    assert trick_records(result[:1], data, annotator="alice", created_at=T0, where="task 1") == []


def test_a_verdict_on_an_empty_slot_needs_attention() -> None:
    data = task_data(A1, tricks=tricks_for([A1], extended_boards())["a1"])
    with pytest.raises(AnnotationError) as err:
        trick_records(
            [choices("trick_verdict_2", "trick_2", "Confirm")],
            data,
            annotator="a",
            created_at=T0,
            where="task 9",
        )
    assert str(err.value) == "task 9: trick word 2 answered, but the task shows no trick word 2"
