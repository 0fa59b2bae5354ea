"""A model's one-shot raw-text answer read as a grouping: the LAST complete grouping in the text (pure).

Models often think aloud, draft a grouping, then give their final answer, sometimes followed by a
note. The rule (also in ``docs/evaluation.md``):

1. *Rows.* A line naming at least two of the wall's clues (or labelled ``Group N``) is a row; each
   bracketed list ``[...]`` naming at least two clues is a row of its own, so an answer flattened onto
   one line (``Groupings: Rivers: [a, b, c, d] Trees: [e, f, g, h] ...``, as in the published
   "Connecting the Dots" ``reason`` texts) gives one row per list; the text around the lists only
   names them (asides inside a list, ``WORD (note)`` or ``WORD as in ...``, are not words), and a
   list right after an arrow (``[a, b, c, d] -> [a, b, c, e]``) replaces the row
   before it. Lines naming one clue each (``- **Oak**: a tree``) under a short title line
   (``**Trees**``, ``Category 2: Trees``, ``### Trees``, ``Trees:``) are one row, named by the title.
   A row naming more than 8 clues (the board repeated, or several groups run together)
   is not a group and is set aside. Other non-blank lines are prose.
2. *Groupings.* Rows are cut into sections at a final-answer heading (``Final answer``,
   ``Answer:``, ``Groupings:``, ``Solution:``) and where the numbering restarts (``1.``, ``Group 1``,
   ``Category 1`` again). A section of at most 4 rows is one grouping. A longer section is its
   numbered rows when exactly 4 are numbered; otherwise its runs of rows between prose lines, each
   cut into fours; if none of those holds 4 rows, its last 4 rows.
3. *The answer* is the last grouping of 4 rows (complete); if there is none, the last (partial)
   grouping, whose missing groups are empty slots. Rows outside it are counted (``rows_set_aside``).
4. *Groups as written.* A group of 3 or 5 words stays as written (:attr:`ParsedAnswer.written`); the
   scorer sees its first 3 words and an empty slot, so it is never credited, and it is counted
   (``wrong_size_groups``). Words that are not clues are *hallucinated*, clues placed twice
   *duplicated*, clues never placed *missing*; nothing is padded with the missing clues.
5. *Distractors.* On a board of 16 + k words (k words of no group) a line that lists the words left
   out (``Left out: A, B``, ``Distractors: ...``, ``Not in any group: ...``) is never a group, and the
   ``missing`` issue counts only the clues unplaced beyond the k a player is meant to leave out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ocwtool.errors import InputError
from ocwtool.evaluation.checks import scorable_group
from ocwtool.evaluation.rawrows import Row, RowReader
from ocwtool.evaluation.scorer import GROUPS, SIZE
from ocwtool.evaluation.textscan import ClueIndex, Line
from ocwtool.safeparse import loads_json


@dataclass(frozen=True)
class ParsedAnswer:
    """A raw answer as 4 scorable groups of 4 slots, the groups as written, and what did not fit."""

    groups: tuple[tuple[str, ...], ...]
    connections: tuple[str, ...] | None
    written: tuple[tuple[str, ...], ...] = ()
    hallucinated: tuple[str, ...] = ()
    duplicated: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    overflow: tuple[str, ...] = ()
    empty_slots: int = 0
    wrong_size_groups: int = 0
    rows_set_aside: int = 0
    left_out: int = 0  # words of the board a player is meant to leave out (its distractors)

    def issues(self) -> dict[str, int]:
        return {
            "hallucinated": len(self.hallucinated),
            "duplicated": len(self.duplicated),
            "missing": max(len(self.missing) - self.left_out, 0),
            "overflow": len(self.overflow),
            "empty_slots": self.empty_slots,
            "wrong_size_groups": self.wrong_size_groups,
            "rows_set_aside": self.rows_set_aside,
        }


def _sections(rows: list[Row]) -> list[list[Row]]:
    """Rows cut at final-answer headings and where the numbering restarts."""
    sections: list[list[Row]] = [[]]
    last_number: int | None = None
    for row in rows:
        restart = row.number is not None and (row.number == 1 or (last_number or 0) >= row.number)
        if sections[-1] and (row.after_heading or restart):
            sections.append([])
            last_number = None
        sections[-1].append(row)
        last_number = row.number if row.number is not None else last_number
    return [s for s in sections if s]


def _groupings(section: list[Row]) -> list[list[Row]]:
    """The candidate groupings of one section, in text order."""
    if len(section) <= GROUPS:
        return [section]
    numbered = [r for r in section if r.number is not None]
    if len(numbered) == GROUPS:
        return [numbered]
    runs: list[list[Row]] = []
    for row in section:
        if row.after_prose or not runs:
            runs.append([])
        runs[-1].append(row)
    chunks = [run[i : i + GROUPS] for run in runs for i in range(0, len(run), GROUPS)]
    return chunks if any(len(c) == GROUPS for c in chunks) else [section[-GROUPS:]]


def choose_grouping(rows: list[Row]) -> list[Row]:
    """The last complete grouping (4 rows); else the last partial one; else nothing."""
    candidates = [g for s in _sections(rows) for g in _groupings(s)]
    complete = [g for g in candidates if len(g) == GROUPS]
    if complete:
        return complete[-1]
    return candidates[-1] if candidates else []


def candidate_groupings(
    text: str, clues: Sequence[str], heading: str | None = None
) -> list[list[tuple[str, ...]]]:
    """Every grouping the rule considered in a raw answer, in text order, as written (for reports and
    checks); :func:`parse_model_text` reads the last one with 4 groups."""
    rows = RowReader(ClueIndex(clues), heading).read(text)
    return [[tuple(w for w, _ in r.line.items) for r in g] for s in _sections(rows) for g in _groupings(s)]


def _json_rows(text: str, index: ClueIndex) -> list[Row] | None:
    try:
        doc = loads_json(text, "model text")
    except InputError:  # not JSON (or JSON no answer is made of): read as lines
        return None
    if not (isinstance(doc, list) and all(isinstance(g, list) for g in doc)):
        return None
    return [Row(Line(items=[index.resolve(str(w)) for w in g], labelled=True)) for g in doc]


def parse_model_text(text: str, clues: Sequence[str], heading: str | None = None) -> ParsedAnswer:
    """Turn a model's free-text answer into a 4x4 prediction (the last complete grouping), counting
    what went wrong. ``heading``: a prompt's own final-answer heading, read like ``Final answer``.
    A JSON list of lists is read as one grouping (lists after the 4th overflow)."""
    index = ClueIndex(clues)
    rows = _json_rows(text.strip(), index)
    if rows is not None:
        return _assemble(rows[:GROUPS], clues, [w for r in rows[GROUPS:] for w, _ in r.line.items], 0)
    reader = RowReader(index, heading)
    rows = reader.read(text)
    chosen = choose_grouping(rows)
    return _assemble(chosen, clues, [], len(rows) - len(chosen) + reader.set_aside)


def _assemble(rows: list[Row], clues: Sequence[str], overflow: list[str], set_aside: int) -> ParsedAnswer:
    available = Counter(clues)
    hallucinated, duplicated = [], []
    for row in rows:
        for item, is_clue in row.line.items:
            if is_clue and available[item] <= 0:
                duplicated.append(item)
            elif is_clue:
                available[item] -= 1
            else:
                hallucinated.append(item)
    written = [tuple(item for item, _ in row.line.items) for row in rows]
    written += [() for _ in range(GROUPS - len(written))]
    conns = [row.line.connection for row in rows] + [None] * (GROUPS - len(rows))
    return ParsedAnswer(
        groups=tuple(scorable_group(g) if g else ("",) * SIZE for g in written),
        connections=tuple(c or "" for c in conns) if any(conns) else None,
        written=tuple(written),
        hallucinated=tuple(hallucinated),
        duplicated=tuple(duplicated),
        missing=tuple(sorted(available.elements())),
        overflow=tuple(overflow),
        empty_slots=sum(max(SIZE - len(g), 0) for g in written),
        wrong_size_groups=sum(0 < len(g) != SIZE for g in written),
        rows_set_aside=set_aside,
        left_out=max(len(clues) - GROUPS * SIZE, 0),
    )
