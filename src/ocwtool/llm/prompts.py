"""Versioned prompts: the papers' own (OCW few-shot, "Connecting the Dots") and ours for interactive play.

The texts live in package data (``ocwtool/data/prompts``) exactly as sent; ``prompts.json`` names each
prompt's version, files, generation settings and source, and the sha256 of its files. A run records
name, version and sha256, so a changed text can never pass for the prompt a published figure used.

A board with distractors (words of no group) is asked with the prompt's ``+distractors`` variant
(:func:`board_prompt`): the one-shot prompts keep their text and add one note (``distractors``) after
it; the interactive prompt has a system text of its own that says how many words belong to no group.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.resources import files
from typing import Any

from pydantic import BaseModel, ConfigDict

from ocwtool.errors import LlmError

DEFAULT_ONESHOT = {"ocw": "ocw-fewshot", "nyt": "connections-dots"}
DEFAULT_INTERACTIVE = "ocwtool-interactive"
DISTRACTOR_VARIANT = "+distractors"
N_GROUPED = 16


class PromptSpec(BaseModel):
    """One prompt as ``prompts.json`` describes it, plus its texts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    version: int
    protocol: str
    files: dict[str, str]
    config: dict[str, Any]
    examples: int
    example_seed: int
    answer_after: str | None
    source: str
    sha256: str
    texts: dict[str, str]

    def record(self) -> dict[str, Any]:
        """What a run stores about its prompt."""
        return {"name": self.name, "version": self.version, "sha256": self.sha256, "source": self.source}


def texts_sha256(texts: Mapping[str, str]) -> str:
    """sha256 over ``role\\ntext\\n`` of every file, in the order ``prompts.json`` lists them."""
    digest = hashlib.sha256()
    for role, text in texts.items():
        digest.update(f"{role}\n{text}\n".encode())
    return digest.hexdigest()


@cache
def load_prompts() -> dict[str, PromptSpec]:
    """Every bundled prompt, by name (texts read from package data, hashes checked)."""
    folder = files("ocwtool.data").joinpath("prompts")
    index = json.loads(folder.joinpath("prompts.json").read_text(encoding="utf-8"))
    out = {}
    for name, meta in index.items():
        texts = {role: folder.joinpath(f).read_text(encoding="utf-8") for role, f in meta["files"].items()}
        spec = PromptSpec(name=name, texts=texts, **meta)
        if spec.sha256 != texts_sha256(texts):
            raise LlmError(
                f"prompt {name!r} v{spec.version}: its text changed but prompts.json still records "
                f"sha256 {spec.sha256[:12]}...; bump its version and record {texts_sha256(texts)}"
            )
        out[name] = spec
    return out


def get_prompt(name: str, protocol: str) -> PromptSpec:
    """The prompt named ``name``, checked to suit ``protocol``."""
    prompts = load_prompts()
    if name not in prompts:
        raise LlmError(f"unknown prompt {name!r}; known: {', '.join(sorted(prompts))}")
    spec = prompts[name]
    if spec.protocol != protocol:
        raise LlmError(f"prompt {name!r} is for the {spec.protocol} protocol, not {protocol}")
    return spec


def board_prompt(spec: PromptSpec, distractors: int) -> PromptSpec:
    """The prompt to ask a board with ``distractors`` words of no group: ``spec`` itself when there
    are none, else its ``+distractors`` variant (an error names the prompts that have one)."""
    if not distractors or spec.name.endswith(DISTRACTOR_VARIANT):
        return spec
    prompts = load_prompts()
    variant = prompts.get(spec.name + DISTRACTOR_VARIANT)
    if variant is None:
        have = sorted(n.removesuffix(DISTRACTOR_VARIANT) for n in prompts if n.endswith(DISTRACTOR_VARIANT))
        raise LlmError(
            f"prompt {spec.name!r} has no variant for boards with distractors; use one of: {', '.join(have)}"
        )
    return variant


def default_prompt(game: str, protocol: str) -> str:
    """The papers' prompt for one-shot play of ``game`` (ours for interactive play)."""
    return DEFAULT_INTERACTIVE if protocol == "interactive" else DEFAULT_ONESHOT.get(game, "ocw-fewshot")


def fill(template: str, **slots: str) -> str:
    """Replace ``{name}`` placeholders (no other brace handling: the papers' texts stay verbatim)."""
    for key, value in slots.items():
        template = template.replace("{" + key + "}", value)
    return template


# ------------------------------------------------------------------------------ OCW few-shot
Example = tuple[Sequence[Sequence[str]], Sequence[str]]  # (groups, connections) of one solved wall


def pick_examples(train: Sequence[Example], spec: PromptSpec) -> list[Example]:
    """The in-context walls: ``random.Random(seed).sample(train, k)`` as the OCW notebook draws them."""
    k = min(spec.examples, len(train))
    return random.Random(spec.example_seed).sample(list(train), k=k) if k else []


def render_examples(examples: Sequence[Example]) -> str:
    """``Example i`` blocks: one ``clue, clue, clue, clue. Connection: ...`` line per group."""
    out = ""
    for i, (groups, connections) in enumerate(examples):
        out += f"Example {i + 1}\n"
        for group, conn in zip(groups, connections, strict=True):
            out += ", ".join(group) + f". Connection: {conn}\n"
        out += "\n"
    return out.strip()


def grouping_messages(spec: PromptSpec, words: Sequence[str], examples: str) -> list[tuple[str, str]]:
    """(role, text) messages asking for the grouping of ``words`` (a board of 16 + k words with a
    ``+distractors`` prompt: its note goes right before the user message's closing answer cue)."""
    note = _distractor_note(spec, len(words) - N_GROUPED)
    if spec.name.startswith("connections-dots"):
        return [("user", with_note(spec.texts["user"].replace("InsertGame", ", ".join(words)), note))]
    clues = "".join(f" {w}" + ("," if i < len(words) - 1 else "") for i, w in enumerate(words))
    return [
        ("system", spec.texts["system"].strip()),
        ("user", with_note(fill(spec.texts["user"], examples=examples, clues=clues).strip(), note)),
    ]


def _distractor_note(spec: PromptSpec, count: int) -> str:
    if "distractors" not in spec.texts or count <= 0:
        return ""
    return fill(spec.texts["distractors"], count=str(count)).strip()


def with_note(text: str, note: str) -> str:
    """``text`` with ``note`` as a paragraph of its own before its last line (the answer cue, e.g.
    ``Solved wall:`` or ``Groupings:``); ``text`` itself when there is no note."""
    if not note:
        return text
    body = text.rstrip("\n")
    head, _, cue = body.rpartition("\n")
    return f"{head}\n{note}\n\n{cue}" + text[len(body) :]


def connection_messages(
    spec: PromptSpec, groups: Sequence[Sequence[str]], examples: str
) -> list[tuple[str, str]] | None:
    """(role, text) messages asking for the connections of ``groups`` (None: the prompt has no Task 2)."""
    if "connections_user" not in spec.texts:
        return None
    listed = "\n".join(", ".join(g) + ". Connection:" for g in groups)
    user = fill(spec.texts["connections_user"], examples=examples, groups=listed).strip()
    system = spec.texts.get("connections_system")
    return ([("system", system.strip())] if system else []) + [("user", user)]
