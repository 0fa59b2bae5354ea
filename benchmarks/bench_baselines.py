"""Baseline speed: whole-process `ocwtool eval --baseline wordnet|minilm --seeds 16` on the OCW test
split (494 walls), and the baselines as players (games/s under `nyt` and `only-connect` rules).

    OCWTOOL_OCW_JSON=path/to/onlyconnect_prerelease_618.json python benchmarks/bench_baselines.py
    python benchmarks/bench_baselines.py --skip-minilm --games 100
    python benchmarks/bench_baselines.py --skip-minilm --skip-players --repeat 3
    python benchmarks/bench_baselines.py --only-eval minilm --repeat 3
    git worktree add /tmp/ocwtool-488fefc 488fefc
    python benchmarks/bench_baselines.py --skip-players --first 2 --repeat 2 --against /tmp/ocwtool-488fefc

The OCW file defaults to ../shared/data/ocw/onlyconnect_prerelease_618.json; without it the script
says so and exits 0. It is imported into a temporary workspace (never into the repository) and split
as published (62/62/494). Wall time and CPU time (user + sys of the child process) are printed: the
machine may be shared, and CPU time is the steadier figure. Each eval command runs ``--first`` times
with an empty cache folder (``$OCWTOOL_CACHE`` in a temporary folder: a first run on a new machine,
which prepares WordNet and stores the WordNet baseline's pair scores), then ``--repeat`` times with
its cache folder filled (medians).

Machines differ (the same code has run 1.7x slower from one session's machine to the next), so a
figure is best read beside the code it replaced: ``--against CHECKOUT`` times another checkout (a
``git worktree`` of an older commit) in the same way, alternating with this one, and says whether the
two JSON reports are byte-identical. 488fefc is the code issue #15's "48 s" and "72 s" were measured
on.
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
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Code:
    """Which ocwtool runs: this checkout (``src`` None: the installed package) or another checkout's
    ``src`` folder put first on ``PYTHONPATH`` (``--against``)."""

    label: str
    src: Path | None = None

    def env(self, cache: str) -> dict[str, str]:
        extra = {"OCWTOOL_CACHE": cache}
        if self.src is not None:
            extra["PYTHONPATH"] = os.pathsep.join(filter(None, [str(self.src), os.environ.get("PYTHONPATH")]))
        return {**os.environ, **extra}

    def check(self) -> None:
        """Refuse to time the wrong code: the child must import ocwtool from ``src``."""
        if self.src is None:
            return
        probe = [sys.executable, "-c", "import ocwtool; print(ocwtool.__file__)"]
        found = subprocess.run(probe, capture_output=True, text=True, env=self.env(""), check=False)
        where = Path(found.stdout.strip() or ".").resolve()
        if found.returncode != 0 or self.src.resolve() not in where.parents:
            raise SystemExit(f"--against {self.src.parent}: ocwtool is imported from {where}, not from there")


def ocwtool(workspace: Path, *args: str, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Run ``ocwtool -w WORKSPACE ARGS`` in a fresh process: (wall seconds, CPU seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    cmd = [sys.executable, "-m", "ocwtool", "-w", str(workspace), *args]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env or dict(os.environ))
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr}")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def make_workspace(root: Path, source: Path) -> None:
    ocwtool(root, "init", "--contact", "bench@ocwtool.invalid")
    ocwtool(root, "import", str(source), "--format", "ocw")
    ocwtool(root, "split")


def _figures(times: list[tuple[float, float]]) -> str:
    walls, cpus = sorted(t[0] for t in times), sorted(t[1] for t in times)
    return (
        f"{statistics.median(walls):6.1f} s wall, {statistics.median(cpus):6.1f} s CPU "
        f"(wall {', '.join(f'{w:.1f}' for w in walls)})"
    )


Times = list[tuple[float, float]]


def run_eval(root: Path, name: str, code: Code, cache: str, out: Path) -> tuple[float, float]:
    args = ("eval", "--baseline", name, "--seeds", "16", "--no-progress", "--json-out", str(out))
    return ocwtool(root, *args, env=code.env(cache))


def bench_eval(root: Path, baselines: list[str], repeat: int, codes: list[Code], first: int) -> None:
    """The exact command, whole process, for each of ``codes`` in turn (alternating, so that a
    change in the machine's load hits both): ``first`` times with an empty cache folder (a first run
    on a machine: WordNet prepared, pair scores computed and stored), then ``repeat`` times with
    that code's own filled cache folder. Medians; the codes' reports are compared byte for byte."""
    for name in baselines:
        label = f"eval --baseline {name:<8} --seeds 16, 494 test walls"
        outs = {c.label: root / "runs" / f"bench-{name}-{i}.json" for i, c in enumerate(codes)}
        cold: dict[str, Times] = {c.label: [] for c in codes}
        warm: dict[str, Times] = {c.label: [] for c in codes}
        with tempfile.TemporaryDirectory(prefix="ocwtool-bench-cache-") as caches:
            for _ in range(first):
                for code in codes:
                    with tempfile.TemporaryDirectory(dir=caches) as empty:
                        cold[code.label].append(run_eval(root, name, code, empty, outs[code.label]))
            filled = {c.label: str(Path(caches) / f"filled-{i}") for i, c in enumerate(codes)}
            for code in codes:  # fills each code's own cache folder
                run_eval(root, name, code, filled[code.label], outs[code.label])
            for _ in range(repeat):
                for code in codes:
                    warm[code.label].append(run_eval(root, name, code, filled[code.label], outs[code.label]))
        for code in codes:
            print(f"{label}, {code.label}, empty cache folder: {_figures(cold[code.label])}")
            print(f"{label}, {code.label}, cache filled: {_figures(warm[code.label])}")
        if len(codes) > 1:
            same = len({outs[c.label].read_bytes() for c in codes}) == 1
            print(f"{label}: JSON reports {'identical' if same else 'DIFFER'} byte for byte")
        print(f"load average {os.getloadavg()[0]:.1f}")


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
    parser.add_argument("--first", type=int, default=1, help="runs of each eval command with an empty cache")
    parser.add_argument(
        "--against",
        type=Path,
        metavar="CHECKOUT",
        help="also time another ocwtool checkout (its src/ first on PYTHONPATH), alternating with this one",
    )
    args = parser.parse_args()
    if args.first < 1 or args.repeat < 1:
        parser.error("--first and --repeat take a count of at least 1")
    source = ocw_file()
    if source is None:
        print(f"skipped: no OCW file (set {ENV} or provide ../shared/data/{OCW_NAME})")
        return
    names = ["wordnet"] if args.skip_minilm else ["wordnet", "minilm"]
    codes = [Code("this checkout")]
    if args.against is not None:
        codes.append(Code(f"--against {args.against}", args.against / "src"))
    for code in codes:  # before the import: a wrong --against is said at once
        code.check()
    with tempfile.TemporaryDirectory(prefix="ocwtool-bench-") as tmp:
        root = Path(tmp)
        make_workspace(root, source)
        if not args.skip_eval:
            bench_eval(root, [args.only_eval] if args.only_eval else names, args.repeat, codes, args.first)
        if not args.skip_players and not args.only_eval:
            bench_players(root, ["random", *names], args.games)


if __name__ == "__main__":
    main()
