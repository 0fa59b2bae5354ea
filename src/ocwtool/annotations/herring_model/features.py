"""Features of one (clue, other group) pair of a puzzle: how much the clue looks like it belongs there.

Sets, as for the types pre-labeller (a set whose backend is missing is left out, and the model then
scores without it, which the saved evaluation does not cover):

* ``embed``: MiniLM cosine similarities of the clue to the other group's clues (mean, max) and to its
  connection, the same to the clue's own group, their margins, and whether the other group is the
  clue's nearest other group; the same to each group's centroid, the second-closest and the three
  closest clues of the other group, how tight a group the clue would make with those three, how
  far the clue is the odd one out of its own group, and its lead over its next-nearest other group
  (:func:`shape_features`);
* ``wordnet``: shared senses, hypernyms and compound partners with the other group's clues, whether
  the clue matches that group's signature or its own, and the rules' red-herring flags
  (:mod:`ocwtool.annotations.herrings`);
* ``text``: letters shared with the other group's clues (hidden words, a common stem) and the two
  groups' positions on the board (their difficulty in NYT order).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ocwtool.annotations.herrings import numbered_clues, red_herring_categories, red_herring_words
from ocwtool.annotations.prelabel.features import Embedder, unavailable
from ocwtool.annotations.word_features import WordFeatures, features
from ocwtool.schema.models import Puzzle

FEATURE_SETS = ("text", "wordnet", "embed")
Features = dict[str, float]
MIN_SHARED = 4  # letters a clue must share with another clue to count as a hidden word or stem


@dataclass(frozen=True)
class Pair:
    """One clue (number 1-16, 0-based group) and another group of the same puzzle (0-based)."""

    puzzle_id: str
    number: int
    own: int
    other: int


def pairs(puzzle: Puzzle) -> list[Pair]:
    """Every clue with every group but its own (48 pairs for a 4 x 4 board)."""
    return [
        Pair(puzzle.id, c.number, c.group, k)
        for c in numbered_clues(puzzle)
        for k in range(len(puzzle.groups))
        if k != c.group
    ]


def usable_sets(sets: Sequence[str]) -> tuple[str, ...]:
    """The requested sets whose backend loads here."""
    lacking = unavailable(sets)
    return tuple(s for s in sets if s not in lacking)


def _shares_letters(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    short, long_ = sorted((a, b), key=len)
    if len(short) >= MIN_SHARED and short in long_:
        return True
    return len(a) >= MIN_SHARED and len(b) >= MIN_SHARED and a[:MIN_SHARED] == b[:MIN_SHARED]


def text_features(puzzle: Puzzle, pair: Pair) -> Features:
    """Letters shared with the other group's clues; the board positions of both groups."""
    clue = _clue(puzzle, pair.number)
    members = puzzle.groups[pair.other].clues
    own = _mates(puzzle, pair)
    return {
        "txt:shares_letters": sum(_shares_letters(clue, m) for m in members) / 4,
        "txt:own_shares_letters": sum(_shares_letters(clue, m) for m in own) / 3,
        "txt:multiword": float(" " in clue.strip()),
        f"pos:other{pair.other}": 1.0,
        f"pos:own{pair.own}": 1.0,
    }


def _clue(puzzle: Puzzle, number: int) -> str:
    return puzzle.groups[(number - 1) // 4].clues[(number - 1) % 4]


def _mates(puzzle: Puzzle, pair: Pair) -> list[str]:
    """The other three clues of the clue's own group (by position: a board may repeat a word)."""
    return [c for j, c in enumerate(puzzle.groups[pair.own].clues) if j != (pair.number - 1) % 4]


def _related(mine: WordFeatures, others: Sequence[WordFeatures]) -> Features:
    return {
        "sense": sum(bool(mine.synsets & o.synsets) for o in others) / len(others),
        "hyper": sum(bool(mine.hypernyms & o.hypernyms) for o in others) / len(others),
        "partner": sum(bool(mine.partners & o.partners) for o in others) / len(others),
    }


class WordnetCues:
    """The rules' red-herring flags of one puzzle, computed once for its 48 pairs."""

    def __init__(self, puzzle: Puzzle) -> None:
        group_of = {g.id: k for k, g in enumerate(puzzle.groups)}
        self.flagged = {(w.clue_number, group_of[w.fits_group]) for w in red_herring_words(puzzle)}
        self.in_category = {n for c in red_herring_categories(puzzle) for n in c.clue_numbers}

    def features(self, puzzle: Puzzle, pair: Pair) -> Features:
        clue = _clue(puzzle, pair.number)
        mine = features(clue)
        other = _related(mine, [features(c) for c in puzzle.groups[pair.other].clues])
        own = _related(mine, [features(c) for c in _mates(puzzle, pair)])
        out = {f"wn:{k}": v for k, v in other.items()} | {f"wn:own_{k}": v for k, v in own.items()}
        out["wn:known"] = float(bool(mine.synsets))
        out["wn:senses"] = min(len(mine.synsets), 20) / 20  # an ambiguous word fits more groups
        out["rule:word_flag"] = float((pair.number, pair.other) in self.flagged)
        out["rule:in_category"] = float(pair.number in self.in_category)
        return out


def embed_features(puzzle: Puzzle, pair: Pair, embedder: Embedder) -> Features:
    """Cosine similarities to the other group and to the clue's own group (texts encoded before)."""
    clue = _clue(puzzle, pair.number)
    v = embedder.vector(clue)
    to = [float(v @ embedder.vector(c)) for c in puzzle.groups[pair.other].clues]
    own = [float(v @ embedder.vector(c)) for c in _mates(puzzle, pair)]
    conn = _conn_sim(embedder, v, puzzle.groups[pair.other].connection)
    own_conn = _conn_sim(embedder, v, puzzle.groups[pair.own].connection)
    nearest = max(
        (float(np.mean([v @ embedder.vector(c) for c in g.clues])), k)
        for k, g in enumerate(puzzle.groups)
        if k != pair.own
    )[1]
    return {
        "emb:own_cohesion": _cohesion(embedder, _mates(puzzle, pair)),
        "emb:other_cohesion": _cohesion(embedder, puzzle.groups[pair.other].clues),
        "emb:mean": float(np.mean(to)),
        "emb:max": max(to),
        "emb:conn": conn,
        "emb:own_mean": float(np.mean(own)),
        "emb:own_conn": own_conn,
        "emb:margin_mean": float(np.mean(to) - np.mean(own)),
        "emb:margin_max": max(to) - max(own),
        "emb:margin_conn": conn - own_conn,
        "emb:nearest": float(nearest == pair.other),
    } | shape_features(puzzle, pair, embedder)


def _centroid_sim(v: npt.NDArray[np.float32], vs: Sequence[npt.NDArray[np.float32]]) -> float:
    mean = np.mean(vs, axis=0)
    return float(v @ mean / (np.linalg.norm(mean) or 1.0))


def _fits(vs: Sequence[npt.NDArray[np.float32]]) -> list[float]:
    """Each clue's mean similarity to the rest of its group: the lowest is the group's odd one out."""
    return [float(np.mean([u @ w for j, w in enumerate(vs) if j != i])) for i, u in enumerate(vs)]


def shape_features(puzzle: Puzzle, pair: Pair, embedder: Embedder) -> Features:
    """How the clue sits between the two groups: centroids, the closest few, the odd one out."""
    v = embedder.vector(_clue(puzzle, pair.number))
    other = [embedder.vector(c) for c in puzzle.groups[pair.other].clues]
    group = [embedder.vector(c) for c in puzzle.groups[pair.own].clues]
    me = (pair.number - 1) % 4
    mates = [u for j, u in enumerate(group) if j != me]
    to = sorted((float(v @ u) for u in other), reverse=True)
    closest = sorted(other, key=lambda u: -float(v @ u))[:3]
    fit = _fits(group)
    centroids = {
        k: _centroid_sim(v, [embedder.vector(c) for c in g.clues])
        for k, g in enumerate(puzzle.groups)
        if k not in (pair.own, pair.other)
    }
    centroid, own_centroid = _centroid_sim(v, other), _centroid_sim(v, mates)
    return {
        "emb:centroid": centroid,
        "emb:own_centroid": own_centroid,
        "emb:margin_centroid": centroid - own_centroid,
        "emb:max2": to[1],
        "emb:top2_mean": float(np.mean(to[:2])),
        "emb:top3_mean": float(np.mean(to[:3])),
        "emb:own_min": min(float(v @ u) for u in mates),
        "emb:odd_rank": sorted(range(len(fit)), key=fit.__getitem__).index(me) / (len(fit) - 1),
        "emb:odd_gap": fit[me] - float(np.mean([f for i, f in enumerate(fit) if i != me])),
        "emb:vs_next_group": centroid - max(centroids.values(), default=0.0),
        "emb:would_be_cohesion": _cohesion_of([v, *closest]),
    }


def _cohesion(embedder: Embedder, clues: Sequence[str]) -> float:
    return _cohesion_of([embedder.vector(c) for c in clues])


def _cohesion_of(vs: Sequence[npt.NDArray[np.float32]]) -> float:
    return float(np.mean([a @ b for i, a in enumerate(vs) for b in vs[i + 1 :]]))


def _conn_sim(embedder: Embedder, v: npt.NDArray[np.float32], connection: str) -> float:
    return float(v @ embedder.vector(connection)) if connection.strip() else 0.0


def texts(puzzles: Sequence[Puzzle]) -> list[str]:
    """Every text the ``embed`` set encodes (clues and connections)."""
    return [t for p in puzzles for g in p.groups for t in (*g.clues, g.connection) if t.strip()]


def featurize(
    puzzles: Sequence[Puzzle], sets: Sequence[str], embedder: Embedder | None = None
) -> list[tuple[Pair, Features]]:
    """Every pair of every puzzle with its features in the usable ``sets``."""
    usable = usable_sets(sets)
    if "embed" in usable:
        embedder = embedder or Embedder()
        embedder.encode(texts(puzzles))
    out = []
    for puzzle in puzzles:
        cues = WordnetCues(puzzle) if "wordnet" in usable else None
        for pair in pairs(puzzle):
            values: Features = text_features(puzzle, pair) if "text" in usable else {}
            if cues is not None:
                values |= cues.features(puzzle, pair)
            if embedder is not None and "embed" in usable:
                values |= embed_features(puzzle, pair, embedder)
            out.append((pair, values))
    return out
