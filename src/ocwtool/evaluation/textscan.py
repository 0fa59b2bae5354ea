"""Scanning one line of model text for a wall's own clues (pure).

A line is never split on commas blindly: it is scanned for the puzzle's OWN clues (longest first,
case- and width-insensitive), so ``5, 6, 7, 8`` or ``$64,000`` stay one clue. Text between
separators that is not a clue is kept as a non-clue item (a *hallucination*). Shared by the one-shot
grouping parser (:mod:`ocwtool.evaluation.rawtext`) and the interactive single-guess parser
(:func:`guess_words`), which read lines differently.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from ocwtool.evaluation.scorer import GROUPS, SIZE

_LABEL_RE = re.compile(
    r"^\s*(?:[-*•>#]+\s*)*(?:\*\*)?\s*(?:group\s*\d+|\d{1,2}[.)])\s*(?:\*\*)?\s*[:.)\-–—]?\s*", re.I
)
_SKIP_RE = re.compile(r"[\s,;|]*")
_QUOTES_RE = re.compile(r"[\s\"'`*_\[\]]*")
_SEP_RE = re.compile(r"(?:—|–|->|=>|-(?=\s)|:|\(|=)\s*")
_TOKEN_END_RE = re.compile(r"[,;|]|\s(?:—|–|->|=>|-)\s|:|\(")
_QUOTE_MAP = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})


def normalize(text: str) -> str:
    """Matching key: NFKC, case-folded, straight quotes, single spaces, stripped."""
    folded = unicodedata.normalize("NFKC", text).casefold().translate(_QUOTE_MAP)
    return " ".join(folded.split())


@dataclass
class Line:
    """One scanned line: its items in order (text, is it a clue), and a connection if one was named."""

    items: list[tuple[str, bool]] = field(default_factory=list)
    connection: str | None = None
    labelled: bool = False

    def clue_count(self) -> int:
        return sum(is_clue for _, is_clue in self.items)


class ClueIndex:
    """The wall's clues by matching key, longest key first (so ``5, 6, 7, 8`` beats ``5``)."""

    def __init__(self, clues: Sequence[str]) -> None:
        self.by_key: dict[str, str] = {}
        for clue in clues:
            self.by_key.setdefault(normalize(clue), clue)
        self.keys = sorted(self.by_key, key=len, reverse=True)

    def match(self, line: str, pos: int) -> str | None:
        for key in self.keys:
            end = pos + len(key)
            if key and line.startswith(key, pos) and (end == len(line) or not line[end].isalnum()):
                return key
        return None

    def resolve(self, word: str) -> tuple[str, bool]:
        """A whole word (from a JSON list): the clue it names, or itself as a non-clue."""
        key = normalize(word)
        return (self.by_key[key], True) if key in self.by_key else (word, False)


def scan_line(raw: str, index: ClueIndex) -> Line:
    """The clues and other items of one line; a ``Group N``/``N.`` label and bullets are dropped,
    a heading before the first clue (``Rivers: ...``) or text after a separator becomes the connection."""
    label = _LABEL_RE.match(raw)
    text = normalize(raw[label.end() :] if label else raw)
    out = Line(labelled=bool(label and "group" in label.group(0).lower()))
    pending: list[tuple[str, bool]] = []
    pos = 0
    while pos < len(text):
        pos = _SKIP_RE.match(text, pos).end()  # type: ignore[union-attr]
        start, key = _match_clue(text, pos, index)
        if key:
            pos = start + len(key)
            out.items += [*pending, (index.by_key[key], True)]
            pending = []
            continue
        sep = _SEP_RE.match(text, pos)
        if sep and any(is_clue for _, is_clue in out.items):
            out.connection = text[sep.end() :].strip(" )\"'*").strip()
            break
        if sep:  # text before the first clue and a separator is a heading ("Rivers: ..."), not clues
            out.connection, pending, pos = " ".join(t for t, _ in pending) or None, [], sep.end()
            continue
        end = _TOKEN_END_RE.search(text, pos + 1)
        stop = end.start() if end else len(text)
        token = text[pos:stop].strip(" \"'`*")
        if token:
            pending.append((token, False))
        pos = max(stop, pos + 1)
    out.items += pending
    return out


def _match_clue(text: str, pos: int, index: ClueIndex) -> tuple[int, str | None]:
    key = index.match(text, pos)
    if key:
        return pos, key
    # Quotes and markdown emphasis around a clue ("**Danube**") are not part of it.
    quoted = _QUOTES_RE.match(text, pos)
    start = quoted.end() if quoted else pos
    return start, index.match(text, start)


def is_group_line(line: Line) -> bool:
    """Does a line hold a group: two clues at least, or a ``Group N`` label with something after it?"""
    return line.clue_count() >= 2 or (line.labelled and bool(line.items))


def guess_words(text: str, clues: Sequence[str]) -> list[str]:
    """The interactive single-guess reading: every word of the first group line in order (clue or
    not, none cut), then the words of later lines beyond their fourth and of lines after the
    fourth. The caller passes the one guess line, so in practice: all the words of that line."""
    index = ClueIndex(clues)
    lines = [ln for ln in (scan_line(r, index) for r in text.splitlines()) if is_group_line(ln)]
    words = [w for w, _ in lines[0].items] if lines else []
    for n, line in enumerate(lines[1:], start=1):
        words += [w for w, _ in (line.items[SIZE:] if n < GROUPS else line.items)]
    return words
