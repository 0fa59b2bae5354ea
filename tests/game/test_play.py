"""Games on a workspace's puzzles as library calls (``ocwtool.evaluation.game.play``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.game import get_rules, play_game, read_transcripts
from ocwtool.evaluation.game.play import (
    PlayRequest,
    baseline_player,
    choose_board,
    play_split,
    score_naming,
    write_games,
)
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import Workspace
from tests.conftest import make_ocw_wall


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    walls = [make_ocw_wall(f"wall0{k}").model_copy(update={"split": Split.TEST}) for k in (1, 2)]
    write_puzzles(tmp_path / "ws" / "puzzles" / "ocw.jsonl", walls)
    return Workspace.open(tmp_path / "ws")


def test_the_board_is_the_one_named_else_one_chosen_by_the_seed(ws: Workspace) -> None:
    assert choose_board(ws, PlayRequest(wall_id="wall02")).wall_id == "wall02"
    chosen = {choose_board(ws, PlayRequest(seed=seed)).wall_id for seed in range(8)}
    assert chosen == {"wall01", "wall02"}
    assert choose_board(ws, PlayRequest(seed=5)) == choose_board(ws, PlayRequest(seed=5))
    with pytest.raises(EvaluationError) as info:
        choose_board(ws, PlayRequest(wall_id="nope", split="train"))
    assert str(info.value) == (
        "no puzzles of split 'train' in " + str(ws.root) + " (2 puzzles in total); "
        "import or scrape puzzles first, or choose another --split"
    )
    with pytest.raises(EvaluationError) as info:
        choose_board(ws, PlayRequest(wall_id="nope"))
    assert str(info.value) == "no puzzle 'nope' in split 'all' of the workspace; check --wall and --split"


def test_a_baseline_plays_every_puzzle_and_its_games_replay_as_played(ws: Workspace, tmp_path: Path) -> None:
    played = play_split(ws, PlayRequest(rules="nyt", player="random", split="test", seed=3))
    assert [g.wall_id for g in played.games] == ["wall01", "wall02"]
    [run] = played.summary["runs"]
    assert (run["player"], run["rules"], run["games"], run["agreeing"]) == ("random", "nyt", 2, 2)
    out = write_games(tmp_path / "games.jsonl", played.games)
    assert read_transcripts(out) == played.games
    with pytest.raises(EvaluationError) as info:
        baseline_player("chess")
    assert str(info.value) == "unknown player 'chess'; choose one of: random, wordnet, minilm"


def test_named_connections_are_scored_as_task_2(ws: Workspace) -> None:
    board = choose_board(ws, PlayRequest(wall_id="wall01"))
    exact = score_naming(board, board.connections)
    assert (exact.exact, exact.rouge1_f1) == (4, 1.0)
    none = score_naming(board, ["", "", "", ""])
    assert (none.exact, none.rouge1_f1) == (0, 0.0)
    game = play_game(board, get_rules("nyt"), baseline_player("random"), seed=1)
    assert game.connections is None  # only rules with a naming step ask for names
