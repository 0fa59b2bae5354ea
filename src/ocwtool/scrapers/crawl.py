"""The generic crawl engine: drives any :class:`ocwtool.scrapers.base.Source`.

How a source is crawled (this is all a new site needs)::

    from ocwtool import Workspace
    from ocwtool.scrapers.base import CrawlOptions
    from ocwtool.scrapers.crawl import crawl

    report = crawl(MySource(), CrawlOptions(limit=10), Workspace.open("my-workspace"))
    puzzles = report.puzzles            # every puzzle parsed this run, de-duplicated by id
    rows = report.records               # (kind, row) pairs from ParseResult.records
    print(report.summary.render())      # fetched 12, from capture 3, robots-denied 0, retried 2, ...

Per URL (in frontier order; seeds first, then links in discovery order):

1. newest capture under ``raw/<source>/warc`` unless ``refresh`` -> counted ``from capture``;
2. else, offline -> ``not captured`` (recorded as failed; no network in offline mode);
3. else a URL no HTTP client can request (over 65,536 characters, unparseable, not http(s)) fails
   (``invalid URLs``); else robots.txt (denied -> ``robots-denied``), then a polite GET (retries
   counted by reason; redirects followed hop by hop, none leaving the requested scheme, host and port
   (``off-site redirects``), each checked against robots.txt; a whole-request deadline; a body over
   ``[crawl] max_bytes`` fails as ``too large``); a 2xx response is captured (WARC, with the final
   URL) *before* it is parsed;
4. ``source.parse(page)``: puzzles and records are collected, links rebased to the source's logical
   host and queued (``limit`` caps the number of non-seed pages), errors mark the page failed.

URLs are *logical* (the source's default scheme and host); requests go to ``rebase_url(url,
base_url)``. A live crawl requires a contact (``ocwtool.toml`` ``contact`` or ``OCWTOOL_CONTACT``).
Resuming: pages already ``done`` in ``raw/<source>/frontier.sqlite`` are replayed from their
captures (no network), failed and denied ones are tried again, ``todo`` ones continue.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urljoin

from ocwtool.config import Settings
from ocwtool.errors import CaptureError, FetchError, OcwError
from ocwtool.progress import Progress, silent
from ocwtool.schema.models import Puzzle
from ocwtool.scrapers.base import CrawlOptions, Page, ParseResult, Source
from ocwtool.scrapers.capture import CaptureStore
from ocwtool.scrapers.frontier import Frontier
from ocwtool.scrapers.http import Fetcher
from ocwtool.scrapers.policy import RetrySettings, host_of, logical_url, rebase_url
from ocwtool.scrapers.summary import CrawlSummary
from ocwtool.workspace import Workspace

NO_CONTACT = (
    'a live crawl needs a contact for its User-Agent: set contact = "you@example.org" in '
    "{config} (or export OCWTOOL_CONTACT=you@example.org); --offline re-parses captures without one"
)


@dataclass
class CrawlReport:
    """What a crawl produced: puzzles (unique ids, first seen wins), records and the summary."""

    source: str
    puzzles: list[Puzzle] = field(default_factory=list)
    records: list[tuple[str, dict[str, object]]] = field(default_factory=list)
    summary: CrawlSummary = field(default_factory=CrawlSummary)
    _ids: set[str] = field(default_factory=set, repr=False)

    def add(self, result: ParseResult) -> None:
        for puzzle in result.puzzles:
            if puzzle.id not in self._ids:
                self._ids.add(puzzle.id)
                self.puzzles.append(puzzle)
        self.records.extend(result.records)


def crawl(
    source: Source,
    options: CrawlOptions,
    workspace: Workspace,
    *,
    fetcher: Fetcher | None = None,
    retry: RetrySettings | None = None,
    progress: Progress = silent,
) -> CrawlReport:
    """Crawl ``source`` (or replay its captures when ``options.offline``); see the module docstring.

    ``progress(source.name, pages visited, pages visited + pages still queued)`` after every page."""
    settings = workspace.settings
    if not options.offline and not settings.contact:
        raise FetchError(NO_CONTACT.format(config=workspace.config_path))
    raw = workspace.raw_dir(source.name)
    # One crawl of a source at a time (its captures and frontier); a replay only reads them.
    with workspace.lock(reading=(raw,)) if options.offline else workspace.lock(raw):
        frontier = Frontier(None if options.offline else workspace.frontier_path(source.name))
        own_fetcher = fetcher is None and not options.offline
        if own_fetcher:
            fetcher = make_fetcher(settings, source.name, options, retry)
        run = _Run(source, options, settings, CaptureStore(raw), frontier, fetcher)
        try:
            run.execute(progress)
        finally:
            frontier.close()
            if own_fetcher and fetcher is not None:
                fetcher.close()
    return run.report


def make_fetcher(
    settings: Settings, source: str, options: CrawlOptions, retry: RetrySettings | None = None
) -> Fetcher:
    """The polite fetcher for ``source`` with the workspace's delay, timeout and attempts."""
    delay = options.delay if options.delay is not None else settings.delay_for(source)
    return Fetcher(
        user_agent=settings.user_agent,
        delay=delay,
        timeout=settings.timeout,
        deadline=settings.deadline,
        max_bytes=settings.max_bytes,
        max_crawl_delay=settings.max_crawl_delay,
        retry=retry or RetrySettings(max_attempts=settings.max_attempts, backoff=settings.backoff),
    )


class _Run:
    """One crawl run: the loop over the frontier and the per-page decisions."""

    def __init__(
        self,
        source: Source,
        options: CrawlOptions,
        settings: Settings,
        store: CaptureStore,
        frontier: Frontier,
        fetcher: Fetcher | None,
    ) -> None:
        self.source, self.options, self.store, self.frontier, self.fetcher = (
            source,
            options,
            store,
            frontier,
            fetcher,
        )
        self.base_url = options.base_url or settings.source(source.name).base_url
        self.report = CrawlReport(source=source.name)
        self.counters = self.report.summary.counters
        self._hosts = {host_of(source.default_base_url)}
        if self.base_url:
            self._hosts.add(host_of(rebase_url(source.default_base_url, self.base_url)))

    def execute(self, progress: Progress) -> None:
        started = time.monotonic()
        retries_before = Counter(self.fetcher.retries if self.fetcher is not None else {})
        warned_before = len(self.fetcher.warnings) if self.fetcher is not None else 0
        self.frontier.add(
            [logical_url(u, self.source.default_base_url) for u in self.source.seeds(self.options)], seed=True
        )
        self.frontier.requeue(
            ["failed", "denied", "done", "missing"] if self.options.refresh else ["failed", "denied"]
        )
        for url, _, _ in self.frontier.rows("done"):
            self._replay(url)
        visited = 0
        progress(self.source.name, visited, self.frontier.count("todo"))
        while (todo := self.frontier.next_todo()) is not None:
            self._visit(todo)
            visited += 1
            progress(self.source.name, visited, visited + self.frontier.count("todo"))
        if self.fetcher is not None:
            self.report.summary.retries.update(self.fetcher.retries - retries_before)
            self.report.summary.warnings.extend(self.fetcher.warnings[warned_before:])
        self.counters["puzzles"] = len(self.report.puzzles)
        self.report.summary.seconds = time.monotonic() - started

    def _replay(self, url: str) -> None:
        """A page done by an earlier run: parse its capture again (its links are already queued)."""
        try:
            capture = self.store.latest(url)
        except CaptureError as exc:
            self._fail(url, str(exc), "capture errors")
            return
        if capture is None:
            self.frontier.set_state(url, "todo", "capture missing")
            return
        self.counters["from capture"] += 1
        self._parse(url, capture.page())

    def _visit(self, url: str) -> None:
        page = self._page(url)
        if page is not None:
            self._parse(url, page)

    def _page(self, url: str) -> Page | None:
        if not self.options.refresh:
            try:
                capture = self.store.latest(url)
            except CaptureError as exc:
                self._fail(url, str(exc), "capture errors")
                return None
            if capture is not None:
                self.counters["from capture"] += 1
                return capture.page()
        if self.options.offline or self.fetcher is None:
            self._fail(url, "not captured (run without --offline to fetch it)", "not captured")
            return None
        return self._fetch(url, self.fetcher)

    def _fetch(self, url: str, fetcher: Fetcher) -> Page | None:
        # The logical URL first: a URL that cannot even be split cannot be rebased either.
        why = fetcher.problem(url)
        actual = url if why else rebase_url(url, self.base_url)
        why = why or fetcher.problem(actual)
        if why:
            self._fail(url, why, "invalid URLs")
            return None
        if not fetcher.allowed(actual):
            unreachable = fetcher.robots(actual).deny_all
            # RFC 9309: an unreachable robots.txt (5xx, no answer) means "disallow everything".
            why = (
                "robots.txt unreachable, host treated as disallowed"
                if unreachable
                else "disallowed by robots.txt"
            )
            self._deny(url, why, url if not unreachable else f"{url} ({why})")
            return None
        result = fetcher.get(actual)
        if result.denied:  # a redirect to a page its own host's robots.txt disallows
            self._deny(url, result.reason, f"{url} ({result.reason})")
            return None
        if result.ok:
            self.counters["fetched"] += 1
            return self.store.write(url, result).page()
        if result.status is not None:
            page = Page(url=url, status=result.status, body=result.body, final_url=result.final_url)
            parsed = self._safe_parse(page)
            if isinstance(parsed, ParseResult) and parsed.missing:
                self.counters["missing"] += 1
                self.frontier.set_state(url, "missing", result.reason)
                return None
        self._fail(url, result.reason, result.kind or "fetch failures")
        return None

    def _deny(self, url: str, why: str, shown: str) -> None:
        self.counters["robots-denied"] += 1
        self.frontier.set_state(url, "denied", why)
        self.report.summary.denied.append(shown)

    def _safe_parse(self, page: Page) -> ParseResult | str:
        """The source's parse of ``page``, or why it failed. Parsers are pure, so any exception means a
        layout they do not recognise: it becomes a per-page error, never a crashed crawl."""
        try:
            return self.source.parse(page)
        except OcwError as exc:
            return f"parser error: {exc}"
        except Exception as exc:  # any parser failure is reported per page, with its type
            return f"parser error ({type(exc).__name__}): {exc}"

    def _parse(self, url: str, page: Page) -> None:
        result = self._safe_parse(page)
        if isinstance(result, str):
            self._fail(url, result, "parse errors")
            return
        self.report.add(result)
        self._queue_links(page, result.links)
        self.report.summary.warnings.extend(f"{url}: {w}" for w in result.warnings)
        if result.missing:
            self.counters["missing"] += 1
            self.frontier.set_state(url, "missing")
        elif result.errors:
            self._fail(url, "; ".join(result.errors), "parse errors")
        else:
            self.frontier.set_state(url, "done")

    def _queue_links(self, page: Page, links: tuple[str, ...]) -> None:
        wanted: list[str] = []
        # The host that served the page counts as the source's own (a mirror replayed offline).
        hosts = self._hosts | {host_of(page.final_url or page.url)}
        for link in links:
            try:
                absolute = urljoin(page.url, link)
                if host_of(absolute) not in hosts:
                    self.counters["off-site links skipped"] += 1
                    continue
                wanted.append(logical_url(absolute.split("#", 1)[0], self.source.default_base_url))
            except ValueError:  # unparseable ("http://[oops"): queued, so its visit records why it fails
                wanted.append(link)
        limit = self.options.limit
        if limit is not None:
            room = max(0, limit - self.frontier.count(seed=False))
            fresh = [u for u in dict.fromkeys(wanted) if not self.frontier.known(u)]
            wanted = fresh[:room]
        self.frontier.add(wanted)

    def _fail(self, url: str, reason: str, kind: str) -> None:
        self.counters["failed"] += 1
        self.report.summary.failures.append((url, reason))
        self.report.summary.failure_kinds[kind] += 1
        self.frontier.set_state(url, "failed", reason)


__all__ = ["CrawlReport", "crawl", "make_fetcher"]
