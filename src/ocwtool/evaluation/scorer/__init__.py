"""The standalone scorer for Only Connect Wall (OCW) and NYT Connections predictions.

This package imports nothing from ocwtool (a test enforces it): only the standard library, numpy,
scipy, scikit-learn and rouge-score (bert-score only for BERTScore), each imported inside the
functions that use it, so that importing the package (and ``evaluate.py --help``) needs none of them.
Releases ship it as ``evaluate.py`` plus this folder as ``scorer/`` and the libraries' pinned ranges
as ``requirements-evaluate.txt`` (see :mod:`.bundle`, :mod:`.deps`), runnable without ocwtool::

    python evaluate.py --gold test.json --predictions run0.json run1.json ...

* :mod:`.model` — gold walls, predictions, per-wall scores, options, :class:`ScorerInputError`;
* :mod:`.grouping` — Task 1: correct groups, solved walls, AMI, ARI, FMS, WD (faithful/corrected);
* :mod:`.connections` — Task 2: exact match, ROUGE-1 F1, BERTScore F1 on a local model;
* :mod:`.files` — reading gold and prediction files, writing the JSON report atomically;
* :mod:`.report` — runs end to end, the JSON report and the printed table;
* :mod:`.cli` — the ``evaluate.py`` command line (argparse);
* :mod:`.deps` — the libraries scoring needs, the shipped requirements file, the missing-library error.

ocwtool maps :class:`ScorerInputError` to its own errors in one place:
``ocwtool.evaluation.boundary.scorer_errors``.
"""

from .cli import main
from .connections import bertscore_f1, score_connections, sha256_file, summarize_connections
from .files import (
    expand_prediction_paths,
    gold_from_record,
    load_gold,
    load_predictions,
    prediction_from_record,
    write_json_atomic,
)
from .grouping import cluster_scores, label_vectors, score_wall, sorted_groups, summarize_grouping
from .model import (
    CONNECTION_METRICS,
    EVALUATOR_VERSION,
    GROUPING_METRICS,
    GROUPS,
    NYT_METRICS,
    SIZE,
    GoldWall,
    NothingToScore,
    Options,
    Prediction,
    ScorerInputError,
    WallScore,
    empty_groups,
)
from .report import (
    ISSUE_EXAMPLES,
    TABLE_ISSUES,
    Progress,
    RunResult,
    align,
    answered_walls,
    build_report,
    evaluate_files,
    evaluate_predictions,
    format_table,
    mean_std,
    score_run,
)

__all__ = [
    "CONNECTION_METRICS",
    "EVALUATOR_VERSION",
    "GROUPING_METRICS",
    "GROUPS",
    "ISSUE_EXAMPLES",
    "NYT_METRICS",
    "SIZE",
    "TABLE_ISSUES",
    "GoldWall",
    "NothingToScore",
    "Options",
    "Prediction",
    "Progress",
    "RunResult",
    "ScorerInputError",
    "WallScore",
    "align",
    "answered_walls",
    "bertscore_f1",
    "build_report",
    "cluster_scores",
    "empty_groups",
    "evaluate_files",
    "evaluate_predictions",
    "expand_prediction_paths",
    "format_table",
    "gold_from_record",
    "label_vectors",
    "load_gold",
    "load_predictions",
    "main",
    "mean_std",
    "prediction_from_record",
    "score_connections",
    "score_run",
    "score_wall",
    "sha256_file",
    "sorted_groups",
    "summarize_connections",
    "summarize_grouping",
    "write_json_atomic",
]
