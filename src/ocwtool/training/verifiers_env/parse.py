"""Reading a model's reply: one guess (interactive) or one grouping (one-shot). Never raises.

An island copy of how ocwtool reads replies (``ocwtool.evaluation.textscan`` and
``ocwtool.llm.board.parse_guess``): a line is scanned for the board's OWN words (longest first,
case- and width-insensitive), so ``5, 6, 7, 8`` or ``$64,000`` stay one word; text that is no board
word is kept as written, so the game judges the move invalid.

* A guess is read from the last ``GUESS:`` line (the text after the marker, its first line), else
  from the reply's first line naming two board words at least.
* A grouping is read after the last ``Groupings:`` line (else from the whole reply): each line
  naming two board words at least is a group, each bracketed list ``[...]`` of them a group of its
  own; the answer is the last four groups. A reply with fewer, or with groups that are not 4 board
  words, is an invalid answer (its exactly right groups still count, as ocwtool scores them).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

GROUPS = 4
SIZE = 4
GUESS_MARKER = "GUESS:"
GROUPING_MARKER = "Groupings:"

_LABEL_RE = re.compile(
    r"^\s*(?:[-*•>#]+\s*)*(?:\*\*)?\s*(?:group\s*\d+|\d{1,2}[.)])\s*(?:\*\*)?\s*[:.)\-–—]?\s*", re.I
)
_SKIP_RE = re.compile(r"[\s,;|]*")
_QUOTES_RE = re.compile(r"[\s\"'`*_\[\]]*")
_SEP_RE = re.compile(r"(?:—|–|->|=>|-(?=\s)|:|\(|=)\s*")
_TOKEN_END_RE = re.compile(r"[,;|]|\s(?:—|–|->|=>|-)\s|:|\(")
_QUOTE_MAP = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})
_BRACKETS = re.compile(r"[\[\]]")
_LIST_RE = re.compile(r"\[([^\[\]]*)\]")


def normalize(text: str) -> str:
    """Matching key: NFKC, case-folded, straight quotes, single spaces, stripped."""
    folded = unicodedata.normalize("NFKC", text).casefold().translate(_QUOTE_MAP)
    return " ".join(folded.split())


@dataclass
class Line:
    """One scanned line: its items in order (text, is it a board word)."""

    items: list[tuple[str, bool]] = field(default_factory=list)
    labelled: bool = False

    def words(self) -> list[str]:
        return [w for w, _ in self.items]

    def is_group(self) -> bool:
        """Two board words at least, or a ``Group N`` label with something after it."""
        return sum(ok for _, ok in self.items) >= 2 or (self.labelled and bool(self.items))


class WordIndex:
    """The board's words by matching key, longest key first."""

    def __init__(self, words: Sequence[str]) -> None:
        self.by_key: dict[str, str] = {}
        for word in words:
            self.by_key.setdefault(normalize(word), word)
        self.keys = sorted(self.by_key, key=len, reverse=True)

    def match(self, line: str, pos: int) -> str | None:
        for key in self.keys:
            end = pos + len(key)
            if key and line.startswith(key, pos) and (end == len(line) or not line[end].isalnum()):
                return key
        return None


def scan_line(raw: str, index: WordIndex) -> Line:
    """The board words and other items of one line (a label, a heading and a trailing note dropped)."""
    label = _LABEL_RE.match(raw)
    text = normalize(raw[label.end() :] if label else raw)
    out = Line(labelled=bool(label and "group" in label.group(0).lower()))
    pending: list[tuple[str, bool]] = []
    pos = 0
    while pos < len(text):
        pos = _SKIP_RE.match(text, pos).end()  # type: ignore[union-attr]
        start, key = _match_word(text, pos, index)
        if key:
            pos = start + len(key)
            out.items += [*pending, (index.by_key[key], True)]
            pending = []
            continue
        sep = _SEP_RE.match(text, pos)
        if sep and any(ok for _, ok in out.items):
            break  # what follows the words is a note (the connection)
        if sep:  # text before the first word and a separator is a heading ("Rivers: ...")
            pending, pos = [], sep.end()
            continue
        end = _TOKEN_END_RE.search(text, pos + 1)
        stop = end.start() if end else len(text)
        token = text[pos:stop].strip(" \"'`*")
        if token:
            pending.append((token, False))
        pos = max(stop, pos + 1)
    out.items += pending
    return out


def _match_word(text: str, pos: int, index: WordIndex) -> tuple[int, str | None]:
    key = index.match(text, pos)
    if key:
        return pos, key
    quoted = _QUOTES_RE.match(text, pos)  # quotes and emphasis around a word are not part of it
    start = quoted.end() if quoted else pos
    return start, index.match(text, start)


def read_guess(text: str, board: Sequence[str]) -> list[str]:
    """One guess: the words of the last ``GUESS:`` line (else of the first line naming two board
    words), every word as written; an empty list when there is none (an invalid move)."""
    has_marker = GUESS_MARKER.casefold() in text.casefold()
    line = text
    if has_marker:
        part = text[text.casefold().rindex(GUESS_MARKER.casefold()) + len(GUESS_MARKER) :]
        line = (part.strip().splitlines() or [""])[0]
    index = WordIndex(board)
    lines = [
        ln for ln in (scan_line(r, index) for r in _BRACKETS.sub(" ", line).splitlines()) if ln.is_group()
    ]
    words = lines[0].words() if lines else []
    for n, ln in enumerate(lines[1:], start=1):
        words += ln.words()[SIZE:] if n < GROUPS else ln.words()
    return words


def read_grouping(text: str, board: Sequence[str]) -> list[list[str]]:
    """One answer: the last four groups of the reply (after its last ``Groupings:`` line), each as
    written; fewer when the reply holds fewer (an invalid answer)."""
    folded = text.casefold()
    marker = GROUPING_MARKER.casefold()
    part = text[folded.rindex(marker) + len(marker) :] if marker in folded else text
    index = WordIndex(board)
    rows: list[list[str]] = []
    for raw in part.splitlines():
        lists = [scan_line(m.group(1), index) for m in _LIST_RE.finditer(raw)]
        listed = [ln for ln in lists if ln.is_group()]
        if listed:
            rows += [ln.words() for ln in listed]
            continue
        line = scan_line(raw, index)
        if line.is_group():
            rows.append(line.words())
    return rows[-GROUPS:]
