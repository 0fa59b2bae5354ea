"""The verifiers environment's rubric against ``ocwtool.training.rewards``: many random games under
every rule set, each reward function of the island (fed the rollout's replies, as verifiers calls it)
equal to ocwtool's reward of the same name on the same game, played by ocwtool's engine from the
replies as ocwtool's LLM runner reads them (one-shot answers: the groups the island reads)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

from ocwtool.evaluation.game import Board, Game, get_rules
from ocwtool.llm.board import parse_guess
from ocwtool.training import rewards as ocw_rewards
from ocwtool.training.rewards import GameResult
from ocwtool.training.verifiers_env import episode, game, parse, rewards
from tests.training.test_verifiers_island import DISTRACTED, PUZZLE, random_move

PUZZLES = [PUZZLE, DISTRACTED]
GAMES = 60


def _ocw_game(p: game.Puzzle, rules: str) -> Game:
    board = Board(p.wall_id, p.groups, p.connections, p.levels, p.board, p.distractors)
    return Game(board, get_rules(rules), order=p.board)


def _info(p: game.Puzzle) -> str:
    return json.dumps({"wall_id": p.wall_id, "puzzle": episode.puzzle_record(p)})  # as env.py stores it


def _rubric_figures(p: game.Puzzle, rules: str, replies: Sequence[str]) -> dict[str, float]:
    completion = [{"role": "assistant", "content": text} for text in replies]
    return {
        name: rewards.reward_function(name, game.RULES[rules])(completion, info=_info(p))
        for name in rewards.METRICS
    }


def _check(p: game.Puzzle, rules: str, replies: Sequence[str], theirs: Game) -> None:
    """The island's pure figures equal ocwtool's (``None`` included); its rubric functions too, an
    undefined reward counting 0 as in ``ocwtool.training.rewards.total``."""
    expected = ocw_rewards.rewards(GameResult.of(theirs))
    out = episode.play_replies(p, game.RULES[rules], replies).outcome()
    figures = rewards.rewards(p, game.RULES[rules], out)
    assert {k: figures[k] for k in rewards.REWARDS} == expected, replies
    assert figures["score"] == theirs.outcome().score
    rubric = _rubric_figures(p, rules, replies)
    assert rubric == {k: v or 0.0 for k, v in figures.items()}, replies


def _assert_spread(seen: set[tuple[tuple[str, float | None], ...]], *constant: str) -> None:
    """The random games reach many outcomes: each reward takes two values at least (but the trap
    claim, never labelled, and the ``constant`` ones)."""
    values = {name: {dict(row)[name] for row in seen} for name in ocw_rewards.REWARDS}
    fixed = {"trap_claim", *constant}
    assert all(len(v) >= 2 for name, v in values.items() if name not in fixed), values
    assert values["trap_claim"] == {None}


def _reply(rng: random.Random, g: game.Game, p: game.Puzzle) -> str:
    roll = rng.random()
    if roll < 0.05:
        return "Hmm, tricky! I give up."
    words = random_move(rng, g, p)
    if roll < 0.15:
        return f"Trees? [{', '.join(words)}]"
    return f"Let me think.\nGUESS: {', '.join(words)}"


@pytest.mark.parametrize("rules", ["nyt", "missed-connections", "only-connect"])
@pytest.mark.parametrize("puzzle", PUZZLES, ids=["levels", "distractors"])
def test_every_rubric_reward_equals_ocwtools_on_random_games(rules: str, puzzle: game.Puzzle) -> None:
    seen = set()
    for seed in range(GAMES):
        rng = random.Random(seed)
        ours, theirs, replies = game.Game(puzzle, game.RULES[rules]), _ocw_game(puzzle, rules), []
        while not ours.over:
            text = _reply(rng, ours, puzzle)
            replies.append(text)
            ours.guess(parse.read_guess(text, puzzle.board))
            theirs.guess(parse_guess(text, puzzle.board, "GUESS:"))
        _check(puzzle, rules, replies, theirs)
        seen.add(tuple(ocw_rewards.rewards(GameResult.of(theirs)).items()))
    _assert_spread(seen, *(["weighted"] if puzzle.levels is None else []))


def _answer(rng: random.Random, p: game.Puzzle) -> str:
    """Four groups, each right, one word off (a near miss), shuffled, or the wrong size; sometimes
    fewer groups, or a word off the board."""
    pool = list(p.board)
    rows = []
    for k, group in enumerate(p.groups):
        roll = rng.random()
        if roll < 0.45:
            words = list(group)
        elif roll < 0.7:
            words = [*group[:3], rng.choice([w for w in pool if w not in group])]
        elif roll < 0.8:
            words = rng.sample(pool, rng.choice((3, 5)))
        elif roll < 0.9:
            words = [*group[:3], "Zanzibar"]
        else:
            words = rng.sample(pool, 4)
        rows.append(f"Group {k + 1}: [{', '.join(words)}]")
    rng.shuffle(rows)
    return "Groupings:\n" + "\n".join(rows[: 4 if rng.random() < 0.9 else 3])


@pytest.mark.parametrize("puzzle", PUZZLES, ids=["levels", "distractors"])
def test_every_rubric_reward_equals_ocwtools_on_random_oneshot_answers(puzzle: game.Puzzle) -> None:
    seen = set()
    for seed in range(GAMES * 2):
        text = _answer(random.Random(seed), puzzle)
        theirs = _ocw_game(puzzle, "oneshot")
        # the answer as the island reads it (ocwtool's raw-text reader may pick other rows of a
        # messy reply: the readers are compared in test_verifiers_island.py), played by ocwtool
        theirs.submit(parse.read_grouping(text, puzzle.board))
        _check(puzzle, "oneshot", [text], theirs)
        seen.add(tuple(ocw_rewards.rewards(GameResult.of(theirs)).items()))
    _assert_spread(seen, "mistakes_penalty", *(["weighted"] if puzzle.levels is None else []))


def test_the_rubric_offers_ocwtools_rewards_and_score_with_score_the_default() -> None:
    assert tuple(ocw_rewards.REWARDS) == rewards.REWARDS
    assert (*ocw_rewards.REWARDS, "score") == rewards.METRICS
    assert rewards.check_weights(None) == {"score": 1.0}
    assert rewards.check_weights({"won": 1, "one_away": 0.25}) == {"won": 1.0, "one_away": 0.25}
    with pytest.raises(ValueError) as err:
        rewards.check_weights({"win": 1.0})
    assert str(err.value) == (
        "unknown reward weight(s) ['win']; choose among: won, groups_solved, weighted, "
        "mistakes_penalty, one_away, efficiency, trap_claim, format_valid, score"
    )
