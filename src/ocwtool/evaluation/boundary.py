"""The one place where the standalone scorer meets ocwtool's exception tree.

:mod:`ocwtool.evaluation.scorer` imports nothing from ocwtool, so it raises its own
:class:`~ocwtool.evaluation.scorer.ScorerInputError`; every ocwtool caller that reads or scores
through the scorer wraps the call in :func:`scorer_errors`, so users see one ``Error: ...`` line.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.scorer import ScorerInputError


@contextlib.contextmanager
def scorer_errors() -> Iterator[None]:
    """Re-raise the scorer's input errors as :class:`~ocwtool.errors.EvaluationError` (same message)."""
    try:
        yield
    except ScorerInputError as exc:
        raise EvaluationError(str(exc)) from None
