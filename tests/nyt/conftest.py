"""NYT test fixtures: the shared data folder, also found through ``$OCWTOOL_SHARED_DATA``.

Worktrees sit one level deeper than the main checkout, so the root conftest's ``../shared/data``
does not exist there; the environment variable lets the same tests run from a worktree.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import SHARED_DATA


@pytest.fixture
def nyt_data() -> Path:
    """``<shared data>/nyt``; skips when absent."""
    for root in (SHARED_DATA, Path(os.environ.get("OCWTOOL_SHARED_DATA", "/nonexistent"))):
        if (root / "nyt").is_dir():
            return root / "nyt"
    pytest.skip("needs ../shared/data (or $OCWTOOL_SHARED_DATA)")
