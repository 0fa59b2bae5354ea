"""Players under every rule set: similarity players (planted similarities), and a person at the
terminal through ``ocwtool play`` (CliRunner input)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.evaluation.game import RULE_NAMES, Board, Game, get_rules, play_game, read_transcripts
from ocwtool.evaluation.game.engine import GameView
from ocwtool.evaluation.game.replay import replay
from ocwtool.evaluation.game.similarity_players import SimilarityPlayer
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import write_puzzles
from tests.conftest import OWN_WALL, make_ocw_wall


def planted(board: Board, noise: float) -> SimilarityPlayer:
    """Words of a group are similar (1.0), except that ``noise`` links the first two groups' heads."""
    group_of = {w: k for k, g in enumerate(board.groups) for w in g}

    def similarity(words: Sequence[str]) -> np.ndarray:
        n = len(words)
        sim = np.array([[float(group_of[a] == group_of[b]) for b in words] for a in words])
        a, b = words.index(board.groups[0][0]), words.index(board.groups[1][0])
        sim[a, b] = sim[b, a] = noise
        return sim.reshape(n, n)

    return SimilarityPlayer("planted", similarity)


@pytest.mark.parametrize("name", RULE_NAMES)
def test_similarity_player_finds_planted_groups_under_every_rule_set(board: Board, name: str) -> None:
    t = play_game(board, get_rules(name), planted(board, 0.0), seed=2)
    assert t.recorded is not None and t.recorded.won and t.recorded.mistakes == 0


def test_similarity_player_ranks_by_mean_similarity_and_never_repeats(board: Board) -> None:
    player = planted(board, 5.0)  # the two heads look like a strong pair: its quads rank first
    game = Game(board, get_rules("missed-connections"), board.shuffled(1))
    player.start(game.view(), 1)
    first = player.guess(game.view())
    assert {board.groups[0][0], board.groups[1][0]} <= set(first)
    second = player.guess(game.view())
    assert set(second) != set(first)


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    wall = make_ocw_wall("wall01").model_copy(update={"split": Split.TEST})
    write_puzzles(tmp_path / "ws" / "puzzles" / "ocw.jsonl", [wall])
    return tmp_path / "ws"


def _lines(groups: Sequence[Sequence[str]]) -> str:
    return "".join(", ".join(g) + "\n" for g in groups)


def test_play_in_the_terminal_under_nyt_rules(ws: Path) -> None:
    groups = [clues for _, clues in OWN_WALL]
    wrong = [groups[0][:3] + groups[1][:1]]
    result = CliRunner().invoke(cli, ["-w", str(ws), "play", "--rules", "nyt"], input=_lines(wrong + groups))
    assert result.exit_code == 0, result.output
    assert "Danube, Rhine, Loire, Harry: one-away" in result.output
    assert "3 mistake(s) left" in result.output
    assert "Won: 4 of 4 groups, 1 mistake(s), 0 invalid, 5 move(s)." in result.output


def test_play_only_connect_names_connections_and_writes_a_replayable_transcript(ws: Path) -> None:
    groups = [clues for _, clues in OWN_WALL]
    names = "Rivers of Europe\nPotters\nCard games\nBirds\n"
    out = ws / "me.jsonl"
    args = ["-w", str(ws), "play", "--rules", "only-connect", "--wall", "wall01", "--out", str(out)]
    result = CliRunner().invoke(cli, args, input="x, y\n" + _lines(groups[:3]) + names)
    assert result.exit_code == 0, result.output
    assert "free guesses" in result.output and "Name each connection" in result.output
    assert "2 word(s), not 4; try again (nothing was played)." in result.output
    assert "Connections named: 2 of 4 exact, ROUGE-1 F1 0.67" in result.output  # (1 + 0 + 1 + 2/3) / 4
    [t] = read_transcripts(out)
    assert t.connections == ["Rivers of Europe", "Potters", "Card games", "Birds"]
    assert len(t.turns) == 3  # the typo was asked again, not played
    assert t.board is not None
    assert replay(t, t.board.to_board(), get_rules("only-connect")).agrees


def test_play_oneshot_takes_four_groups(ws: Path) -> None:
    groups = [clues for _, clues in OWN_WALL]
    swapped = [groups[0][:3] + groups[1][:1], groups[1][1:] + groups[0][3:], groups[2], groups[3]]
    result = CliRunner().invoke(cli, ["-w", str(ws), "play", "--rules", "oneshot"], input=_lines(swapped))
    assert result.exit_code == 0, result.output
    assert "Lost: 2 of 4 groups, 0 mistake(s), 0 invalid, 1 move(s)." in result.output


def test_play_with_a_baseline_player(ws: Path) -> None:
    result = CliRunner().invoke(cli, ["-w", str(ws), "play", "--player", "random", "--rules", "oneshot"])
    assert result.exit_code == 0 and "1 move(s)." in result.output


def test_engine_tracks_guesses_and_the_random_player_never_repeats(board: Board) -> None:
    game = Game(board, get_rules("only-connect"))
    wrong = [board.groups[0][0], board.groups[1][0], board.groups[2][0], board.groups[3][0]]
    assert not game.view().already_guessed(wrong)
    game.guess(wrong)
    view = game.view()
    assert view.already_guessed([w.upper() for w in reversed(wrong)])
    assert not view.already_guessed(list(board.groups[0]))
    from ocwtool.evaluation.game import RandomPlayer

    for name in ("only-connect", "nyt"):
        t = play_game(board, get_rules(name), RandomPlayer(), seed=4)
        guesses = [frozenset(w.casefold() for w in turn.guess or ()) for turn in t.turns]
        assert len(guesses) == len(set(guesses)) and all(turn.feedback != "repeat" for turn in t.turns)


class PlainPlayer(SimilarityPlayer):
    """The reference ranking: every quad scored in Python and sorted, on every move."""

    def guess(self, view: GameView) -> Sequence[str]:
        return self._guess_plain(view)


def _random_similarity(rng: np.random.Generator, ties: bool) -> Callable[[Sequence[str]], np.ndarray]:
    def similarity(words: Sequence[str]) -> np.ndarray:
        n = len(words)
        raw = rng.integers(0, 3, (n, n)).astype(float) if ties else rng.random((n, n))
        return np.triu(raw, 1) + np.triu(raw, 1).T

    return similarity


@pytest.mark.parametrize("name", RULE_NAMES)
def test_vectorised_ranking_makes_the_plain_rankings_moves(board: Board, name: str) -> None:
    """Same transcripts as the plain ranking, ties (integer similarities) and repeated words included."""
    repeated = Board("own-rep", (*board.groups[:3], (*board.groups[3][:3], board.groups[0][0])))
    rules = get_rules(name, max_moves=25)  # enough for only-connect's free guesses to repeat
    for k in range(6):
        for b in (board, repeated):
            fast = SimilarityPlayer("fast", _random_similarity(np.random.default_rng(k), k % 2 == 0))
            plain = PlainPlayer("fast", _random_similarity(np.random.default_rng(k), k % 2 == 0))
            assert play_game(b, rules, fast, seed=k) == play_game(b, rules, plain, seed=k)


def test_vectorised_ranking_keeps_the_plain_behaviour_on_nan(board: Board) -> None:
    def similarity(words: Sequence[str]) -> np.ndarray:
        sim = np.ones((len(words), len(words)))
        sim[0, 1] = sim[1, 0] = np.nan
        return sim

    fast, plain = SimilarityPlayer("p", similarity), PlainPlayer("p", similarity)
    rules = get_rules("only-connect", max_moves=20)
    assert play_game(board, rules, fast, seed=3) == play_game(board, rules, plain, seed=3)


def test_play_asks_again_for_a_typo_instead_of_charging_it(ws: Path) -> None:
    groups = [clues for _, clues in OWN_WALL]
    typos = "Danube, Rhine, Loire, Tagos\nDanube, Danube, Rhine, Loire\n"
    result = CliRunner().invoke(cli, ["-w", str(ws), "play", "--rules", "nyt"], input=typos + _lines(groups))
    assert result.exit_code == 0, result.output
    assert "not on the board: Tagos; try again" in result.output
    assert "the same word twice; try again" in result.output
    assert "Won: 4 of 4 groups, 0 mistake(s), 0 invalid, 4 move(s)." in result.output


def test_play_abandoned_at_the_end_of_input_writes_nothing(ws: Path) -> None:
    out = ws / "me.jsonl"
    args = ["-w", str(ws), "play", "--rules", "nyt", "--out", str(out)]
    result = CliRunner().invoke(cli, args, input="Danube, Rhine, Loire, Harry\n")
    assert result.exit_code == 130
    assert "Game abandoned; nothing written" in result.output and "resume" not in result.output
    assert not out.exists()


def test_play_all_lets_a_baseline_player_play_the_split_and_writes_replayable_games(ws: Path) -> None:
    out = ws / "all.jsonl"
    args = ["-w", str(ws), "play", "--all", "--player", "random", "--rules", "nyt", "--split", "test"]
    result = CliRunner().invoke(cli, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "random" in result.output and "1/1" in result.output  # 1 game, agreeing with itself
    games = read_transcripts(out)
    assert [g.wall_id for g in games] == ["wall01"] and games[0].player == "random"
    human = CliRunner().invoke(cli, ["-w", str(ws), "play", "--all"])
    assert human.exit_code == 2 and "--all needs a baseline --player" in human.output
    one = CliRunner().invoke(cli, ["-w", str(ws), "play", "--all", "--player", "random", "--wall", "wall01"])
    assert one.exit_code == 2 and "drop --wall" in one.output


def test_play_shows_the_puzzle_id(ws: Path) -> None:
    groups = [clues for _, clues in OWN_WALL]
    result = CliRunner().invoke(cli, ["-w", str(ws), "play", "--rules", "nyt"], input=_lines(groups))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "Puzzle wall01 (play it again: --wall wall01)"


def test_play_hints_at_commas_for_a_space_separated_guess(ws: Path) -> None:
    groups = [clues for _, clues in OWN_WALL]
    spaced = "Danube Rhine Loire Tagus\nDanube, Rhine Loire, Tagus\n"
    result = CliRunner().invoke(cli, ["-w", str(ws), "play", "--rules", "nyt"], input=spaced + _lines(groups))
    assert result.exit_code == 0, result.output
    assert (
        "1 word(s), not 4 (separate the words with commas: Danube, Rhine, Loire, Tagus); "
        "try again (nothing was played)."
    ) in result.output
    assert (
        "3 word(s), not 4 (separate the words with commas: Danube, Rhine, Loire, Tagus); "
        "try again (nothing was played)."
    ) in result.output
    assert "Won: 4 of 4 groups, 0 mistake(s), 0 invalid, 4 move(s)." in result.output


def test_play_refuses_a_repeated_guess_without_a_move_under_nyt_rules(ws: Path) -> None:
    """The NYT app says "Already guessed!": no mistake and no move; the transcript replays as played."""
    groups = [clues for _, clues in OWN_WALL]
    wrong = groups[0][:3] + groups[1][:1]
    again = [w.upper() for w in reversed(wrong)]  # the same 4 words in another order and case
    out = ws / "me.jsonl"
    args = ["-w", str(ws), "play", "--rules", "nyt", "--out", str(out)]
    result = CliRunner().invoke(cli, args, input=_lines([wrong, again, *groups]))
    assert result.exit_code == 0, result.output
    assert "already guessed: a repeat is refused, as in the NYT app; try again (nothing was played)." in (
        result.output
    )
    assert "Won: 4 of 4 groups, 1 mistake(s), 0 invalid, 5 move(s)." in result.output
    [t] = read_transcripts(out)
    assert [turn.feedback for turn in t.turns] == ["one-away", "correct", "correct", "correct", "correct"]
    assert t.board is not None and replay(t, t.board.to_board(), get_rules("nyt")).agrees


def test_play_judges_a_repeated_guess_under_rules_that_charge_it(ws: Path) -> None:
    groups = [clues for _, clues in OWN_WALL]
    wrong = groups[0][:3] + groups[1][:1]
    args = ["-w", str(ws), "play", "--rules", "missed-connections"]
    result = CliRunner().invoke(cli, args, input=_lines([wrong, wrong, *groups[:3]]))
    assert result.exit_code == 0, result.output
    assert "already guessed" not in result.output
    assert "Won: 4 of 4 groups, 2 mistake(s), 0 invalid, 5 move(s)." in result.output
