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
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ocwtool.evaluation.checks import scorable_group
from ocwtool.evaluation.scorer import GROUPS, SIZE
from ocwtool.evaluation.textscan import ClueIndex, Line, is_group_line, normalize, scan_line

MAX_ROW_CLUES = 2 * SIZE  # more clues than this on one row: the board or a run-on, not a group
TITLE_WORDS = 12  # a longer line is prose, not the title of a group written one word a line
_TITLE_RE = re.compile(r"^(?:#+\s|\*\*|__)")
_ASIDE_RE = re.compile(r"\([^()]*\)?")
_LIST_RE = re.compile(r"\[([^\[\]]*)\]")
_BRACKETS_RE = re.compile(r"[\[\]]")
_REVISION_RE = re.compile(r"\s*(?:->|=>|→)")
_BULLETS_RE = re.compile(r"^\s*(?:[-*•>+]\s+)+")
_HEADING_RE = re.compile(r"final\s+(?:answer|grouping|solution)|\b(?:answer|groupings?|solution)\s*:", re.I)
_NUMBER_RE = re.compile(r"(?:group|category)\s*(\d{1,2})|(?<![\w,.])(\d{1,2})[.)](?=\s|\*|$)", re.I)
_LINE_NUMBER_RE = re.compile(
    r"^\s*(?:[-*•>#]+\s*)*(?:\*\*)?\s*(?:(?:group|category)\s*(\d{1,2})|(\d{1,2})[.)])", re.I
)
_NAME_SPLIT_RE = re.compile(r"[:!?]|\.(?:\s|$)")
_NAME_LABEL_RE = re.compile(r"^\s*(?:(?:group|category)\s*\d{1,2}|\d{1,2}[.)])\s*[:.)\-–—]?\s*", re.I)


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

    def issues(self) -> dict[str, int]:
        return {
            "hallucinated": len(self.hallucinated),
            "duplicated": len(self.duplicated),
            "missing": len(self.missing),
            "overflow": len(self.overflow),
            "empty_slots": self.empty_slots,
            "wrong_size_groups": self.wrong_size_groups,
            "rows_set_aside": self.rows_set_aside,
        }


@dataclass(frozen=True)
class Row:
    """One candidate group: the scanned line, its number if labelled, and what came before it."""

    line: Line
    number: int | None = None
    after_prose: bool = False
    after_heading: bool = False


class _Reader:
    """Collects rows line by line, remembering prose and headings seen since the previous row."""

    def __init__(self, index: ClueIndex, heading: str | None = None) -> None:
        self.index = index
        extra = [re.escape(heading.strip())] if heading and heading.strip() else []
        self.heading_re = re.compile("|".join([_HEADING_RE.pattern, *extra]), re.I)
        self.rows: list[Row] = []
        self.set_aside = 0
        self.prose = self.heading = False
        self.title: _Title | None = None  # a title line just above: may head a group written downwards
        self.column: list[tuple[str, bool]] = []

    def read(self, text: str) -> list[Row]:
        for raw in text.splitlines():
            if not self._lists(raw):
                self._line(raw)
        self._end_column()
        return self.rows

    def _add(self, line: Line, number: int | None, after_prose: bool | None = None) -> None:
        if line.clue_count() > MAX_ROW_CLUES:
            self.set_aside, self.prose = self.set_aside + 1, True
            return
        prose = self.prose if after_prose is None else after_prose
        self.rows.append(Row(line, number, prose, self.heading))
        self.prose = self.heading = False

    def _line(self, raw: str) -> None:
        line = scan_line(_BULLETS_RE.sub("", _BRACKETS_RE.sub(" ", raw)), self.index)
        one_clue = len(line.items) == 1 and line.clue_count() == 1 and not line.labelled
        if one_clue and (self.column or self.title):  # "- **Oak**: a tree" under "**Trees**"
            self.column.append(line.items[0])
            return
        if self.column or raw.strip():
            self._end_column()
        if is_group_line(line):
            self._add(line, _number(_LINE_NUMBER_RE.match(raw)))
        elif raw.strip():
            self.title = _title(raw, self.prose)
            self.prose = True
            self.heading = self.heading or bool(self.heading_re.search(raw))

    def _list(self, inside: str) -> Line:
        """A bracketed list's words; asides in parentheses or after a clue are not words."""
        if not any("(" in key for key in self.index.by_key):
            inside = _ASIDE_RE.sub(" ", inside)
        return _drop_asides(scan_line(inside, self.index), normalize(inside))

    def _end_column(self) -> None:
        """Lines of one clue each under a title are one group when they name two clues or more."""
        column, title, self.column, self.title = self.column, self.title, [], None
        if title and len(column) >= 2:
            self._add(Line(items=column, connection=title.name), title.number, after_prose=title.after_prose)
        elif column:
            self.prose = True

    def _lists(self, raw: str) -> bool:
        """Each bracketed list naming two clues or more becomes a row; False when there is none."""
        found = [(m, self._list(m.group(1))) for m in _LIST_RE.finditer(raw)]
        found = [(m, line) for m, line in found if line.clue_count() >= 2]
        if found:
            self._end_column()
        start = 0
        for match, line in found:
            prefix = raw[start : match.start()]
            self.heading = self.heading or bool(self.heading_re.search(prefix))
            start = match.end()
            if _REVISION_RE.match(prefix) and self.rows:  # "[a, b, c, d] -> [a, b, c, e]"
                self.rows[-1] = replace(
                    self.rows[-1], line=replace(line, connection=self.rows[-1].line.connection)
                )
                self.set_aside += 1
                continue
            name, number = _list_name(prefix)
            line.connection = name or line.connection
            self._add(line, number)
        if found:  # "[...] Now my final answer:" before the lists of the next lines
            self.heading = self.heading or bool(self.heading_re.search(raw[start:]))
        return bool(found)


@dataclass(frozen=True)
class _Title:
    """A short heading-like line (``**Trees**``, ``Category 2: Trees``, ``### Trees``, ``Trees:``)."""

    name: str | None
    number: int | None
    after_prose: bool


def _title(raw: str, after_prose: bool) -> _Title | None:
    text = raw.strip()
    looks = (
        bool(_TITLE_RE.match(text)) or text.endswith((":", "**", ":**")) or bool(_LINE_NUMBER_RE.match(raw))
    )
    if not looks or len(text.split()) > TITLE_WORDS:
        return None
    name = _NAME_LABEL_RE.sub("", text.strip("#*_ ").rstrip(":* ").strip("#*_ ")).strip(" *:")
    return _Title(normalize(name) or None, _number(_LINE_NUMBER_RE.match(raw)), after_prose)


def _drop_asides(line: Line, text: str) -> Line:
    """Text written right after a clue with no comma between (``PERIODIC as in coffee breaks``) is
    an aside about that clue, not a word of the group."""
    kept: list[tuple[str, bool]] = []
    for item, is_clue in line.items:
        if not is_clue and kept and kept[-1][1] and f"{normalize(kept[-1][0])} {item}" in text:
            continue
        kept.append((item, is_clue))
    return replace(line, items=kept)


def _number(match: re.Match[str] | None) -> int | None:
    return int(match.group(1) or match.group(2)) if match else None


def _list_name(prefix: str) -> tuple[str | None, int | None]:
    """The name and number written just before a list: ``... Category2: [`` or ``1. Rivers: [``."""
    tail = prefix.rstrip(" \t*:-–—=")
    labels = list(_NUMBER_RE.finditer(tail))
    last = labels[-1] if labels else None
    number = _number(last) if last and not re.search(r"[.!?]\s", tail[last.end() :]) else None
    name = _NAME_LABEL_RE.sub("", _NAME_SPLIT_RE.split(tail)[-1]).strip(" *\"'`_")
    return (normalize(name) or None), number


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
    rows = _Reader(ClueIndex(clues), heading).read(text)
    return [[tuple(w for w, _ in r.line.items) for r in g] for s in _sections(rows) for g in _groupings(s)]


def _json_rows(text: str, index: ClueIndex) -> list[Row] | None:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
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
    reader = _Reader(index, heading)
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
    )
