"""Leakage rules: no record in two splits, no wall twice, near-duplicate walls reported.

Walls are compared on their normalised clue set (:func:`~ocwtool.schema.keys.wall_key`), so
the same wall scraped from ocdb.cc and imported from OCW JSON is recognised even when punctuation or
case differ. Near-duplicates are found through an inverted index clue -> walls, so only walls that
share at least one clue are ever compared (linear in the postings, not quadratic in the walls).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence

from ocwtool.schema.corpus import Corpus
from ocwtool.schema.keys import identifying, wall_key
from ocwtool.schema.models import Puzzle
from ocwtool.validators.rules import Finding

NEAR_DUPLICATE_MIN_SHARED = 12


def _split(p: Puzzle) -> str:
    return p.split.value if p.split is not None else "unassigned"


def check_split_disjoint(corpus: Corpus) -> Iterator[Finding]:
    """L01: a puzzle id (canonical or variant) must not appear under two splits."""
    seen: dict[str, set[str]] = defaultdict(set)
    for _, p in corpus.all_records():
        if p.split is not None:
            seen[p.id].add(p.split.value)
    for pid, splits in sorted(seen.items()):
        if len(splits) > 1:
            yield Finding("L01", (pid,), "/".join(sorted(splits)))


def check_same_wall(corpus: Corpus) -> Iterator[Finding]:
    """L02/L03: the same normalised wall in two splits (never allowed) or twice at all."""
    by_key: dict[frozenset[str], list[Puzzle]] = defaultdict(list)
    for p in corpus.puzzles:
        key = wall_key(p)
        if identifying(key):
            by_key[key].append(p)
    for group in by_key.values():
        if len(group) < 2:
            continue
        ids = tuple(sorted(p.id for p in group))
        where = ", ".join(f"{p.id} ({p.source}, {_split(p)})" for p in sorted(group, key=lambda q: q.id))
        splits = {p.split for p in group if p.split is not None}
        yield Finding("L02" if len(splits) > 1 else "L03", ids, where)


def near_duplicates(
    puzzles: Sequence[Puzzle], min_shared: int = NEAR_DUPLICATE_MIN_SHARED
) -> list[tuple[int, int, int]]:
    """``(i, j, shared)`` for walls sharing ``min_shared``+ normalised clues but not all of them."""
    keys = [wall_key(p) for p in puzzles]
    index: dict[str, list[int]] = defaultdict(list)
    for i, key in enumerate(keys):
        for clue in key if identifying(key) else ():
            if clue:  # clues with no [a-z0-9] at all say nothing about identity
                index[clue].append(i)
    pairs: list[tuple[int, int, int]] = []
    for i, key in enumerate(keys):
        shared: Counter[int] = Counter()
        for clue in key:
            if clue:
                shared.update(j for j in index[clue] if j > i)
        for j, n in sorted(shared.items()):
            if n >= min_shared and keys[j] != key:
                pairs.append((i, j, n))
    return pairs


def check_near_duplicates(corpus: Corpus, min_shared: int = NEAR_DUPLICATE_MIN_SHARED) -> Iterator[Finding]:
    """L04: pairs of walls sharing ``min_shared`` or more normalised clues."""
    items = corpus.puzzles
    for i, j, n in near_duplicates(items, min_shared):
        a, b = sorted((items[i], items[j]), key=lambda p: p.id)
        size = max(len(wall_key(a)), len(wall_key(b)))
        yield Finding("L04", (a.id, b.id), f"{n} of {size} clues ({_split(a)} / {_split(b)})")


def run_leakage(corpus: Corpus, min_shared: int = NEAR_DUPLICATE_MIN_SHARED) -> list[Finding]:
    """All leakage findings."""
    return [
        *check_split_disjoint(corpus),
        *check_same_wall(corpus),
        *check_near_duplicates(corpus, min_shared),
    ]
