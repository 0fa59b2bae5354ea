"""Benchmark: validate 618 OCW + 1163 NYT puzzles (incl. the GX import) and build a release of them.

Uses the real reference data in ../shared/data (skips if absent). Each phase runs in a fresh
subprocess so the Great Expectations / datasets import cost is counted, as a user would see it.

    PYTHONPATH=src python benchmarks/bench_release.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _shared import shared_data

DATA = shared_data() or Path("shared-data-not-found")

SETUP = """
import sys
from pathlib import Path
from ocwtool.workspace import init_workspace
from ocwtool.fsio import write_json
from ocwtool.formats import nyt_archive, ocw_json
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import Workspace
root = Path(sys.argv[1]); data = Path(sys.argv[2])
init_workspace(root, "bench@example.org")
s = Workspace.open(root)
ocw = ocw_json.import_file(data / "ocw/onlyconnect_prerelease_618.json", "ocw")
nyt = nyt_archive.import_file(data / "nyt/connections_archive_1163.json", "nyt")
write_puzzles(s.puzzles_path("ocw"), ocw.puzzles); write_json(s.puzzles_dir / "ocw.meta.json", ocw.extras)
write_puzzles(s.puzzles_path("nyt"), nyt.puzzles)
(root / "validation.toml").write_text('''
[[waiver]]
rule = "duplicate-clue"
records = ["654041", "b308e4"]
reason = "the same clue really appears twice on these broadcast walls"
''')
print(len(ocw.puzzles), len(nyt.puzzles))
"""


def run(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if out.returncode not in (0, 1):
        sys.exit(f"failed: {' '.join(args)}\n{out.stdout}\n{out.stderr}")
    return took, out.stdout + out.stderr


def main() -> None:
    if not DATA.is_dir():
        print("needs ../shared/data; skipped")
        return
    env = {**os.environ, "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1"}
    py = [sys.executable]
    with tempfile.TemporaryDirectory(prefix="bench-release-") as tmp:
        ws = Path(tmp) / "ws"
        env["HF_HOME"] = str(Path(tmp) / "hf")
        _, counts = run([*py, "-c", SETUP, str(ws), str(DATA)], env)
        print(f"imported (ocw nyt): {counts.strip()}")
        cli = [*py, "-m", "ocwtool", "-w", str(ws)]
        took, _ = run([*cli, "split", "--nyt-cutoff", "2025-01-01,2025-07-01"], env)
        print(f"split: {took:.2f} s")
        took, out = run([*cli, "validate"], env)
        print(f"validate (structural + leakage + GX, fresh process): {took:.2f} s")
        print("  " + out.strip().splitlines()[-2])
        took, out = run([*cli, "validate", "--no-expectations"], env)
        print(f"validate --no-expectations: {took:.2f} s")
        took, out = run([*cli, "release", "build", "--name", "bench", "--version", "1.0.0"], env)
        print(f"release build (validation included): {took:.2f} s")
        archive = ws / "releases" / "bench-1.0.0.tar.gz"
        print(f"  archive {archive.stat().st_size / 1e6:.2f} MB")
        took, out = run([*cli, "release", "verify", str(archive)], env)
        print(f"release verify (archive, with datasets load): {took:.2f} s")
        print("  " + out.strip().splitlines()[0][:150])


if __name__ == "__main__":
    main()
