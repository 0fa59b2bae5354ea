"""Benchmark of ``ocwtool generate`` (prints figures; not a test): 1,000 boards from WordNet 3.0.

Times loading the rule book and making the boards with 1 and 2 processes, then re-checks every
board independently of the generator's own check: the partitions of its 16 clues that satisfy its
four rules are counted exhaustively (share with exactly one: the "unique" share), no clue
satisfies two rules, no two clues share a normalised form. Also: distinct boards, red herrings
made per board, rule kinds used. Goal (issue #27): 1,000 verified boards in under 60 s on 2 cores.
The whole command, difficulty measured too, is timed by ``bench_generate_measured.py``.

Run: PYTHONPATH=src python benchmarks/bench_generate.py [--count 1000] [--seed 1] [--red-herrings 4]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from ocwtool.generators.synthetic.board import Board
from ocwtool.generators.synthetic.rules import RuleBook
from ocwtool.generators.synthetic.run import GenerateRequest, make_boards, open_book
from ocwtool.generators.synthetic.verify import clashes, count_partitions, rule_matrix


def timed_boards(book: RuleBook, request: GenerateRequest, jobs: int) -> tuple[list[Board], float]:
    t0 = time.perf_counter()
    boards = make_boards(book, request, jobs)
    return boards, time.perf_counter() - t0


def recheck(book: RuleBook, boards: list[Board]) -> dict[str, int]:
    unique = single = distinct = 0
    for b in boards:
        matrix = rule_matrix(b.order, b.rules, book.satisfies)
        unique += count_partitions(matrix) == 1
        single += all(sum(row) == 1 for row in matrix)
        distinct += not any(clashes(c, b.order[:i]) for i, c in enumerate(b.order))
    return {"one partition": unique, "no clue in two rules": single, "clues distinct": distinct}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--red-herrings", type=int, default=4)
    args = parser.parse_args()
    t0 = time.perf_counter()
    book = open_book()
    load = time.perf_counter() - t0
    print(f"rule book: {len(book.rules)} rules {dict(Counter(r.kind for r in book.rules))} in {load:.1f} s")
    request = GenerateRequest(args.count, args.seed, args.red_herrings)
    one, t1 = timed_boards(book, request, 1)
    two, t2 = timed_boards(book, request, 2)
    assert one == two, "--jobs 2 made other boards"
    n = len(one)
    print(f"{n} boards, {args.red_herrings} red herrings asked: 1 job {t1:.1f} s, 2 jobs {t2:.1f} s")
    print(f"with loading, 2 jobs: {load + t2:.1f} s (goal < 60 s)")
    for what, k in recheck(book, one).items():
        print(f"  {what}: {k}/{n} ({100 * k / n:.1f} %)")
    print(f"  distinct boards (as clue sets): {len({frozenset(b.order) for b in one})}/{n}")
    print(f"  red herrings per board: {dict(sorted(Counter(len(b.herrings) for b in one).items()))}")
    print(f"  rule kinds used: {dict(Counter(r.kind for b in one for r in b.rules))}")


if __name__ == "__main__":
    main()
