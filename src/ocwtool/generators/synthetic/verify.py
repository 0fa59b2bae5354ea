"""The checks every synthetic board passes before it is kept.

* **one partition**: the partitions of the 16 clues into four groups of four, group ``k`` satisfying
  rule ``k``, are counted exhaustively (:func:`count_partitions`, a dynamic programme over the
  clues with the four groups' fill counts as its state): the board is kept only when there is one;
* **no clue satisfies two rules** (which, with four clues per rule, implies the above; both are
  checked, the count being the claim);
* **distinct clues** in every normalised form (:func:`normal_forms`): case, spacing and
  punctuation, accents, and a plural ``-s``/``-es``.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence

from ocwtool.generators.synthetic.rules import Rule

GROUP_SIZE = 4


def normal_forms(clue: str) -> frozenset[str]:
    """The forms two clues must not share: accents and case folded, only letters and digits kept,
    plus the singular a plural ``-s``/``-es`` would have."""
    plain = unicodedata.normalize("NFKD", clue)
    base = "".join(ch for ch in plain if ch.isalnum() and not unicodedata.combining(ch)).casefold()
    forms = {base}
    if base.endswith("s") and len(base) > 3:
        forms.add(base[:-1])
    if base.endswith("es") and len(base) > 4:
        forms.add(base[:-2])
    return frozenset(forms)


def clashes(clue: str, others: Sequence[str]) -> bool:
    """Whether ``clue`` shares a normalised form with any of ``others``."""
    mine = normal_forms(clue)
    return any(mine & normal_forms(o) for o in others)


def rule_matrix(
    clues: Sequence[str], rules: Sequence[Rule], check: Callable[[Rule, str], bool]
) -> list[tuple[bool, ...]]:
    """For each clue, which of ``rules`` it satisfies."""
    return [tuple(check(r, c.lower()) for r in rules) for c in clues]


def count_partitions(matrix: Sequence[Sequence[bool]], size: int = GROUP_SIZE) -> int:
    """The number of ways to put every clue in a group whose rule it satisfies, ``size`` per group."""
    n_rules = len(matrix[0]) if matrix else 0
    ways: Counter[tuple[int, ...]] = Counter({(0,) * n_rules: 1})
    for row in matrix:
        step: Counter[tuple[int, ...]] = Counter()
        for fill, n in ways.items():
            for k, ok in enumerate(row):
                if ok and fill[k] < size:
                    step[(*fill[:k], fill[k] + 1, *fill[k + 1 :])] += n
        ways = step
    return ways[(size,) * n_rules]


def problems(clues: Sequence[str], rules: Sequence[Rule], check: Callable[[Rule, str], bool]) -> list[str]:
    """What is wrong with a board (nothing when it passes every check)."""
    found = []
    matrix = rule_matrix(clues, rules, check)
    for clue, row in zip(clues, matrix, strict=True):
        if sum(row) != 1:
            found.append(f"{clue} satisfies {sum(row)} rules")
    for i, clue in enumerate(clues):
        if clashes(clue, clues[:i]):
            found.append(f"{clue} repeats another clue in a normalised form")
    partitions = count_partitions(matrix)
    if partitions != 1:
        found.append(f"{partitions} partitions satisfy the rules")
    return found
