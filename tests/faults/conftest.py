"""Fixtures of the fault tests: the annotation workspace fixture is shared with tests/annotations."""

from __future__ import annotations

from tests.annotations.conftest import workspace as workspace

__all__ = ["workspace"]
