"""Untrusted text made safe for where ocwtool writes it: a terminal, Markdown, a CSV cell.

Puzzle text, ids and annotator input come from files and web pages anyone can write. Each output has
one helper here, and every writer of that output goes through it:

* :func:`terminal`: control characters shown escaped (``\\x1b``, ``\\u202e``), so text cannot move the
  cursor, retitle the window, clear the screen or reorder a line; ``ocwtool.cli.term`` echoes through it.
  :func:`terminal_json` is the same for JSON text (escapes JSON reads back as the same characters).
* :func:`markdown`: one line of Markdown that shows the text as written (no HTML, links or emphasis).
* :func:`csv_cell` / :func:`write_csv`: formula-safe CSV cells (OWASP's CSV injection advice).

Pure functions of the standard library (this is the lowest layer: every other layer may use it).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Any

#: Bidirectional embeddings, overrides and isolates: they reorder what a line shows ("Trojan Source").
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_C0 = "".join(map(chr, range(0x20)))
_C1 = "".join(map(chr, range(0x80, 0xA0)))
_CONTROLS = _C0 + "\x7f" + _C1 + BIDI_CONTROLS


def _escape(ch: str) -> str:
    """``\\t``, ``\\r`` and ``\\n`` as Python spells them, other controls by code point."""
    named = {"\t": "\\t", "\r": "\\r", "\n": "\\n"}
    if ch in named:
        return named[ch]
    return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"


_TERMINAL = str.maketrans({ch: _escape(ch) for ch in _CONTROLS if ch != "\n"})  # newline: layout
_ONE_LINE = str.maketrans({ch: _escape(ch) for ch in _CONTROLS})
# Characters json.dumps leaves raw (it escapes only C0, quote and backslash): escaped as JSON does.
_JSON = str.maketrans({ch: f"\\u{ord(ch):04x}" for ch in "\x7f" + _C1 + BIDI_CONTROLS})


def terminal(text: str) -> str:
    """``text`` with every control character but newline escaped (C0 including tab and carriage
    return, DEL, C1 and the bidi controls): what a terminal may be sent of untrusted text."""
    return text.translate(_TERMINAL)


def one_line(text: str) -> str:
    """:func:`terminal`, newlines escaped too (for text that must stay on its line)."""
    return text.translate(_ONE_LINE)


def terminal_json(text: str) -> str:
    """JSON text (as ``json.dumps`` writes it) safe for a terminal, meaning the same JSON: the
    characters ``json.dumps`` leaves raw (DEL, C1, bidi controls) become ``\\uXXXX`` escapes, which a
    JSON reader reads back as the same characters. Outside strings JSON has no such characters."""
    return text.translate(_JSON)


# CommonMark: a backslash makes any ASCII punctuation literal. These are the ones that start markup
# within a line (links, images, code, emphasis, tables, escapes); `_` is left alone: ids such as
# ``ab12cd_01`` stay readable, and an underscore inside a word never starts emphasis.
_MD_PUNCT = re.compile(r"([\\`*\[\]|!])")
_HTML = str.maketrans({"<": "&lt;", ">": "&gt;", "&": "&amp;"})


def markdown(text: str) -> str:
    """``text`` as one line of Markdown that renders as the text itself: ``<``, ``>`` and ``&`` as
    HTML entities (no raw HTML, autolinks or entities), markup punctuation backslash-escaped (no
    links, images, code or emphasis, no table cell break), control characters and newlines escaped
    as on the terminal (no new block). Ordinary words, digits and ``_`` are unchanged."""
    return _MD_PUNCT.sub(r"\\\1", one_line(text).translate(_HTML))


#: First characters a spreadsheet reads as the start of a formula (OWASP: CSV Injection).
FORMULA_STARTS = "=+-@\t\r"
_FORMULA = re.compile(r"'*[=+\-@\t\r]")


def csv_cell(value: Any) -> Any:
    """A text cell that a spreadsheet would read as a formula, with one ``'`` in front.

    Guarded: text that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, also
    after apostrophes (``'=1`` -> ``''=1``), so that undoing it is one rule without exceptions:
    drop the first character of every cell matching ``^'+[=+\\-@\\t\\r]``. Numbers and other values
    are returned as they are (``-1`` the number is not a formula)."""
    if isinstance(value, str) and _FORMULA.match(value):
        return "'" + value
    return value


def undo_csv_cell(text: str) -> str:
    """The cell as it was before :func:`csv_cell` (for readers of ocwtool's CSV)."""
    return text[1:] if _FORMULA.match(text, 1) and text.startswith("'") else text


def write_csv(fh: IO[str], columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> None:
    """Write a header and ``rows`` as CSV (RFC 4180: ``\\r\\n`` line ends, quoting as needed), every
    text cell through :func:`csv_cell`. The one CSV writer of ocwtool."""
    writer = csv.DictWriter(fh, fieldnames=columns, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({k: csv_cell(v) for k, v in row.items()} for row in rows)
