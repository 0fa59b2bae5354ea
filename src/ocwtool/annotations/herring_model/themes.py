"""Decoy themes (trap-group candidates) of one puzzle: four clues from two or more groups, at most two
from any one group (a trap group: :mod:`ocwtool.schema.traps`), that hang together.

Two clues of different groups are linked by the strongest of: their MiniLM cosine similarity, the
letters they share (a hidden word or a common stem, as WOOD in WOODEN and WOODCHUCK), a compound
partner they share (WordNet), and the learned scorer's probability that a player pulls either toward
the other's group. A candidate's score is the mean of its six links; the best candidates that share
at most two clues with a better one are kept.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from ocwtool.annotations.herring_model.features import _shares_letters
from ocwtool.annotations.herrings import Clue, numbered_clues
from ocwtool.annotations.prelabel.features import Embedder
from ocwtool.annotations.word_features import features
from ocwtool.schema.models import Puzzle
from ocwtool.schema.traps import gold_groups, is_trap_group

SIZE = 4
MAX_THEMES = 3
MAX_SHARED = 2
Pull = Callable[[int, int], float]  # (clue number, 0-based group) -> the scorer's probability


@dataclass(frozen=True)
class Theme:
    clues: tuple[Clue, ...]
    score: float
    why: str


def _link(a: Clue, b: Clue, embedder: Embedder | None, pull: Pull) -> tuple[float, str]:
    fa, fb = features(a.text), features(b.text)
    links = [(max(pull(a.number, b.group), pull(b.number, a.group)), "learned pull")]
    if embedder is not None:
        links.append((float(embedder.vector(a.text) @ embedder.vector(b.text)), "meaning (MiniLM)"))
    if _shares_letters(a.text, b.text):
        links.append((1.0, "shared letters"))
    if fa.partners & fb.partners:
        links.append((1.0, "a shared compound partner (WordNet)"))
    return max(links)


def themes(puzzle: Puzzle, embedder: Embedder | None, pull: Pull, limit: int = MAX_THEMES) -> list[Theme]:
    """The best ``limit`` decoy themes of a puzzle, best first."""
    clues = numbered_clues(puzzle)
    links = {
        (a.number, b.number): _link(a, b, embedder, pull)
        for a, b in itertools.combinations(clues, 2)
        if a.group != b.group
    }
    scored, groups = [], gold_groups(puzzle)
    for combo in itertools.combinations(clues, SIZE):
        if not is_trap_group(groups, [c.text for c in combo]):
            continue
        found = [
            links[(a.number, b.number)] for a, b in itertools.combinations(combo, 2) if a.group != b.group
        ]
        why = max(found)[1]
        scored.append(Theme(combo, sum(v for v, _ in found) / len(found), why))
    scored.sort(key=lambda t: (-t.score, [c.number for c in t.clues]))
    kept: list[Theme] = []
    for theme in scored:
        numbers = {c.number for c in theme.clues}
        if all(len(numbers & {c.number for c in k.clues}) <= MAX_SHARED for k in kept):
            kept.append(theme)
        if len(kept) == limit:
            break
    return kept
