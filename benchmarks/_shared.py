"""Helpers for the benchmark scripts: where the reference data is."""

from __future__ import annotations

from pathlib import Path


def shared_data() -> Path | None:
    """``../shared/data`` beside the checkout (found from any depth), or None when absent."""
    for folder in Path(__file__).resolve().parents:
        if (folder / "shared" / "data").is_dir():
            return folder / "shared" / "data"
    return None
