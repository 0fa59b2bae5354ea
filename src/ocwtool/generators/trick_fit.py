"""The MiniLM trick-word scorer: how close in meaning a candidate is to each group of a board.

A candidate's score toward a group is its cosine similarity to the group's centroid (the mean of its
four clues' all-MiniLM-L6-v2 vectors). It seems to fit the group when it is at least as close as the
group's own odd one out: the lowest similarity of a clue to the centroid of the other three. So the
bar is each group's own looseness, not one number for every board (a tight group of synonyms asks
more than a loose group of word play).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ocwtool.generators.extended import Scored
from ocwtool.resources.minilm import TextVectors
from ocwtool.schema.models import Puzzle

Matrix = npt.NDArray[np.float32]


def _unit(v: Matrix) -> Matrix:
    norm = np.linalg.norm(v, axis=-1, keepdims=True)
    return np.asarray(v / np.where(norm == 0, 1, norm), dtype=np.float32)


def odd_one_out(clues: Matrix) -> float:
    """The lowest similarity of a clue to the centroid of the group's other clues."""
    sims = []
    for i in range(len(clues)):
        rest = np.delete(clues, i, axis=0).mean(axis=0)
        sims.append(float(_unit(rest) @ clues[i]))
    return min(sims)


class MiniLMFit:
    """The MiniLM scorer (see the module docstring); ``vectors`` encodes each text once, across
    boards (default: the process's one model, the ``[embed]`` extra)."""

    name = "minilm:all-MiniLM-L6-v2"

    def __init__(self, vectors: Any = None) -> None:
        self.vectors = vectors if vectors is not None else TextVectors()

    def __call__(self, board: Puzzle, words: Sequence[str]) -> list[Scored]:
        groups = [g.clues for g in board.groups]
        self.vectors.add([*(c for g in groups for c in g), *words])
        members = [_unit(np.stack([self.vectors[c] for c in g])) for g in groups]
        centroids = _unit(np.stack([m.mean(axis=0) for m in members]))
        bars = [odd_one_out(m) for m in members]
        out = []
        for word in words:
            sims = centroids @ _unit(self.vectors[word])
            k = int(np.argmax(sims))
            score = float(sims[k])
            why = f"close in meaning to the group (MiniLM {score:.2f}; its odd one out {bars[k]:.2f})"
            out.append(Scored(word, k, round(score, 4), score >= bars[k], why))
        return out
