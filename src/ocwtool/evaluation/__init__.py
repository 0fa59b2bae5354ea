"""Evaluation: the papers' metrics, prediction parsing, baselines and statistics.

Public API::

    from ocwtool.evaluation import EvaluationRequest, evaluate

    request = EvaluationRequest(baseline="random", split="test", seeds=16)
    for event in evaluate(request, Workspace.open("my-dataset")):   # what ``ocwtool eval`` runs
        ...                                                        # Note, Scored, Written, ...

* :mod:`.request` — :class:`EvaluationRequest` and the events :func:`evaluate` yields;
* :mod:`.plan` — :func:`evaluate`: the puzzles, labels, facts and sections of one evaluation, run;
* :mod:`.scorer` — the standalone scorer (no ocwtool imports), shipped in releases as ``evaluate.py``
  plus ``scorer/``; :mod:`.boundary` maps its errors to ocwtool's;
* :mod:`.predictions` — OCW prediction JSON/JSONL and raw model text matched against the clues;
* :mod:`.gold` — gold walls from a workspace or a release folder;
* :mod:`.run_folder` — an ``ocwtool llm run`` folder as the evaluation reads it;
* :mod:`.baselines` — random, WordNet similarity, all-MiniLM-L6-v2 + exact 4x4 clustering;
* :mod:`.stats` — bootstrap intervals, paired comparisons, breakdowns;
* :mod:`.report` — one section's scores end to end, its table and report file;
* :mod:`.game` — the game engine, rule sets, players, and games on a workspace's puzzles.

Names are imported lazily: importing one submodule (the scorer, say) does not load them all.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "EvaluationRequest": "ocwtool.evaluation.request",
    "evaluate": "ocwtool.evaluation.plan",
}

if TYPE_CHECKING:
    from ocwtool.evaluation.plan import evaluate
    from ocwtool.evaluation.request import EvaluationRequest


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'ocwtool.evaluation' has no attribute {name!r}")


__all__ = ["EvaluationRequest", "evaluate"]
