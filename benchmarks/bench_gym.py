"""Steps per second of the Gymnasium environment ``ocwtool/Connections-v0`` (prints figures; not a test).

The random player (:class:`ocwtool.evaluation.game.RandomPlayer`, as ``ocwtool play`` runs it) plays
through the environment, its words turned into word indices, under every interactive rule set; then
the same with the action space's own samples (no player), and under ``oneshot``. The boards are
invented here (200 boards of made-up words): the speed does not depend on the words. Needs the
``[rl]`` extra (gymnasium). Figures are wall-clock on a shared 2-core machine.

Run: PYTHONPATH=src python benchmarks/bench_gym.py [--steps 50000]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from ocwtool.evaluation.game import Board, RandomPlayer

BOARDS = [
    Board(
        f"bench-{n}",
        tuple(tuple(f"w{n}x{k}y{i}" for i in range(4)) for k in range(4)),
        tuple(f"group {k}" for k in range(4)),
        (0, 1, 2, 3),
    )
    for n in range(200)
]


def player_actions(env: Any) -> tuple[Callable[[], Any], Callable[[int], None]]:
    """The random player's next action (word indices), and its start for a new game."""
    player = RandomPlayer()
    index: dict[str, int] = {}

    def start(order: int) -> None:
        index.clear()
        index.update({w: i for i, w in enumerate(env.shown)})
        player.start(env.game.view(), order)

    return (lambda: [index[w] for w in player.guess(env.game.view())]), start


def run(rules: str, steps: int, use_player: bool) -> tuple[float, float, int]:
    """Steps per second of wall-clock and of CPU time (the machine is shared: the second is what
    one free core gives), and the games finished."""
    from ocwtool.training.gym_env import ConnectionsEnv  # deferred: gymnasium, the [rl] extra

    env = ConnectionsEnv(boards=BOARDS, rules=rules, reward={"won": 1.0, "groups_solved": 0.25})
    act, start = player_actions(env) if use_player else (env.action_space.sample, lambda order: None)
    games, t0, c0 = 0, time.perf_counter(), time.process_time()
    _, info = env.reset(seed=0)
    start(info["order"])
    for _ in range(steps):
        _, _, terminated, _, _ = env.step(act())
        if terminated:
            games += 1
            _, info = env.reset()
            start(info["order"])
    return steps / (time.perf_counter() - t0), steps / (time.process_time() - c0), games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=50_000)
    args = parser.parse_args()
    print(f"{'rules':<30}{'actions':<16}{'steps':>8}{'games':>8}{'steps/s':>10}{'per CPU s':>11}")
    cases = [(r, True) for r in ("nyt", "missed-connections", "only-connect")]
    cases += [("nyt", False), ("oneshot", False)]
    for rules, use_player in cases:
        rate, cpu, games = run(rules, args.steps, use_player)
        label = "random player" if use_player else "space samples"
        print(f"{rules:<30}{label:<16}{args.steps:>8}{games:>8}{rate:>10.0f}{cpu:>11.0f}")


if __name__ == "__main__":
    main()
