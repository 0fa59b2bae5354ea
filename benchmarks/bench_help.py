"""Cold start of ``python -m ocwtool --help`` in a fresh subprocess (median of several runs).

Also measures a bare interpreter start (``python -c pass``) so the tool's own cost is visible.
Target: ``--help`` under 0.2 s. Run: ``python benchmarks/bench_help.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

TARGET_S = 0.2


def median_run(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, *args], check=True, capture_output=True, env=os.environ)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    bare = median_run(["-c", "pass"], args.runs)
    help_s = median_run(["-m", "ocwtool", "--help"], args.runs)
    sub_s = median_run(["-m", "ocwtool", "import", "--help"], args.runs)
    print(f"python -c pass                     {bare:.3f} s (interpreter start)")
    mark = "ok" if help_s < TARGET_S else "SLOW"
    print(f"python -m ocwtool --help           {help_s:.3f} s  {mark} (target < {TARGET_S} s)")
    print(f"python -m ocwtool import --help    {sub_s:.3f} s")
    print(f"ocwtool's own share of --help      {help_s - bare:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
