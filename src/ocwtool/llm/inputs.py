"""The puzzles a run plays and the solved walls its few-shot prompt shows, from a workspace or a release."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ocwtool.errors import EvaluationError, LlmError
from ocwtool.evaluation.gold import GoldSet, release_golds, workspace_golds
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.fsio import read_json
from ocwtool.llm.prompts import Example
from ocwtool.workspace import Workspace

PROTOCOLS = ("oneshot", "interactive")


@dataclass(frozen=True)
class Protocol:
    """How the model plays: ``oneshot`` (one full answer) or ``interactive`` under ``rules``."""

    name: str = "oneshot"
    rules: str = "oneshot"
    prompt: str | None = None

    def __post_init__(self) -> None:
        if self.name not in PROTOCOLS:
            raise LlmError(f"unknown protocol {self.name!r}; choose one of: {', '.join(PROTOCOLS)}")
        if self.name == "oneshot" and self.rules != "oneshot":
            raise LlmError(f"the oneshot protocol plays the oneshot rules, not {self.rules!r}")
        if self.name == "interactive" and self.rules == "oneshot":
            raise LlmError(
                "interactive play needs game rules: --rules nyt, missed-connections or only-connect"
            )


@dataclass(frozen=True)
class PuzzleSource:
    """Where puzzles come from: a workspace folder or a release folder, one source, one split."""

    workspace: Path | None = None
    release: Path | None = None
    source: str | None = None
    split: str = "test"
    include_flagged: bool = False

    def describe(self) -> str:
        where = f"release {self.release}" if self.release else f"workspace {self.workspace}"
        return f"{where}, source {self.source or 'all'}, split {self.split}"

    def golds(self, split: str | None = None) -> GoldSet:
        """Gold walls of ``split`` (default: the run's split)."""
        chosen = split or self.split
        if self.release is not None:
            return release_golds(self.release, chosen, self.source, self.include_flagged)
        if self.workspace is None:
            raise LlmError("give a workspace or a release to play")

        return workspace_golds(Workspace.open(self.workspace), chosen, self.source, self.include_flagged)


def game_of(gold: GoldWall) -> str:
    """``nyt`` for boards with difficulty levels, else ``ocw``."""
    return "nyt" if gold.levels is not None else "ocw"


def train_examples(src: PuzzleSource) -> list[Example]:
    """Solved walls of the train split of the same source (none when it has no train split)."""
    try:
        walls = src.golds("train").walls
    except EvaluationError:
        return []
    return [(w.groups, w.connections) for w in walls]


def limited(walls: Sequence[GoldWall], limit: int | None) -> list[GoldWall]:
    """The first ``limit`` walls (all of them without a limit)."""
    return list(walls if limit is None else walls[:limit])


def run_predictions(folder: Path) -> list[Path]:
    """The per-epoch prediction files of a run folder (what ``ocwtool eval --run`` scores)."""
    found = sorted(folder.glob("predictions-epoch-*.jsonl"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    if not found:
        raise LlmError(f"{folder}: no predictions-epoch-*.jsonl; is it an `ocwtool llm run` folder?")
    return found


def played_walls(walls: Sequence[GoldWall], folder: Path) -> list[GoldWall]:
    """The gold walls a run played (all of them, or its first ``--limit``), in gold order."""
    import json

    first = run_predictions(folder)[0]
    ids = {json.loads(line)["wall_id"] for line in first.read_text(encoding="utf-8").splitlines() if line}
    return [w for w in walls if w.wall_id in ids]


def require_inspect() -> None:
    """Fail with a one-line fix when the ``[llm]`` extra is not installed."""
    try:
        import inspect_ai  # noqa: F401
    except ImportError:
        raise LlmError("LLM runs need the [llm] extra: pip install 'ocwtool[llm]'") from None


def read_run_facts(folder: Path) -> dict[str, Any]:
    """Model, prompt, usage and cost of a run folder (its ``run.json``; empty when absent)."""
    manifest = folder / "run.json"
    return dict(read_json(manifest)) if manifest.is_file() else {}


RUN_SCOPE = ("release", "source", "split")


def run_scope(settings: Mapping[str, Any]) -> dict[str, str]:
    """The puzzles a run played, from its ``run.json`` settings: ``release``, ``source`` and
    ``split``, each only when recorded (``ocwtool eval --run`` defaults to them)."""
    return {k: str(settings[k]) for k in RUN_SCOPE if settings.get(k) is not None}


def render_run_facts(facts: Mapping[str, Any]) -> str:
    """Model, protocol, prompt, errored games, paid tokens and cost, for the eval table."""
    settings, usage, prompt = facts.get("settings", {}), facts.get("usage", {}), facts.get("prompt") or {}
    cost = facts.get("cost_usd")
    return (
        f"LLM run: {settings.get('model')} ({settings.get('protocol')}, rules {settings.get('rules')}), "
        f"prompt {prompt.get('name')} v{prompt.get('version')}, "
        f"{facts.get('errored_samples', 0)} errored games\n"
        f"  paid calls {usage.get('calls', 0)}: {usage.get('input_tokens', 0)} input + "
        f"{usage.get('output_tokens', 0)} output tokens, cost "
        + ("unknown (no [llm.prices] entry)" if cost is None else f"${cost:.4f}")
    )
