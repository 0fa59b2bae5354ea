"""An ``ocwtool llm run`` folder as the evaluation reads it: its per-epoch predictions, the walls it
played, and the facts of its ``run.json`` (model, prompt, usage, cost, the puzzles it played).

The LLM runner (:mod:`ocwtool.llm.runner`) writes these files; scoring them needs nothing of it, so
this module sits in the evaluation, below the runner.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.fsio import read_json

#: What ``run.json``'s settings say about the puzzles played (``ocwtool eval --run`` defaults to them).
RUN_SCOPE = ("release", "source", "split")


def run_predictions(folder: Path) -> list[Path]:
    """The per-epoch prediction files of a run folder (what ``ocwtool eval --run`` scores)."""
    found = sorted(folder.glob("predictions-epoch-*.jsonl"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    if not found:
        raise EvaluationError(f"{folder}: no predictions-epoch-*.jsonl; is it an `ocwtool llm run` folder?")
    return found


def played_walls(walls: Sequence[GoldWall], folder: Path) -> list[GoldWall]:
    """The gold walls a run played (all of them, or its first ``--limit``), in gold order."""
    first = run_predictions(folder)[0]
    ids = {json.loads(line)["wall_id"] for line in first.read_text(encoding="utf-8").splitlines() if line}
    return [w for w in walls if w.wall_id in ids]


def read_run_facts(folder: Path) -> dict[str, Any]:
    """Model, prompt, usage and cost of a run folder (its ``run.json``; empty when absent)."""
    manifest = folder / "run.json"
    return dict(read_json(manifest)) if manifest.is_file() else {}


def run_scope(settings: Mapping[str, Any]) -> dict[str, str]:
    """The puzzles a run played, from its ``run.json`` settings: ``release``, ``source`` and
    ``split``, each only when recorded (``ocwtool eval --run`` defaults to them)."""
    return {k: str(settings[k]) for k in RUN_SCOPE if settings.get(k) is not None}


def errored_games(facts: Mapping[str, Any]) -> str:
    """``3 of 4 games errored (the run is incomplete ...)`` for a run whose games errored, else ""."""
    errored = int(facts.get("errored_samples") or 0)
    if not errored:
        return ""
    return (
        f"{errored} of {facts.get('samples', '?')} games errored (the run is incomplete; "
        "run the same `ocwtool llm run` again to retry them)"
    )


def render_run_facts(facts: Mapping[str, Any]) -> str:
    """Model, protocol, prompt, errored games, paid tokens and cost, and live vs backfill play, for
    the eval table."""
    settings, usage, prompt = facts.get("settings", {}), facts.get("usage", {}), facts.get("prompt") or {}
    cost = facts.get("cost_usd")
    return (
        f"LLM run: {settings.get('model')} ({settings.get('protocol')}, rules {settings.get('rules')}), "
        f"prompt {prompt.get('name')} v{prompt.get('version')}, {errored_games(facts) or '0 errored games'}\n"
        f"  paid calls {usage.get('calls', 0)}: {usage.get('input_tokens', 0)} input + "
        f"{usage.get('output_tokens', 0)} output tokens, cost "
        + ("unknown (no [llm.prices] entry)" if cost is None else f"${cost:.4f}")
        + _timing_line(facts.get("timing"))
    )


def _timing_line(timing: Mapping[str, Any] | None) -> str:
    """Live and backfill play apart (runs before ``timing`` was recorded have no line)."""
    if not timing:
        return ""
    undated = f", {timing['undated']} undated" if timing.get("undated") else ""
    return (
        f"\n  puzzles played {timing['run_date']}: {timing['live']} live (published that day), "
        f"{timing['backfill']} backfill (published before){undated}"
    )
