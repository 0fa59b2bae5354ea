"""Reconcile two puzzle stores day by day (pure): what is missing, reordered, re-worded or re-titled.

Records are keyed on the NYT date (else the puzzle id), so stores with different id counters line up.
Texts are compared after :func:`~ocwtool.schema.text.compare_form` (case; quotes, hyphens/dashes,
underscores and spaces dropped), so ``RACE CAR``/``RACECAR`` and ``HAPPY_SOUNDING``/``HAPPY-SOUNDING``
agree. Groups are paired by their normalised word sets first, so a reordering is reported once, as
``group_order``, and never as four title differences.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ocwtool.schema.models import Puzzle
from ocwtool.schema.text import COMPARE_FORM, compare_form

MISSING_LEFT = "missing_left"
MISSING_RIGHT = "missing_right"
GROUP_ORDER = "group_order"
WORDS = "words"
TITLES = "titles"
KINDS = (MISSING_LEFT, MISSING_RIGHT, GROUP_ORDER, WORDS, TITLES)


def within(puzzles: Iterable[Puzzle], start: dt.date | None, end: dt.date | None) -> list[Puzzle]:
    """The NYT puzzles dated ``start..end`` (either bound optional); undated records only when unbounded."""
    if start is None and end is None:
        return list(puzzles)
    return [
        p
        for p in puzzles
        if p.nyt is not None and (start is None or p.nyt.date >= start) and (end is None or p.nyt.date <= end)
    ]


def record_key(p: Puzzle) -> str:
    """The day (ISO date) of an NYT puzzle, else its id."""
    return p.nyt.date.isoformat() if p.nyt is not None else p.id


@dataclass(frozen=True)
class DayDiff:
    """Every disagreement about one day; ``details`` are readable one-liners."""

    key: str
    number: int | None
    kinds: tuple[str, ...]
    details: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "number": self.number,
            "kinds": list(self.kinds),
            "details": list(self.details),
        }


@dataclass(frozen=True)
class Report:
    """The outcome of :func:`reconcile`."""

    left: str
    right: str
    left_count: int
    right_count: int
    both: int
    diffs: tuple[DayDiff, ...] = field(default_factory=tuple)

    def counts(self) -> dict[str, int]:
        """How many days show each kind of difference."""
        return {k: sum(k in d.kinds for d in self.diffs) for k in KINDS}

    def numbers(self, kind: str) -> list[int]:
        """Puzzle numbers of the days with ``kind`` (days without a number left out)."""
        return [d.number for d in self.diffs if kind in d.kinds and d.number is not None]

    def to_json(self) -> dict[str, Any]:
        return {
            "left": {"name": self.left, "count": self.left_count},
            "right": {"name": self.right, "count": self.right_count},
            "in_both": self.both,
            "agree": self.both
            - sum(1 for d in self.diffs if not ({MISSING_LEFT, MISSING_RIGHT} & set(d.kinds))),
            "normalisation": COMPARE_FORM,
            "counts": self.counts(),
            "differences": [d.to_json() for d in self.diffs],
        }


def reconcile(left: Iterable[Puzzle], right: Iterable[Puzzle], left_name: str, right_name: str) -> Report:
    """Compare two collections day by day (first record wins when a key repeats)."""
    a = _by_key(left)
    b = _by_key(right)
    diffs = []
    for key in sorted(a.keys() | b.keys()):
        pa, pb = a.get(key), b.get(key)
        number = _number(pa or pb)
        if pa is None:
            diffs.append(DayDiff(key, number, (MISSING_LEFT,), (f"only in {right_name}",)))
        elif pb is None:
            diffs.append(DayDiff(key, number, (MISSING_RIGHT,), (f"only in {left_name}",)))
        else:
            kinds, details = compare_puzzles(pa, pb)
            if kinds:
                diffs.append(DayDiff(key, number, kinds, details))
    return Report(left_name, right_name, len(a), len(b), len(a.keys() & b.keys()), tuple(diffs))


def compare_puzzles(a: Puzzle, b: Puzzle) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(kinds, details) of the differences between two versions of one day."""
    pairs = pair_groups([_word_key(g.clues) for g in a.groups], [_word_key(g.clues) for g in b.groups])
    kinds: list[str] = []
    details: list[str] = []
    if any(i != j for i, j in pairs):
        kinds.append(GROUP_ORDER)
        details.append("group order: " + ", ".join(f"{i + 1}->{j + 1}" for i, j in pairs if i != j))
    for i, j in pairs:
        ga, gb = a.groups[i], b.groups[j]
        wa, wb = _word_key(ga.clues), _word_key(gb.clues)
        if wa != wb:
            _add(kinds, WORDS)
            only_a = sorted(set(ga.clues) - {w for w in ga.clues if _norm_in(w, wb)})
            only_b = sorted(set(gb.clues) - {w for w in gb.clues if _norm_in(w, wa)})
            details.append(f"group {i + 1} words: {', '.join(only_a)} vs {', '.join(only_b)}")
        if compare_form(ga.connection) != compare_form(gb.connection):
            _add(kinds, TITLES)
            details.append(f"group {i + 1} title: {ga.connection!r} vs {gb.connection!r}")
    return tuple(kinds), tuple(details)


def pair_groups(a: Sequence[tuple[str, ...]], b: Sequence[tuple[str, ...]]) -> list[tuple[int, int]]:
    """Pair groups (indices into a, b): identical word sets first, then by most shared words,
    then leftovers by position. Returns pairs sorted by ``a`` index."""
    pairs: dict[int, int] = {}
    free_b = list(range(len(b)))
    for i, words in enumerate(a):
        if words in (b[j] for j in free_b):
            j = next(j for j in free_b if b[j] == words)
            pairs[i] = j
            free_b.remove(j)
    for i in range(len(a)):
        if i in pairs or not free_b:
            continue
        j = max(free_b, key=lambda j: (len(set(a[i]) & set(b[j])), -abs(i - j)))
        pairs[i] = j
        free_b.remove(j)
    return sorted(pairs.items())


def _word_key(words: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(compare_form(w) for w in words))


def _norm_in(word: str, key: tuple[str, ...]) -> bool:
    return compare_form(word) in key


def _add(kinds: list[str], kind: str) -> None:
    if kind not in kinds:
        kinds.append(kind)


def _by_key(puzzles: Iterable[Puzzle]) -> dict[str, Puzzle]:
    out: dict[str, Puzzle] = {}
    for p in puzzles:
        out.setdefault(record_key(p), p)
    return out


def _number(p: Puzzle | None) -> int | None:
    return p.nyt.number if p is not None and p.nyt is not None else None


def merge(preferred: Iterable[Puzzle], other: Iterable[Puzzle]) -> list[Puzzle]:
    """The canonical store: every day of either side, taking ``preferred``'s version when both have it."""
    chosen = _by_key(other) | _by_key(preferred)
    return [chosen[k] for k in sorted(chosen)]


def render_table(report: Report) -> str:
    """A readable fixed-width table of the differences plus a one-line summary."""
    rows = [("DATE", "#", "DIFFERENCE", "DETAIL")]
    for d in report.diffs:
        for k, detail in enumerate(d.details or ("",)):
            kinds = "+".join(d.kinds) if k == 0 else ""
            rows.append((d.key if k == 0 else "", str(d.number or "") if k == 0 else "", kinds, detail))
    widths = [max(len(r[c]) for r in rows) for c in range(3)]
    lines = ["  ".join([*(r[c].ljust(widths[c]) for c in range(3)), r[3]]).rstrip() for r in rows]
    counts = report.counts()
    summary = (
        f"{report.left} ({report.left_count}) vs {report.right} ({report.right_count}): "
        f"{report.both} days in both, {len({d.key for d in report.diffs})} with differences; "
        + ", ".join(f"{k} {v}" for k, v in counts.items())
    )
    return "\n".join([*lines, summary]) if report.diffs else summary
