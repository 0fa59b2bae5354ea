"""Games on a workspace's puzzles, as ``ocwtool play`` plays them: the board to play, a baseline
player by name, every board of a split played by one player and summarised, and the connections a
player named, scored with the Task 2 metrics (exact match, ROUGE-1 F1)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean
from typing import TYPE_CHECKING, Any

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.game.board import Board
from ocwtool.evaluation.game.players import Player, RandomPlayer, play_all
from ocwtool.evaluation.game.replay import replay_all
from ocwtool.evaluation.game.rules import get_rules
from ocwtool.evaluation.game.score import summarize
from ocwtool.evaluation.game.transcript import Transcript, dump_transcripts
from ocwtool.evaluation.gold import workspace_golds
from ocwtool.evaluation.scorer import GoldWall, Prediction, score_connections
from ocwtool.fsio import write_text
from ocwtool.names import ALL, BASELINES, HUMAN
from ocwtool.progress import Progress, silent

if TYPE_CHECKING:
    from ocwtool.workspace import Workspace


@dataclass(frozen=True)
class PlayRequest:
    """One ``ocwtool play`` (one field per option, same names): the rules, who plays, which puzzle
    (``wall_id``, else one chosen by ``seed`` from ``source``/``split``) or ``every`` puzzle of
    them, the seed (it also orders the words), and where the transcripts go."""

    rules: str = "nyt"
    player: str = HUMAN
    wall_id: str | None = None
    source: str | None = None
    split: str = ALL
    seed: int = 0
    out: Path | None = None
    every: bool = False


def choose_board(workspace: Workspace, request: PlayRequest) -> Board:
    """The puzzle ``request.wall_id`` of the selection, else one chosen by ``request.seed``."""
    walls = workspace_golds(workspace, request.split, request.source).walls
    if request.wall_id is None:
        return Board.from_gold(random.Random(request.seed).choice(walls))
    for g in walls:
        if g.wall_id == request.wall_id:
            return Board.from_gold(g)
    raise EvaluationError(
        f"no puzzle {request.wall_id!r} in split {request.split!r} of the workspace; check --wall and --split"
    )


def baseline_player(name: str) -> Player:
    """A baseline as a player: ``random``, ``wordnet`` or ``minilm`` (the ``[embed]`` extra)."""
    if name == "random":
        return RandomPlayer()
    # deferred: the similarity players load numpy (and minilm torch) when they are asked for
    from ocwtool.evaluation.game.similarity_players import PLAYERS

    if name not in PLAYERS:
        raise EvaluationError(f"unknown player {name!r}; choose one of: {', '.join(BASELINES)}")
    return PLAYERS[name]()


@dataclass(frozen=True)
class PlayedSplit:
    """One game per puzzle of a selection, and their summary as ``eval --transcripts`` makes it
    (the games replayed through the engine)."""

    games: list[Transcript]
    summary: dict[str, Any]


def play_split(workspace: Workspace, request: PlayRequest, progress: Progress = silent) -> PlayedSplit:
    """The baseline ``request.player`` plays every puzzle of ``request.source``/``request.split``."""
    boards = [Board.from_gold(g) for g in workspace_golds(workspace, request.split, request.source).walls]
    rules, player = get_rules(request.rules), baseline_player(request.player)
    games = play_all(boards, rules, player, seed=request.seed, progress=progress)
    return PlayedSplit(games, summarize(replay_all(games)))


@dataclass(frozen=True)
class NamingScore:
    """The connection-naming step of one game: exact matches (of 4) and mean ROUGE-1 F1."""

    exact: float
    rouge1_f1: float


def score_naming(board: Board, names: Sequence[str]) -> NamingScore:
    """The connections a player named, scored against the board's as ``ocwtool eval`` scores Task 2."""
    gold = GoldWall(board.wall_id, board.groups, board.connections)
    [row] = score_connections([gold], [Prediction(board.wall_id, None, tuple(names))])
    return NamingScore(sum(row["exact_match"]), fmean(row["rouge1_f1"]))


def write_games(path: Path, games: Sequence[Transcript]) -> Path:
    """The games as transcript JSONL (what ``ocwtool eval --transcripts`` replays)."""
    write_text(path, dump_transcripts(games))
    return path
