"""``ocwtool play``: one game in the terminal (or a baseline player) under named rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.progress import progress_option
from ocwtool.evaluation.game.engine import GameView
from ocwtool.names import HUMAN, PLAYERS, RULE_NAMES, SPLIT_CHOICES

if TYPE_CHECKING:
    from ocwtool.evaluation.game.board import Board
    from ocwtool.evaluation.game.players import Player
    from ocwtool.progress import Progress


class TerminalPlayer:
    """A person: sees the board and the last feedback, types 4 words separated by commas.

    A line that is not 4 different words of the board is asked again, without cost: the NYT app
    cannot submit such a guess either, and a typo is not a move (programs' invalid replies still
    count, through the engine). So is a repeat of an earlier guess under rules that refuse repeats
    (``nyt``: the app says "Already guessed!" and nothing is played); rules that charge a repeat
    (``only-connect``, ``missed-connections``) judge it like any guess."""

    name = "human"

    def start(self, view: GameView, seed: int) -> None:
        click.echo(f"Rules: {view.rules.name} ({view.rules.summary})")

    def _show(self, view: GameView) -> None:
        if view.history:
            words, kind = view.history[-1]
            click.echo(f"{', '.join(words)}: {kind.value}")
        for words, connection in view.found:
            click.echo(f"  found: {', '.join(words)}" + (f" ({connection})" if connection else ""))
        rows = [view.remaining[i : i + 4] for i in range(0, len(view.remaining), 4)]
        click.echo("\n".join("  " + " | ".join(row) for row in rows))
        lives = "free guesses" if not view.lives_active else f"{view.mistakes_left} mistake(s) left"
        click.echo(lives if view.mistakes_left is not None else "")

    def guess(self, view: GameView) -> Sequence[str]:
        self._show(view)
        return _ask("Your guess (4 words, comma-separated)", view)

    def answer(self, view: GameView) -> Sequence[Sequence[str]]:
        self._show(view)
        return [_ask(f"Group {k + 1} (4 words, comma-separated)", view) for k in range(4)]

    def connections(self, view: GameView) -> Sequence[str]:
        click.echo("The wall is over. Name each connection:")
        return [click.prompt(f"  {', '.join(g)}", default="", show_default=False) for g in view.resolved]


def _ask(prompt: str, view: GameView) -> list[str]:
    """Prompt until the line is 4 different words still on the board (matched as the rules match)."""
    while True:
        words = _words(click.prompt(prompt))
        problem = _not_playable(words, view)
        if problem is None:
            return words
        click.echo(f"{problem}; try again (nothing was played).")


def _not_playable(words: Sequence[str], view: GameView) -> str | None:
    from ocwtool.evaluation.game.board import MATCHERS

    key = MATCHERS[view.rules.matching]
    on_board = {key(w) for w in view.remaining}
    if len(words) != 4:
        return f"{len(words)} word(s), not 4" + _comma_hint(words, on_board, key)
    if len({key(w) for w in words}) != 4:
        return "the same word twice"
    missing = [w for w in words if key(w) not in on_board]
    if missing:
        return f"not on the board: {', '.join(missing)}" + _comma_hint(words, on_board, key)
    if view.already_guessed(words) and not view.rules.repeat_costs_mistake:
        return "already guessed: a repeat is refused, as in the NYT app"
    return None


def _comma_hint(words: Sequence[str], on_board: set[str], key: Callable[[str], str]) -> str:
    """Words typed with spaces instead of commas: the same line with commas (a board word may hold
    a space itself, so an item that is on the board is left alone)."""
    if not any(" " in w and key(w) not in on_board for w in words):
        return ""
    split = [part for w in words for part in ([w] if key(w) in on_board else w.split())]
    return f" (separate the words with commas: {', '.join(split)})"


def _words(line: str) -> list[str]:
    return [w.strip() for w in line.split(",") if w.strip()]


@click.command("play")
@click.option(
    "--rules", type=click.Choice(RULE_NAMES, case_sensitive=False), default="nyt", show_default=True
)
@click.option("--player", type=click.Choice(PLAYERS), default=HUMAN, show_default=True, help="Who plays.")
@click.option("--wall", "wall_id", help="Puzzle id (default: one chosen by --seed).")
@click.option("--source", help="Workspace store (puzzles/ or variants/ NAME.jsonl).")
@click.option("--split", type=click.Choice(SPLIT_CHOICES), default="all", show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Chooses the puzzle and the word order.")
@click.option(
    "--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the transcript(s) (JSONL)."
)
@click.option(
    "--all",
    "every",
    is_flag=True,
    help="Every puzzle of --source/--split, one game each, with a baseline --player; prints the summary.",
)
@progress_option
@pass_app
def play_cmd(
    app: AppContext,
    /,
    rules: str,
    player: str,
    wall_id: str | None,
    source: str | None,
    split: str,
    seed: int,
    out: Path | None,
    every: bool,
    progress: Progress,
) -> None:
    """Play one puzzle of the workspace under named rules (nyt, missed-connections,
    missed-connections-baseline, only-connect, oneshot), yourself or with a baseline player, and
    print the outcome; or, with --all, let a baseline player play every puzzle of a split.

    \b
    Examples:
      ocwtool play --rules nyt
      ocwtool play --rules only-connect --wall abc123 --out runs/me.jsonl
      ocwtool play --player wordnet --rules missed-connections --seed 3
      ocwtool play --all --player minilm --rules missed-connections-baseline --out runs/ml.jsonl
      ocwtool eval --transcripts runs/ml.jsonl     # replay and score them again
    """
    from ocwtool.evaluation.game import get_rules, play_game
    from ocwtool.evaluation.game.transcript import dump_transcripts
    from ocwtool.fsio import write_text

    if every:
        if wall_id is not None:
            raise click.UsageError("--all plays every puzzle of --source/--split; drop --wall")
        _play_all(app, rules, player, (source, split, seed), out, progress)
        return
    board = _board(app, source, split, wall_id, seed)
    click.echo(f"Puzzle {board.wall_id} (play it again: --wall {board.wall_id})")
    try:
        t = play_game(board, get_rules(rules), _player(player), seed=seed)
    except (click.Abort, KeyboardInterrupt):  # Ctrl-C, or the end of the input at a prompt
        click.echo(
            "\nGame abandoned; nothing written (--out gets the transcript of a finished game).", err=True
        )
        raise SystemExit(130) from None
    rec = t.recorded
    assert rec is not None
    click.echo(
        f"{'Won' if rec.won else 'Lost'}: {sum(rec.solved or [])} of 4 groups, {rec.mistakes} mistake(s), "
        f"{rec.invalid} invalid, {rec.moves} move(s)."
    )
    for words, name in zip(board.groups, board.connections, strict=False):
        click.echo(f"  {name}: {', '.join(words)}")
    if t.connections is not None:
        click.echo(_naming_score(board, t.connections))
    if out is not None:
        write_text(out, dump_transcripts([t]))
        click.echo(f"Wrote {out}", err=True)


def _play_all(
    app: AppContext,
    rules: str,
    player: str,
    selection: tuple[str | None, str, int],
    out: Path | None,
    progress: Progress,
) -> None:
    """A baseline player over every puzzle of the selection: one game each, summarised as
    ``eval --transcripts`` summarises them (the games are replayed through the engine)."""
    from ocwtool.evaluation.game import Board, get_rules, play_all
    from ocwtool.evaluation.game.replay import replay_all
    from ocwtool.evaluation.game.score import render_games, summarize
    from ocwtool.evaluation.game.transcript import dump_transcripts
    from ocwtool.evaluation.gold import workspace_golds
    from ocwtool.fsio import write_text

    if player == "human":
        raise click.UsageError("--all needs a baseline --player (random, wordnet or minilm)")
    source, split, seed = selection
    boards = [Board.from_gold(g) for g in workspace_golds(app.workspace(), split, source).walls]
    games = play_all(boards, get_rules(rules), _player(player), seed=seed, progress=progress)
    click.echo(render_games(summarize(replay_all(games))))
    if out is not None:
        write_text(out, dump_transcripts(games))
        click.echo(f"Wrote {out} ({len(games)} games)", err=True)


def _naming_score(board: Board, names: Sequence[str]) -> str:
    """The connection-naming step scored with the Task 2 metrics (exact match, ROUGE-1 F1)."""
    from statistics import fmean

    from ocwtool.evaluation.scorer import GoldWall, Prediction, score_connections

    gold = GoldWall(board.wall_id, board.groups, board.connections)
    [row] = score_connections([gold], [Prediction(board.wall_id, None, tuple(names))])
    exact = sum(row["exact_match"])
    return f"Connections named: {exact:g} of 4 exact, ROUGE-1 F1 {fmean(row['rouge1_f1']):.2f}"


def _player(name: str) -> Player:
    from ocwtool.evaluation.game.players import RandomPlayer
    from ocwtool.evaluation.game.similarity_players import PLAYERS as BASELINE_PLAYERS

    if name == "human":
        return TerminalPlayer()
    if name == "random":
        return RandomPlayer()
    return BASELINE_PLAYERS[name]()


def _board(app: AppContext, source: str | None, split: str, wall_id: str | None, seed: int) -> Board:
    import random

    from ocwtool.errors import EvaluationError
    from ocwtool.evaluation.game.board import Board
    from ocwtool.evaluation.gold import workspace_golds

    walls = workspace_golds(app.workspace(), split, source).walls
    if wall_id is None:
        return Board.from_gold(random.Random(seed).choice(walls))
    for g in walls:
        if g.wall_id == wall_id:
            return Board.from_gold(g)
    raise EvaluationError(
        f"no puzzle {wall_id!r} in split {split!r} of the workspace; check --wall and --split"
    )
