"""``ocwtool play``: one game in the terminal (or a baseline player) under named rules.

The games themselves are the library's (:mod:`ocwtool.evaluation.game.play`); this module is the
person at the terminal (:class:`TerminalPlayer`) and what the command shows. The game library loads
the schema (pydantic), so it is imported when the command runs: ``play --help`` stays light.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.options import rules_option, split_option, typed_options
from ocwtool.cli.progress import progress_option
from ocwtool.names import ALL, HUMAN, PLAYERS
from ocwtool.progress import Progress

if TYPE_CHECKING:
    from ocwtool.evaluation.game import Board, GameView, Transcript
    from ocwtool.evaluation.game.play import PlayRequest


class TerminalPlayer:
    """A person: sees the board and the last feedback, types 4 words separated by commas.

    A line that is not 4 different words of the board is asked again, without cost: the NYT app
    cannot submit such a guess either, and a typo is not a move (programs' invalid replies still
    count, through the engine). So is a repeat of an earlier guess under rules that refuse repeats
    (``nyt``: the app says "Already guessed!" and nothing is played); rules that charge a repeat
    (``only-connect``, ``missed-connections``) judge it like any guess."""

    name = "human"

    def start(self, view: GameView, seed: int) -> None:
        term.echo(f"Rules: {view.rules.name} ({view.rules.summary})")

    def _show(self, view: GameView) -> None:
        if view.history:
            words, kind = view.history[-1]
            term.echo(f"{', '.join(words)}: {kind.value}")
        for words, connection in view.found:
            term.echo(f"  found: {', '.join(words)}" + (f" ({connection})" if connection else ""))
        rows = [view.remaining[i : i + 4] for i in range(0, len(view.remaining), 4)]
        term.echo("\n".join("  " + " | ".join(row) for row in rows))
        lives = "free guesses" if not view.lives_active else f"{view.mistakes_left} mistake(s) left"
        term.echo(lives if view.mistakes_left is not None else "")

    def guess(self, view: GameView) -> Sequence[str]:
        self._show(view)
        return _ask("Your guess (4 words, comma-separated)", view)

    def answer(self, view: GameView) -> Sequence[Sequence[str]]:
        self._show(view)
        return [_ask(f"Group {k + 1} (4 words, comma-separated)", view) for k in range(4)]

    def connections(self, view: GameView) -> Sequence[str]:
        term.echo("The wall is over. Name each connection:")
        return [term.prompt(f"  {', '.join(g)}", default="", show_default=False) for g in view.resolved]


def _ask(prompt: str, view: GameView) -> list[str]:
    """Prompt until the line is 4 different words still on the board (matched as the rules match)."""
    while True:
        words = _words(term.prompt(prompt))
        problem = _not_playable(words, view)
        if problem is None:
            return words
        term.echo(f"{problem}; try again (nothing was played).")


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
@rules_option(default="nyt", show_default=True)
@click.option("--player", type=click.Choice(PLAYERS), default=HUMAN, show_default=True, help="Who plays.")
@click.option("--wall", "wall_id", help="Puzzle id (default: one chosen by --seed).")
@click.option("--source", help="Workspace store (puzzles/ or variants/ NAME.jsonl).")
@split_option(ALL)
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
@typed_options("ocwtool.evaluation.game.play:PlayRequest")
def play_cmd(app: AppContext, /, request: PlayRequest, progress: Progress) -> None:
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
    from ocwtool.evaluation.game.play import baseline_player, choose_board, write_games

    if request.every:
        _play_every(app, request, progress)
        return
    board = choose_board(app.workspace(), request)
    term.echo(f"Puzzle {board.wall_id} (play it again: --wall {board.wall_id})")
    try:
        player = TerminalPlayer() if request.player == HUMAN else baseline_player(request.player)
        t = play_game(board, get_rules(request.rules), player, seed=request.seed)
    except (click.Abort, KeyboardInterrupt):  # Ctrl-C, or the end of the input at a prompt
        term.echo(
            "\nGame abandoned; nothing written (--out gets the transcript of a finished game).", err=True
        )
        raise SystemExit(130) from None
    _show_game(board, t)
    if request.out is not None:
        term.echo(f"Wrote {write_games(request.out, [t])}", err=True)


def _show_game(board: Board, t: Transcript) -> None:
    """The outcome, the solution, and the connections named (if the rules ask for them)."""
    rec = t.recorded
    assert rec is not None
    term.echo(
        f"{'Won' if rec.won else 'Lost'}: {sum(rec.solved or [])} of 4 groups, {rec.mistakes} mistake(s), "
        f"{rec.invalid} invalid, {rec.moves} move(s)."
    )
    for words, name in zip(board.groups, board.connections, strict=False):
        term.echo(f"  {name}: {', '.join(words)}")
    if t.connections is not None:
        from ocwtool.evaluation.game.play import score_naming

        named = score_naming(board, t.connections)
        term.echo(f"Connections named: {named.exact:g} of 4 exact, ROUGE-1 F1 {named.rouge1_f1:.2f}")


def _play_every(app: AppContext, request: PlayRequest, progress: Progress) -> None:
    """A baseline player over every puzzle of the selection, summarised as ``eval --transcripts``
    summarises games."""
    from ocwtool.evaluation.game.play import play_split, write_games
    from ocwtool.evaluation.game.score import render_games

    if request.wall_id is not None:
        raise click.UsageError("--all plays every puzzle of --source/--split; drop --wall")
    if request.player == HUMAN:
        raise click.UsageError("--all needs a baseline --player (random, wordnet or minilm)")
    played = play_split(app.workspace(), request, progress)
    term.echo(render_games(played.summary))
    if request.out is not None:
        write_games(request.out, played.games)
        term.echo(f"Wrote {request.out} ({len(played.games)} games)", err=True)
