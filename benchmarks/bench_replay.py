"""Replay of Todd et al.'s logs (agreement with their recorded outcomes) and engine speed.

    MISSED_CONNECTIONS_REPO=/path/to/missed-connections-llms python benchmarks/bench_replay.py

The repository (gdrtodd/missed-connections-llms) is read in place, never copied: every
``results/*_results.json`` is replayed under the ``missed-connections`` rules and compared with the
outcome it records; then the random and oracle players play its 250 puzzles under every rule set.
Skips with a message when the variable is unset. Figures are wall-clock on a shared 2-core machine.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from ocwtool.evaluation.game import RULE_NAMES, OraclePlayer, RandomPlayer, get_rules, play_game
from ocwtool.evaluation.game.replay import agreement, replay_all
from ocwtool.evaluation.game.todd import read_puzzles, read_results

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
            print(f"play {name:<20}{label:<8}{len(boards)} games, {won} won, {rate:.0f} games/s")


def main() -> None:
    repo = os.environ.get(ENV)
    if not repo:
        print(f"skipped: set {ENV} to a checkout of gdrtodd/missed-connections-llms")
        return
    bench_replay(Path(repo))
    bench_players(Path(repo))


if __name__ == "__main__":
    main()
