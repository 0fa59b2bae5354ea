"""Transcripts: every game as the list of its moves with the feedback given (JSONL, one game a line).

A transcript can carry its board (self-contained, as Todd et al.'s logs carry ``puzzle_data``) or
name it by ``wall_id`` only (the board then comes from a workspace or release). ``recorded`` is the
outcome the original run reported; replaying the moves through the engine must reproduce it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ocwtool.errors import InputError
from ocwtool.evaluation.game.board import Board
from ocwtool.evaluation.game.engine import FeedbackKind, Outcome


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BoardRecord(_Model):
    """A board inside a transcript (``levels`` 0-3 per group for NYT puzzles)."""

    wall_id: str
    groups: list[list[str]] = Field(min_length=4, max_length=4)
    connections: list[str] = []
    levels: list[int] | None = None
    distractors: list[str] = []  # words of no group on the board
    traps: list[list[str]] | None = None  # labelled trap groups (None: red herrings not labelled)

    def to_board(self, order: Iterable[str] | None = None) -> Board:
        return Board(
            self.wall_id,
            tuple(tuple(g) for g in self.groups),
            tuple(self.connections),
            None if self.levels is None else tuple(self.levels),
            tuple(order or ()),
            tuple(self.distractors),
            None if self.traps is None else tuple(tuple(t) for t in self.traps),
        )

    @classmethod
    def from_board(cls, board: Board) -> BoardRecord:
        levels = None if board.levels is None else list(board.levels)
        return cls(
            wall_id=board.wall_id,
            groups=[list(g) for g in board.groups],
            connections=list(board.connections),
            levels=levels,
            distractors=list(board.distractors),
            traps=None if board.traps is None else [list(t) for t in board.traps],
        )


class Turn(_Model):
    """One move: ``guess`` (4 words), ``answer`` (oneshot: 4 groups) or neither (an unparsable reply,
    kept in ``raw``). ``feedback`` is what the player was told; ``None`` when the log did not say."""

    guess: list[str] | None = None
    answer: list[list[str]] | None = None
    raw: str | None = None
    feedback: FeedbackKind | None = None


class RecordedOutcome(_Model):
    """The outcome a run reported; ``None`` fields were not recorded. ``solved``: per gold group."""

    won: bool | None = None
    solved: list[bool] | None = None
    mistakes: int | None = None
    invalid: int | None = None
    moves: int | None = None


class Transcript(_Model):
    """One game. ``order``: the display order the player saw (``None``: the board's own)."""

    wall_id: str
    rules: str
    limits: dict[str, int | None] = {}  # rule limits overridden for this game (``get_rules`` overrides)
    player: str = ""
    seed: int | None = None
    board: BoardRecord | None = None
    order: list[str] | None = None
    turns: list[Turn] = []
    connections: list[str] | None = None
    trap_claim: list[str] | None = None  # the player's first trap claim ([]: "N/A"; None: none made)
    recorded: RecordedOutcome | None = None
    meta: dict[str, Any] = {}


def outcome_record(outcome: Outcome) -> RecordedOutcome:
    """An engine outcome in the transcript's shape."""
    return RecordedOutcome(
        won=outcome.won,
        solved=list(outcome.solved),
        mistakes=outcome.mistakes,
        invalid=outcome.invalid,
        moves=outcome.moves,
    )


def dump_transcripts(transcripts: Iterable[Transcript]) -> str:
    """JSONL text, one transcript a line (write it with ``ocwtool.fsio``)."""
    return "".join(t.model_dump_json(exclude_defaults=True) + "\n" for t in transcripts)


def parse_transcripts(text: str, where: str) -> Iterator[Transcript]:
    """Transcripts from JSONL text; a bad line is an ``InputError`` naming ``where`` and the line."""
    return (t for _, t in parse_located(text, where))


def parse_located(text: str, where: str) -> Iterator[tuple[str, Transcript]]:
    """``("WHERE:LINE", transcript)`` per JSONL line; a bad line is an ``InputError`` naming it."""
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield f"{where}:{lineno}", Transcript.model_validate_json(line)
        except ValidationError as exc:
            first = exc.errors()[0]
            loc = ".".join(str(p) for p in first["loc"]) or "record"
            raise InputError(
                f"{where}:{lineno}: not an ocwtool transcript ({loc}: {first['msg']}); "
                "see docs/play.md for the format"
            ) from None


def read_transcripts(path: Path) -> list[Transcript]:
    """Every transcript of a JSONL file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read transcripts {path}: {exc.strerror or exc}") from None
    return list(parse_transcripts(text, str(path)))
