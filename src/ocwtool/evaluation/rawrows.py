"""Reading the rows of a raw model answer: the candidate groups, with what came before each (pure).

How rows are found is rule 1 of :mod:`ocwtool.evaluation.rawtext`: lines naming two clues or more,
bracketed lists, groups written one word a line under a title, and revisions after an arrow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ocwtool.evaluation.scorer import SIZE
from ocwtool.evaluation.textscan import ClueIndex, Line, is_group_line, normalize, scan_line

MAX_ROW_CLUES = 2 * SIZE  # more clues than this on one row: the board or a run-on, not a group
TITLE_WORDS = 12  # a longer line is prose, not the title of a group written one word a line
_TITLE_RE = re.compile(r"^(?:#+\s|\*\*|__)")
_ASIDE_RE = re.compile(r"\([^()]*\)?")
_LIST_RE = re.compile(r"\[([^\[\]]*)\]")
_BRACKETS_RE = re.compile(r"[\[\]]")
_REVISION_RE = re.compile(r"\s*(?:->|=>|→)")
_BULLETS_RE = re.compile(r"^\s*(?:[-*•>+]\s+)+")
# A line listing the words the model left out of its groups on a board with distractors ("Left out:
# A, B", "Distractors: ...", "Not in any group: ..."): never a group; it reads as prose.
LEFT_OUT_RE = re.compile(
    r"^\s*(?:[-*•>#]+\s*)*(?:\*\*|__)?\s*(?:left[\s-]*(?:out|over)|leftovers?|distractors?|extra\s+words?"
    r"|unused(?:\s+words?)?|(?:words?\s+)?(?:not\s+in\s+any|in\s+no|belonging\s+to\s+no)\s+group)\b[^:\n]{0,40}:",
    re.I,
)
HEADING_RE = re.compile(r"final\s+(?:answer|grouping|solution)|\b(?:answer|groupings?|solution)\s*:", re.I)
_NUMBER_RE = re.compile(r"(?:group|category)\s*(\d{1,2})|(?<![\w,.])(\d{1,2})[.)](?=\s|\*|$)", re.I)
_LINE_NUMBER_RE = re.compile(
    r"^\s*(?:[-*•>#]+\s*)*(?:\*\*)?\s*(?:(?:group|category)\s*(\d{1,2})|(\d{1,2})[.)])", re.I
)
_NAME_SPLIT_RE = re.compile(r"[:!?]|\.(?:\s|$)")
_NAME_LABEL_RE = re.compile(r"^\s*(?:(?:group|category)\s*\d{1,2}|\d{1,2}[.)])\s*[:.)\-–—]?\s*", re.I)


@dataclass(frozen=True)
class Row:
    """One candidate group: the scanned line, its number if labelled, and what came before it."""

    line: Line
    number: int | None = None
    after_prose: bool = False
    after_heading: bool = False


class RowReader:
    """Collects rows line by line, remembering prose and headings seen since the previous row."""

    def __init__(self, index: ClueIndex, heading: str | None = None) -> None:
        self.index = index
        extra = [re.escape(heading.strip())] if heading and heading.strip() else []
        self.heading_re = re.compile("|".join([HEADING_RE.pattern, *extra]), re.I)
        self.rows: list[Row] = []
        self.set_aside = 0
        self.prose = self.heading = False
        self.title: _Title | None = None  # a title line just above: may head a group written downwards
        self.column: list[tuple[str, bool]] = []

    def read(self, text: str) -> list[Row]:
        for raw in text.splitlines():
            if LEFT_OUT_RE.match(raw):
                self._end_column()
                self.prose = True
            elif not self._lists(raw):
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
