"""Extended boards: trick words that seem to fit a group, fail its rule, and are never a clue's form."""

from __future__ import annotations

import json

import pytest

from ocwtool.errors import InputError
from ocwtool.generators.extended import Tally, check_k, extend
from ocwtool.generators.trick_rules import Ancestors, TrickRule, fails, group_rule
from ocwtool.schema.board import gives_away
from ocwtool.schema.corpus import Corpus
from ocwtool.validators.structural import run_structural
from tests.generators.extended_fixtures import GROUPS, OTHER, board, fake_wordnet

POOL = [c for _, clues in OTHER for c in clues] + ["TOMATOES"]


def test_group_rules_are_found_by_spelling_and_by_wordnet() -> None:
    anc = Ancestors(fake_wordnet())
    rules = [group_rule(clues, anc) for _, clues in GROUPS]
    assert rules == [
        TrickRule("hyponym", "fruit.n.01", "a kind of fruit (WordNet fruit.n.01)"),
        TrickRule("prefix", "sun", "starts with SUN"),
        None,
        None,
    ]
    assert group_rule(("Gateshead", "forehead", "AHEAD", "bulkhead"), anc) == TrickRule(
        "suffix", "head", "ends with HEAD"
    )
    assert fails(TrickRule("hyponym", "fruit.n.01", ""), "tomato", anc)
    assert not fails(TrickRule("hyponym", "fruit.n.01", ""), "banana", anc)
    assert not fails(TrickRule("prefix", "sun", ""), "Sun-shine", anc)


def test_tricks_fail_the_rule_and_are_never_a_clue_or_another_trick() -> None:
    tally = Tally()
    out = extend(board("a1", GROUPS), POOL, 4, 7, Ancestors(fake_wordnet()), tally)
    assert out.id == "ext_a1"
    assert out.distractors == ("moonrise", "tomato")
    assert out.clues[16:] == ("moonrise", "tomato")
    assert out.lineage is not None and out.lineage.kind == "extended" and out.lineage.parents == ("a1",)
    evidence = json.loads(out.lineage.params["tricks"])
    assert evidence == [
        {
            "word": "moonrise",
            "group": "a1_02",
            "score": 1.0,
            "seems_to_fit": "shares the WordNet category phenomenon (phenomenon.n.01) with 4 of 4 clues",
            "fails_rule": "starts with SUN",
            "status": "verified",
        },
        {
            "word": "tomato",
            "group": "a1_01",
            "score": 1.0,
            "seems_to_fit": "shares the WordNet category food (food.n.01) with 4 of 4 clues",
            "fails_rule": "a kind of fruit (WordNet fruit.n.01)",
            "status": "verified",
        },
        {
            "word": "pink",
            "group": "a1_03",
            "score": 0.5,
            "seems_to_fit": "shares the WordNet category colour (colour.n.01) with 2 of 4 clues",
            "fails_rule": None,
            "status": "proposed",
        },
    ]
    assert (tally.verified, tally.proposed) == (2, 1)
    assert dict(tally.rejected) == {
        "clue_form": 1,  # apples
        "fits_rule": 1,  # banana
        "group_has_trick": 1,  # sunshine (after moonrise)
        "trick_form": 1,  # TOMATOES
        "low_score": 10,
    }
    assert tally.tried == len(POOL) == 17


def test_k_limits_the_verified_tricks() -> None:
    out = extend(board("a1", GROUPS), POOL, 1, 7, Ancestors(fake_wordnet()), Tally())
    assert out.distractors == ("moonrise",)
    assert extend(board("a1", GROUPS), POOL, 0, 7, Ancestors(fake_wordnet()), Tally()).distractors == ()


def test_more_than_four_trick_words_is_one_clear_line() -> None:
    with pytest.raises(InputError) as err:
        check_k(5)
    assert str(err.value) == "--trick-words 5: a board shows at most 4 trick words; choose 0 to 4"


def test_validation_accepts_verified_tricks_and_flags_unverified_or_changed_groups() -> None:
    parent = board("a1", GROUPS)
    good = extend(parent, POOL, 4, 7, Ancestors(fake_wordnet()), Tally())
    clues = (*parent.clues, "moonrise", "pink")
    unverified = good.model_copy(update={"id": "ext_x", "clues": clues, "distractors": ("moonrise", "pink")})
    changed = good.model_copy(
        update={"id": "ext_y", "groups": (good.groups[0].model_copy(update={"id": "zz_1"}), *good.groups[1:])}
    )
    corpus = Corpus(puzzles=(parent,), variants={"extended": (good, unverified, changed)})
    found = [(f.rule, f.records, f.detail) for f in run_structural(corpus) if f.rule in ("S14", "S17")]
    assert found == [
        ("S14", ("ext_x",), "trick word(s) without verified evidence: pink"),
        ("S17", ("zz_1",), "group zz_1 of ext_y matches no parent group"),
    ]


def test_a_shuffled_board_0_ending_with_its_distractor_is_not_flagged() -> None:
    # The seeded shuffle is uniform: about 1 board in 18 ends with its one distractor by chance.
    parent = board("a1", GROUPS)
    extended = [
        extend(parent, POOL, 1, 7, Ancestors(fake_wordnet()), Tally()).model_copy(update={"id": f"ext_{i}"})
        for i in range(60)
    ]
    assert any(gives_away(p.board(0), [g.clues for g in p.groups], p.distractors) for p in extended)
    corpus = Corpus(puzzles=(parent,), variants={"extended": tuple(extended)})
    assert [f for f in run_structural(corpus) if f.rule == "S19"] == []
