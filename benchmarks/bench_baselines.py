"""Baseline speed: whole-process `ocwtool eval --baseline wordnet|minilm --seeds 16` on the OCW test
split (494 walls), and the baselines as players (games/s under `nyt` and `only-connect` rules).

    OCWTOOL_OCW_JSON=path/to/onlyconnect_prerelease_618.json python benchmarks/bench_baselines.py
    python benchmarks/bench_baselines.py --skip-minilm --games 100
    python benchmarks/bench_baselines.py --skip-minilm --skip-players --repeat 3
    python benchmarks/bench_baselines.py --only-eval minilm --repeat 3

The OCW file defaults to ../shared/data/ocw/onlyconnect_prerelease_618.json; without it the script
says so and exits 0. It is imported into a temporary workspace (never into the repository) and split
as published (62/62/494). Wall time and CPU time (user + sys of the child process) are printed: the
machine may be shared, and CPU time is the steadier figure. Each eval command runs once with an empty
cache folder (``$OCWTOOL_CACHE`` in a temporary folder: a first run on a new machine, which prepares
WordNet and stores the WordNet baseline's pair scores), then ``--repeat`` times as usual (median).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _shared import shared_data

OCW_NAME = Path("ocw") / "onlyconnect_prerelease_618.json"
ENV = "OCWTOOL_OCW_JSON"


def ocw_file() -> Path | None:
    """$OCWTOOL_OCW_JSON, else the shared data copy; None when neither exists."""
    if os.environ.get(ENV):
        path = Path(os.environ[ENV])
        return path if path.is_file() else None
    data = shared_data()
    return data / OCW_NAME if data is not None and (data / OCW_NAME).is_file() else None


def ocwtool(workspace: Path, *args: str, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Run ``ocwtool -w WORKSPACE ARGS`` in a fresh process: (wall seconds, CPU seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    cmd = [sys.executable, "-m", "ocwtool", "-w", str(workspace), *args]
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, **(env or {})})
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr}")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def make_workspace(root: Path, source: Path) -> None:
    ocwtool(root, "init", "--contact", "bench@ocwtool.invalid")
    ocwtool(root, "import", str(source), "--format", "ocw")
    ocwtool(root, "split")


def bench_eval(root: Path, baselines: list[str], repeat: int) -> None:
    """The exact command, whole process: once with an empty cache folder (first run on a machine:
    WordNet prepared, pair scores computed and stored), then ``repeat`` times as usual (median)."""
    for name in baselines:
        out = root / "runs" / f"bench-{name}.json"
        args = ("eval", "--baseline", name, "--seeds", "16", "--no-progress", "--json-out", str(out))
        label = f"eval --baseline {name:<8} --seeds 16, 494 test walls"
        with tempfile.TemporaryDirectory(prefix="ocwtool-bench-cache-") as cache:
            wall, cpu = ocwtool(root, *args, env={"OCWTOOL_CACHE": cache})
        print(f"{label}, empty cache folder: {wall:6.1f} s wall, {cpu:6.1f} s CPU")
        ocwtool(root, *args)  # fills the usual cache folder if needed
        times = [ocwtool(root, *args) for _ in range(repeat)]
        walls, cpus = sorted(t[0] for t in times), sorted(t[1] for t in times)
        print(
            f"{label}, median of {repeat}: {statistics.median(walls):6.1f} s wall, "
            f"{statistics.median(cpus):6.1f} s CPU (wall {', '.join(f'{w:.1f}' for w in walls)}; "
            f"load average {os.getloadavg()[0]:.1f})"
        )


def bench_players(root: Path, players: list[str], games: int) -> None:
    from ocwtool.evaluation.game import Board, RandomPlayer, get_rules, play_game
    from ocwtool.evaluation.game.similarity_players import PLAYERS
    from ocwtool.evaluation.gold import workspace_golds
    from ocwtool.workspace import Workspace

    boards = [Board.from_gold(g) for g in workspace_golds(Workspace.open(root), "test", None).walls][:games]
    for name in players:
        player = RandomPlayer() if name == "random" else PLAYERS[name]()
        play_game(boards[0], get_rules("nyt"), player, seed=0)  # loads WordNet / the model
        for rules in ("nyt", "only-connect"):
            start, cpu = time.perf_counter(), time.process_time()
            moves = sum(len(play_game(b, get_rules(rules), player, seed=0).turns) for b in boards)
            wall, cpu = time.perf_counter() - start, time.process_time() - cpu
            print(
                f"player {name:<7} {rules:<13} {len(boards)} games: {len(boards) / wall:7.1f} games/s "
                f"({len(boards) / cpu:7.1f} per CPU s), {moves / len(boards):5.1f} moves/game"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-minilm", action="store_true", help="WordNet and random only")
    parser.add_argument("--games", type=int, default=494, help="boards per player and rule set")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each eval command (median)")
    parser.add_argument("--skip-players", action="store_true", help="only the eval commands")
    parser.add_argument("--skip-eval", action="store_true", help="only the players")
    parser.add_argument("--only-eval", choices=["wordnet", "minilm"], help="just this eval command")
    args = parser.parse_args()
    source = ocw_file()
    if source is None:
        print(f"skipped: no OCW file (set {ENV} or provide ../shared/data/{OCW_NAME})")
        return
    names = ["wordnet"] if args.skip_minilm else ["wordnet", "minilm"]
    with tempfile.TemporaryDirectory(prefix="ocwtool-bench-") as tmp:
        root = Path(tmp)
        make_workspace(root, source)
        if not args.skip_eval:
            bench_eval(root, [args.only_eval] if args.only_eval else names, args.repeat)
        if not args.skip_players and not args.only_eval:
            bench_players(root, ["random", *names], args.games)


if __name__ == "__main__":
    main()
