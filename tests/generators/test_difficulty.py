"""Measured difficulty of generated boards (issue #27 section 3, "Difficulty"): the players play every
board, the levels come from their figures, ``--level`` keeps boards of the levels asked, and the store
stays byte-identical per seed."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from ocwtool.annotations.herring_model.model import load
from ocwtool.annotations.herring_model.score import score_puzzles
from ocwtool.evaluation.difficulty import (
    CUTS,
    MISTAKES,
    Measurer,
    from_figures,
    group_ranks,
    level_of,
    measure,
    mistakes_before_found,
)
from ocwtool.evaluation.game import GameView, OraclePlayer, PlayerBase
from ocwtool.evaluation.game.board import Board
from ocwtool.generators.synthetic.rules import RuleBook
from ocwtool.generators.synthetic.run import GenerateRequest, make_boards, to_puzzle
from ocwtool.schema.models import Puzzle
from ocwtool.stores.puzzles import read_puzzles
from tests.annotations.conftest import run_cli
from tests.annotations.herring_fixtures import make_workspace
from tests.generators.synthetic_fixtures import invented_players

Run = Callable[[list[str]], tuple[int, str, str]]
LEVELS = ("yellow", "green", "blue", "purple")


@pytest.fixture(scope="module")
def puzzles(invented: RuleBook) -> list[Puzzle]:
    return [to_puzzle(b, 5) for b in make_boards(invented, GenerateRequest(6, 5, 2))]


@pytest.fixture
def workspace(tmp_path: Path, stand_ins: RuleBook) -> Path:
    for name in ("puzzles", "annotations"):
        (tmp_path / name).mkdir()
    return tmp_path


class Scripted(PlayerBase):
    """Guesses in turn a group (its index) or, for ``"x"``, a wrong mix of two clues of group 1 and two
    of group 3 (a different mix each time: a repeated guess costs nothing under the nyt rules)."""

    name = "scripted"

    def __init__(self, puzzle: Puzzle, plan: Sequence[int | str]) -> None:
        groups = [g.clues for g in puzzle.groups]
        pairs = iter(((0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)))
        self.quads = [list(groups[k]) if isinstance(k, int) else self._mix(groups, next(pairs)) for k in plan]

    @staticmethod
    def _mix(groups: Sequence[Sequence[str]], pair: tuple[int, int]) -> list[str]:
        return [groups[g][i] for g in (1, 3) for i in pair]

    def guess(self, view: GameView) -> Sequence[str]:
        return self.quads.pop(0)


def _meta(workspace: Path, store: str = "synthetic") -> dict[str, object]:
    doc = json.loads((workspace / "puzzles" / f"{store}.meta.json").read_text())
    assert isinstance(doc, dict)
    return doc


def test_mistakes_before_each_group_is_found(puzzles: list[Puzzle]) -> None:
    puzzle = puzzles[0]
    # wrong, group 2, wrong, group 0, wrong, wrong: the fourth mistake ends the game
    player = Scripted(puzzle, ["x", 2, "x", 0, "x", "x"])
    assert mistakes_before_found(puzzle, player) == (2, MISTAKES, 1, MISTAKES)
    board = Board(puzzle.id, tuple(g.clues for g in puzzle.groups))
    assert mistakes_before_found(puzzle, OraclePlayer(board)) == (0, 0, 0, 0)


def test_levels_bin_the_mean_of_the_figures(puzzles: list[Puzzle]) -> None:
    assert [level_of(x) for x in (0.0, CUTS[0], CUTS[0] + 0.001, CUTS[1] + 0.001, 1.0)] == [0, 0, 1, 2, 3]
    puzzle = puzzles[0]
    board = Board(puzzle.id, tuple(g.clues for g in puzzle.groups))
    found = measure(puzzle, [OraclePlayer(board), Scripted(puzzle, ["x", 2, "x", 0, "x", "x"])])
    # per group: (0/4 + m/4) / 2 with m = 2, 4, 1, 4
    assert found.group_scores == (0.25, 0.5, 0.125, 0.5)
    assert found.score == 0.3438 and found.level == 0
    # groups rank on their board: 0.125 yellow, 0.25 green; the tie at 0.5 goes by sorted clues
    tied = sorted((1, 3), key=lambda k: sorted(c.casefold() for c in puzzle.groups[k].clues))
    assert found.group_levels[2] == 0 and found.group_levels[0] == 1
    assert (found.group_levels[tied[0]], found.group_levels[tied[1]]) == (2, 3)
    assert found.solved["scripted"] == (True, False, True, False)
    pulls = measure(puzzle, [Scripted(puzzle, ["x"] * 4)], lambda p: (1.0, 0.9, 0.0, 0.5))
    assert pulls.group_scores == (1.0, 0.95, 0.5, 0.75) and pulls.group_levels == (3, 2, 0, 1)
    assert pulls.score == 0.8 and pulls.level == level_of(0.8) == 2


def test_group_levels_are_ranks_on_the_board_whatever_the_stored_order(puzzles: list[Puzzle]) -> None:
    clues = [("PEAR", "FIG"), ("apple", "kiwi"), ("LIME", "date"), ("plum", "sloe")]
    # two groups tie at 0.5: ("apple", "kiwi") sorts before ("fig", "pear")
    assert group_ranks((0.5, 0.5, 0.125, 0.875), clues) == (2, 1, 0, 3)
    order = [3, 2, 1, 0]
    scores = (0.5, 0.5, 0.125, 0.875)
    assert group_ranks([scores[k] for k in order], [clues[k] for k in order]) == (3, 0, 1, 2)
    # a board every player found alike still gets one group of each level, and its board level
    alike = from_figures(puzzles[0], {"a": (1, 1, 1, 1), "b": (1, 1, 1, 1)})
    assert sorted(alike.group_levels) == [0, 1, 2, 3] and alike.score == 0.25 and alike.level == 0


def test_a_board_is_measured_the_same_alone_or_among_others(puzzles: list[Puzzle]) -> None:
    players = [make() for make in invented_players().values()]
    measurer = Measurer(players)
    together = measurer(puzzles)
    assert [measurer([p])[0] for p in reversed(puzzles)] == together[::-1]
    assert measurer.describe()["players"] == ["wordnet", "minilm"]


def test_generate_records_levels_and_figures(run: Run, workspace: Path) -> None:
    args = ["-w", str(workspace), "generate", "--count", "10", "--seed", "3"]
    assert run(args)[0] == 0
    meta = _meta(workspace)
    figures = meta["difficulty_by_board"]
    assert isinstance(figures, dict)
    puzzles = read_puzzles(workspace / "puzzles" / "synthetic.jsonl")
    for p in puzzles:
        assert [g.level for g in p.groups] == figures[p.id]["group_levels"]
        assert sorted(g.level for g in p.groups) == [0, 1, 2, 3]  # NYT's: one group of each level
        assert set(figures[p.id]["mistakes_before_found"]) == {"wordnet", "minilm"}
        assert figures[p.id]["level_name"] == LEVELS[figures[p.id]["level"]]
    assert meta["difficulty"] == {
        "version": "2",
        "players": ["wordnet", "minilm"],
        "rules": "nyt",
        "herring_model": None,
        "cuts": list(CUTS),
        "group_levels": "rank within the board",
        "levels": list(LEVELS),
    }
    files = [(workspace / "puzzles" / n).read_bytes() for n in ("synthetic.jsonl", "synthetic.meta.json")]
    assert run(args)[0] == 0
    assert [
        (workspace / "puzzles" / n).read_bytes() for n in ("synthetic.jsonl", "synthetic.meta.json")
    ] == files


def test_level_keeps_only_boards_of_those_levels(run: Run, workspace: Path) -> None:
    assert run(["-w", str(workspace), "generate", "--count", "52", "--seed", "6"])[0] == 0
    every = _meta(workspace)["difficulty_by_board"]
    assert isinstance(every, dict)
    purple = [pid for pid, d in every.items() if d["level"] == 3]
    code, out, err = run(
        ["-w", str(workspace), "generate", "--count", "3", "--seed", "6", "--level", "purple"]
    )
    assert (code, err) == (0, "")
    assert out == (
        "3 boards (seed 6, boards 1-3 of 3) -> puzzles/synthetic.jsonl; "
        "0 red herrings -> annotator generator\n"
        "measured levels: yellow 0, green 0, blue 0, purple 3 (by wordnet, minilm)\n"
    )
    kept = read_puzzles(workspace / "puzzles" / "synthetic.jsonl")
    assert [p.id for p in kept] == purple[:3]
    assert _meta(workspace)["difficulty_by_board"] == {pid: every[pid] for pid in purple[:3]}


def test_level_with_shards_gives_the_whole_run(run: Run, workspace: Path) -> None:
    base = ["-w", str(workspace), "generate", "--count", "5", "--seed", "2", "--level", "0,blue,3"]
    assert run(base)[0] == 0
    whole = (workspace / "puzzles" / "synthetic.jsonl").read_bytes()
    for i in (1, 2):
        assert run([*base, "--shard", f"{i}/2"])[0] == 0
    parts = [(workspace / "puzzles" / f"synthetic-{i}-of-2.jsonl").read_bytes() for i in (1, 2)]
    assert b"".join(parts) == whole


def test_too_few_boards_of_a_level_is_one_line(run: Run, workspace: Path) -> None:
    assert run(["-w", str(workspace), "generate", "--count", "52", "--seed", "6"])[0] == 0
    every = _meta(workspace)["difficulty_by_board"]
    assert isinstance(every, dict)
    before = (workspace / "puzzles" / "synthetic.jsonl").read_bytes()
    yellow = sum(d["level"] == 0 for d in every.values())
    code, out, err = run(
        ["-w", str(workspace), "generate", "--count", "40", "--seed", "6", "--level", "yellow"]
    )
    assert (code, out) == (1, "")
    assert err == (
        f"Error: --count 40 --level yellow: only {yellow} of the 52 boards these resources make (seed 6) "
        "measure yellow; ask for fewer\n"
    )
    assert (workspace / "puzzles" / "synthetic.jsonl").read_bytes() == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--level", "pink"],
            "Error: --level pink: 'pink' is not a level; use yellow, green, blue, purple or 0-3\n",
        ),
        (
            ["--players", "wordnet,glove"],
            "Error: --players wordnet,glove: 'glove' is not a player; use wordnet, minilm\n",
        ),
    ],
)
def test_bad_levels_and_players_are_one_line(
    run: Run, workspace: Path, args: list[str], message: str
) -> None:
    assert run(["-w", str(workspace), "generate", "--count", "2", *args]) == (1, "", message)
    assert not (workspace / "puzzles" / "synthetic.jsonl").exists()


def test_one_player_is_enough(run: Run, workspace: Path) -> None:
    code, out, _ = run(["-w", str(workspace), "generate", "--count", "4", "--players", "wordnet"])
    assert code == 0 and out.endswith(" (by wordnet)\n")
    figures = _meta(workspace)["difficulty_by_board"]
    assert isinstance(figures, dict)
    assert all(list(d["mistakes_before_found"]) == ["wordnet"] for d in figures.values())


def test_a_red_herring_scorer_joins_the_figures(run: Run, workspace: Path, tmp_path: Path) -> None:
    trained = make_workspace(tmp_path / "trained")
    done = run_cli(
        trained,
        "annotate",
        "train",
        "--task",
        "red-herrings",
        "--annotator",
        "play-decoys",
        "--features",
        "text",
        "--holdout",
        "0.3",
    )
    assert done.exit_code == 0, done.stderr
    shutil.copytree(trained / "models", workspace / "models")
    args = ["-w", str(workspace), "generate", "--count", "3", "--players", "wordnet"]
    assert run([*args, "--herring-model", "none"])[1].endswith(" (by wordnet)\n")
    auto = _meta(workspace)  # no --herring-model: the scorer saved in models/ joins by itself
    code, out, _ = run(args)
    assert code == 0 and out.endswith(" (by wordnet, herrings-play-decoys@1)\n")
    assert _meta(workspace) != auto
    code, out, _ = run([*args, "--herring-model", "herrings-play-decoys"])
    assert code == 0 and out.endswith(" (by wordnet, herrings-play-decoys@1)\n")
    meta = _meta(workspace)
    assert (
        isinstance(meta["difficulty"], dict)
        and meta["difficulty"]["herring_model"] == "herrings-play-decoys@1"
    )
    model = load(workspace / "models", "herrings-play-decoys")
    figures = meta["difficulty_by_board"]
    assert isinstance(figures, dict)
    for puzzle in read_puzzles(workspace / "puzzles" / "synthetic.jsonl"):
        scored = score_puzzles(model, [puzzle])[0]
        strongest = [max(p for (_, k), p in scored.pulls.items() if k == g) for g in range(4)]
        assert figures[puzzle.id]["herring_pull"] == [round(p, 4) for p in strongest]
    code, out, err = run([*args, "--herring-model", "herrings-nobody"])
    assert (code, out) == (1, "") and err.startswith("Error: ") and len(err.splitlines()) == 1
