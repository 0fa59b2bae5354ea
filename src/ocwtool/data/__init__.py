"""Package data: embedded original examples and small source-fact tables (read with importlib)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any


def data_path(*parts: str) -> Path:
    """Filesystem path of a packaged data file (``data_path("examples", "ocw_example.json")``)."""
    return Path(str(resources.files(__name__).joinpath(*parts)))


def example_path(name: str) -> Path:
    """Path of one embedded example file (``ocw_example.json``, ``nyt_archive_example.json``)."""
    return data_path("examples", name)


@cache
def load_facts(name: str) -> Any:
    """A packaged JSON fact table, validated against its model (``facts_models``) and parsed once."""
    return parse_facts(name, data_path(name).read_text(encoding="utf-8"))


def parse_facts(name: str, text: str) -> Any:
    """The JSON of fact file ``name``; a value its model refuses is a one-line ``ConfigError``."""
    from ocwtool.configfiles import parse_model
    from ocwtool.data.facts_models import FACT_MODELS

    model = FACT_MODELS.get(name)
    if model is not None:
        parse_model(model, text, f"ocwtool/data/{name}", json=True)
    return json.loads(text)
