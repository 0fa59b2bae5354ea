"""NYT test fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def nyt_data(shared_data: Path) -> Path:
    """``../shared/data/nyt``; skips when the shared data is absent."""
    return shared_data / "nyt"
