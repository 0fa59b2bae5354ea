"""Politeness policies with pure decision methods (no I/O, no clock of their own).

* :class:`RobotsPolicy`: robots.txt rules of one host (protego), including ``Crawl-delay``.
* :class:`Throttle`: minimum interval between requests per host, never below the robots crawl-delay.
* :class:`RetrySettings`: the bounded exponential backoff (+ jitter, ``Retry-After``) used by the fetcher.
* :func:`rebase_url` / :func:`logical_url`: the ``--base-url`` rewrite (scheme and host only).
* :func:`url_problem` / :func:`redirect_problem` / :func:`capped_crawl_delay`: the crawl's bounds (a URL
  an HTTP client refuses, a redirect leaving the requested origin, a robots ``Crawl-delay`` ceiling).

The fetcher (``http.py``) asks these objects what to do and does the waiting and the I/O itself, so
every decision can be unit-tested without a network or a clock.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from urllib.parse import SplitResult, urlsplit, urlunsplit

from protego import Protego

from ocwtool.errors import FetchError

ROBOTS_AGENT = "ocwtool"
MAX_URL_LENGTH = 65_536  # httpx refuses longer URLs (``InvalidURL: URL too long``)
WEB_SCHEMES = ("http", "https")
_DEFAULT_PORTS = {"http": 80, "https": 443}


@dataclass(frozen=True)
class RobotsPolicy:
    """The robots.txt of one host; ``allow_all``/``deny_all`` model a missing or unreachable file.

    RFC 9309: a 4xx robots.txt means "no rules"; a 5xx or unreachable one means "disallow everything".
    """

    text: str = ""
    deny_all: bool = False
    agent: str = ROBOTS_AGENT

    @classmethod
    def from_response(cls, status: int | None, text: str, agent: str = ROBOTS_AGENT) -> RobotsPolicy:
        """Policy for a robots.txt answer (``status`` None = the host could not be reached)."""
        if status is None or status >= 500:
            return cls(deny_all=True, agent=agent)
        if status >= 400:
            return cls(agent=agent)
        return cls(text=text, agent=agent)

    @cached_property
    def _parsed(self) -> Protego:
        return Protego.parse(self.text)

    def allows(self, url: str) -> bool:
        """May ``url`` be fetched by our agent?"""
        if self.deny_all:
            return False
        # protego's argument order is (url, user_agent), unlike urllib.robotparser.
        return bool(self._parsed.can_fetch(url, self.agent))

    def crawl_delay(self) -> float | None:
        """The ``Crawl-delay`` for our agent, if the file sets one."""
        if self.deny_all or not self.text:
            return None
        delay = self._parsed.crawl_delay(self.agent)
        # protego already drops these; a value that is not a finite delay >= 0 is no delay at all
        if delay is None or not math.isfinite(float(delay)) or float(delay) < 0:
            return None
        return float(delay)


def capped_crawl_delay(delay: float | None, ceiling: float) -> float | None:
    """The robots ``Crawl-delay`` to honour: ``delay``, at most ``ceiling`` (None: the file sets none)."""
    return None if delay is None else min(delay, ceiling)


@dataclass
class Throttle:
    """Minimum interval between requests to the same host (one request in flight per host).

    Times are whatever monotonic clock the caller uses; the throttle only compares them.
    """

    min_interval: float
    _floor: dict[str, float] = field(default_factory=dict)
    _last: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not math.isfinite(self.min_interval) or self.min_interval < 0:
            raise FetchError(f"delay must be a finite number of seconds >= 0, got {self.min_interval}")

    def set_crawl_delay(self, host: str, delay: float | None) -> None:
        """Raise the interval of ``host`` to its robots ``Crawl-delay`` (never lowers it)."""
        if delay is not None and delay > 0:
            self._floor[host] = float(delay)

    def interval(self, host: str) -> float:
        """Interval in force for ``host``: the configured delay, never below its crawl-delay."""
        return max(self.min_interval, self._floor.get(host, 0.0))

    def wait_needed(self, host: str, now: float) -> float:
        """Seconds to wait before the next request to ``host`` may start."""
        last = self._last.get(host)
        if last is None:
            return 0.0
        return max(0.0, last + self.interval(host) - now)

    def mark(self, host: str, now: float) -> None:
        """Record that a request to ``host`` finished at ``now``."""
        self._last[host] = now


@dataclass(frozen=True)
class RetrySettings:
    """Bounded retries: ``max_attempts`` tries in all, exponential backoff with full jitter.

    The wait before retry *n* (1-based) is ``backoff * 2**n`` scaled by a random factor in
    ``[1 - jitter, 1]`` and capped at ``max_wait``; a ``Retry-After`` header (seconds or HTTP date)
    replaces it. Retried: connection errors, timeouts, truncated bodies, 429, 500, 502, 503, 504.
    """

    max_attempts: int = 5
    backoff: float = 1.0
    jitter: float = 1.0
    max_wait: float = 120.0
    statuses: tuple[int, ...] = (429, 500, 502, 503, 504)

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise FetchError(f"max_attempts must be >= 1, got {self.max_attempts}")
        if self.backoff < 0 or not 0 <= self.jitter <= 1 or self.max_wait <= 0:
            raise FetchError("retry settings: need backoff >= 0, 0 <= jitter <= 1, max_wait > 0")


def rebase_url(url: str, base_url: str | None) -> str:
    """Replace scheme and host (and port) of ``url`` by those of ``base_url``; path and query kept."""
    if not base_url:
        return url
    base = urlsplit(base_url)
    if not base.scheme or not base.netloc:
        raise FetchError(f"base URL {base_url!r} needs a scheme and a host, e.g. http://127.0.0.1:8000")
    parts = urlsplit(url)
    return urlunsplit((base.scheme, base.netloc, parts.path, parts.query, parts.fragment))


def logical_url(url: str, default_base_url: str) -> str:
    """The URL as the source knows it: scheme and host of its default base, path and query kept.

    Frontier rows, capture keys and parsed records use logical URLs, so a crawl against a local
    mirror (``--base-url``) produces the same records as one against the real site.
    """
    return rebase_url(url, default_base_url)


def host_of(url: str) -> str:
    """``host[:port]`` of a URL (the unit of throttling and robots)."""
    return urlsplit(url).netloc.lower()


def _split(url: str) -> tuple[SplitResult, int | None]:
    """``url`` split, with its port (``ValueError`` for a URL that cannot be split or a bad port)."""
    parts = urlsplit(url)
    return parts, parts.port


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be requested (too long, unparseable, not http(s), no host), or None."""
    if len(url) > MAX_URL_LENGTH:
        return f"invalid URL: {len(url):,} characters (HTTP clients accept at most {MAX_URL_LENGTH:,})"
    try:
        parts, _ = _split(url)
    except ValueError as exc:
        return f"invalid URL: {exc}"
    if parts.scheme.lower() not in WEB_SCHEMES:
        return f"unsupported URL scheme {parts.scheme!r} (only http and https are fetched)"
    if not parts.hostname:
        return "invalid URL: no host"
    return None


def origin(url: str) -> str:
    """``scheme://host:port`` of an http(s) URL, the port always explicit (``https://a.org:443``)."""
    parts, port = _split(url)
    scheme = parts.scheme.lower()
    return f"{scheme}://{parts.hostname or ''}:{port or _DEFAULT_PORTS.get(scheme, 0)}"


def redirect_problem(start: str, target: str) -> str | None:
    """Why a redirect from ``start`` to ``target`` is not followed, or None.

    A redirect may not leave the origin (scheme, host and port) of the page requested: another port
    or another name for the same machine (``localhost``) is another site, whose pages would be stored
    under the requested page's URL. Other schemes (``file:``, ``ftp:``) are never fetched."""
    if url_problem(target) is not None:
        scheme = target.split(":", 1)[0] if ":" in target else ""
        if scheme.lower() not in WEB_SCHEMES:
            return f"redirect to {target}: unsupported scheme {scheme!r} (only http and https are followed)"
        return f"redirect to an invalid URL ({url_problem(target)})"
    if origin(target) != origin(start):
        return f"redirect to {target} leaves {origin(start)}"
    return None
