"""Source facts (URLs, selectors, expected counts, quirks) read from ``ocwtool/data/sources.json``.

The file is validated against ``ocwtool.schema.site_facts.SourcesFile`` when first read.
"""

from __future__ import annotations

from typing import Any

from ocwtool.errors import ConfigError
from ocwtool.schema.site_facts import load_facts


def source_facts(name: str) -> dict[str, Any]:
    """The facts of one source (``ConfigError`` if the data file does not describe it)."""
    facts = load_facts("sources.json").get(name)
    if not isinstance(facts, dict):
        raise ConfigError(f"ocwtool/data/sources.json has no entry {name!r}")
    return facts
