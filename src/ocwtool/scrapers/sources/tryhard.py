"""NYT Connections archive listing of tryhardguides.com (secondary source, a cross-check of the API).

HTML (``/nyt-connections-answers/``, paginated ``…/2/``, ``…/3/``): under the heading "NYT Connections
Answers Archive" a ``<ul>`` whose outer ``<li>`` per day reads ``NYT Connections 183 - December 11th,
2023`` and holds a nested ``<ul>`` of four ``<li><strong>TITLE</strong> - W1, W2, W3, W4</li>`` in
yellow..purple order. The rendered TEXT form has the header line then four ``TITLE - W1, W2, W3, W4``
lines (importer ``nyt-archive-text``: :mod:`ocwtool.formats.nyt_archive_text`, whose day
building this module shares).

The archive shows no starting board, so these puzzles' ``clues`` hold the four groups concatenated in
listed (yellow..purple) order, and they carry ``Flag.LEVEL_FROM_ORDER`` (colour comes from position).
Known picture days (``ocwtool/data/nyt_facts.json``) are flagged ``PICTURE``: their words are alt text.
"""

from __future__ import annotations

import datetime as dt
import re
from urllib.parse import urljoin, urlsplit

from ocwtool.errors import ParseError
from ocwtool.formats.nyt_archive_text import PARSER_VERSION, build_days, parse_header, split_group_line
from ocwtool.formats.wordsplit import split_words
from ocwtool.schema.models import Provenance, Puzzle
from ocwtool.schema.site_facts import source_facts
from ocwtool.scrapers.base import CrawlOptions, Page, ParseResult
from ocwtool.scrapers.sources.tryhard_html import day_items, page_links

NAME = "nyt-archive"
_FACTS = source_facts(NAME)
DEFAULT_BASE_URL: str = _FACTS["base_url"]
LISTING_PATH: str = _FACTS["listing_path"]
_PAGE_PATH = re.compile(_FACTS["page_path_pattern"])


def parse_listing_html(html: str, url: str, source: str, provenance: Provenance) -> ParseResult:
    """One listing page: its days and the links to the other listing pages."""
    errors: list[str] = []
    days = []
    for k, (header_text, group_items) in enumerate(day_items(html), start=1):
        where = f"{url} day {k}"
        header = parse_header(header_text)
        if header is None:
            continue
        try:
            days.append((where, header, [_group_from_item(t, s, where) for t, s in group_items]))
        except ParseError as exc:
            errors.append(str(exc))
    result = build_days(days, source, provenance, errors)
    links = tuple(urljoin(url, h) for h in page_links(html) if _PAGE_PATH.search(urlsplit(h).path))
    return ParseResult(
        puzzles=result.puzzles,
        links=tuple(dict.fromkeys(links)),
        errors=result.errors,
        warnings=result.warnings,
    )


def _group_from_item(title: str | None, text: str, where: str) -> tuple[str, list[str]]:
    """A group ``<li>``: the ``<strong>`` is the title, the words follow its separator."""
    if title is None:
        return split_group_line(text, where)
    rest = text.strip()
    if rest.startswith(title):
        rest = rest[len(title) :]
    rest = re.sub(r"^\s*[-–—:]\s*", "", rest)
    # Some markup puts the separator inside the <strong> ("TITLE -", "TITLE:").
    return re.sub(r"\s*[-–—:]\s*$", "", title.strip()), split_words(rest, where)


class TryhardSource:
    """The paginated archive listing; optional date bounds keep only days in range, and ``days``
    (``ocwtool update``: the days the endpoint lacks) only those days."""

    name = NAME
    default_base_url = DEFAULT_BASE_URL
    parser_version = PARSER_VERSION

    def __init__(
        self, start: dt.date | None = None, end: dt.date | None = None, days: frozenset[dt.date] | None = None
    ) -> None:
        self.start = min(days) if days and start is None else start
        self.end = max(days) if days and end is None else end
        self.days = days

    def seeds(self, options: CrawlOptions) -> list[str]:
        return [DEFAULT_BASE_URL + LISTING_PATH]

    def parse(self, page: Page) -> ParseResult:
        if page.status != 200:
            return ParseResult(errors=(f"{page.url}: HTTP {page.status}",))
        result = parse_listing_html(
            page.text, page.url, self.name, page.provenance(self.name, PARSER_VERSION)
        )
        kept = tuple(p for p in result.puzzles if self._in_range(p))
        # The listing runs newest first: once a page reaches days before the range, stop paginating.
        links = () if any(self._before_range(p) for p in result.puzzles) else result.links
        return ParseResult(puzzles=kept, links=links, errors=result.errors, warnings=result.warnings)

    def _before_range(self, p: Puzzle) -> bool:
        return self.start is not None and p.nyt is not None and p.nyt.date < self.start

    def _in_range(self, p: Puzzle) -> bool:
        date = p.nyt.date if p.nyt else None
        if date is None or (self.days is not None and date not in self.days):
            return False
        return (self.start is None or date >= self.start) and (self.end is None or date <= self.end)
