"""The learned red-herring scorer as a trick-word scorer: how likely players are to put a word that is
on no group with a group's clues.

The model scores (clue, other group) pairs of a board. A candidate is not on the board, so it is
put there in turn in place of the last clue of each group ``j`` (its pretend own group), and its
pull toward each other group ``k`` is read; its pull toward ``k`` is the mean over the three
placements ``j != k``. It seems to fit ``k`` when that pull is at least :data:`MIN_PULL` (more
likely than not, by the model). Only the :data:`SHORTLIST` candidates a cheaper scorer (MiniLM or
WordNet, given by the caller) ranks highest are scored so (12 pairs each); the others are taken
to seem to fit no group (the two scorers' numbers are not on one scale). Its records are made by
the ``make`` callable the caller passes (the generators' ``Scored``: annotations do not import them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ocwtool.annotations.herring_model.features import (
    Features,
    Pair,
    WordnetCues,
    embed_features,
    text_features,
    usable_sets,
)
from ocwtool.annotations.herring_model.model import HerringModel
from ocwtool.annotations.prelabel.features import Embedder
from ocwtool.schema.models import Puzzle

MIN_PULL = 0.5
SHORTLIST = 16
GROUP_SIZE = 4

# (word, group, score, fits, why) -> the caller's record; (board, words) -> records with those fields
Make = Callable[[str, int, float, bool, str], Any]
Scorer = Callable[[Puzzle, Sequence[str]], Sequence[Any]]


def placed(board: Puzzle, word: str, j: int) -> Puzzle:
    """``board`` with ``word`` in place of group ``j``'s last clue (not validated: a scoring copy)."""
    group = board.groups[j]
    clues = (*group.clues[: GROUP_SIZE - 1], word)
    groups = tuple(g if k != j else g.model_copy(update={"clues": clues}) for k, g in enumerate(board.groups))
    return board.model_copy(update={"groups": groups, "clues": tuple(c for g in groups for c in g.clues)})


def pulls(model: HerringModel, board: Puzzle, word: str, embedder: Embedder | None) -> list[float]:
    """The word's mean pull toward each group (see the module docstring)."""
    sets = usable_sets(model.feature_sets)
    rows: list[Features] = []
    keys: list[int] = []
    for j in range(len(board.groups)):
        copy = placed(board, word, j)
        cues = WordnetCues(copy) if "wordnet" in sets else None
        for k in range(len(board.groups)):
            if k == j:
                continue
            pair = Pair(copy.id, GROUP_SIZE * j + GROUP_SIZE, j, k)
            row: Features = text_features(copy, pair) if "text" in sets else {}
            if cues is not None:
                row |= cues.features(copy, pair)
            if embedder is not None and "embed" in sets:
                row |= embed_features(copy, pair, embedder)
            rows.append(row)
            keys.append(k)
    probs = model.proba(rows)
    return [float(sum(p for p, kk in zip(probs, keys, strict=True) if kk == k)) / 3 for k in range(4)]


class HerringFit:
    """The learned scorer over the cheaper scorer's shortlist (``name``: the model's spec)."""

    def __init__(
        self, model: HerringModel, shortlist: Scorer, make: Make, embedder: Embedder | None = None
    ) -> None:
        self.model = model
        self.shortlist = shortlist
        self.make = make
        self.embedder = embedder if embedder is not None or "embed" not in model.feature_sets else Embedder()
        self.name = f"herrings:{model.name}@{model.version}"

    def __call__(self, board: Puzzle, words: Sequence[str]) -> list[Any]:
        cheap = sorted(self.shortlist(board, words), key=lambda s: (not s.fits, -s.score, s.word))
        top, rest = cheap[:SHORTLIST], cheap[SHORTLIST:]
        if self.embedder is not None and "embed" in usable_sets(self.model.feature_sets):
            self.embedder.encode([*(t for g in board.groups for t in (*g.clues, g.connection)), *words])
        out = []
        for s in top:
            found = pulls(self.model, board, s.word, self.embedder)
            k = max(range(len(found)), key=found.__getitem__)
            why = f"the red-herring scorer {self.name[9:]} puts it with the group ({found[k]:.2f})"
            out.append(self.make(s.word, k, round(found[k], 4), found[k] >= MIN_PULL, why))
        return out + [self.make(s.word, s.group, s.score, False, s.why) for s in rest]
