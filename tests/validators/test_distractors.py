"""Validators and boards with distractors (issue #27, section 1)."""

from __future__ import annotations

from ocwtool.schema.board import BoardOrder
from ocwtool.schema.corpus import Corpus
from ocwtool.schema.keys import wall_key
from ocwtool.schema.models import Split
from ocwtool.validators.gate import validate_corpus
from ocwtool.validators.leakage import run_leakage
from ocwtool.validators.structural import run_structural
from tests.validators.factory import distracted_wall, ocw_walls, wall


def test_a_corpus_with_distractors_validates_clean() -> None:
    walls = [
        *ocw_walls(8),
        distracted_wall(30, 4, split=Split.TEST),
        distracted_wall(31, 1, split=Split.TRAIN),
    ]
    report = validate_corpus(Corpus(puzzles=tuple(walls)), expectations=False)
    assert report.ok and {f.rule for f in report.findings} == {"S18"}


def test_a_distractor_that_is_a_form_of_a_clue_is_an_error() -> None:
    good = distracted_wall(3, 1)
    clue = good.groups[0].clues[0]
    # built around the model's own check, as a hand-edited store read without validation would be
    bad = good.model_construct(
        **{
            **dict(good),
            "distractors": (clue.upper() + "S",),
            "clues": (*good.grouped_clues, clue.upper() + "S"),
        }
    )
    findings = [f for f in run_structural(Corpus(puzzles=(bad,))) if f.rule == "S20"]
    assert [f.message for f in findings] == [
        "w0003: distractors must be at most 4 words, each unlike every clue and other distractor up to "
        f"case, spacing, accents and plural (distractor {clue.upper() + 'S'!r} is the same word as a clue "
        f"{clue!r} "
        "(case, spacing, accents and plural ignored))"
    ]


def test_distractors_last_on_a_claimed_board_give_them_away() -> None:
    p = distracted_wall(4, 2)
    leaky = p.model_copy(update={"board_order": BoardOrder.STARTING})  # stored: clues, then distractors
    findings = [f for f in run_structural(Corpus(puzzles=(leaky,))) if f.rule == "S19"]
    assert [f.records for f in findings] == [("w0004",)]
    assert not [f for f in run_structural(Corpus(puzzles=(p,))) if f.rule == "S19"]


def test_the_same_wall_with_distractors_in_another_split_is_a_leak() -> None:
    plain, copy = wall(5, split=Split.TRAIN), distracted_wall(5, 3, split=Split.TEST, wall_id="w5x")
    assert wall_key(plain) == wall_key(copy)
    assert "L02" in {f.rule for f in run_leakage(Corpus(puzzles=(plain, copy)))}
