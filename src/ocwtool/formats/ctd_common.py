"""Pieces shared by the three "Connecting the Dots" (Samadarshi et al. 2024) gold shapes.

The published files (repository mustafamariam/LLM-Connections-Solver) write a board as ONE string,
the 16 clues joined by ``", "`` (``"BAGEL, TIRE, ..."``), and a group's words either as a JSON array,
as ``{"Words": [...]}``, or as a Python-literal list inside a string (``"['BAGEL', 'TIRE', ...]"``).
Games carry no date and no id: a game's id is ``<source>-<n>``, n = 1 for the LAST game of the file
(the files list games newest first), so the same game gets the same number in every shape.
"""

from __future__ import annotations

import ast
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ocwtool.errors import SchemaError
from ocwtool.formats._common import expect, type_name
from ocwtool.schema.models import Flag, Provenance, Puzzle, nyt_puzzle_id
from ocwtool.schema.nyt import DayGroups, build_puzzle

SEPARATOR = ", "
_TYPOGRAPHIC_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


@dataclass(frozen=True)
class Words:
    """A group's words as read, and how they were written (for warnings and exact round trips)."""

    words: list[str]
    wrapped: bool = False  # written as {"Words": [...]}
    repaired: bool = False  # a Python literal that only parsed with typographic quotes made straight


def split_allwords(value: Any, at: str) -> tuple[list[str], bool]:
    """The board of an ``allwords`` field: a ``", "``-joined string (True) or a JSON array (False)."""
    if isinstance(value, str):
        return value.split(SEPARATOR), True
    if isinstance(value, list) and all(isinstance(w, str) for w in value):
        return list(value), False
    raise SchemaError(
        f"{at}: field 'allwords': expected the 16 clues joined by ', ' (or an array of 16 strings), "
        f"got {type_name(value)}"
    )


def category_words(value: Any, at: str) -> Words:
    """A ``categories`` value: an array of 4 strings, or ``{"Words": [4 strings]}``."""
    wrapped = isinstance(value, dict) and set(value) == {"Words"}
    words = value["Words"] if wrapped else value
    if not (isinstance(words, list) and all(isinstance(w, str) for w in words)):
        what = 'an array of 4 strings or {"Words": [...]}'
        raise SchemaError(f"{at}: expected {what}, got {type_name(value)}")
    if len(words) != 4:
        raise SchemaError(f"{at}: expected an array of 4 strings, got {len(words)} items")
    return Words(list(words), wrapped=wrapped)


def literal_words(value: Any, at: str) -> Words:
    """A ``"Words in Category"`` string: a Python-literal list of 4 strings (``"['A', 'B', ...]"``).

    One published record closes a string with typographic quotes (``’20,000’``); such a literal is
    read again with straight quotes, and the repair is reported (``Words.repaired``)."""
    text = expect(value, str, at, "a Python-literal list of 4 strings, e.g. \"['A', 'B', 'C', 'D']\"")
    parsed, repaired = _literal(text), False
    if parsed is None:
        parsed, repaired = _literal(text.translate(_TYPOGRAPHIC_QUOTES)), True
    if not (isinstance(parsed, list) and len(parsed) == 4 and all(isinstance(w, str) for w in parsed)):
        raise SchemaError(f"{at}: expected a Python-literal list of 4 strings, got {text!r}")
    return Words(list(parsed), repaired=repaired)


def _literal(text: str) -> Any:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None


def lost_text(board: Sequence[str]) -> bool:
    """A board whose every clue is only ``?``: its emoji were lost to ``?`` (published once, as
    ``"?, ?, ??, ..."``); it is flagged ``emoji`` so a text evaluation leaves it out."""
    return all(w and set(w) == {"?"} for w in board)


def game_id(source: str, index: int, total: int) -> str:
    """``<source>-<n>``: n = 1 for the last game of a file of ``total`` games (index 0-based)."""
    return f"{source}-{total - index}"


def game_puzzle(
    groups: Sequence[tuple[str, Sequence[str]]],
    board: Sequence[str],
    *,
    exclude: bool,
    pid: str,
    source: str,
    provenance: Provenance,
    at: str,
    date: dt.date | None = None,
) -> Puzzle:
    """An NYT puzzle (undated: id ``pid``): groups in yellow..purple order (levels from key order)."""
    day = DayGroups(
        date=date,
        groups=[(title, list(words)) for title, words in groups],
        board=list(board),
        flags=(Flag.LEVEL_FROM_ORDER,),
        emoji=lost_text(board),
        exclude=exclude,
        puzzle_id=pid,
    )
    where = f"{at} ({pid if date is None else nyt_puzzle_id(date)})"
    return build_puzzle(day, source, provenance, where, SchemaError)


def excluded_warning(puzzles: Sequence[Puzzle]) -> tuple[str, ...]:
    """The import warning about games marked ``exclude`` (few-shot examples), if any."""
    n = sum(Flag.EXCLUDED in p.flags for p in puzzles)
    return (f"{n} {'game' if n == 1 else 'games'} marked exclude (kept, flag excluded)",) if n else ()
