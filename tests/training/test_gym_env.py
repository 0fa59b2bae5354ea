"""The Gymnasium environment ``ocwtool/Connections-v0`` on hand-made boards, a workspace and a release."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")  # the [rl] extra

from gymnasium.utils.env_checker import check_env  # noqa: E402

from ocwtool.errors import EvaluationError, TrainingError  # noqa: E402
from ocwtool.evaluation.game import RULE_NAMES, OraclePlayer, Player, RandomPlayer, play_game  # noqa: E402
from ocwtool.evaluation.game.board import Board  # noqa: E402
from ocwtool.evaluation.game.transcript import outcome_record  # noqa: E402
from ocwtool.formats.hf import write_parquet  # noqa: E402
from ocwtool.schema.models import Split  # noqa: E402
from ocwtool.stores.puzzles import write_puzzles  # noqa: E402
from ocwtool.training import gym_env  # noqa: E402
from ocwtool.training.gym_env import ENV_ID, ConnectionsEnv  # noqa: E402
from ocwtool.training.rewards import GameResult, rewards  # noqa: E402
from tests.conftest import make_nyt, make_ocw_wall  # noqa: E402
from tests.training.conftest import BIRD, CHESS, FABRIC, SPICE, board  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OTHER = Board(
    "hand-2",
    tuple(tuple(f"{w}{n}" for w in ("Ant", "Bee", "Cod", "Doe")) for n in range(4)),
    tuple(f"Ends in {n}" for n in range(4)),
)


def _make(**kwargs: Any) -> Any:
    return gymnasium.make(ENV_ID, **kwargs).unwrapped


@pytest.mark.parametrize("rules", RULE_NAMES)
def test_it_passes_gymnasiums_env_checker_under_every_rule_set(rules: str) -> None:
    env = gymnasium.make(ENV_ID, boards=[board(), OTHER], rules=rules)
    check_env(env.unwrapped)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs) and info["wall_id"] in {"hand-1", "hand-2"}


def test_a_workspace_store_and_split_and_a_release_config(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    walls = [make_ocw_wall(f"wall0{k}").model_copy(update={"split": Split.TEST}) for k in (1, 2)]
    write_puzzles(ws / "puzzles" / "ocw.jsonl", walls)
    write_puzzles(ws / "puzzles" / "nyt.jsonl", [make_nyt().model_copy(update={"split": Split.TRAIN})])
    env = _make(workspace=ws, source="ocw", split="test", rules="only-connect")
    assert [b.wall_id for b in env.boards] == ["wall01", "wall02"]
    check_env(env)
    assert [b.wall_id for b in _make(workspace=str(ws), split="train").boards] == ["nyt-2024-01-02"]
    release = tmp_path / "release"
    (release / "data" / "ocw").mkdir(parents=True)
    write_parquet(walls, release / "data" / "ocw" / "test-00000-of-00001.parquet")
    env = _make(release=release, config="ocw", split="test", rules="nyt")
    assert [b.wall_id for b in env.boards] == ["wall01", "wall02"]
    check_env(env)


def test_the_board_is_shown_shuffled_by_the_seed_never_in_solution_order() -> None:
    env = _make(boards=[board()], rules="nyt")
    solution = [w for g in board().groups for w in g]
    for seed in range(20):
        obs, info = env.reset(seed=seed)
        assert list(env.shown) == list(board().shuffled(info["order"])) != solution
        assert obs["text"].splitlines()[1] == "Words left: " + ", ".join(env.shown)
        assert (obs["status"] == 0).all() and (obs["guesses"] == -1).all()
    assert env.reset(seed=7)[1] == env.reset(seed=7)[1]


def _through_env(env: Any, b: Board, player: Player, seed: int) -> Any:
    env.reset(options={"board": env.boards.index(b), "order": seed})
    player.start(env.game.view(), seed)
    index = {w: i for i, w in enumerate(env.shown)}
    while not env.game.over:
        if env.rules.oneshot:
            action = [index[w] for g in player.answer(env.game.view()) for w in g]
        else:
            action = [index[w] for w in player.guess(env.game.view())]
        env.step(action)
    return env.game.outcome()


@pytest.mark.parametrize("rules", RULE_NAMES)
def test_oracle_and_random_players_give_the_engines_outcomes(rules: str) -> None:
    boards = [board(), OTHER]
    env = _make(boards=boards, rules=rules)
    for b in boards:
        for seed in range(4):
            for make in (OraclePlayer, lambda _b: RandomPlayer()):
                engine = play_game(b, env.rules, make(b), seed=seed).recorded
                assert outcome_record(_through_env(env, b, make(b), seed)) == engine


def test_the_return_is_the_weighted_eval_figures_and_info_holds_them() -> None:
    weights = {"won": 1.0, "groups_solved": 0.25, "mistakes_penalty": 0.5, "efficiency": 1.0}
    env = _make(boards=[board()], rules="nyt", reward=weights)
    env.reset(seed=0, options={"board": 0})
    index = {w: i for i, w in enumerate(env.shown)}
    moves = [("Clove", "Mace", "Sage", "Wren"), SPICE, BIRD, CHESS, FABRIC]
    steps = [env.step([index[w] for w in m]) for m in moves]
    assert [s[2] for s in steps] == [False] * 4 + [True]
    assert [s[4]["feedback"] for s in steps] == ["one-away", "correct", "correct", "correct", "correct"]
    figures = rewards(GameResult.of(env.game))
    assert steps[-1][4]["rewards"] == figures
    expected = sum(w * (figures[name] or 0.0) for name, w in weights.items())
    assert expected == pytest.approx(1 + 1 - 0.5 * 1 / 4 + 4 / 5)
    assert sum(s[1] for s in steps) == pytest.approx(expected)
    obs = steps[-1][0]
    assert sorted(obs["status"].tolist()) == [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4
    assert obs["feedback"][:5].tolist() == [1, 0, 0, 0, 0] and obs["feedback"][5] == -1
    assert obs["text"].splitlines()[-1] == "Mistakes: 1 (left: 3); game over"


def test_text_replies_are_parsed_and_a_malformed_one_is_an_invalid_move() -> None:
    env = _make(boards=[board()], rules="nyt")
    env.reset(seed=1)
    _, _, _, _, info = env.step("Let me think.\nGUESS: Wren, Rook, Kite, Swift")
    assert info["feedback"] == "correct"
    for reply in ("", "I give up", "GUESS: Wren, Rook", "GUESS: Clove, Mace, Sage, Dill, Silk", "\x00" * 9):
        obs, _, _, _, info = env.step(reply)
        assert info["feedback"] == "invalid" and env.observation_space.contains(obs)
    assert env.game.over and env.game.outcome().invalid == 5  # the rules' limit ends the game
    assert info["rewards"]["format_valid"] == 0.0


def test_a_oneshot_text_reply_and_its_trap_claim() -> None:
    env = _make(boards=[board()], rules="oneshot", reward={"trap_claim": 1.0})
    env.reset(seed=2)
    reply = "\n".join(", ".join(g) for g in (SPICE, BIRD, CHESS, FABRIC))
    reply += "\n<traps>\nRook, Wren, Bishop, Knight\n</traps>"
    _, reward, terminated, _, info = env.step(reply)
    assert (terminated, info["feedback"], info["rewards"]["won"], reward) == (True, "correct", 1.0, 2.0)


@pytest.mark.parametrize(
    "action",
    [[0, 0, 1, 2], [0, 1, 2], [0, 1, 2, 16], [-1, 0, 1, 2], [0.0, 1.0, 2.0, 3.0], None, [[0, 1], [2, 3, 4]]],
)
def test_an_action_that_is_not_four_distinct_indices_is_one_clear_error(action: Any) -> None:
    env = _make(boards=[board()], rules="nyt")
    env.reset(seed=0)
    with pytest.raises(TrainingError) as err:
        env.step(action)
    assert str(err.value) == (
        f"an action is 4 distinct word indices from 0 to 15 (a board of 16 words), got {action!r}; "
        "or give the model's reply as a string"
    )
    assert env.game.outcome().moves == 0  # nothing was played


def test_unknown_rules_split_config_store_or_reward_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(
        EvaluationError, match=r"^unknown rules 'chess'; choose one of: nyt, missed-connections"
    ):
        _make(boards=[board()], rules="chess")
    with pytest.raises(TrainingError) as err:
        _make(workspace=tmp_path, split="dev")
    assert str(err.value) == "unknown split 'dev'; choose one of: train, validation, test, all"
    with pytest.raises(TrainingError) as err:
        _make(split="test")
    assert str(err.value) == (
        "give the boards either as workspace=DIR (with source=STORE) or as release=DIR "
        "(with config=NAME), not both and not neither"
    )
    (tmp_path / "data" / "ocw").mkdir(parents=True)
    wall = make_ocw_wall("w1").model_copy(update={"split": Split.TEST})
    write_parquet([wall], tmp_path / "data" / "ocw" / "test-00000-of-00001.parquet")
    with pytest.raises(EvaluationError) as err2:
        _make(release=tmp_path, config="nyt")
    assert str(err2.value) == f"{tmp_path}: no config 'nyt' under data/; known: ocw"
    with pytest.raises(TrainingError, match=r"^unknown reward\(s\) win; choose from: won, groups_solved"):
        _make(boards=[board()], reward={"win": 1.0})


def test_registered_by_import_by_module_path_and_declared_as_an_entry_point() -> None:
    assert ENV_ID in gymnasium.registry
    env = gymnasium.make(f"ocwtool.training.gym_env:{ENV_ID}", boards=[board()])
    assert isinstance(env.unwrapped, ConnectionsEnv)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["entry-points"]["gymnasium.envs"] == {"ocwtool": "ocwtool.training.gym_env:register"}
    assert gym_env.register.__module__ == "ocwtool.training.gym_env"
    assert project["optional-dependencies"]["rl"] == ["gymnasium>=1,<2"]
    assert "rl" in (ROOT / "Makefile").read_text(encoding="utf-8").split("-e '.[")[-1].split("]")[0].split(
        ","
    )


def test_a_workspaces_trap_labels_reach_the_trap_claim_reward(tmp_path: Path) -> None:
    import datetime as dt

    from ocwtool.schema.annotations import ItemRecord, RedHerringCategory
    from ocwtool.stores.annotations import append_record

    ws, puzzle = tmp_path / "ws", make_nyt().model_copy(update={"split": Split.TEST})
    write_puzzles(ws / "puzzles" / "nyt.jsonl", [puzzle])
    a, b = puzzle.groups[0].clues, puzzle.groups[1].clues
    clues = (a[0], a[1], b[0], b[1])
    numbers = tuple(puzzle.clues.index(c) + 1 for c in clues)
    trap = RedHerringCategory(clue_numbers=numbers, clues=clues, theme="invented")
    stamp = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    record = ItemRecord(
        annotator="alice", puzzle_id=puzzle.id, red_herring_categories=(trap,), created_at=stamp,
        guideline_version="test",
    )  # fmt: skip
    assert _make(workspace=ws, source="nyt").boards[0].traps is None  # not labelled yet
    append_record(ws / "annotations", record)
    env = _make(workspace=ws, source="nyt", rules="oneshot", reward={"trap_claim": 1.0})
    assert env.boards[0].traps == (clues,)
    env.reset(seed=0)
    reply = "\n".join(", ".join(g.clues) for g in puzzle.groups) + f"\n<traps>\n{', '.join(clues)}\n</traps>"
    _, reward, terminated, _, info = env.step(reply)
    figures = info["rewards"]
    assert (terminated, figures["won"], figures["trap_claim"], reward) == (True, 1.0, 2.0, 2.0)
    with pytest.raises(TrainingError) as err:
        _make(workspace=ws, source="nyt", herrings="bob")
    assert str(err.value) == (
        "no red-herring labels named 'bob' on the 1 boards of split 'test'; "
        "leave herrings= out to use the default order"
    )
