"""The one place where the standalone scorer meets ocwtool's exception tree.

:mod:`ocwtool.evaluation.scorer` imports nothing from ocwtool, so it raises its own
:class:`~ocwtool.evaluation.scorer.ScorerInputError`; every ocwtool caller that reads or scores
through the scorer wraps the call in :func:`scorer_errors`, so users see one ``Error: ...`` line.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.checks import NothingScored
from ocwtool.evaluation.scorer import NothingToScore, ScorerInputError


@contextlib.contextmanager
def scorer_errors() -> Iterator[None]:
    """Re-raise the scorer's input errors as :class:`~ocwtool.errors.EvaluationError` (same message);
    a run with nothing to score as :class:`~ocwtool.evaluation.checks.NothingScored`."""
    try:
        yield
    except NothingToScore as exc:
        raise NothingScored(str(exc)) from None
    except ScorerInputError as exc:
        raise EvaluationError(str(exc)) from None
