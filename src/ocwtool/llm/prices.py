"""Prices per model from ``ocwtool.toml`` and the cost of a run's paid tokens.

[llm.prices."openai/gpt-4o"]
input = 2.50     # USD per million input tokens
output = 10.00   # USD per million output tokens
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ocwtool.errors import ConfigError

PER = 1_000_000


@dataclass(frozen=True)
class Price:
    """USD per million input and output tokens."""

    input: float
    output: float

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        return (input_tokens * self.input + output_tokens * self.output) / PER


def _price(name: str, table: Any, path: Path) -> Price:
    if not isinstance(table, dict) or set(table) != {"input", "output"}:
        raise ConfigError(
            f'{path}: [llm.prices."{name}"] needs exactly input = USD and output = USD per 1M tokens'
        )
    try:
        price = Price(float(table["input"]), float(table["output"]))
    except (TypeError, ValueError):
        raise ConfigError(f'{path}: [llm.prices."{name}"] input and output must be numbers') from None
    if price.input < 0 or price.output < 0:
        raise ConfigError(f'{path}: [llm.prices."{name}"] prices cannot be negative')
    return price


def load_prices(workspace: Path) -> dict[str, Price]:
    """The ``[llm.prices]`` table of the workspace's ``ocwtool.toml`` (empty without one)."""
    path = workspace / "ocwtool.toml"
    if not path.is_file():
        return {}
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read prices: {exc}") from None
    table = doc.get("llm", {}).get("prices", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: llm.prices must be a table of models")
    return {name: _price(name, value, path) for name, value in table.items()}


def price_for(model: str, prices: dict[str, Price]) -> Price | None:
    """The price of ``model`` (as given to ``--model``), or of its name without the provider prefix."""
    return prices.get(model) or prices.get(model.split("/", 1)[-1])
