"""Boards with distractors under every rule set (issue #27, section 1): a distractor never completes a
group, the game is won when the four groups are found, and every player copes with 16 + k words."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pytest

from ocwtool.evaluation.baselines.common import kept_for_grouping, shuffled_words
from ocwtool.evaluation.baselines.random_baseline import RandomBaseline
from ocwtool.evaluation.game import RULE_NAMES, Board, Game, get_rules, play_game
from ocwtool.evaluation.game.engine import FeedbackKind
from ocwtool.evaluation.game.players import OraclePlayer, RandomPlayer, greedy_partition
from ocwtool.evaluation.game.replay import replay
from ocwtool.evaluation.game.similarity_players import SimilarityPlayer
from ocwtool.evaluation.game.transcript import dump_transcripts, parse_transcripts
from ocwtool.evaluation.scorer import GoldWall, score_wall
from tests.game.conftest import CONNECTIONS, GROUPS

EXTRA = ("Anvil", "Sonnet")


@pytest.fixture
def dboard() -> Board:
    return Board("own-d", GROUPS, CONNECTIONS, (0, 1, 2, 3), distractors=EXTRA)


def test_the_board_shows_the_distractors_among_the_clues(dboard: Board) -> None:
    assert len(dboard.words) == 18 and set(EXTRA) <= set(dboard.shuffled(0))
    assert dboard.shuffled(4) != dboard.shuffled(5)
    with pytest.raises(ValueError, match="not a permutation"):
        Game(dboard, get_rules("nyt"), order=[w for g in GROUPS for w in g])


@pytest.mark.parametrize("name", [n for n in RULE_NAMES if n != "oneshot"])
def test_a_distractor_never_completes_a_group_and_four_groups_win(dboard: Board, name: str) -> None:
    game = Game(dboard, get_rules(name))
    fb = game.guess([*GROUPS[0][:3], "Anvil"])
    assert fb.kind in (FeedbackKind.ONE_AWAY, FeedbackKind.WRONG) and not fb.found
    for k in range(3):
        assert game.guess(GROUPS[k]).kind is FeedbackKind.CORRECT
    assert not game.won and not game.over  # the last group is not implied while distractors remain
    assert game.guess(GROUPS[3]).kind is FeedbackKind.CORRECT
    assert game.won and game.over and sorted(game.view().remaining) == sorted(EXTRA)


def test_oneshot_credits_only_groups_without_distractors(dboard: Board) -> None:
    game = Game(dboard, get_rules("oneshot"))
    fb = game.submit([GROUPS[0], GROUPS[1], GROUPS[2], ("Mars", "Venus", "Earth", "Anvil")])
    assert fb.found == (0, 1, 2) and not game.won and fb.kind is FeedbackKind.WRONG
    won = Game(dboard, get_rules("oneshot"))
    assert won.submit(GROUPS).kind is FeedbackKind.CORRECT and won.won


@pytest.mark.parametrize("name", RULE_NAMES)
def test_players_play_boards_with_distractors_and_replays_agree(dboard: Board, name: str) -> None:
    rules = get_rules(name)
    oracle = play_game(dboard, rules, OraclePlayer(dboard), seed=1)
    assert oracle.recorded is not None and oracle.recorded.won
    rand = play_game(dboard, rules, RandomPlayer(), seed=1)
    again = next(parse_transcripts(dump_transcripts([rand]), "t.jsonl"))
    assert again.board is not None and again.board.distractors == list(EXTRA)
    done = replay(again, again.board.to_board(), rules)
    assert done.differences == () and done.outcome is not None


def similar_by_group(board: Board) -> SimilarityPlayer:
    group_of = {w: k for k, g in enumerate(board.groups) for w in g}

    def similarity(words: Sequence[str]) -> np.ndarray:
        return np.array([[float(group_of.get(a, -1) == group_of.get(b, -2)) for b in words] for a in words])

    return SimilarityPlayer("planted", similarity)


@pytest.mark.parametrize("name", RULE_NAMES)
def test_a_similarity_player_leaves_the_distractors_out(dboard: Board, name: str) -> None:
    t = play_game(dboard, get_rules(name), similar_by_group(dboard), seed=3)
    assert t.recorded is not None and t.recorded.won


def test_a_full_answer_from_a_guesser_is_four_groups_of_four(dboard: Board) -> None:
    game = Game(dboard, get_rules("oneshot"))
    groups = greedy_partition(RandomPlayer(), game.view())
    assert len(groups) == 4 and all(len(g) == 4 for g in groups)
    assert len({w for g in groups for w in g}) == 16


def test_similarity_baselines_set_the_loosest_words_aside() -> None:
    sim = np.zeros((18, 18))
    for k in range(4):
        sim[4 * k : 4 * k + 4, 4 * k : 4 * k + 4] = 0.9
    sim[16, 0] = sim[0, 16] = 0.5  # a distractor near one clue only
    assert kept_for_grouping(sim) == list(range(16))
    assert kept_for_grouping(sim[:16, :16]) == list(range(16))


def _chance_groups(n: int) -> float:
    """Expected gold groups among 4 random disjoint groups of 4 of ``n`` words (4 gold groups)."""
    ways = math.comb(n, 16) * math.factorial(16) / (math.factorial(4) ** 4 * math.factorial(4))
    with_one = math.comb(n - 4, 12) * math.factorial(12) / (math.factorial(4) ** 3 * math.factorial(3))
    return 4 * with_one / ways


@pytest.mark.parametrize("k", [0, 2, 4])
def test_the_random_baseline_scores_chance_on_16_plus_k_words(k: int) -> None:
    base, n_walls = RandomBaseline(), 1000
    extra = tuple(f"d{j}" for j in range(k))
    found = precision = recall = 0.0
    for i in range(n_walls):
        gold = GoldWall(
            f"w{i}", tuple(tuple(f"{i}-{g}-{j}" for j in range(4)) for g in range(4)), distractors=extra
        )
        words = shuffled_words(gold, 0)
        assert len(words) == 16 + k
        s = score_wall(gold, base.group(gold, words, 0))
        found += s.correct_groups
        precision += s.distractor_precision or 0.0
        recall += s.distractor_recall or 0.0
    expected = _chance_groups(16 + k) * n_walls  # k = 0: 4/455 per wall, as before
    assert abs(found - expected) < 4 * math.sqrt(expected) + 1
    if k:  # the words a random player leaves out are distractors by chance only: k / (16 + k)
        assert precision / n_walls == pytest.approx(k / (16 + k), abs=0.02)
        assert recall / n_walls == pytest.approx(k / (16 + k), abs=0.02)
