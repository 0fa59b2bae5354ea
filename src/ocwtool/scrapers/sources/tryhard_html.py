"""Locating the archive listing in a tryhardguides page (selectolax/lexbor; no parsing of words).

Structure inferred from public scrapers, not from saved pages, so every locator falls back: the
``<ul>`` after the "…Answers Archive" heading, else any list item that reads like a day header.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from selectolax.lexbor import LexborHTMLParser, LexborNode

from ocwtool.schema.site_facts import source_facts

_ARCHIVE_HEADING = re.compile(source_facts("nyt-archive")["archive_heading_pattern"], re.IGNORECASE)
_DAY_TEXT = re.compile(r"^\s*NYT\s+Connections\s+#?\d+", re.IGNORECASE)
_LISTS = ("ul", "ol")

GroupItem = tuple[str | None, str]


def _clean(text: str) -> str:
    return " ".join(text.split())


def own_text(node: LexborNode) -> str:
    """Text of ``node`` without its nested lists (the day header of an outer ``<li>``)."""
    parts = []
    child = node.child
    while child is not None:
        if child.tag not in _LISTS:
            parts.append(child.text(deep=True))
        child = child.next
    return _clean(" ".join(parts))


def _archive_list(tree: LexborHTMLParser) -> LexborNode | None:
    for heading in tree.css("h1, h2, h3, h4"):
        if not _ARCHIVE_HEADING.search(heading.text()):
            continue
        node = heading.next
        while node is not None and node.tag not in ("h1", "h2", "h3", "h4"):
            if node.tag in _LISTS:
                return node
            found = node.css_first("ul") if node.is_element_node else None
            if found is not None:
                return found
            node = node.next
    return None


def day_items(html: str) -> Iterator[tuple[str, list[GroupItem]]]:
    """(header text, [(title from <strong> or None, item text)]) for every day-like list item."""
    tree = LexborHTMLParser(html)
    scope = _archive_list(tree) or tree.body or tree.root
    if scope is None:
        return
    for li in scope.css("li"):
        header = own_text(li)
        nested = li.css_first("ul, ol")
        if nested is None or not _DAY_TEXT.match(header):
            continue
        groups = []
        for item in nested.css("li"):
            strong = item.css_first("strong, b")
            groups.append((_clean(strong.text()) if strong else None, _clean(item.text())))
        yield header, groups


def page_links(html: str) -> list[str]:
    """Every ``href`` of the page (the caller keeps the listing pages)."""
    tree = LexborHTMLParser(html)
    return [str(a.attributes["href"]) for a in tree.css("a[href]") if a.attributes.get("href")]
