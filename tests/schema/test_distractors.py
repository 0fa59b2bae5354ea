"""Boards with distractors (issue #27, section 1): words of no group shown among the 16 clues."""

from __future__ import annotations

import json
import math
import random

import pytest
from pydantic import ValidationError

from ocwtool.schema.board import gives_away, in_solution_order, rows, shown_board, shuffled_board
from ocwtool.schema.models import Puzzle
from ocwtool.schema.text import same_word, word_forms
from tests.validators.factory import distracted_wall, wall

GROUPS = [("a", "b", "c", "d"), ("e", "f", "g", "h"), ("i", "j", "k", "l"), ("m", "n", "o", "p")]
SOLUTION = [w for g in GROUPS for w in g]
EXTRA = ("x", "y", "z")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("CAT", "cats"),
        ("Café", "CAFES"),
        ("ICE-BOX", "ice boxes"),
        ("berry", "BERRIES"),
        ("Stand up", "STANDUP"),
    ],
)
def test_same_word_ignores_case_spacing_accents_and_plural(a: str, b: str) -> None:
    assert same_word(a, b) and same_word(b, a)


def test_different_words_stay_different() -> None:
    assert not same_word("CAT", "CART") and not same_word("BOX", "FOX")
    assert word_forms("Glass") == frozenset({"glass", "glas"})


def test_a_puzzle_carries_up_to_four_distractors_on_its_board() -> None:
    p = distracted_wall(1, 4)
    assert len(p.clues) == 20 and len(p.grouped_clues) == 16 and len(p.distractors) == 4
    for seed in range(50):
        board = p.board(seed)
        assert sorted(board) == sorted(p.clues)
        assert not in_solution_order(board, [g.clues for g in p.groups], p.distractors)
    again = Puzzle.model_validate_json(json.dumps(p.to_json_dict()))
    assert again == p and again.to_json_dict()["distractors"] == list(p.distractors)


def test_a_puzzle_without_distractors_serialises_as_before() -> None:
    p = wall(1)
    assert "distractors" not in p.to_json_dict()
    assert p.board(3) == shuffled_board([g.clues for g in p.groups], p.id, 3)


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("glimmer1s", "distractor 'glimmer1s' is the same word as a clue 'Glimmer1'"),
        ("Glímmer 1", "distractor 'Glímmer 1' is the same word as a clue 'Glimmer1'"),
    ],
)
def test_a_distractor_that_is_a_form_of_a_clue_is_refused(word: str, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        base = wall(1)
        Puzzle.model_validate(base.model_dump() | {"distractors": (word,), "clues": (*base.clues, word)})


def test_two_distractors_that_are_the_same_word_are_refused() -> None:
    base = wall(1)
    bad = base.model_dump() | {"distractors": ("Ozzle", "OZZLES"), "clues": (*base.clues, "Ozzle", "OZZLES")}
    with pytest.raises(ValidationError, match="'OZZLES' is the same word as another distractor 'Ozzle'"):
        Puzzle.model_validate(bad)


def test_five_distractors_or_a_board_without_them_are_refused() -> None:
    base = wall(1)
    five = ("Aa", "Bb", "Cc", "Dd", "Ee")
    with pytest.raises(ValidationError, match="at most 4 items"):
        Puzzle.model_validate(base.model_dump() | {"distractors": five, "clues": (*base.clues, *five)})
    with pytest.raises(
        ValidationError, match="the 16 clues of the 4 groups and the distractors \\(as a multiset\\)"
    ):
        Puzzle.model_validate(base.model_dump() | {"distractors": ("Aa",)})


def test_the_shuffle_samples_clues_then_distractors_and_never_leaks_them() -> None:
    board = shuffled_board(GROUPS, "w1", 3, EXTRA)
    assert list(board) == random.Random("w1:3").sample([*SOLUTION, *EXTRA], 19)
    assert shuffled_board(GROUPS, "w1", 3) == tuple(random.Random("w1:3").sample(SOLUTION, 16))
    last = [0] * 19
    for seed in range(3000):
        board = shuffled_board(GROUPS, "w", seed, EXTRA)
        assert not in_solution_order(board, GROUPS, EXTRA)
        for word in EXTRA:
            last[board.index(word)] += 1
    # every position holds a distractor about as often (3000 * 3 / 19 ≈ 474 each)
    assert min(last) > 350 and max(last) < 600


def test_solution_order_with_distractors() -> None:
    assert in_solution_order([*SOLUTION, *EXTRA], GROUPS, EXTRA)  # groups as rows
    tail = SOLUTION[1::2] + SOLUTION[0::2] + list(EXTRA)
    assert not in_solution_order(tail, GROUPS, EXTRA)
    assert gives_away(tail, GROUPS, EXTRA)  # a stored board ending with its distractors gives them away
    assert gives_away([*SOLUTION, *EXTRA], GROUPS, EXTRA) and not gives_away(tail, GROUPS)
    mixed = ["x", *SOLUTION[1::2], "y", *SOLUTION[0::2], "z"]
    assert not in_solution_order(mixed, GROUPS, EXTRA)
    assert list(shown_board(mixed, GROUPS, "w", 0, distractors=EXTRA)) == mixed
    assert shown_board(tail, GROUPS, "w", 0, distractors=EXTRA) == shuffled_board(GROUPS, "w", 0, EXTRA)


@pytest.mark.parametrize("k", [1, 4])
def test_cutting_a_board_with_distractors_into_fours_is_chance(k: int) -> None:
    # The naive player of test_board.py on 16 + k words: its first four rows as groups, the k words
    # after them as distractors. A row is a gold group with chance 4 / C(16 + k, 4) (the rows are
    # taken from a uniform shuffle), and a word left at the end is a distractor with chance k / (16 + k).
    n, extra = 2000, tuple(f"d{j}" for j in range(k))
    found = hits = 0
    for i in range(n):
        groups = [tuple(f"{i}-{g}-{j}" for j in range(4)) for g in range(4)]
        board = shuffled_board(groups, f"w{i}", 0, extra)
        found += sum(tuple(sorted(r)) in {tuple(sorted(g)) for g in groups} for r in rows(board[:16]))
        hits += sum(w in extra for w in board[16:])
    chance = 4 * 4 / math.comb(16 + k, 4) * n
    assert found < 2 * chance + 10
    assert hits / (n * k) == pytest.approx(k / (16 + k), abs=0.03)
