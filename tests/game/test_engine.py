"""The engine under each named rule set: feedback, lives, repeats, invalid moves, the end."""

from __future__ import annotations

import pytest

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.game import Board, FeedbackKind, Game, get_rules

K = FeedbackKind
FISH, TREES, KITCHEN, PLANETS = (
    ["Trout", "Perch", "Pike", "Roach"],
    ["Oak", "Ash", "Elm", "Yew"],
    ["Tea-pot", "Kettle", "Toaster", "Oven"],
    ["Mars", "Venus", "Earth", "Saturn"],
)
ONE_AWAY = ["Trout", "Perch", "Pike", "Oak"]
WRONG = ["Trout", "Oak", "Mars", "Oven"]


def test_nyt_feedback_repeat_and_four_mistakes(board: Board) -> None:
    game = Game(board, get_rules("nyt"))
    assert game.guess(["trout", " PERCH ", "pike", "roach"]).kind is K.CORRECT  # case and spaces folded
    fb = game.guess(["Oak", "Ash", "Elm", "Mars"])
    assert (fb.kind, fb.mistake, game.mistakes_left) == (K.ONE_AWAY, True, 3)
    fb = game.guess(["Elm", "Ash", "Oak", "Mars"])  # the same 4 words in another order
    assert (fb.kind, fb.mistake, fb.repeat, game.mistakes_left) == (K.REPEAT, False, True, 3)
    assert game.guess(["Trout", "Oak", "Ash", "Elm"]).kind is K.INVALID  # Trout is no longer on the board
    assert game.guess(["Oak", "Oak", "Ash", "Elm"]).kind is K.INVALID  # the same word twice
    for guess in (["Oak", "Ash", "Elm", "Venus"], ["Oak", "Ash", "Elm", "Earth"]):
        assert not game.guess(guess).over
    last = game.guess(["Oak", "Ash", "Elm", "Saturn"])
    assert last.over and not game.won
    assert game.guess(TREES).kind is K.GAME_OVER
    out = game.outcome()
    assert (out.found, out.mistakes, out.invalid, out.repeats, out.moves) == ((0,), 4, 2, 1, 8)


def test_nyt_last_group_must_be_played(board: Board) -> None:
    game = Game(board, get_rules("nyt"))
    for group in (FISH, TREES, KITCHEN):
        game.guess(group)
    assert not game.over and sorted(game.view().remaining) == sorted(PLANETS)
    assert game.guess(PLANETS).over and game.won


def test_missed_connections_ports_todd_et_al(board: Board) -> None:
    game = Game(board, get_rules("missed-connections"))
    assert game.guess(["teapot", "kettle!", "TOASTER", "oven"]).kind is K.CORRECT  # punctuation removed
    fb = game.guess(["Trout", "Trout", "Perch", "Oak"])  # a repeated word is a valid (wrong) guess
    assert (fb.kind, fb.mistake) == (K.WRONG, True)
    fb = game.guess(["trout", "trout", "perch", "oak"])  # a repeat is judged and charged again
    assert (fb.kind, fb.mistake, fb.repeat) == (K.WRONG, True, True)
    fb = game.guess(ONE_AWAY)
    assert fb.kind is K.ONE_AWAY and game.mistakes_left == 2
    assert game.guess(FISH).kind is K.CORRECT
    fb = game.guess(PLANETS)  # the third group found: the last one is implied and the game is won
    assert fb.over and game.won and fb.found == (3, 1)
    assert game.outcome().repeats == 1


def test_missed_connections_invalid_limit_and_five_mistakes(board: Board) -> None:
    game = Game(board, get_rules("missed-connections"))
    for _ in range(4):
        assert not game.guess(["Trout"]).over
    assert game.guess([]).over and game.outcome().invalid == 5 and game.outcome().mistakes == 0
    game = Game(board, get_rules("missed-connections"))
    fbs = [game.guess(WRONG) for _ in range(5)]
    assert [f.over for f in fbs] == [False] * 4 + [True] and game.outcome().mistakes == 5


def test_only_connect_lives_after_two_groups_and_naming(board: Board) -> None:
    game = Game(board, get_rules("only-connect"))
    for _ in range(10):
        fb = game.guess(ONE_AWAY)
        assert fb.kind is K.WRONG and not fb.mistake  # no "one away" on the wall, and no lives yet
    game.guess(TREES)
    game.guess(KITCHEN)
    assert game.lives_active and game.mistakes_left == 3
    assert game.view().found[0] == (tuple(TREES), "")  # connections stay hidden: they are named later
    assert game.guess(["Trout", "Perch", "Venus", "Earth"]).mistake
    fb = game.guess(FISH)
    assert fb.found == (0, 3) and game.won
    assert game.view().resolved == board.groups
    game.name_connections(["Fish", "Trees", "Kitchen", "Planets"])
    assert game.outcome().connections == ("Fish", "Trees", "Kitchen", "Planets")


def test_only_connect_three_lives_then_frozen(board: Board) -> None:
    game = Game(board, get_rules("only-connect"))
    game.guess(TREES)
    game.guess(KITCHEN)
    for _ in range(3):
        fb = game.guess(WRONG[:1] + PLANETS[:3])
    assert fb.over and not game.won and game.outcome().found == (1, 2)
    with pytest.raises(ValueError, match="after the wall"):
        Game(board, get_rules("only-connect")).name_connections(["a"] * 4)


def test_oneshot_partial_credit_weighted_and_malformed_groups(board: Board) -> None:
    game = Game(board, get_rules("oneshot"))
    fb = game.submit([PLANETS, KITCHEN, ["Trout", "Perch", "Pike", "Oak"], ["Roach", "Ash", "Elm", "Yew"]])
    out = game.outcome()
    assert fb.kind is K.WRONG and fb.over and out.found == (3, 2)
    assert (out.score, out.weighted(board.levels), out.invalid) == (0.5, 7, 0)
    game = Game(board, get_rules("oneshot"))
    fb = game.submit([[*PLANETS, "Pluto"], FISH, TREES, ["Tea-pot", "Kettle", "Toaster", "Grill"]])
    assert fb.kind is K.INVALID and game.outcome().found == (0, 1)  # a 5-word group earns nothing
    with pytest.raises(ValueError, match="submit"):
        game.guess(FISH)


def test_rules_registry_and_overrides() -> None:
    rules = get_rules(" Missed-Connections ", max_mistakes=500)
    assert rules.max_mistakes == 500 and "puzzle.py" in rules.source
    with pytest.raises(EvaluationError, match="unknown rules 'chess'; choose one of: nyt, "):
        get_rules("chess")
    with pytest.raises(EvaluationError, match="cannot override"):
        get_rules("nyt", one_away=0)


def test_order_must_be_the_boards_words(board: Board) -> None:
    with pytest.raises(ValueError, match="not a permutation"):
        Game(board, get_rules("nyt"), order=["Trout"] * 16)
    order = board.shuffled(5)
    assert Game(board, get_rules("nyt"), order).view().remaining == order != board.words


def test_missed_connections_baseline_plays_past_the_usual_move_stop(board: Board) -> None:
    rules = get_rules("missed-connections-baseline")
    assert (rules.max_mistakes, rules.matching) == (500, "todd") and "baseline_experiment.py" in rules.source
    game = Game(board, rules)
    for _ in range(150):  # repeats are charged under Todd et al.'s rules: 150 mistakes, game still on
        assert game.guess(WRONG).mistake and not game.over
    for group in (FISH, TREES, KITCHEN):
        assert game.guess(group).kind is K.CORRECT
    assert game.won and game.outcome().mistakes == 150 and game.outcome().moves == 153
    game = Game(board, rules)
    while not game.over:
        game.guess(WRONG)
    assert game.outcome().mistakes == 500 and not game.won  # the mistakes end it, not the move stop
