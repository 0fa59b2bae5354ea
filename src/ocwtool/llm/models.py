"""The inspect model of a run, checked before the run starts: its name, provider, key and base URL.

inspect reports a missing key or base URL as a ``PrerequisiteError`` (rich markup, several lines),
and a name without a provider as a ``ValueError``; neither is an ``OcwError``, so they are turned
into one-line ``LlmError``s that name the model and say what to set.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

from ocwtool.errors import LlmError

EXAMPLES = "openai/gpt-4o, anthropic/claude-sonnet-4-0, ollama/llama3"
_MISSING = re.compile(r"No (?P<names>.+?) defined in the environment")


def check_model_name(model: str) -> None:
    """Refuse a model name that is not ``PROVIDER/MODEL`` (inspect cannot pick a provider for it)."""
    provider, _, name = model.partition("/")
    if not provider.strip() or not name.strip():
        raise LlmError(f"model {model!r} is not in the PROVIDER/MODEL form; give e.g. --model {EXAMPLES}")


def resolve_model(model: str, base_url: str | None, config: dict[str, Any]) -> Any:
    """inspect's model for ``model``, built now (memoized by inspect, so the eval reuses it): a missing
    API key or base URL, or an unknown provider, fails here, before the run folder is written."""
    from inspect_ai.model import GenerateConfig, get_model

    check_model_name(model)
    with inspect_prerequisites(model):
        try:
            return get_model(model, base_url=base_url, config=GenerateConfig(**config))
        except ValueError as exc:
            if "not recognized" in str(exc):
                provider = model.partition("/")[0]
                raise LlmError(
                    f"model {model!r}: inspect-ai has no provider {provider!r}; "
                    f"give a provider it supports, e.g. --model {EXAMPLES}"
                ) from None
            raise LlmError(f"model {model!r} cannot start: {exc}") from None


@contextmanager
def inspect_prerequisites(model: str) -> Iterator[None]:
    """Turn inspect's ``PrerequisiteError`` (missing key, base URL, package) into one ``LlmError`` line."""
    from inspect_ai._util.error import PrerequisiteError

    try:
        yield
    except PrerequisiteError as exc:
        raise LlmError(prerequisite_message(model, exc.message)) from None


def prerequisite_message(model: str, message: Any) -> str:
    """One line from inspect's rich-markup message; for a missing variable, how to set it."""
    text = _plain(message)
    missing = _MISSING.search(text)
    if missing is None:
        return f"model {model!r} cannot start: {text}"
    names = missing.group("names")
    first = re.split(r",? or |, ", names)[0]
    it = "it" if first == names else "one"
    fix = f"set {it} (export {first}=...) and run again"
    if first.endswith("_BASE_URL"):
        fix = f"set {it} (export {first}=URL) or give --model-base-url URL"
    return f"model {model!r} needs {names} in the environment; {fix}"


def _plain(message: Any) -> str:
    from rich.errors import MarkupError
    from rich.text import Text

    text = str(message)
    with suppress(MarkupError):  # brackets that are not markup: keep the text as it is
        text = Text.from_markup(text).plain
    return " ".join(re.sub(r"^\s*ERROR:\s*", "", text).split())
