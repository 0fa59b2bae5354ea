"""The hostile-input corpus of issue #13 as a table: category, cases, clear errors, tracebacks, data lost.

    python benchmarks/hostile_corpus.py [--verbose]

Generates every case of ``tests/faults/hostile`` in a temporary folder, runs it through the real CLI
and prints one row per category; ``--verbose`` also prints every case that is not a clear error.
"""

from __future__ import annotations

import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.faults.hostile import Outcome, all_cases, run_case


def _rows(outcomes: list[Outcome]) -> list[tuple[str, int, int, int, int, int]]:
    by_category: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        by_category[outcome.case.category].append(outcome)
    return [
        (
            category,
            len(group),
            sum(o.clear for o in group),
            sum(o.traceback for o in group),
            sum(o.data_lost for o in group),
            sum(bool(o.stray) for o in group),
        )
        for category, group in by_category.items()
    ]


def _print_table(outcomes: list[Outcome]) -> None:
    rows = _rows(outcomes)
    print("| category | cases | clear errors | tracebacks | data lost | stray files |")
    print("|---|---:|---:|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")
    totals = [sum(row[i] for row in rows) for i in range(1, 6)]
    print("| **total** | " + " | ".join(str(t) for t in totals) + " |")


def _print_failures(outcomes: list[Outcome]) -> None:
    for o in outcomes:
        if not o.clear or o.data_lost or o.stray:
            detail = (o.escaped or o.stderr).strip().splitlines()
            print(f"- {o.case.id}: exit {o.code}; {detail[0] if detail else '(no output)'}")
            print(f"  changed={o.changed} stray={o.stray}")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        outcomes = [run_case(case, Path(tmp)) for case in all_cases()]
    _print_table(outcomes)
    if "--verbose" in sys.argv:
        _print_failures(outcomes)


if __name__ == "__main__":
    main()
