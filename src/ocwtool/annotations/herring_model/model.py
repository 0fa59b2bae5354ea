"""The saved red-herring scorer: a logistic regression over named pair features, as plain JSON.

``models/herrings-<annotator>/v<N>.json``, versioned and loaded as the types pre-labeller is
(:mod:`ocwtool.annotations.prelabel.model`: same folder layout, ``NAME@VERSION`` specs, never
replaced), for the same reasons: the coefficients are the model, JSON runs no code and can be read.
It holds the annotator and the sha256 of the pairs it learnt from, the split by game and the
held-out puzzle ids, the held-out evaluation, and the parameters.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from pydantic import Field, ValidationError

from ocwtool.annotations.prelabel.model import SavedModel, SplitInfo, save_model, saved_path
from ocwtool.errors import InputError

FORMAT: Literal["ocwtool-herrings-linear/1"] = "ocwtool-herrings-linear/1"
PREFIX = "herrings-"


class HerringModel(SavedModel):
    """P(a player puts the clue with three clues of the other group) = sigmoid(coef . x + intercept)."""

    format: Literal["ocwtool-herrings-linear/1"] = FORMAT
    n_puzzles: int
    n_pairs: int
    feature_sets: tuple[str, ...]
    sklearn_version: str
    min_players: int = Field(ge=1, default=1)
    split: SplitInfo
    train_puzzle_ids: tuple[str, ...] = ()
    evaluation: dict[str, Any] = Field(default_factory=dict)
    features: tuple[str, ...]
    coef: tuple[float, ...]
    intercept: float

    def proba(self, rows: list[dict[str, float]]) -> npt.NDArray[np.float64]:
        """The probability of each feature dict (features the model does not know are ignored)."""
        index = {f: i for i, f in enumerate(self.features)}
        x = np.zeros((len(rows), len(self.features)))
        for r, row in enumerate(rows):
            for name, value in row.items():
                if name in index:
                    x[r, index[name]] = value
        return np.asarray(1.0 / (1.0 + np.exp(-(x @ np.asarray(self.coef) + self.intercept))))

    def top(self, row: dict[str, float], n: int = 2) -> list[tuple[str, float]]:
        """The features that raise this row's score most (name, contribution)."""
        parts = [(row.get(f, 0.0) * c, f) for f, c in zip(self.features, self.coef, strict=True)]
        return [(f, v) for v, f in sorted(parts, reverse=True)[:n] if v > 0]


def is_herring_spec(spec: str) -> bool:
    """A model spec naming a red-herring scorer (``herrings-...``)."""
    return spec.startswith(PREFIX)


def save(folder: Path, model: HerringModel) -> Path:
    """Write ``<folder>/<name>/v<version>.json`` atomically (an existing version is never replaced)."""
    return save_model(folder, model)


def load(folder: Path, spec: str) -> HerringModel:
    """``NAME`` (latest version) or ``NAME@VERSION`` from ``folder``."""
    hint = "; train one: ocwtool annotate train --task red-herrings --annotator play-decoys"
    path = saved_path(folder, spec, hint)
    try:
        return HerringModel.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        raise InputError(f"{path}: not an ocwtool red-herring model ({exc.errors()[0]['msg']})") from None
