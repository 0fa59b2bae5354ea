"""Shared pieces of the interop formats: label names, red-herring lines, timestamps, puzzle lookup.

Red herrings travel as editable text lines: ``<clue> -> <group 1-4>: why`` for a word and
``<clue>,<clue>,<clue>: decoy theme`` for a category; a clue is its number (1-16, as the session shows
them) or its text (``RYE -> 1: why``, any case).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ocwtool.annotations.herrings import Clue, numbered_clues
from ocwtool.annotations.taxonomy import BY_TYPE
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import (
    BASE_TYPES,
    ItemRecord,
    KnowledgeLabel,
    KnowledgeType,
    RedHerringCategory,
    RedHerringWord,
)
from ocwtool.schema.models import Puzzle

NAME_TO_TYPE = {BY_TYPE[t].name: t for t in BASE_TYPES}
WORD_LINE = re.compile(r"^\s*([^:]+?)\s*->\s*(\d+)\s*(?::\s*(.*))?$")
CATEGORY_LINE = re.compile(r"^\s*([^:,]+(?:,[^:,]+){2,})\s*(?::\s*(.*))?$")


def herring_lines(puzzle: Puzzle, record: ItemRecord) -> tuple[list[str], list[str]]:
    """Red herrings as editable lines (words, categories)."""
    group_no = {g.id: k + 1 for k, g in enumerate(puzzle.groups)}
    words = [
        _join(f"{w.clue_number} -> {group_no[w.fits_group]}", w.reason) for w in record.red_herring_words
    ]
    cats = [_join(",".join(map(str, c.clue_numbers)), c.theme) for c in record.red_herring_categories]
    return words, cats


def _join(head: str, text: str) -> str:
    return f"{head}: {text}" if text else head


def parse_herrings(
    puzzle: Puzzle, words: Iterable[str], cats: Iterable[str], where: str
) -> tuple[tuple[RedHerringWord, ...], tuple[RedHerringCategory, ...]]:
    """Inverse of :func:`herring_lines`; a malformed line raises ``AnnotationError`` naming it."""
    clues = numbered_clues(puzzle)
    out_words, out_cats = [], []
    for line in (x for x in words if x.strip()):
        m = WORD_LINE.match(line)
        number = clue_number(clues, m[1]) if m else None
        if not m or number is None or not 1 <= int(m[2]) <= 4 or clues[number - 1].group == int(m[2]) - 1:
            expected = "'<clue number or text> -> <other group 1-4>: why'"
            raise AnnotationError(f"{where}: red-herring word {line!r}: expected {expected}")
        clue = clues[number - 1]
        target = puzzle.groups[int(m[2]) - 1].id
        out_words.append(
            RedHerringWord(clue=clue.text, clue_number=number, fits_group=target, reason=(m[3] or "").strip())
        )
    for line in (x for x in cats if x.strip()):
        out_cats.append(parse_category(puzzle, line, where))
    return tuple(out_words), tuple(out_cats)


def parse_category(puzzle: Puzzle, line: str, where: str) -> RedHerringCategory:
    """One ``1,6,11: decoy theme`` line (clue numbers or texts) as a red-herring category."""
    clues = numbered_clues(puzzle)
    m = CATEGORY_LINE.match(line)
    numbers = [clue_number(clues, part) for part in m[1].split(",")] if m else []
    if len(numbers) < 3 or None in numbers or len(set(numbers)) != len(numbers):
        raise AnnotationError(
            f"{where}: red-herring category {line!r}: expected '<clue>,<clue>,<clue>: theme' "
            "(three or more distinct clue numbers 1-16 or clue texts)"
        )
    picked = [n for n in numbers if n is not None]
    return RedHerringCategory(
        clue_numbers=tuple(picked),
        clues=tuple(clues[n - 1].text for n in picked),
        theme=(m[2] or "").strip() if m else "",
    )


def clue_number(clues: Sequence[Clue], token: str) -> int | None:
    """A clue given by its number (1-16) or its text (any case), as its number; None if neither."""
    token = token.strip()
    if token.isdigit():
        return int(token) if 1 <= int(token) <= len(clues) else None
    found = [c.number for c in clues if c.text.casefold() == token.casefold()]
    return found[0] if len(found) == 1 else None


def label_names(label: KnowledgeLabel) -> list[str]:
    """Display names of a label's types (``["Linguistic", "Encyclopedic"]``)."""
    return [BY_TYPE[t].name for t in label.types]


def label_from_names(names: Sequence[str], where: str) -> KnowledgeLabel:
    """Inverse of :func:`label_names` (also accepts the type values, ``semantic``)."""
    try:
        return KnowledgeLabel.of(*(NAME_TO_TYPE.get(n) or KnowledgeType(n.lower()) for n in names))
    except ValueError:
        raise AnnotationError(
            f"{where}: unknown knowledge type in {list(names)}; use {sorted(NAME_TO_TYPE)}"
        ) from None


def stamp(text: str | None, where: str) -> dt.datetime:
    """An ISO timestamp (``Z`` allowed; naive means UTC); missing means now."""
    if not text:
        return dt.datetime.now(dt.UTC)
    try:
        value = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise AnnotationError(f"{where}: bad timestamp {text!r}") from None
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)


def puzzle_of(pid: Any, puzzles: Mapping[str, Puzzle], where: str) -> Puzzle:
    """The workspace puzzle an imported record refers to."""
    if not isinstance(pid, str) or pid not in puzzles:
        raise AnnotationError(
            f"{where}: unknown puzzle id {pid!r}; import the puzzles into the workspace first"
        )
    return puzzles[pid]
