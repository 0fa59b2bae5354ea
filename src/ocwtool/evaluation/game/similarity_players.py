"""Baselines as players: guess the remaining 4-word set with the highest mean pairwise similarity,
then the next best one not tried yet (Todd et al.'s ``SentenceTransformerBaseline``).

The similarity matrix of a board is computed once per game (``start``); every guess only ranks the
quads of the words still on the board, all at once with numpy (the totals add the same 6 cells in
the same order as a plain Python ranking, and a stable sort keeps its tie order, so the moves are
the same; ``tests/game/test_players.py`` compares both). ``WordNetPlayer`` scores pairs by Wu-Palmer
similarity (the WordNet baseline's), ``EmbeddingPlayer`` by cosine of all-MiniLM-L6-v2 embeddings
(the ``[embed]`` extra); any ``similarity(words) -> matrix`` function makes a player.

A player's per-word data is kept per process across games: the WordNet player's first senses,
ancestries and pair scores (its baseline's caches), the MiniLM player's word vectors. ``prepare``
computes it for many boards' words at once (and, with none, loads the resources, e.g. before forking
workers that share them). Each word's data is its own (MiniLM's vectors are computed by
``MiniLM.encode_each``, the same whatever words share the batch), so a board's similarities, and
its game, depend on that board alone.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from ocwtool.evaluation.game.board import SIZE
from ocwtool.evaluation.game.engine import GameView
from ocwtool.evaluation.game.players import PlayerBase
from ocwtool.resources.minilm import EachEncoder, TextVectors

Matrix = npt.NDArray[np.float64]


class SimilarityPlayer(PlayerBase):
    """Best-mean-similarity quads, never repeating a guess."""

    def __init__(
        self,
        name: str,
        similarity: Callable[[Sequence[str]], Matrix],
        prepare: Callable[[Sequence[str]], None] | None = None,
    ) -> None:
        self.name = name
        self._similarity = similarity
        self._prepare = prepare
        self._index: dict[str, int] = {}
        self._sim: Matrix = np.zeros((0, 0))
        self._tried: set[frozenset[str]] = set()
        self._ranking: Ranking | None = None

    def start(self, view: GameView, seed: int) -> None:
        words = list(view.remaining)
        self._index = {w: i for i, w in enumerate(words)}
        self._sim = self._similarity(words)
        self._tried = set()
        self._ranking = None

    def prepare(self, words: Sequence[str]) -> None:
        """Load the resources and compute the per-word data of ``words`` now (games to come need no
        more than a lookup); results are the same without it."""
        if self._prepare is not None:
            self._prepare(words)

    def _score(self, quad: tuple[str, ...]) -> float:
        idx = [self._index[w] for w in quad]
        return float(sum(self._sim[a, b] for a, b in itertools.combinations(idx, 2)))

    def guess(self, view: GameView) -> Sequence[str]:
        words = tuple(view.remaining)
        if len(words) < SIZE:
            return self._guess_plain(view)
        if self._ranking is None or self._ranking.words != words:
            self._ranking = Ranking(words, self._sim, self._index, self._tried)
        if self._ranking.nan:  # NaN breaks the ordering; keep the plain ranking's behaviour
            return self._guess_plain(view)
        pick = self._ranking.best()
        self._tried.add(frozenset(pick))
        return list(pick)

    def _guess_plain(self, view: GameView) -> Sequence[str]:
        """The reference ranking: every quad scored in Python, sorted (slow, same result)."""
        quads = itertools.combinations(view.remaining, SIZE)
        ranked = sorted(quads, key=self._score, reverse=True)  # stable: display order breaks ties
        pick = next((q for q in ranked if frozenset(q) not in self._tried), ranked[0])
        self._tried.add(frozenset(pick))
        return list(pick)


@functools.cache
def _quads(n: int) -> npt.NDArray[np.intp]:
    """``itertools.combinations(range(n), 4)`` as an array (one row per quad, in that order)."""
    return np.array(list(itertools.combinations(range(n), SIZE)), dtype=np.intp).reshape(-1, SIZE)


def quad_totals(sim: Matrix, quads: npt.NDArray[np.intp]) -> Matrix:
    """Each quad's 6 pairwise similarities summed in ``combinations`` order (as the plain ranking adds
    them, so the totals are equal to the last bit)."""
    total: Matrix = sim[quads[:, 0], quads[:, 1]]
    for a, b in itertools.islice(itertools.combinations(range(SIZE), 2), 1, None):
        total = total + sim[quads[:, a], quads[:, b]]
    return total


class Ranking:
    """The quads of one set of remaining words, their totals, and which were not tried yet.

    Kept while the remaining words stay the same (wrong guesses do not change them), so a move costs
    one ``argmax``. A quad's word set is a bit mask (one bit per distinct word), so a tried
    ``frozenset`` rules out exactly the quads whose frozenset equals it.
    """

    def __init__(
        self, words: tuple[str, ...], sim: Matrix, index: dict[str, int], tried: set[frozenset[str]]
    ) -> None:
        self.words = words
        self.quads = _quads(len(words))
        self.totals = quad_totals(sim, np.array([index[w] for w in words], dtype=np.intp)[self.quads])
        self.nan = bool(np.isnan(self.totals).any())
        self._bits: dict[str, int] = {}
        for w in words:
            self._bits.setdefault(w, 1 << len(self._bits))
        per_word = np.array([self._bits[w] for w in words], dtype=np.int64)
        self.masks = np.bitwise_or.reduce(per_word[self.quads], axis=1)
        self.fresh = np.ones(len(self.quads), dtype=bool)
        for t in tried:
            self._rule_out(t)

    def _rule_out(self, tried: frozenset[str]) -> None:
        if tried <= self._bits.keys():
            self.fresh &= self.masks != sum(self._bits[w] for w in tried)

    def best(self) -> tuple[str, ...]:
        """The plain ranking's pick: the first best untried quad (a stable sort keeps display order
        among ties, and ``argmax`` the first maximum); when all were tried, the best one again."""
        scores = np.where(self.fresh, self.totals, -np.inf) if self.fresh.any() else self.totals
        pick = tuple(self.words[i] for i in self.quads[int(np.argmax(scores))])
        self._rule_out(frozenset(pick))
        return pick


def wordnet_player() -> SimilarityPlayer:
    """Wu-Palmer similarity over the first senses (the WordNet baseline's pair scores and cache)."""
    from ocwtool.evaluation.baselines.wordnet_baseline import WordNetBaseline, gc_paused  # imports SciPy

    base = WordNetBaseline()  # WordNet is opened once per process, shared with the baseline
    base.prepare([])

    def similarity(words: Sequence[str]) -> Matrix:
        n = len(words)
        sim = np.zeros((n, n))
        for i, j in itertools.combinations(range(n), 2):
            sim[i, j] = sim[j, i] = base.similarity(words[i], words[j])
        return sim

    def prepare(words: Sequence[str]) -> None:
        base.reader()
        with gc_paused():  # NLTK parses many synsets that all stay cached
            for w in words:
                base.ancestries(w)

    return SimilarityPlayer("wordnet", similarity, prepare)


class WordVectors:
    """Unit vectors (float64) of lower-cased words, each encoded once per process and on its own
    (:class:`~ocwtool.resources.minilm.EachEncoder`), so a word's vector never depends on the other
    words encoded with it."""

    def __init__(self, model: object = None) -> None:
        self._encoder = EachEncoder(model)
        self._vectors = TextVectors(self._encoder)

    def add(self, words: Sequence[str]) -> None:
        self._encoder.load()  # even with no words: prepare([]) loads the model before forking
        self._vectors.add(words)

    def matrix(self, words: Sequence[str]) -> Matrix:
        """Cosine similarities of ``words`` (encoding those not seen yet)."""
        self.add(words)
        unit = np.stack([_unit(self._vectors[w]) for w in words])
        sim: Matrix = unit @ unit.T
        return sim


def _unit(vector: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
    row = np.asarray(vector, dtype=np.float64)
    unit: npt.NDArray[np.float64] = row / np.linalg.norm(row)
    return unit


def embedding_player(model: object = None) -> SimilarityPlayer:
    """Cosine similarity of all-MiniLM-L6-v2 embeddings of the lower-cased words (``[embed]`` extra)."""
    vectors = WordVectors(model)
    return SimilarityPlayer("minilm", vectors.matrix, vectors.add)


PLAYERS: dict[str, Callable[[], PlayerBase]] = {
    "wordnet": wordnet_player,
    "minilm": embedding_player,
}
