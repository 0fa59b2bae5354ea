"""The trained pre-labeller as a file: a linear model saved as plain JSON, versioned in the workspace.

``models/<name>/v<version>.json`` holds everything needed to use and to judge the model: its name
and version, the annotator and the hash of the labels it was trained on, the feature sets it used,
the scikit-learn version that fitted it, the split (seed, held-out games) and the held-out
evaluation, and the parameters themselves (classes, feature names, coefficients, intercepts).

Why JSON and not pickle (or skops): the model is a multinomial logistic regression over named
features, so its parameters *are* the model. Loading JSON runs no code (a pickle can run anything),
the file can be read and diffed, and it does not depend on the scikit-learn version at load time;
the probabilities are the same softmax of linear scores scikit-learn computes (a test checks it).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any, Literal, Self

import numpy as np
import numpy.typing as npt
from pydantic import Field, ValidationError, model_validator

from ocwtool.errors import AnnotationError, InputError
from ocwtool.fsio import atomic_open
from ocwtool.safenames import ANNOTATOR, check_name
from ocwtool.schema.annotations import ANNOTATOR_PATTERN
from ocwtool.schema.models import Frozen

FORMAT: Literal["ocwtool-prelabel-linear/1"] = "ocwtool-prelabel-linear/1"
VERSION_FILE = re.compile(r"^v(\d+)\.json$")
Matrix = npt.NDArray[np.float64]


class SplitInfo(Frozen):
    """How the labelled games were split: seeded, by game (puzzle), never by group."""

    seed: int
    holdout: float
    train_games: int
    test_puzzle_ids: tuple[str, ...]


class SavedModel(Frozen):
    """What every model saved in ``models/<name>/v<N>.json`` records first (a subclass narrows
    ``format`` to its own; the fields keep this order in the file)."""

    format: str
    name: str = Field(pattern=ANNOTATOR_PATTERN)
    version: int = Field(ge=1)
    created_at: dt.datetime
    annotator: str
    data_hash: str

    @property
    def tag(self) -> str:
        """``name@version``."""
        return f"{self.name}@{self.version}"


class PrelabelModel(SavedModel):
    """A saved pre-labeller (see the module docstring)."""

    format: Literal["ocwtool-prelabel-linear/1"] = FORMAT
    n_groups: int
    feature_sets: tuple[str, ...]
    sklearn_version: str
    min_confidence: float = Field(ge=0.0, le=1.0)
    rule_precision: dict[str, float] = Field(default_factory=dict)
    split: SplitInfo
    evaluation: dict[str, Any] = Field(default_factory=dict)
    classes: tuple[str, ...] = Field(min_length=2)
    features: tuple[str, ...]
    coef: tuple[tuple[float, ...], ...]
    intercept: tuple[float, ...]

    @model_validator(mode="after")
    def _shapes(self) -> Self:
        rows = 1 if len(self.classes) == 2 else len(self.classes)
        if len(self.coef) != rows or len(self.intercept) != rows:
            raise ValueError(f"coef and intercept need {rows} rows for {len(self.classes)} classes")
        if any(len(row) != len(self.features) for row in self.coef):
            raise ValueError("every coef row needs one value per feature")
        return self

    def vectors(self, rows: list[dict[str, float]]) -> Matrix:
        """Feature dicts as a matrix in this model's feature order (unknown features ignored)."""
        index = {f: i for i, f in enumerate(self.features)}
        x = np.zeros((len(rows), len(self.features)))
        for r, row in enumerate(rows):
            for name, value in row.items():
                if name in index:
                    x[r, index[name]] = value
        return x

    def scores(self, x: Matrix) -> Matrix:
        """Linear scores, one column per coef row."""
        out: Matrix = x @ np.asarray(self.coef).T + np.asarray(self.intercept)
        return out

    def proba(self, x: Matrix) -> Matrix:
        """Class probabilities, as scikit-learn's LogisticRegression.predict_proba."""
        from scipy.special import expit, softmax

        s = self.scores(x)
        if len(self.classes) == 2:
            p = expit(s[:, 0])
            return np.column_stack([1 - p, p]).astype(np.float64)
        return np.asarray(softmax(s, axis=1), dtype=np.float64)

    def contributions(self, x: Matrix, cls: int) -> Matrix:
        """Each feature's share of the score of class ``cls`` (binary: signed for class 1)."""
        coef = np.asarray(self.coef)
        row = coef[0] * (1 if cls == 1 else -1) if len(self.classes) == 2 else coef[cls]
        out: Matrix = x * row
        return out


def versions(folder: Path, name: str) -> list[int]:
    """Saved versions of the model ``name`` (ascending)."""
    found = [VERSION_FILE.fullmatch(p.name) for p in (folder / name).glob("v*.json")]
    return sorted(int(m.group(1)) for m in found if m)


def model_path(folder: Path, name: str, version: int) -> Path:
    return folder / name / f"v{version}.json"


def save_model(folder: Path, model: SavedModel) -> Path:
    """Write ``<folder>/<name>/v<version>.json`` atomically (an existing version is never replaced)."""
    path = model_path(folder, model.name, model.version)
    if path.exists():
        raise AnnotationError(f"{path} exists; models are versioned, train again for a new version")
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(path, "w") as fh:
        fh.write(model.model_dump_json(indent=1) + "\n")
    return path


def parse_spec(spec: str) -> tuple[str, int | None]:
    """``NAME`` (latest version) or ``NAME@VERSION``."""
    name, _, ver = spec.partition("@")
    check_name(name, "model name", ANNOTATOR, error=AnnotationError)
    if ver and not (ver.isascii() and ver.isdigit()):
        raise AnnotationError(f"model {spec!r}: give NAME or NAME@VERSION (e.g. types-ctd-expert@2)")
    return name, int(ver) if ver else None


def saved_path(folder: Path, spec: str, hint: str) -> Path:
    """The file of model ``NAME`` (its latest version) or ``NAME@VERSION`` in ``folder``; ``hint``
    ends the error when no version is saved."""
    name, version = parse_spec(spec)
    have = versions(folder, name)
    if not have:
        raise AnnotationError(f"no model {name!r} in {folder}{hint}")
    if version is not None and version not in have:
        raise AnnotationError(f"model {name!r} has no version {version}; saved: {have}")
    return model_path(folder, name, version or have[-1])


def load_model(folder: Path, spec: str) -> PrelabelModel:
    """The model ``NAME`` (its latest version) or ``NAME@VERSION`` from ``folder``."""
    known = sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []
    hint = f"; saved models: {', '.join(known)}" if known else "; train one: ocwtool annotate train"
    path = saved_path(folder, spec, hint)
    try:
        return PrelabelModel.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        raise InputError(f"{path}: not an ocwtool pre-labeller model ({exc.errors()[0]['msg']})") from None
