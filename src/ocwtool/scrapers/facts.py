"""Source facts (URLs, selectors, expected counts, quirks) read from ``ocwtool/data/sources.json``."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from ocwtool.errors import ConfigError


@cache
def _all() -> dict[str, Any]:
    text = resources.files("ocwtool").joinpath("data/sources.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def source_facts(name: str) -> dict[str, Any]:
    """The facts of one source (``ConfigError`` if the data file does not describe it)."""
    facts = _all().get(name)
    if not isinstance(facts, dict):
        raise ConfigError(f"ocwtool/data/sources.json has no entry {name!r}")
    return facts
