"""Benchmark of the whole ``ocwtool generate`` command (prints figures; not a test): making, verifying,
measuring every board's difficulty with the WordNet and MiniLM players, and writing the store.

Each run is a fresh process, ``python -m ocwtool -w <tmp> generate --count N --seed S --red-herrings 4
--jobs J``, for J in ``--jobs`` and for each source tree in ``--src`` (default: this checkout's),
interleaved (tree A jobs 1, tree B jobs 1, tree A jobs 2, ...) so that the trees share the machine's
load; ``--repeat`` runs the whole round again. Per run: wall and CPU seconds (user + sys of the
process and its workers), the load average before it, and the store's hash. It then says whether every
run made the same files (``--jobs`` and the source tree must not change them). Goal (issue #27):
1,000 boards, measured, in under 60 s on 2 cores.

Old against new, side by side: check out the old commit beside this one and pass both trees:

    git worktree add --detach /tmp/old 7d77ebb
    python benchmarks/bench_generate_measured.py --src /tmp/old/src --src src
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = ("puzzles/synthetic.jsonl", "puzzles/synthetic.meta.json", "annotations/generator.jsonl")


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed_run(src: Path, args: argparse.Namespace, jobs: int) -> dict[str, object]:
    """One whole ``generate`` in a fresh process and workspace: its figures and files' hash."""
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("puzzles", "annotations"):
            (Path(tmp) / name).mkdir()
        cmd = [sys.executable, "-m", "ocwtool", "-w", tmp, "generate", "--count", str(args.count)]
        cmd += ["--seed", str(args.seed), "--red-herrings", str(args.red_herrings), "--jobs", str(jobs)]
        env = {**os.environ, "PYTHONPATH": str(src)}
        load, cpu, t0 = os.getloadavg()[0], children_cpu(), time.perf_counter()
        subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
        wall, cpu = time.perf_counter() - t0, children_cpu() - cpu
        digest = hashlib.sha256(b"".join((Path(tmp) / f).read_bytes() for f in FILES)).hexdigest()
    return {"src": str(src), "jobs": jobs, "wall": wall, "cpu": cpu, "load": load, "sha": digest[:12]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--red-herrings", type=int, default=4)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--src", type=Path, action="append", help="a source tree to time (repeatable)")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    trees = [p.resolve() for p in args.src or [ROOT / "src"]]
    print(f"generate --count {args.count} --seed {args.seed} --red-herrings {args.red_herrings}")
    runs = []
    for _ in range(args.repeat):
        for jobs in args.jobs:
            for src in trees:
                run = timed_run(src, args, jobs)
                runs.append(run)
                print(
                    f"  {run['src']}  --jobs {jobs}: {run['wall']:.1f} s wall, {run['cpu']:.1f} s CPU "
                    f"(load average {run['load']:.1f} before), files {run['sha']}",
                    flush=True,
                )
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    same = len({r["sha"] for r in runs}) == 1
    print("every run made the same files" if same else "the runs made DIFFERENT files (see the hashes)")


if __name__ == "__main__":
    main()
