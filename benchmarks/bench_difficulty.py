"""Benchmark of measured difficulty (prints figures; not a test): does the baselines' solve rate fall
monotonically from yellow to purple on generated boards (issue #27 section 4)?

Makes N boards from WordNet 3.0 (``ocwtool generate``'s boards), measures them as ``generate`` does
(the WordNet and MiniLM players, one game each under the nyt rules) and prints, per level:

1. **in-sample**: each measuring player's share of groups found (nyt rules), the levels being
   measured from those same games (so a fall is largely built in: it shows the binning, not a test);
2. **leave-one-out**: each player's share, the levels measured by the *other* player alone (a test:
   the player being scored took no part in the levels);
3. **held-out baselines**: the Task 1 baselines ``ocwtool eval`` runs (one full answer each, shuffle
   seed 0: WordNet greedy quads, MiniLM k-means, random), share of groups correct per board level.

Per row it says whether the rates never rise from yellow to purple, and if they do, by how much.
Board levels (what ``--level`` filters: the board's score binned by fixed cuts) and group levels (each
group's ``level``: its rank on its board, one group of each level a board) both. The cuts were chosen
on seed 3; ``--seed 4`` is a check on boards they were not chosen on.

Run: PYTHONPATH=src python benchmarks/bench_difficulty.py [--count 200] [--seed 3] [--red-herrings 4]
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable, Sequence

from ocwtool.evaluation.baselines import make_baseline, run_baseline
from ocwtool.evaluation.difficulty import LEVELS, Difficulty, Measurer, from_figures
from ocwtool.evaluation.game.similarity_players import PLAYERS
from ocwtool.evaluation.gold import gold_from_puzzle
from ocwtool.generators.synthetic.run import GenerateRequest, make_boards, open_book, to_puzzle
from ocwtool.schema.models import Puzzle

Levels = Callable[[Difficulty], Sequence[int]]  # per group: the level it is counted under


def board_levels(d: Difficulty) -> Sequence[int]:
    return [d.level] * len(d.group_levels)


def group_levels(d: Difficulty) -> Sequence[int]:
    return d.group_levels


def rates(
    found: Sequence[Sequence[bool]], figures: Sequence[Difficulty], levels: Levels
) -> list[float | None]:
    """Per level: the share of groups counted under it that were found."""
    hits, totals = [0] * 4, [0] * 4
    for per_group, d in zip(found, figures, strict=True):
        for ok, level in zip(per_group, levels(d), strict=True):
            hits[level] += ok
            totals[level] += 1
    return [h / t if t else None for h, t in zip(hits, totals, strict=True)]


def verdict(values: Sequence[float | None]) -> str:
    shown = [v for v in values if v is not None]
    rise = max((b - a for a, b in itertools.pairwise(shown)), default=0.0)
    if rise <= 0:
        return "monotonic"
    return f"NOT monotonic (largest rise {rise * 100:.1f} points)"


def row(name: str, values: Sequence[float | None]) -> None:
    cells = "  ".join(f"{v * 100:6.1f} %" if v is not None else "     -  " for v in values)
    print(f"  {name:<34} {cells}   {verdict(values)}")


def header(title: str, counts: Sequence[int]) -> None:
    print(f"\n{title}")
    print(f"  {'':<34} " + "  ".join(f"{n:>8}" for n in LEVELS))
    print(f"  {'(groups counted)':<34} " + "  ".join(f"{n:>8}" for n in counts))


def counts(figures: Sequence[Difficulty], levels: Levels) -> list[int]:
    return [sum(list(levels(d)).count(k) for d in figures) for k in range(4)]


def baseline_found(puzzles: Sequence[Puzzle], name: str) -> list[list[bool]]:
    """Per board, per gold group: did the baseline's one answer (shuffle seed 0) hold it."""
    golds = [gold_from_puzzle(p) for p in puzzles]
    predictions = run_baseline(make_baseline(name), golds, 1)[0][1]
    out = []
    for gold, pred in zip(golds, predictions, strict=True):
        answer = {frozenset(w.casefold() for w in g) for g in pred.groups or ()}
        out.append([frozenset(w.casefold() for w in g) in answer for g in gold.groups])
    return out


def agreement(figures: Sequence[Difficulty]) -> str:
    """How often the two players find the same groups (the phi coefficient of found / not found)."""
    pairs = [(a, b) for d in figures for a, b in zip(d.solved["wordnet"], d.solved["minilm"], strict=True)]
    both, w_only, m_only, neither = (
        sum(1 for p in pairs if p == key) for key in itertools.product((True, False), repeat=2)
    )
    spread = ((both + w_only) * (m_only + neither) * (both + m_only) * (w_only + neither)) ** 0.5
    phi = (both * neither - w_only * m_only) / spread if spread else 0.0
    return (
        f"groups found by both players {both}, wordnet only {w_only}, minilm only {m_only}, "
        f"neither {neither} (phi {phi:+.3f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--red-herrings", type=int, default=4)
    args = parser.parse_args()
    t0 = time.perf_counter()
    book = open_book()
    boards = make_boards(book, GenerateRequest(args.count, args.seed, args.red_herrings))
    puzzles = [to_puzzle(b, args.seed) for b in boards]
    t1 = time.perf_counter()
    players = {name: PLAYERS[name]() for name in ("wordnet", "minilm")}
    both = Measurer(list(players.values()))(puzzles)
    t2 = time.perf_counter()
    alone = {  # the same games, levelled by one player's figures
        name: [from_figures(p, {name: d.mistakes[name]}) for p, d in zip(puzzles, both, strict=True)]
        for name in players
    }
    print(
        f"{len(puzzles)} boards (seed {args.seed}, {args.red_herrings} red herrings asked): made in "
        f"{t1 - t0:.1f} s, measured by wordnet + minilm in {t2 - t1:.1f} s"
    )
    print(
        "boards per level: "
        + ", ".join(f"{n} {counts(both, board_levels)[k] // 4}" for k, n in enumerate(LEVELS))
    )
    print(agreement(both))
    held = {name: baseline_found(puzzles, name) for name in ("wordnet", "minilm", "random")}
    for title, levels in (("board levels", board_levels), ("group levels", group_levels)):
        header(f"Share of groups found, by {title} (wordnet + minilm)", counts(both, levels))
        for name in players:
            row(f"in-sample: {name} player", rates([d.solved[name] for d in both], both, levels))
        for name in held:
            row(f"held-out: {name} baseline (Task 1)", rates(held[name], both, levels))
        for name, other in (("wordnet", "minilm"), ("minilm", "wordnet")):
            found = [d.solved[name] for d in both]
            header(f"  leave-one-out: {name} player, {title} by {other} alone", counts(alone[other], levels))
            row(f"{name} player", rates(found, alone[other], levels))
    print(f"\ntotal {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
