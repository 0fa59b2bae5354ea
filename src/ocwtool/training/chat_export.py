"""``ocwtool export --format chat-jsonl``: supervised fine-tuning conversations as a JSONL file.

The puzzles come from a workspace (its stores, or variants, by ``--source``) or a built release (its
configs), one split or all; each becomes one conversation per task of the prompt
(:mod:`.chat_pairs`). Few-shot prompts show solved walls of the train split, as ``ocwtool llm run``
does; a puzzle that is one of those examples is left out (its own answer would be in its prompt).
Every conversation is checked to win when read back by ocwtool's parsers; one that does not is left
out and counted.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ocwtool.errors import InputError
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.fsio import write_text
from ocwtool.llm.inputs import Protocol, PuzzleSource, game_of, train_examples
from ocwtool.llm.prompts import PromptSpec, default_prompt, get_prompt, pick_examples, render_examples
from ocwtool.names import LLM_RULES, SPLIT_CHOICES
from ocwtool.schema.keys import clue_key
from ocwtool.training.chat_pairs import (
    Conversation,
    check_conversation,
    game_conversation,
    oneshot_conversations,
)
from ocwtool.workspace import Workspace

FORMAT = "chat-jsonl"


@dataclass(frozen=True)
class ChatRequest:
    """What to export: the prompt (default: the paper's for each puzzle's game, ours for interactive
    rules), the rules, the board seed, and which puzzles."""

    prompt: str | None = None
    rules: str = "oneshot"
    seed: int = 0
    split: str = "all"
    sources: tuple[str, ...] = ()  # workspace stores or variant kinds, or release configs
    game: str | None = None
    release: Path | None = None

    def __post_init__(self) -> None:
        if self.rules not in LLM_RULES:
            raise InputError(
                f"unknown rules {self.rules!r} for {FORMAT}; choose one of: {', '.join(LLM_RULES)}"
            )
        if self.split not in SPLIT_CHOICES:
            raise InputError(f"unknown split {self.split!r}; choose one of: {', '.join(SPLIT_CHOICES)}")
        if self.seed < 0:
            raise InputError(f"the board seed must be 0 or more, got {self.seed}")
        if self.game not in (None, "ocw", "nyt"):
            raise InputError(f"unknown game {self.game!r}; choose ocw or nyt")
        if self.prompt is not None:
            get_prompt(self.prompt, self.protocol.name)  # an unknown or unsuitable prompt fails here

    @property
    def protocol(self) -> Protocol:
        return Protocol("oneshot" if self.rules == "oneshot" else "interactive", self.rules, self.prompt)


@dataclass
class ChatReport:
    """What was written: conversations, puzzles, the prompts used, and what was left out."""

    path: Path
    conversations: int = 0
    puzzles: int = 0
    prompts: dict[str, int] = field(default_factory=dict)  # prompt name -> conversations
    notes: list[str] = field(default_factory=list)


def _sources(workspace: Workspace | None, request: ChatRequest) -> list[PuzzleSource]:
    names: Sequence[str | None] = request.sources or (None,)
    return [
        PuzzleSource(workspace=workspace, release=request.release, source=name, split=request.split)
        for name in names
    ]


def _prompt(request: ChatRequest, wall: GoldWall) -> PromptSpec:
    name = request.prompt or default_prompt(game_of(wall), request.protocol.name)
    return get_prompt(name, request.protocol.name)


def _examples(src: PuzzleSource, specs: Sequence[PromptSpec]) -> tuple[str, set[frozenset[str]]]:
    """The few-shot block of the source's train split (shared by its one-shot prompts, which draw
    the same examples) and the clue sets of the walls it shows."""
    spec = next((s for s in specs if s.examples), None)
    if spec is None:
        return "", set()
    drawn = pick_examples(train_examples(src), spec)
    return render_examples(drawn), {clue_key(w for g in groups for w in g) for groups, _ in drawn}


def _conversations(
    request: ChatRequest, spec: PromptSpec, wall: GoldWall, examples: str
) -> list[Conversation]:
    if request.protocol.name == "oneshot":
        return oneshot_conversations(spec, wall, request.seed, examples)
    return [game_conversation(spec, wall, request.rules, request.seed)]


def chat_records(
    workspace: Workspace | None, request: ChatRequest, report: ChatReport
) -> list[dict[str, Any]]:
    """Every record of the export, in source then puzzle order; ``report`` counts them."""
    records: list[dict[str, Any]] = []
    shown_examples = unchecked = unscorable = 0
    split = None if request.split == "all" else request.split
    for src in _sources(workspace, request):
        golds = src.golds()
        unscorable += len(golds.skipped)
        walls = [w for w in golds.walls if request.game is None or game_of(w) == request.game]
        specs = {w.wall_id: _prompt(request, w) for w in walls}
        examples, example_keys = _examples(src, list(specs.values()))
        for wall in walls:
            if clue_key(w for g in wall.groups for w in g) in example_keys and specs[wall.wall_id].examples:
                shown_examples += 1
                continue
            convs = _conversations(request, specs[wall.wall_id], wall, examples)
            if not all(check_conversation(c, wall, request.rules) for c in convs):
                unchecked += 1
                continue
            report.puzzles += 1
            for conv in convs:
                report.prompts[conv.prompt.name] = report.prompts.get(conv.prompt.name, 0) + 1
                records.append(conv.record(request.rules, request.seed, split))
    report.conversations = len(records)
    _notes(report, shown_examples, unchecked, unscorable)
    return records


def _notes(report: ChatReport, shown_examples: int, unchecked: int, unscorable: int) -> None:
    if unscorable:
        report.notes.append(
            f"{unscorable} puzzle(s) left out as unscorable (pictures, emoji, empty clues; as in eval)"
        )
    if shown_examples:
        report.notes.append(
            f"{shown_examples} puzzle(s) left out: they are the prompt's in-context examples "
            "(their answers are in every prompt)"
        )
    if unchecked:
        report.notes.append(
            f"{unchecked} puzzle(s) left out: their gold answer does not read back as a win "
            "with ocwtool's parser (clues it cannot tell apart)"
        )


def export_chat(workspace: Workspace | None, request: ChatRequest, out: Path) -> ChatReport:
    """Write the conversations of ``request`` to ``out`` (JSONL, atomically); refuse an empty export."""
    report = ChatReport(out)
    if workspace is not None and request.release is None:
        with workspace.reading():
            records = chat_records(workspace, request, report)
    else:
        records = chat_records(None, request, report)
    if not records:
        where = f"release {request.release}" if request.release else "the workspace"
        raise InputError(
            f"no conversations to export from {where} (split {request.split}, game {request.game or 'any'})"
            + (f": {'; '.join(report.notes)}" if report.notes else "")
        )
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    if workspace is not None:
        with workspace.writing_files(out):
            write_text(out, text)
    else:
        write_text(out, text)
    return report
