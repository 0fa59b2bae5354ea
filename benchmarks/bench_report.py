"""Benchmark: `ocwtool report` on the demo workspace, and on the real data when present.

Each report runs in a fresh subprocess (matplotlib's import counted, as a user sees it); the demo
workspace is built first with `ocwtool demo` (not timed). With ../shared/data, the 618 OCW walls and
1163 NYT boards are imported into a second workspace and reported too.

    PYTHONPATH=src python benchmarks/bench_report.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _shared import shared_data

RUNS = 3


def ocwtool(root: Path, *args: str) -> float:
    env = {**os.environ, "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1"}
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "ocwtool", "-w", str(root), *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        sys.exit(f"failed: ocwtool {' '.join(args)}\n{out.stdout}\n{out.stderr}")
    return time.perf_counter() - start


def report(root: Path, label: str) -> None:
    times = [ocwtool(root, "report", "--cutoff", "2024-03-07", "--no-progress") for _ in range(RUNS)]
    figures = len(list((root / "reports").glob("*.svg")))
    size = (root / "reports" / "report.html").stat().st_size / 1e6
    print(
        f"{label}: {figures} figures, report.html {size:.2f} MB; "
        f"wall time median {statistics.median(times):.2f} s (min {min(times):.2f}, {RUNS} runs)"
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        demo = Path(tmp) / "demo"
        ocwtool(demo, "demo", "--no-progress")
        report(demo, "demo workspace")
        data = shared_data()
        if data is None:
            print("real data: needs ../shared/data; skipped")
            return
        real = Path(tmp) / "real"
        ocwtool(real, "init", "--contact", "bench@example.org")
        ocwtool(real, "import", str(data / "ocw/onlyconnect_prerelease_618.json"), "--format", "ocw")
        ocwtool(real, "import", str(data / "nyt/connections_archive_1163.json"), "--format", "nyt-archive")
        report(real, "real data (618 OCW walls, 1163 NYT boards, no runs)")


if __name__ == "__main__":
    main()
