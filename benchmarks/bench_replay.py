"""Replay of Todd et al.'s logs (agreement with their recorded outcomes) and engine speed.

    MISSED_CONNECTIONS_REPO=/path/to/missed-connections-llms python benchmarks/bench_replay.py

The repository (gdrtodd/missed-connections-llms) is read in place, never copied: every
``results/*_results.json`` is replayed under the ``missed-connections`` rules and compared with the
outcome it records; then the random and oracle players play its 250 puzzles under every rule set;
last, our MiniLM player plays them under ``missed-connections-baseline`` (500 mistakes, as their
``baseline_experiment.py``) and its per-colour ``*_solved_at`` (mistakes made when the group was
found) is compared with their ``SentenceTransformerBaseline_model-all-MiniLM-L6-v2_results.json``
(``--skip-minilm`` leaves it out; it needs the ``[embed]`` extra). Skips with a message when the
variable is unset. Figures are wall-clock on a shared 2-core machine.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from ocwtool.evaluation.game import RULE_NAMES, Board, Game, OraclePlayer, RandomPlayer, get_rules, play_game
from ocwtool.evaluation.game.replay import agreement, replay_all
from ocwtool.evaluation.game.rules import Rules
from ocwtool.evaluation.game.todd import LEVELS, read_puzzles, read_results, wall_id
from ocwtool.evaluation.game.transcript import Transcript

ENV = "MISSED_CONNECTIONS_REPO"


def bench_replay(repo: Path) -> None:
    total = {"games": 0, "replayable": 0, "agreeing": 0}
    print(f"{'results file':<68}{'games':>6}{'replayable':>11}{'agreeing':>9}{'games/s':>9}")
    for path in sorted((repo / "results").glob("*_results*.json")):
        transcripts = read_results(path)
        t0 = time.perf_counter()
        counts = agreement(replay_all(transcripts))
        rate = len(transcripts) / (time.perf_counter() - t0)
        for key in total:
            total[key] += counts[key]
        print(
            f"{path.name:<68}{counts['games']:>6}{counts['replayable']:>11}{counts['agreeing']:>9}{rate:>9.0f}"
        )
    print(f"{'total':<68}{total['games']:>6}{total['replayable']:>11}{total['agreeing']:>9}")


def bench_players(repo: Path) -> None:
    boards = [b.to_board() for b in read_puzzles(repo / "data" / "puzzle_data.json")]
    for name in RULE_NAMES:
        rules = get_rules(name)
        for label, make in (("random", lambda b: RandomPlayer()), ("oracle", OraclePlayer)):
            t0 = time.perf_counter()
            won = sum(bool(play_game(b, rules, make(b), seed=0).recorded.won) for b in boards)  # type: ignore[union-attr]
            rate = len(boards) / (time.perf_counter() - t0)
            print(f"play {name:<28}{label:<8}{len(boards)} games, {won} won, {rate:.0f} games/s")


BASELINE_LOG = "SentenceTransformerBaseline_model-all-MiniLM-L6-v2_results.json"


def solved_at(board: Board, rules: Rules, t: Transcript) -> dict[str, int | None]:
    """Per colour: the mistakes made when its group was found (Todd et al.'s ``<colour>_solved_at``,
    ``NUM_GUESSES - guesses_remaining`` after the step), None when it was not found."""
    game = Game(board, rules, t.order)
    found: dict[int, int] = {}
    for turn in t.turns:
        for k in game.guess(turn.guess or []).found:
            found[k] = game.outcome().mistakes
    levels = list(board.levels or ())
    return {colour: found.get(levels.index(level)) for colour, level in LEVELS.items()}


def bench_baseline_agreement(repo: Path) -> None:
    """Our MiniLM player against their SentenceTransformerBaseline log, puzzle by puzzle."""
    from ocwtool.evaluation.game.similarity_players import PLAYERS

    theirs = {int(r["puzzle_id"]): r for r in json.loads((repo / "results" / BASELINE_LOG).read_text())}
    boards = {r.wall_id: r.to_board() for r in read_puzzles(repo / "data" / "puzzle_data.json")}
    rules, player = get_rules("missed-connections-baseline"), PLAYERS["minilm"]()
    same_overall = same_colours = 0
    played = [(pid, boards[wall_id(pid)]) for pid in sorted(theirs) if wall_id(pid) in boards]
    t0 = time.perf_counter()
    for pid, board in played:
        t = play_game(board, rules, player, seed=0)
        ours = solved_at(board, rules, t)
        same_overall += bool(t.recorded and t.recorded.won) == bool(theirs[pid]["solved_overall"])
        same_colours += all(ours[c] == theirs[pid][f"{c}_solved_at"] for c in LEVELS)
    rate = len(played) / (time.perf_counter() - t0)
    print(
        f"minilm player vs {BASELINE_LOG} ({rules.name}): {len(played)} puzzles; solved overall agrees "
        f"{same_overall}, every colour's solved_at agrees {same_colours} ({rate:.1f} games/s)"
    )


def main() -> None:
    repo = os.environ.get(ENV)
    if not repo:
        print(f"skipped: set {ENV} to a checkout of gdrtodd/missed-connections-llms")
        return
    bench_replay(Path(repo))
    bench_players(Path(repo))
    if "--skip-minilm" not in sys.argv[1:]:
        bench_baseline_agreement(Path(repo))


if __name__ == "__main__":
    main()
