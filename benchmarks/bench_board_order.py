"""Issue #25: how many walls "the clues cut into fours" solves, before and after board order.

Builds a release of the 618 OCW walls and the 1163 NYT archive puzzles (../shared/data) with the
CLI as a user would (import, split, build-variants, validate, release build), then, for each
config's test split, counts the walls solved by a "prediction" that cuts into fours:

* the stored order (what epoch 1 of ``llm run``, the parquet ``clues`` and the baselines' seed-0
  input were before the fix; the release's OCW JSON ``words`` still are, by design);
* the parquet ``clues`` the release now ships (board 0);
* boards 0-15 (LLM epochs 1-16, baseline seeds 0-15), as every consumer now shows them.

Chance for a wall shown in a random order: solved about once in 2.6 million walls; 16/1820 = 0.0088
groups a wall.

    PYTHONPATH=src python benchmarks/bench_board_order.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _shared import shared_data

from ocwtool.formats import hf
from ocwtool.schema.board import rows
from ocwtool.schema.models import Puzzle

WAIVERS = """
[[waiver]]
rule = "duplicate-clue"
records = ["654041", "b308e4"]
reason = "the same clue really appears twice on these broadcast walls"
"""


def ocwtool(ws: Path, *args: str) -> None:
    cmd = [sys.executable, "-m", "ocwtool", "-w", str(ws), *args]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed:\n{done.stdout}{done.stderr}")


def build(ws: Path, data: Path) -> Path:
    ocwtool(ws, "init", "--contact", "bench@example.org")
    ocwtool(ws, "import", str(data / "ocw" / "onlyconnect_prerelease_618.json"), "--source", "ocw")
    ocwtool(
        ws,
        "import",
        str(data / "nyt" / "connections_archive_1163.json"),
        "-f",
        "nyt-archive",
        "--source",
        "nyt",
    )
    (ws / "validation.toml").write_text(WAIVERS)
    ocwtool(ws, "split", "--nyt-cutoff", "2025-01-01,2025-07-01")
    ocwtool(ws, "build-variants")
    ocwtool(ws, "release", "build", "--name", "board", "--version", "1.0.0")
    return ws / "releases" / "board-1.0.0"


def solved(boards: list[tuple[str, ...]], puzzles: list[Puzzle]) -> tuple[int, int]:
    """(walls solved, groups found) by cutting each board into fours."""
    walls = groups = 0
    for board, p in zip(boards, puzzles, strict=True):
        gold = {tuple(sorted(g.clues)) for g in p.groups}
        found = sum(tuple(sorted(r)) in gold for r in rows(board))
        walls, groups = walls + (found == 4), groups + found
    return walls, groups


def main() -> None:
    data = shared_data()
    if data is None:
        print("needs ../shared/data; skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        release = build(Path(tmp) / "ws", data)
        print(f"release built in {time.perf_counter() - t0:.1f} s: {release.name}")
        print(
            f"{'config':<16}{'walls':>6}{'stored order':>16}{'parquet clues':>16}{'boards 0-15 (mean)':>22}"
        )
        for path in sorted(release.glob("data/*/test-*.parquet")):
            shipped = hf.read_parquet(path)
            doc = json.loads((release / "json" / path.parent.name / "test.json").read_text())
            stored = [tuple(str(w) for w in wall["words"]) for wall in doc["dataset"]]
            by_id = {p.id: p for p in shipped}
            in_json = [by_id[str(wall["wall_id"])] for wall in doc["dataset"]]
            before = solved(stored, in_json)
            now = solved([p.clues for p in shipped], shipped)
            boards = [solved([p.board(k) for p in shipped], shipped) for k in range(16)]
            mean_walls = sum(w for w, _ in boards) / 16
            mean_groups = sum(g for _, g in boards) / 16
            print(
                f"{path.parent.name:<16}{len(shipped):>6}{f'{before[0]} ({before[1]} gr.)':>16}"
                f"{f'{now[0]} ({now[1]} gr.)':>16}{f'{mean_walls:.2f} ({mean_groups:.2f} gr.)':>22}"
            )
            chance = 16 / 1820 * len(shipped)
            print(f"{'':<16}{'':>6}{'':>16}{'':>16}{f'chance: {chance:.2f} gr.':>22}")


if __name__ == "__main__":
    main()
