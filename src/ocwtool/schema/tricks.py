"""The trick words of an extended board, as ``build-variants --kind extended`` records them (pure).

Each extended board keeps every trick word it chose, with its evidence, as JSON in
``lineage.params["tricks"]``: the word, the group it seems to fit (``group``, a group id), the score
toward that group, why it seems to fit (``seems_to_fit``), the group's rule it fails (``fails_rule``),
and ``status``: ``verified`` (it fails the group's checkable rule; shown on the board, in
``distractors``) or ``proposed`` (the group has no checkable rule; kept here, never shown until
people confirm it belongs to no group).

The generators write it and the annotation tools and releases read it through this module, so
neither knows the other (import-linter's ``independent`` contract).
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import Field, ValidationError

from ocwtool.errors import InputError
from ocwtool.schema.models import Frozen, Puzzle
from ocwtool.schema.text import match_form

PARAM = "tricks"
RuleStatus = Literal["verified", "proposed"]


class TrickWord(Frozen):
    """One trick word of a board and the generator's evidence for it."""

    word: str = Field(min_length=1)
    group: str = Field(min_length=1)
    score: float = Field(ge=0.0, le=1.0)
    seems_to_fit: str = ""
    fails_rule: str | None = None
    status: RuleStatus

    @property
    def key(self) -> str:
        """What identifies the word on its board (case, spacing and accents aside)."""
        return trick_key(self.word)


def trick_key(word: str) -> str:
    """The matching form of a trick word: answers and decisions are matched by it."""
    return match_form(word)


def tricks_of(board: Puzzle) -> tuple[TrickWord, ...]:
    """The board's trick words (none for a board that is not an extended one)."""
    if board.lineage is None or PARAM not in board.lineage.params:
        return ()
    try:
        raw = json.loads(board.lineage.params[PARAM])
        return tuple(TrickWord.model_validate(item) for item in raw)
    except (ValueError, TypeError, ValidationError) as exc:
        raise InputError(
            f"{board.id}: lineage.params['tricks'] is not a list of trick words ({type(exc).__name__}); "
            "rebuild it: ocwtool build-variants --kind extended"
        ) from None


def proposed_tricks(board: Puzzle) -> tuple[TrickWord, ...]:
    """The board's trick words that wait for people (no rule could verify them)."""
    return tuple(t for t in tricks_of(board) if t.status == "proposed")


def parent_of(board: Puzzle) -> str | None:
    """The id of the board an extended board was made from."""
    return board.lineage.parents[0] if board.lineage is not None and board.lineage.parents else None
