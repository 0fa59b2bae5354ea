"""The seam between the fetch layer and the per-site sources.

A source (``scrapers/sources/<site>.py``) knows which URLs to start from and how to turn one captured
response into puzzles and further links; it does no I/O. The crawler (``scrapers/crawl.py``) owns the
network, the captures, the frontier and the summary, and calls ``Source.parse`` on every page, whether
it was just fetched or replayed from a capture (``--offline``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Protocol

from ocwtool.schema.models import Provenance, Puzzle


@dataclass(frozen=True)
class Page:
    """One captured HTTP response, as a parser sees it."""

    url: str
    status: int
    body: bytes
    content_type: str | None = None
    final_url: str | None = None
    capture_id: str | None = None
    sha256: str | None = None
    fetched_at: dt.datetime | None = None

    @property
    def text(self) -> str:
        """The body decoded as UTF-8 (undecodable bytes replaced)."""
        return self.body.decode("utf-8", errors="replace")

    def provenance(self, source: str, parser_version: str) -> Provenance:
        """Provenance of records parsed from this page."""
        return Provenance(
            source=source,
            url=self.url,
            capture_id=self.capture_id,
            sha256=self.sha256,
            parser_version=parser_version,
            fetched_at=self.fetched_at,
        )


@dataclass(frozen=True)
class ParseResult:
    """What a source makes of one page: puzzles, links to crawl next, and per-page problems."""

    puzzles: tuple[Puzzle, ...] = ()
    links: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    missing: bool = False
    # Non-puzzle rows a source extracts (e.g. SMOCI tables): (kind, row) pairs, collected by the crawler.
    records: tuple[tuple[str, dict[str, object]], ...] = ()


@dataclass(frozen=True)
class CrawlOptions:
    """Options of one crawl, built once (by the ``scrape`` commands) and passed through unchanged.

    ``offline``: replay captures only; ``refresh``: fetch again even if captured; ``limit``: at most
    N pages besides the seeds; ``base_url``: scheme and host every request goes to (a mirror);
    ``delay``: seconds between requests to one host (None: ``ocwtool.toml``). ``date_from`` /
    ``date_to``: a date range, for the sources that crawl by date (the NYT endpoint).
    """

    offline: bool = False
    refresh: bool = False
    limit: int | None = None
    base_url: str | None = None
    delay: float | None = None
    date_from: dt.date | None = None
    date_to: dt.date | None = None


class Source(Protocol):
    """A site: its name (the ``raw/<name>/`` folder), where to start, and how to parse a page."""

    name: str
    default_base_url: str
    parser_version: str

    def seeds(self, options: CrawlOptions) -> list[str]:
        """Start URLs (with the default base URL; the crawler rewrites scheme and host)."""
        ...

    def parse(self, page: Page) -> ParseResult:
        """Puzzles and further links from one page. Pure: no I/O, no clock, no randomness."""
        ...
