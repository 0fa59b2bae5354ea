"""What the extended generator records about trick words is what annotations and releases read."""

from __future__ import annotations

import json

import pytest

from ocwtool.errors import InputError
from ocwtool.generators.extended import Tally, extend
from ocwtool.generators.trick_rules import Ancestors
from ocwtool.schema.models import Lineage
from ocwtool.schema.tricks import TrickWord, parent_of, proposed_tricks, tricks_of
from tests.generators.extended_fixtures import GROUPS, OTHER, board, fake_wordnet

POOL = [c for _, clues in OTHER for c in clues]


def test_every_trick_is_read_back_and_proposed_ones_stay_off_the_board() -> None:
    out = extend(board("a1", GROUPS), POOL, 4, 7, Ancestors(fake_wordnet()), Tally())
    assert tricks_of(out) == (
        TrickWord(
            word="moonrise",
            group="a1_02",
            score=1.0,
            seems_to_fit="shares the WordNet category phenomenon (phenomenon.n.01) with 4 of 4 clues",
            fails_rule="starts with SUN",
            status="verified",
        ),
        TrickWord(
            word="tomato",
            group="a1_01",
            score=1.0,
            seems_to_fit="shares the WordNet category food (food.n.01) with 4 of 4 clues",
            fails_rule="a kind of fruit (WordNet fruit.n.01)",
            status="verified",
        ),
        TrickWord(
            word="pink",
            group="a1_03",
            score=0.5,
            seems_to_fit="shares the WordNet category colour (colour.n.01) with 2 of 4 clues",
            fails_rule=None,
            status="proposed",
        ),
    )
    assert [t.word for t in proposed_tricks(out)] == ["pink"]
    assert "pink" not in out.distractors and "pink" not in out.clues  # kept as a proposal only
    assert parent_of(out) == "a1"
    assert tricks_of(board("a1", GROUPS)) == () and parent_of(board("a1", GROUPS)) is None


def test_a_broken_trick_list_is_one_clear_line() -> None:
    bad = board("a1", GROUPS).model_copy(
        update={"lineage": Lineage(kind="extended", parents=("a1",), params={"tricks": json.dumps([{}])})}
    )
    with pytest.raises(InputError) as err:
        tricks_of(bad)
    assert str(err.value) == (
        "a1: lineage.params['tricks'] is not a list of trick words (ValidationError); rebuild it: "
        "ocwtool build-variants --kind extended"
    )
