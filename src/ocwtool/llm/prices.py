"""Prices per model from ``ocwtool.toml`` and the cost of a run's paid tokens.

[llm.prices."openai/gpt-4o"]
input = 2.50     # USD per million input tokens
output = 10.00   # USD per million output tokens
"""

from __future__ import annotations

from dataclasses import dataclass

from ocwtool.config import LlmConfig

PER = 1_000_000


@dataclass(frozen=True)
class Price:
    """USD per million input and output tokens."""

    input: float
    output: float

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        return (input_tokens * self.input + output_tokens * self.output) / PER


def load_prices(llm: LlmConfig) -> dict[str, Price]:
    """The ``[llm.prices]`` table, validated in the workspace's settings (``ws.settings.llm``)."""
    return {name: Price(p.input, p.output) for name, p in llm.prices.items()}


def price_for(model: str, prices: dict[str, Price]) -> Price | None:
    """The price of ``model`` (as given to ``--model``), or of its name without the provider prefix."""
    return prices.get(model) or prices.get(model.split("/", 1)[-1])
