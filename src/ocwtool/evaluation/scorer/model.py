"""The scorer's data model: gold walls, predictions, per-wall scores, options, and its one error.

Everything here is plain standard-library Python; the scorer imports nothing from ocwtool, so a
release can ship this folder on its own (see :mod:`.bundle`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

EVALUATOR_VERSION = "1.0"
GROUPS = 4
SIZE = 4
GROUPING_METRICS = ("solved_walls", "correct_groups", "AMI", "ARI", "FMS", "WD")
CONNECTION_METRICS = ("exact_match", "rouge1_f1", "bertscore_f1")
NYT_METRICS = ("clustering_score", "weighted_clustering_score")
DISTRACTOR_METRICS = ("distractor_precision", "distractor_recall")


class ScorerInputError(ValueError):
    """Gold or prediction data that cannot be scored (the message says where and how to fix it).

    The scorer's only exception; ocwtool turns it into its own ``EvaluationError`` at one place
    (``ocwtool.evaluation.boundary.scorer_errors``).
    """


class NothingToScore(ScorerInputError):
    """A run whose every answer is null or missing (``ocwtool eval`` skips such a store when it scores
    several, as it skips one that no prediction names)."""


@dataclass(frozen=True)
class GoldWall:
    """One gold puzzle: 4 groups of 4 clues in canonical order, their connections and levels, and the
    board's ``distractors`` (words of no group, 0 to 4)."""

    wall_id: str
    groups: tuple[tuple[str, ...], ...]
    connections: tuple[str, ...] = ()
    levels: tuple[int, ...] | None = None
    group_ids: tuple[str, ...] = ()
    season: int | None = None
    clues: tuple[str, ...] = ()  # stored order (OCW ``words``); ocwtool shows a board, never this as is
    distractors: tuple[str, ...] = ()

    @property
    def words(self) -> tuple[str, ...]:
        """The 16 clues and the distractors in stored order (group order, then the distractors, when
        none is known). Not a board to show: it may be the solution order
        (ocwtool.schema.board.shown_board gives the board)."""
        return self.clues or (*(w for g in self.groups for w in g), *self.distractors)


@dataclass(frozen=True)
class Prediction:
    """One model answer; ``None`` means the model gave no answer for that task."""

    wall_id: str
    groups: tuple[tuple[str, ...], ...] | None = None
    connections: tuple[str, ...] | None = None


@dataclass(frozen=True)
class WallScore:
    """Task 1 scores of one wall (``matched[k]``: gold group k was found exactly)."""

    wall_id: str
    correct_groups: int
    solved: bool
    matched: tuple[bool, ...]
    AMI: float
    ARI: float
    FMS: float
    WD: float
    weighted: int | None = None
    distractor_precision: float | None = None  # only for a wall with distractors
    distractor_recall: float | None = None


@dataclass
class Options:
    """How to score: corrected WD, accent folding, the optional BERTScore model, and which walls
    (missing predictions refused, scored as empty with ``allow_missing``, or left out with
    ``only_answered``)."""

    corrected: bool = False
    accent_fold: bool = False
    bertscore_model: Path | None = None
    bertscore_layers: int = 0
    bertscore_baseline: Path | None = None
    allow_missing: bool = False
    only_answered: bool = False


def empty_groups() -> tuple[tuple[str, ...], ...]:
    """The answer scored for a missing prediction: 16 empty slots (each gets a fresh label)."""
    return tuple(("",) * SIZE for _ in range(GROUPS))
