"""What :func:`ocwtool.evaluation.evaluate` takes (an :class:`EvaluationRequest`) and what it yields,
one event at a time (:data:`Event`). Standard library only (and the name checks), so the command
line builds a request without loading the scorer."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ocwtool.safenames import ANNOTATOR, check_name

if TYPE_CHECKING:
    from ocwtool.evaluation.pipeline import EvalRequest
    from ocwtool.evaluation.scorer import GoldWall

DEFAULT_SPLIT = "test"


@dataclass(frozen=True)
class EvaluationRequest:
    """One evaluation, as ``ocwtool eval`` takes it (one field per option, same names).

    Which puzzles: a built ``release`` folder, else the workspace's stores (``use_workspace`` says so
    explicitly, even for a ``run_dir`` that played a release); ``source`` one store or config (None:
    each on its own); ``split`` (None: the run's with ``run_dir``, else :data:`DEFAULT_SPLIT`).
    What to score: ``predictions`` files, an ``ocwtool llm run`` folder (``run_dir``: its epochs as
    seeds), a ``baseline`` over ``seeds`` shuffles, or recorded games (``transcripts``, replayed
    under ``rules``). Around a date: ``cutoff`` (or ``after_cutoff``, a model whose training cutoff
    it is) splits the dated puzzles, ``newest`` keeps the N most recent. The rest: scorer options,
    paired comparison, labels and facts for breakdowns, bootstrap resamples and where the report and
    figures go.
    """

    release: Path | None = None
    use_workspace: bool = False
    split: str | None = None
    source: str | None = None
    include_flagged: bool = False
    predictions: tuple[Path, ...] = ()
    run_dir: Path | None = None
    baseline: str | None = None
    seeds: int = 16
    clusterer: str = "kmeans-constrained"
    transcripts: tuple[Path, ...] = ()
    rules: str | None = None
    corrected: bool = False
    accent_fold: bool = False
    allow_missing: bool = False
    only_answered: bool = False
    bertscore_model: Path | None = None
    bertscore_layers: int = 0
    bertscore_baseline: Path | None = None
    compare: Path | None = None
    compare_baseline: str | None = None
    annotations: Path | None = None
    annotator: str | None = None
    herrings: str | None = None
    cutoff: dt.date | None = None
    after_cutoff: str | None = None
    newest: int | None = None
    breakdown: bool = False
    bootstrap: int = 2000
    json_out: Path | None = None
    per_wall: bool = False
    plot: Path | None = None

    def __post_init__(self) -> None:
        # both become file names: the report's (runs/eval-...-<source>-...) and a label store's
        if self.source is not None:
            check_name(self.source, "source name")
        for name in (self.annotator, self.herrings):
            if name is not None:
                check_name(name, "annotator name", ANNOTATOR)

    @property
    def the_split(self) -> str:
        """The split scored: the one given (or the run's), else :data:`DEFAULT_SPLIT`."""
        return self.split or DEFAULT_SPLIT

    def label(self) -> str:
        """The report name's label: the baseline, else the run folder's or first prediction file's name."""
        if self.baseline:
            return self.baseline
        if self.run_dir is not None:
            return self.run_dir.name.replace("-", "_")
        return Path(self.predictions[0]).stem if self.predictions else "run"

    def wants_facts(self) -> bool:
        """Dates, contestants and red herrings are needed (breakdown, a cutoff, newest or plot)."""
        return bool(
            self.breakdown or self.cutoff or self.after_cutoff or self.newest is not None or self.plot
        )


@dataclass(frozen=True)
class Note:
    """A line for the reader (stderr): which puzzles a run is scored on, and why."""

    text: str


@dataclass(frozen=True)
class Scored:
    """One store or config scored (``section``; None: the only one), before its report is written.

    ``request`` is the evaluation as run (a run folder's puzzles filled in); ``scoring`` what this
    section was scored with (its labels, facts and cutoff, for figures)."""

    section: str | None
    report: dict[str, Any]
    walls: list[GoldWall]
    request: EvaluationRequest
    scoring: EvalRequest


@dataclass(frozen=True)
class GamesScored:
    """Recorded games replayed and summarised (``transcripts``), before the report is written."""

    report: dict[str, Any]


@dataclass(frozen=True)
class Written:
    """A report file written."""

    path: Path


@dataclass(frozen=True)
class Unscored:
    """A store or config with nothing to score, left out of an evaluation of several."""

    section: str
    why: str


Event = Note | Scored | GamesScored | Written | Unscored
