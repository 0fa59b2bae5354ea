"""The reward functions on hand-made games: the values worked out by hand from the formulas of
docs/training.md, and each reward equal to the ``ocwtool eval`` figure of the same name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.errors import TrainingError
from ocwtool.evaluation.game import dump_transcripts
from ocwtool.evaluation.game.replay import replay_all
from ocwtool.evaluation.game.score import summarize
from ocwtool.training.rewards import REWARDS, GameResult, rewards, total
from tests.conftest import run_ocwtool
from tests.training.conftest import BIRD, CHESS, FABRIC, SPICE, TRAPS, board, play

# (rules, board, moves, trap claim, the rewards worked out by hand)
GAMES = [
    # a perfect NYT game and a right trap claim
    (
        "nyt",
        board(),
        [SPICE, BIRD, CHESS, FABRIC],
        TRAPS[0],
        dict(
            won=1,
            groups_solved=4,
            weighted=10,
            mistakes_penalty=0,
            one_away=0,
            efficiency=1,
            trap_claim=2,
            format_valid=1,
        ),
    ),
    # one-away twice (spices, chess pieces: never found), an invalid guess, four mistakes: lost
    (
        "nyt",
        board(),
        [
            ("Clove", "Mace", "Sage", "Wren"),
            BIRD,
            ("Bishop", "Knight", "Pawn", "Silk"),
            ("Bishop", "Knight", "Pawn", "Oops"),
            FABRIC,
            ("Clove", "Mace", "Bishop", "Knight"),
            ("Clove", "Sage", "Pawn", "King"),
        ],
        TRAPS[0],  # right, but forfeited: the game was not played in a valid format
        dict(
            won=0,
            groups_solved=2,
            weighted=2 + 4,
            mistakes_penalty=-1,
            one_away=2 / 4,
            efficiency=0,
            trap_claim=0,
            format_valid=1 - 1,
        ),
    ),
    # Todd et al.'s rules: the last group reveals itself, so 3 moves win; one mistake of 5; no
    # levels and no trap labels: those rewards are undefined
    (
        "missed-connections",
        board(levels=None, traps=None),
        [SPICE, ("Wren", "Rook", "Kite", "Bishop"), BIRD, CHESS],
        None,
        dict(
            won=1,
            groups_solved=4,
            weighted=None,
            mistakes_penalty=-1 / 5,
            one_away=0,
            efficiency=3 / 4,
            trap_claim=None,
            format_valid=1,
        ),
    ),
    # one full answer: two groups right, two one word away; "N/A" claimed on a board with a trap
    (
        "oneshot",
        board(),
        [SPICE, ("Wren", "Rook", "Kite", "Pawn"), ("Bishop", "Knight", "Swift", "King"), FABRIC],
        (),
        dict(
            won=0,
            groups_solved=2,
            weighted=1 + 4,
            mistakes_penalty=0,
            one_away=2 / 4,
            efficiency=0,
            trap_claim=0,
            format_valid=1,
        ),
    ),
    # one full answer, all right, "N/A" claimed on a board labelled without traps: right
    (
        "oneshot",
        board(traps=()),
        [FABRIC, CHESS, BIRD, SPICE],
        (),
        dict(
            won=1,
            groups_solved=4,
            weighted=10,
            mistakes_penalty=0,
            one_away=0,
            efficiency=1,
            trap_claim=2,
            format_valid=1,
        ),
    ),
]


@pytest.mark.parametrize("case", range(len(GAMES)))
def test_rewards_of_hand_made_games(case: int) -> None:
    rules, b, moves, claim, expected = GAMES[case]
    game, _ = play(b, rules, moves, claim)
    assert game.over
    got = rewards(GameResult.of(game, claim))
    assert list(got) == list(expected)
    for name, value in expected.items():
        assert got[name] == (None if value is None else pytest.approx(value)), name
        assert REWARDS[name](GameResult.of(game, claim)) == got[name]


def _transcripts_and_results() -> tuple[list, list[dict[str, float | None]]]:
    played = [play(b, rules, moves, claim) for rules, b, moves, claim, _ in GAMES]
    results = [
        rewards(GameResult.of(g, claim)) for (g, _), (*_, claim, _e) in zip(played, GAMES, strict=True)
    ]
    return [t for _, t in played], results


def test_every_reward_is_the_eval_figure_of_the_same_name() -> None:
    transcripts, results = _transcripts_and_results()
    report = summarize(replay_all(transcripts))
    for row, result in zip(report["games"], results, strict=True):
        assert {name: row[name] for name in REWARDS} == result
    nyt = report["runs"][0]  # the two NYT games: each summary figure is the mean of the rewards
    assert (nyt["rules"], nyt["games"]) == ("nyt", 2)
    for name in ("one_away", "efficiency", "format_valid", "mistakes_penalty", "trap_claim"):
        assert nyt[name] == pytest.approx((results[0][name] + results[1][name]) / 2), name


def test_rewards_equal_ocwtool_eval_on_a_workspace(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert run_ocwtool("-w", str(ws), "init", "--contact", "me@example.org").returncode == 0
    transcripts, results = _transcripts_and_results()
    games, out = tmp_path / "games.jsonl", tmp_path / "report.json"
    games.write_text(dump_transcripts(transcripts), encoding="utf-8")
    proc = run_ocwtool("-w", str(ws), "eval", "--transcripts", str(games), "--json-out", str(out))
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(out.read_text(encoding="utf-8"))["games"]
    assert [{name: row[name] for name in REWARDS} for row in rows] == results


def test_weighted_total_and_unknown_reward_names() -> None:
    game, _ = play(board(levels=None), "nyt", [SPICE, ("Wren", "Rook", "Kite", "Bishop"), BIRD])
    result = GameResult.of(game)
    assert total(result, {"groups_solved": 0.25, "mistakes_penalty": 1, "weighted": 5}) == 0.5 - 0.25
    with pytest.raises(TrainingError) as err:
        total(result, {"wins": 1.0})
    assert str(err.value) == (
        "unknown reward(s) wins; choose from: won, groups_solved, weighted, mistakes_penalty, one_away, "
        "efficiency, trap_claim, format_valid"
    )
