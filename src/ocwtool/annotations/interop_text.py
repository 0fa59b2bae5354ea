"""Shared pieces of the interop formats: label names, red-herring lines, timestamps, puzzle lookup.

Red herrings travel as editable text lines: ``<clue 1-16> -> <group 1-4>: why`` for a word and
``<clue>,<clue>,<clue>: decoy theme`` for a category (clue and group numbers as the session shows).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ocwtool.annotations.herrings import numbered_clues
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
WORD_LINE = re.compile(r"^\s*(\d+)\s*->\s*(\d+)\s*:?\s*(.*)$")
CATEGORY_LINE = re.compile(r"^\s*(\d+(?:\s*,\s*\d+){2,})\s*:?\s*(.*)$")


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
        if not m or not (1 <= int(m[1]) <= 16 and 1 <= int(m[2]) <= 4):
            raise AnnotationError(
                f"{where}: red-herring word {line!r}: expected '<clue 1-16> -> <group 1-4>: why'"
            )
        clue = clues[int(m[1]) - 1]
        target = puzzle.groups[int(m[2]) - 1].id
        out_words.append(
            RedHerringWord(clue=clue.text, clue_number=clue.number, fits_group=target, reason=m[3].strip())
        )
    for line in (x for x in cats if x.strip()):
        m = CATEGORY_LINE.match(line)
        numbers = [int(n) for n in m[1].split(",")] if m else []
        if not numbers or not all(1 <= n <= 16 for n in numbers):
            raise AnnotationError(
                f"{where}: red-herring category {line!r}: expected '<clue>,<clue>,<clue>: theme'"
            )
        picked = tuple(clues[n - 1].text for n in numbers)
        out_cats.append(
            RedHerringCategory(clue_numbers=tuple(numbers), clues=picked, theme=m[2].strip() if m else "")
        )
    return tuple(out_words), tuple(out_cats)


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
