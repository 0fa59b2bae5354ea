"""Text extraction shared by the HTML parsers (pure).

``raw`` text is what the page says (entities decoded, nested markup joined); the stored copy is
:func:`ocwtool.schema.text.clean` of it (the schema owns the text rules).
"""

from __future__ import annotations

import re

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
