"""The verifiers environment's island copies (rules, game, reply reading, metrics) against ocwtool's
own engine, parsers and scorer, move for move and reply for reply; and its bad-input behaviour."""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from pathlib import Path

import pytest

from ocwtool.evaluation.game import Board, Game, get_rules
from ocwtool.evaluation.rawtext import parse_model_text
from ocwtool.evaluation.scorer import GoldWall, score_wall
from ocwtool.llm.board import parse_guess
from ocwtool.training.verifiers_env import episode, game, parse, rewards

GROUPS = (
    ("Danube", "Rhine", "Loire", "Tagus"),
    ("Snap", "Bridge", "Rummy", "Whist"),
    ("Oak", "Ash", "Elm", "Yew"),
    ("Mars", "Venus", "Saturn", "Jupiter"),
)
LEVELS = (2, 0, 3, 1)
DISTRACTORS = ("Quorble",)
WORDS = [w for g in GROUPS for w in g]
BOARD = tuple(WORDS[1::2] + WORDS[0::2])
PUZZLE = game.Puzzle("w1", GROUPS, BOARD, ("Rivers", "Cards", "Trees", "Planets"), LEVELS)
DISTRACTED = game.Puzzle("w2", GROUPS, (*DISTRACTORS, *BOARD), PUZZLE.connections, None, DISTRACTORS)


def _ocw_game(p: game.Puzzle, rules: str) -> Game:
    board = Board(p.wall_id, p.groups, p.connections, p.levels, p.board, p.distractors)
    return Game(board, get_rules(rules), order=p.board)


@pytest.mark.parametrize("name", list(game.RULES))
def test_the_island_rule_tables_equal_ocwtools(name: str) -> None:
    ours = asdict(game.RULES[name])
    theirs = asdict(get_rules(name))
    assert {k: theirs[k] for k in ours if k != "summary"} == {k: v for k, v in ours.items() if k != "summary"}


def random_move(rng: random.Random, g: game.Game, p: game.Puzzle) -> list[str]:
    """Right groups, near misses, repeats, words off the board, odd sizes and case changes."""
    left = list(g.remaining)
    roll = rng.random()
    if roll < 0.2:
        group = next((list(x) for x in p.groups if set(x) <= set(left)), left[:4])
        return [w.upper() if rng.random() < 0.3 else w for w in group]
    if roll < 0.3:
        return [*rng.sample(left, 3), "Zanzibar"]
    if roll < 0.4:
        return rng.sample(left, min(len(left), rng.choice((3, 5))))
    if roll < 0.5 and len(left) >= 4:
        w = rng.sample(left, 3)
        return [*w, w[0]]
    pool = [w for grp in p.groups for w in grp if w in left]
    near = next((list(x) for x in p.groups if set(x) <= set(left)), None)
    if near and roll < 0.7:
        return [*near[:3], rng.choice([w for w in left if w not in near] or near)]
    return rng.sample(pool or left, min(4, len(pool or left)))


@pytest.mark.parametrize("rules", ["nyt", "missed-connections", "only-connect"])
@pytest.mark.parametrize("puzzle", [PUZZLE, DISTRACTED], ids=["plain", "distractors"])
def test_the_island_game_plays_as_ocwtools_engine(rules: str, puzzle: game.Puzzle) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        ours, theirs = game.Game(puzzle, game.RULES[rules]), _ocw_game(puzzle, rules)
        while not ours.over:
            move = random_move(rng, ours, puzzle)
            a, b = ours.guess(move), theirs.guess(move)
            assert (a.kind, a.message, a.over) == (b.kind.value, b.message, b.over), (seed, move)
            assert ours.remaining == theirs.view().remaining
        o, t = ours.outcome(), theirs.outcome()
        assert (o.won, o.found, o.mistakes, o.invalid, o.repeats, o.moves, o.near) == (
            t.won,
            t.found,
            t.mistakes,
            t.invalid,
            t.repeats,
            t.moves,
            t.near,
        )
        assert o.weighted(puzzle.levels) == t.weighted(puzzle.levels)


REPLIES = [
    "GUESS: Danube, Rhine, Loire, Tagus",
    "I think rivers.\nGUESS: danube, RHINE, Loire, Tagus",
    "Maybe [Snap, Bridge, Rummy, Whist] are card games.\nguess: Oak, Ash, Elm, Yew",
    "GUESS: Oak, Ash, Elm",
    "GUESS: Oak, Ash, Elm, Yew, Mars",
    "GUESS: Oak, Ash, Elm, Zanzibar",
    "Groupings:\nRivers: [Danube, Rhine, Loire, Tagus]\nCards: [Snap, Bridge, Rummy, Whist]",
    "1. **Oak**, **Ash**, Elm, Yew (trees)",
    "Hmm, tricky! Something about Danube, perhaps? I give up.",
    "",
    "GUESS:",
]


@pytest.mark.parametrize("text", REPLIES)
def test_a_guess_is_read_as_ocwtools_runner_reads_it(text: str) -> None:
    assert parse.read_guess(text, BOARD) == parse_guess(text, BOARD, "GUESS:")


ANSWERS = [
    "Groupings:\nRivers: [Danube, Rhine, Loire, Tagus]\nCards: [Snap, Bridge, Rummy, Whist]\n"
    "Trees: [Oak, Ash, Elm, Yew]\nPlanets: [Mars, Venus, Saturn, Jupiter]",
    "Let me think.\nGroupings:\nA: [Danube, Rhine, Snap, Tagus]\nB: [Loire, Bridge, Rummy, Whist]\n"
    "Trees: [Oak, ash, ELM, Yew]\nPlanets: [Mars, Venus, Saturn, Jupiter]",
    '[["Danube", "Rhine", "Loire", "Tagus"], ["Snap", "Bridge", "Rummy", "Whist"], '
    '["Oak", "Ash", "Elm", "Yew"], ["Mars", "Venus", "Saturn", "Jupiter"]]',
    "Groupings:\nRivers: [Danube, Rhine, Loire, Tagus, Snap]\nCards: [Bridge, Rummy, Whist]\n"
    "Trees: [Oak, Ash, Elm, Yew]\nPlanets: [Mars, Venus, Saturn, Jupiter]",
    "Groupings:\nRivers: [Danube, Rhine, Loire, Nile]\nTrees: [Oak, Ash, Elm, Yew]",
    "Hmm, tricky! Something about Danube, perhaps? Or maybe Zanzibar. I give up.",
    "",
]


def _oneshot_rewards(text: str) -> dict[str, float | None]:
    rules = game.RULES["oneshot"]
    return rewards.rewards(PUZZLE, rules, episode.play_replies(PUZZLE, rules, [text]).outcome())


@pytest.mark.parametrize("text", ANSWERS)
def test_a_oneshot_answer_scores_as_ocwtool_eval_scores_its_raw_text(text: str) -> None:
    gold = GoldWall("w1", GROUPS, PUZZLE.connections, LEVELS, clues=BOARD)
    theirs = score_wall(gold, parse_model_text(text, BOARD).groups)
    figures = _oneshot_rewards(text)
    assert figures["groups_solved"] == theirs.correct_groups
    assert figures["won"] == float(theirs.solved)
    assert figures["weighted"] == theirs.weighted
    assert figures["score"] == theirs.correct_groups / 4


@pytest.mark.parametrize("text", ANSWERS[3:])
def test_a_malformed_oneshot_answer_is_scored_invalid(text: str) -> None:
    figures = _oneshot_rewards(text)
    assert (figures["format_valid"], figures["won"]) == (0.0, 0.0)


@pytest.mark.parametrize(
    "completion", [None, 3, [], [{"role": "assistant", "content": None}], "no answer", [{"x": 1}]]
)
def test_a_malformed_completion_is_an_invalid_move_never_a_crash(completion: object) -> None:
    replies = episode.replies_of(completion)
    nyt = episode.play_replies(PUZZLE, game.RULES["nyt"], replies).outcome()
    oneshot = episode.play_replies(PUZZLE, game.RULES["oneshot"], replies).outcome()
    assert nyt.invalid == len(replies) and not nyt.found
    assert (oneshot.invalid, oneshot.found) == (1, ())


def test_content_parts_and_message_models_are_read_as_text() -> None:
    class Msg(dict[str, object]):
        pass

    parts = [{"type": "text", "text": "GUESS: Oak, Ash, "}, {"type": "text", "text": "Elm, Yew"}]
    completion = [Msg(role="assistant", content=parts), {"role": "user", "content": "Correct!"}]
    assert episode.replies_of(completion) == ["GUESS: Oak, Ash, Elm, Yew"]


def _bundle(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    (data / "ocw").mkdir(parents=True)
    index = {"default_config": "ocw", "configs": {"ocw": {"train": 1, "test": 1}}}
    (data / "index.json").write_text(json.dumps(index), encoding="utf-8")
    for split in ("train", "test"):
        (data / "ocw" / f"{split}.jsonl").write_text(json.dumps(episode.puzzle_record(PUZZLE)) + "\n")
    return data


def test_unknown_config_split_or_rules_get_one_clear_error(tmp_path: Path) -> None:
    data = _bundle(tmp_path)
    assert episode.load_puzzles(None, "test", data) == ("ocw", [PUZZLE])
    with pytest.raises(ValueError) as err:
        episode.load_puzzles("nyt", "test", data)
    assert str(err.value) == "unknown config 'nyt'; this bundle has: ocw"
    with pytest.raises(ValueError) as err:
        episode.load_puzzles("ocw", "validation", data)
    assert str(err.value) == "config 'ocw' has no split 'validation'; it has: train, test"
    with pytest.raises(ValueError) as err:
        episode.get_rules("chess")
    assert (
        str(err.value)
        == "unknown rules 'chess'; choose one of: nyt, missed-connections, only-connect, oneshot"
    )


def test_the_interactive_prompt_shows_the_board_as_bundled_and_the_rules() -> None:
    rules = game.RULES["nyt"]
    assert episode.first_message(PUZZLE, rules) == (
        f"The board:\nRemaining words: {', '.join(BOARD)}\nMistakes left: 4."
    )
    assert "GUESS: word1, word2, word3, word4" in episode.system_prompt(PUZZLE, rules)
    assert "1 of the words belong to no group" in episode.system_prompt(DISTRACTED, game.RULES["oneshot"])
