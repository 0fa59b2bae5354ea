"""Package data: embedded original examples, prompts, the demo snapshot and the site-fact tables
(read with importlib; the fact tables' models and loader are :mod:`ocwtool.schema.site_facts`)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def data_path(*parts: str) -> Path:
    """Filesystem path of a packaged data file (``data_path("examples", "ocw_example.json")``)."""
    return Path(str(resources.files(__name__).joinpath(*parts)))


def example_path(name: str) -> Path:
    """Path of one embedded example file (``ocw_example.json``, ``nyt_archive_example.json``)."""
    return data_path("examples", name)
