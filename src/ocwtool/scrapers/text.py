"""Text extraction and normalisation shared by the HTML parsers (pure).

``raw`` text is what the page says (entities decoded, nested markup joined); the *normalised* copy
collapses whitespace, applies NFC, turns typographic quotes and dashes into ASCII and writes every
run of 2+ underscores as ``___`` (the OCW convention for a blank in a connection).
"""

from __future__ import annotations

import re
import unicodedata

from selectolax.lexbor import LexborNode

# Elements whose boundaries separate words; inline ones (b, i, span, a...) do not.
_BLOCK = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "br",
        "dd",
        "div",
        "dl",
        "dt",
        "figcaption",
        "figure",
        "footer",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "label",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
    ]
)
_TYPO = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)
_BLANKS = re.compile(r"_{2,}")
_SPACE = re.compile(r"\s+")


def node_text(node: LexborNode) -> str:
    """Text of ``node`` and its descendants; block boundaries become spaces, whitespace collapsed."""
    parts: list[str] = []
    _collect(node, parts)
    return _SPACE.sub(" ", "".join(parts)).strip()


def _collect(node: LexborNode, parts: list[str]) -> None:
    for child in node.iter(include_text=True):
        if child.tag == "-text":
            parts.append(child.text_content or "")
        elif child.tag in _BLOCK:
            parts.append(" ")
            _collect(child, parts)
            parts.append(" ")
        elif child.tag not in ("-comment", "script", "style"):
            _collect(child, parts)


def normalise(text: str) -> str:
    """The normalised copy of a clue or connection."""
    text = unicodedata.normalize("NFC", text).translate(_TYPO)
    text = _BLANKS.sub("___", text)
    return _SPACE.sub(" ", text).strip()


def collapse(text: str) -> str:
    """Whitespace collapsed and stripped (no other change)."""
    return _SPACE.sub(" ", text).strip()
