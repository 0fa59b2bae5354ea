"""Import and export times of the real reference files (618 OCW walls, 1163 NYT puzzles).

Prints the median of several runs per step (targets: each under 1 s). Reads ../shared/data; exits
cleanly when it is absent. Run: ``python benchmarks/bench_formats.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from _shared import shared_data

from ocwtool.formats import get_exporter, get_importer

FILES = {
    "ocw": Path("ocw/onlyconnect_prerelease_618.json"),
    "nyt-archive": Path("nyt/connections_archive_1163.json"),
}
TARGET_S = 1.0


def median_time(func: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench(fmt: str, path: Path, out: Path, runs: int) -> list[tuple[str, int, float]]:
    importer = get_importer(fmt)
    result = importer(path, fmt)
    n = len(result.puzzles)
    rows = [(f"import {fmt}", n, median_time(lambda: importer(path, fmt), runs))]
    for target in (fmt, "jsonl", "hf", "csv"):
        dest = out / f"{fmt}.{target}"
        write = partial(get_exporter(target), result.puzzles, dest, result.extras)
        rows.append((f"export {fmt} -> {target}", n, median_time(write, runs)))
        if target in ("jsonl", "hf"):
            read = partial(get_importer(target), dest, fmt)
            rows.append((f"import {target} ({fmt})", n, median_time(read, runs)))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    data = shared_data()
    if data is None:
        print("skipped: needs ../shared/data")
        return 0
    start = time.perf_counter()
    from ocwtool.formats.hf import features

    features()
    print(f"one-time import of datasets (first HF export pays it): {time.perf_counter() - start:.3f} s")
    print(f"{'step':<34} {'puzzles':>8} {'median s':>9}  target < {TARGET_S} s")
    with tempfile.TemporaryDirectory() as tmp:
        for fmt, rel in FILES.items():
            for name, n, seconds in bench(fmt, data / rel, Path(tmp), args.runs):
                mark = "ok" if seconds < TARGET_S else "SLOW"
                print(f"{name:<34} {n:>8} {seconds:>9.3f}  {mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
