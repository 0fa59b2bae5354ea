"""Baselines as players: guess the remaining 4-word set with the highest mean pairwise similarity,
then the next best one not tried yet (Todd et al.'s ``SentenceTransformerBaseline``).

The similarity matrix of a board is computed once per game (``start``); every guess only ranks the
quads of the words still on the board. ``WordNetPlayer`` scores pairs by Wu-Palmer similarity (the
WordNet baseline's), ``EmbeddingPlayer`` by cosine of all-MiniLM-L6-v2 embeddings (the ``[embed]``
extra); any ``similarity(words) -> matrix`` function makes a player.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from ocwtool.evaluation.game.board import SIZE
from ocwtool.evaluation.game.engine import GameView
from ocwtool.evaluation.game.players import PlayerBase

Matrix = npt.NDArray[np.float64]


class SimilarityPlayer(PlayerBase):
    """Best-mean-similarity quads, never repeating a guess."""

    def __init__(self, name: str, similarity: Callable[[Sequence[str]], Matrix]) -> None:
        self.name = name
        self._similarity = similarity
        self._index: dict[str, int] = {}
        self._sim: Matrix = np.zeros((0, 0))
        self._tried: set[frozenset[str]] = set()

    def start(self, view: GameView, seed: int) -> None:
        words = list(view.remaining)
        self._index = {w: i for i, w in enumerate(words)}
        self._sim = self._similarity(words)
        self._tried = set()

    def _score(self, quad: tuple[str, ...]) -> float:
        idx = [self._index[w] for w in quad]
        return float(sum(self._sim[a, b] for a, b in itertools.combinations(idx, 2)))

    def guess(self, view: GameView) -> Sequence[str]:
        quads = itertools.combinations(view.remaining, SIZE)
        ranked = sorted(quads, key=self._score, reverse=True)  # stable: display order breaks ties
        pick = next((q for q in ranked if frozenset(q) not in self._tried), ranked[0])
        self._tried.add(frozenset(pick))
        return list(pick)


def wordnet_player() -> SimilarityPlayer:
    """Wu-Palmer similarity over the first senses (the WordNet baseline's pair scores and cache)."""
    from ocwtool.evaluation.baselines.wordnet_baseline import WordNetBaseline

    base = WordNetBaseline()  # WordNet is opened once per process, shared with the baseline
    base.prepare([])

    def similarity(words: Sequence[str]) -> Matrix:
        n = len(words)
        sim = np.zeros((n, n))
        for i, j in itertools.combinations(range(n), 2):
            sim[i, j] = sim[j, i] = base.similarity(words[i], words[j])
        return sim

    return SimilarityPlayer("wordnet", similarity)


def embedding_player(model: object = None) -> SimilarityPlayer:
    """Cosine similarity of all-MiniLM-L6-v2 embeddings of the lower-cased words (``[embed]`` extra)."""
    from ocwtool.evaluation.baselines.embedding import shared_minilm

    holder: list[object] = [model]

    def similarity(words: Sequence[str]) -> Matrix:
        if holder[0] is None:
            holder[0] = shared_minilm()
        vectors = np.asarray(holder[0].encode([w.lower() for w in words]), dtype=np.float64)  # type: ignore[attr-defined]
        unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
        sim: Matrix = unit @ unit.T
        return sim

    return SimilarityPlayer("minilm", similarity)


PLAYERS: dict[str, Callable[[], PlayerBase]] = {
    "wordnet": wordnet_player,
    "minilm": embedding_player,
}
