"""What a sample carries about its puzzle, the word order of each epoch, and reading answers.

Kept free of inspect-ai so the export, the scripted players and the tests use it without the extra.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from ocwtool.evaluation.rawtext import ParsedAnswer, parse_model_text
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.evaluation.textscan import guess_words
from ocwtool.schema.board import shown_board

_BRACKETS = re.compile(r"[\[\]]")
_CONNECTION = re.compile(r"Connection:\s*(.*)", re.I)


class BoardMeta(BaseModel):
    """A sample's metadata: the gold puzzle as the runner and the scorer see it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    wall_id: str
    game: str
    clues: tuple[str, ...]  # board 0 (GoldWall.words of a puzzle: never in solution order)
    groups: tuple[tuple[str, ...], ...]
    connections: tuple[str, ...]
    levels: tuple[int, ...] | None = None
    distractors: tuple[str, ...] = ()  # words of no group among the clues

    @classmethod
    def from_gold(cls, gold: GoldWall, game: str) -> BoardMeta:
        return cls(
            wall_id=gold.wall_id,
            game=game,
            clues=gold.words,
            groups=gold.groups,
            connections=gold.connections,
            levels=gold.levels,
            distractors=gold.distractors,
        )

    def to_gold(self) -> GoldWall:
        return GoldWall(
            self.wall_id,
            self.groups,
            self.connections,
            self.levels,
            clues=self.clues,
            distractors=self.distractors,
        )

    def metadata(self) -> dict[str, Any]:
        meta = self.model_dump(mode="json")
        if not self.distractors:  # only then: the metadata of a board without them is as it was
            del meta["distractors"]
        return meta


def epoch_words(board: BoardMeta, epoch: int) -> list[str]:
    """Epoch ``e`` shows board ``e - 1`` (:func:`ocwtool.schema.board.shown_board`): epoch 1 the
    puzzle's own board where it has one, else its seeded shuffle; never the solution order."""
    return list(
        shown_board(board.clues, board.groups, board.wall_id, epoch - 1, distractors=board.distractors)
    )


def answer_part(text: str, marker: str | None) -> str:
    """The text after the last ``marker`` (a prompt's "final answer" heading), else all of it."""
    if marker and marker.casefold() in text.casefold():
        return text[text.casefold().rindex(marker.casefold()) + len(marker) :]
    return text


def parse_grouping(text: str, clues: Sequence[str], marker: str | None) -> ParsedAnswer:
    """A one-shot answer: the last complete grouping in the text, ``marker`` (the prompt's "final
    answer" heading, e.g. ``Groupings:``) starting a new grouping like ``Final answer`` does; so a
    complete grouping before a truncated one after the last marker still counts. ``Rivers: [a, b, c,
    d]`` lists are rows of their own; a 5-word group is kept and never credited."""
    return parse_model_text(text, clues, heading=marker)


def parse_connections(text: str) -> tuple[str, ...]:
    """Task 2 answers as the OCW notebook reads them: ``Connection: X`` per line, 4 kept, padded."""
    found = [m.group(1).strip() if m else "" for m in map(_CONNECTION.search, text.splitlines())][:4]
    return tuple(found + [""] * (4 - len(found)))


def parse_guess(text: str, clues: Sequence[str], marker: str | None) -> list[str]:
    """One guess (up to 4 words) from the reply's last ``GUESS:`` line; words that are not clues
    are kept as written, so the engine can judge the guess invalid."""
    part = answer_part(text, marker).strip().splitlines()
    line = part[0] if marker and marker.casefold() in text.casefold() and part else text
    return guess_words(_BRACKETS.sub(" ", line), clues)
