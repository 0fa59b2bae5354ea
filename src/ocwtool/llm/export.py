"""From an inspect log to ocwtool files: engine transcripts, per-epoch predictions, token usage.

Predictions are what ``ocwtool eval`` scores: one JSONL file per epoch (seeds as epochs), one
record per wall. A one-shot answer keeps its parsed groups; an interactive game predicts the groups
it found (the rest stay empty, so they count as wrong). Connections are kept only where they are
aligned with the gold groups (OCW Task 2, the Only Connect naming step).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from inspect_ai.event import ModelEvent
from inspect_ai.log import EvalLog, EvalSample

from ocwtool.evaluation.game import Transcript
from ocwtool.evaluation.game.transcript import BoardRecord
from ocwtool.fsio import write_text
from ocwtool.llm.board import BoardMeta


@dataclass
class Usage:
    """Tokens and calls the provider was paid for (cache reads excluded), and cache reads apart."""

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cached_calls: int = 0

    def add(self, other: Usage) -> None:
        for key, value in asdict(other).items():
            setattr(self, key, getattr(self, key) + value)

    def to_dict(self) -> dict[str, int]:
        return asdict(self)


def sample_usage(sample: EvalSample) -> Usage:
    """Usage of one sample from its model events."""
    usage = Usage()
    for event in sample.events:
        if not isinstance(event, ModelEvent) or event.error:
            continue
        if event.cache == "read":
            usage.cached_calls += 1
            continue
        usage.calls += 1
        if event.output.usage is not None:
            usage.input_tokens += event.output.usage.input_tokens
            usage.output_tokens += event.output.usage.output_tokens
    return usage


def _empty_transcript(sample: EvalSample, rules: str) -> Transcript:
    board = BoardMeta.model_validate(sample.metadata)
    record = BoardRecord(
        wall_id=board.wall_id,
        groups=[list(g) for g in board.groups],
        connections=list(board.connections),
        levels=None if board.levels is None else list(board.levels),
    )
    return Transcript(wall_id=board.wall_id, rules=rules, board=record, meta={"replayable": False})


def sample_transcript(sample: EvalSample, model: str, rules: str, prompt: dict[str, Any]) -> Transcript:
    """The engine transcript a sample stored, with run facts in ``meta`` (errored games: no turns)."""
    stored = sample.store.get("transcript")
    base = Transcript.model_validate(stored) if stored else _empty_transcript(sample, rules)
    meta = {
        **base.meta,
        "epoch": sample.epoch,
        "model": model,
        "prompt": prompt,
        "usage": sample_usage(sample).to_dict(),
        "issues": sample.store.get("issues"),
        "error": sample.error.message.splitlines()[0] if sample.error else None,
    }
    return base.model_copy(update={"player": model, "seed": sample.epoch, "meta": meta})


def log_transcripts(log: EvalLog) -> list[Transcript]:
    """Every sample of the log as a transcript, by epoch then wall order."""
    facts = (log.eval.metadata or {}).get("ocwtool", {})
    rules, prompt = facts.get("rules", "oneshot"), facts.get("prompt", {})
    samples = sorted(log.samples or [], key=lambda s: (s.epoch, str(s.id)))
    return [sample_transcript(s, log.eval.model, rules, prompt) for s in samples]


def prediction_record(t: Transcript, aligned_connections: bool) -> dict[str, Any]:
    """What ``ocwtool eval`` scores for one game."""
    empty = [""] * 4
    if t.rules == "oneshot" and t.turns and t.turns[0].answer is not None:
        groups = t.turns[0].answer
    else:
        solved = (t.recorded.solved if t.recorded else None) or [False] * 4
        gold = t.board.groups if t.board else [empty] * 4
        groups = [list(g) if hit else empty for g, hit in zip(gold, solved, strict=True)]
    record: dict[str, Any] = {"wall_id": t.wall_id, "predicted_groups": groups}
    if aligned_connections and t.connections is not None:
        record["predicted_connections"] = list(t.connections)
    return record


def epoch_predictions(
    transcripts: list[Transcript], aligned_connections: bool
) -> dict[int, list[dict[str, Any]]]:
    """Prediction records per epoch."""
    out: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for t in transcripts:
        out[int(t.seed or 1)].append(prediction_record(t, aligned_connections))
    return dict(sorted(out.items()))


def total_usage(transcripts: list[Transcript]) -> Usage:
    total = Usage()
    for t in transcripts:
        total.add(Usage(**t.meta.get("usage", {})))
    return total


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> None:
    import json

    write_text(path, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
