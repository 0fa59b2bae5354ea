"""The polite HTTP client: the ONLY module of ocwtool that imports httpx.

Stack, outermost first::

    httpx.Client(User-Agent, per-read timeout, no automatic redirects)
      -> httpx_retries.RetryTransport   bounded retries, backoff + jitter, Retry-After (reads the body
                                        inside the retry loop, so a truncated body is retried too)
        -> _ThrottledTransport          waits the per-host interval before *every* attempt, and gives
                                        the whole request a deadline (a trickling server fails with
                                        ``ReadTimeout`` instead of holding the page forever): a watchdog
                                        shuts the socket while headers trickle, the body is checked
                                        chunk by chunk; caps the body at ``max_bytes`` while it streams
                                        (``ResponseTooLarge``, not retried: the page fails, memory stays
                                        bounded)
          -> transport                  httpx.HTTPTransport (no keep-alive when a deadline is set, so
                                        every request opens the socket the watchdog sees), or an
                                        injected one (httpx.MockTransport)

:class:`Fetcher` adds robots.txt (fetched once per host, ``Crawl-delay`` fed to the throttle, at most
``max_crawl_delay`` with a warning) and returns a :class:`FetchResult` instead of raising, so a failed
page (an invalid URL too) is recorded and the crawl goes on. Redirects are followed here, one hop at a
time (``Response.next_request``): a page's redirect may not leave the origin (scheme, host, port) of
the URL requested, and every hop is checked against robots.txt and waits for the host's interval; the
result names the final URL.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx
from httpx_retries import Retry, RetryTransport

from ocwtool.scrapers.policy import (
    WEB_SCHEMES,
    RetrySettings,
    RobotsPolicy,
    Throttle,
    capped_crawl_delay,
    host_of,
    redirect_problem,
    url_problem,
)

Sleep = Callable[[float], None]
Clock = Callable[[], float]


@dataclass(frozen=True)
class FetchResult:
    """The outcome of one GET: a final response (any status) or, when ``status`` is None, an error."""

    url: str
    final_url: str
    status: int | None
    body: bytes = b""
    headers: tuple[tuple[str, str], ...] = ()
    request_headers: tuple[tuple[str, str], ...] = ()
    http_version: str = "HTTP/1.1"
    fetched_at: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    attempts: int = 1
    error: str | None = None
    denied: bool = False
    kind: str | None = None  # what kind of failure ``error`` is, for the summary (``too large``...)

    @property
    def ok(self) -> bool:
        """A 2xx response with its full body."""
        return self.status is not None and 200 <= self.status < 300

    @property
    def reason(self) -> str:
        """Why this fetch is not usable (``HTTP 404``, ``ReadTimeout: ...``); empty when ok."""
        if self.error:
            return self.error
        return "" if self.ok else f"HTTP {self.status}"

    def header(self, name: str) -> str | None:
        """First value of a response header (case-insensitive)."""
        low = name.lower()
        return next((v for k, v in self.headers if k.lower() == low), None)


class ResponseTooLarge(httpx.RequestError):
    """A response body over the fetcher's ``max_bytes``: not retried, the page fails."""


def _too_large(limit: int) -> str:
    return f"response larger than {limit:,} bytes ([crawl] max_bytes); the page is not stored"


class _CappedResponse(httpx.Response):
    """A response whose decoded body stops at ``max_bytes``: every read (``read``, ``content``, the
    retry layer's body check) goes through ``iter_bytes``, which raises ``ResponseTooLarge`` as soon
    as the bytes seen so far pass the cap, so no more than ``max_bytes`` and one decoded chunk is held
    (a compressed network chunk of 64 KiB can decode to more: gzip to at most ~64 MiB)."""

    max_bytes: int | None = None

    def iter_bytes(self, chunk_size: int | None = None) -> Iterator[bytes]:
        seen = 0
        for chunk in super().iter_bytes(chunk_size):
            seen += len(chunk)
            if self.max_bytes is not None and seen > self.max_bytes:
                raise ResponseTooLarge(_too_large(self.max_bytes), request=self.request)
            yield chunk


class _DeadlineStream(httpx.SyncByteStream):
    """A response body that raises ``ReadTimeout`` once the whole request has run past its deadline
    (httpx's timeouts are per read: a server sending a byte now and then never trips them)."""

    def __init__(
        self, inner: httpx.SyncByteStream, request: httpx.Request, limit: float, clock: Clock
    ) -> None:
        self._inner, self._request, self._limit, self._clock = inner, request, limit, clock
        self._deadline = clock() + limit

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self._inner:
            if self._clock() > self._deadline:
                message = f"whole request took longer than {self._limit} s"
                raise httpx.ReadTimeout(message, request=self._request)
            yield chunk

    def close(self) -> None:
        self._inner.close()


class _HeaderWatchdog:
    """Shuts the request's socket down once ``limit`` seconds have passed, so a server trickling its
    status line and headers (each byte inside the per-read timeout) cannot hold the request forever.

    The socket comes from httpx's public ``trace`` request extension (``connection.connect_tcp.complete``
    carries the new network stream); ``shutdown`` wakes the blocked read, which then fails."""

    def __init__(self, limit: float) -> None:
        self.fired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(limit, self._fire)
        self._timer.daemon = True

    def trace(self, event: str, info: Mapping[str, Any]) -> None:
        if event != "connection.connect_tcp.complete":
            return
        sock = info["return_value"].get_extra_info("socket")
        if isinstance(sock, socket.socket):
            with self._lock:
                self._sockets.append(sock)
                if self.fired:
                    _shutdown(sock)

    def _fire(self) -> None:
        with self._lock:
            self.fired = True
            for sock in self._sockets:
                _shutdown(sock)

    def __enter__(self) -> _HeaderWatchdog:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()


def _shutdown(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):  # already closed: nothing left to wake
        sock.shutdown(socket.SHUT_RDWR)


class _ThrottledTransport(httpx.BaseTransport):
    """Waits for the host's interval before each attempt; marks the host when the attempt ends; gives
    the response body the rest of the whole-request ``deadline`` (None: no deadline)."""

    def __init__(
        self,
        inner: httpx.BaseTransport,
        throttle: Throttle,
        sleep: Sleep,
        clock: Clock,
        deadline: float | None,
        max_bytes: int | None = None,
    ) -> None:
        self._inner, self._throttle, self._sleep, self._clock = inner, throttle, sleep, clock
        self._deadline, self._max_bytes = deadline, max_bytes

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        host = request.url.netloc.decode("ascii").lower()
        wait = self._throttle.wait_needed(host, self._clock())
        if wait > 0:
            self._sleep(wait)
        try:
            response = self._send(request)
        finally:
            self._throttle.mark(host, self._clock())
        if not isinstance(response.stream, httpx.SyncByteStream):
            return response
        self._refuse_declared_size(response, request)
        stream: httpx.SyncByteStream = response.stream
        if self._deadline is not None:
            stream = _DeadlineStream(stream, request, self._deadline, self._clock)
        capped = _CappedResponse(
            status_code=response.status_code,
            headers=response.headers,
            stream=stream,
            extensions=response.extensions,
            request=request,
        )
        capped.max_bytes = self._max_bytes
        return capped

    def _refuse_declared_size(self, response: httpx.Response, request: httpx.Request) -> None:
        """A ``Content-Length`` over the cap fails at once, before any of the body is read."""
        declared = response.headers.get("Content-Length", "")
        if self._max_bytes is not None and declared.isdigit() and int(declared) > self._max_bytes:
            response.close()
            message = f"Content-Length {int(declared):,}: {_too_large(self._max_bytes)}"
            raise ResponseTooLarge(message, request=request)

    def _send(self, request: httpx.Request) -> httpx.Response:
        """The inner transport's response (status and headers) under the header-phase watchdog."""
        if self._deadline is None:
            return self._inner.handle_request(request)
        with _HeaderWatchdog(self._deadline) as watchdog:
            outer = request.extensions.get("trace")

            def trace(event: str, info: Mapping[str, Any]) -> None:
                watchdog.trace(event, info)
                if outer is not None:
                    outer(event, info)

            request.extensions = {**request.extensions, "trace": trace}
            try:
                return self._inner.handle_request(request)
            except httpx.TransportError as exc:
                if not watchdog.fired:
                    raise
                message = f"whole request took longer than {self._deadline} s (headers still arriving)"
                raise httpx.ReadTimeout(message, request=request) from exc

    def close(self) -> None:
        self._inner.close()


_BODY_ERROR = "ocwtool.body_error"


def _describe(outcome: httpx.Response | Exception) -> str:
    if isinstance(outcome, httpx.Response):
        # A response whose body could not be read is retried with the response as the outcome.
        return str(outcome.extensions.get(_BODY_ERROR) or f"HTTP {outcome.status_code}")
    return type(outcome).__name__


def _read_body(response: httpx.Response) -> None:
    # Reading inside the retry loop turns a truncated body into a retryable RemoteProtocolError.
    try:
        response.read()
    except ResponseTooLarge:
        response.close()  # not retried: the retry layer re-raises without closing
        raise
    except httpx.HTTPError as exc:
        response.extensions[_BODY_ERROR] = f"{type(exc).__name__} (body)"
        raise


OnRetry = Callable[[float, str], None]


class _CountedRetry(Retry):
    """An httpx-retries ``Retry`` whose waits go through ``on_retry`` (counted, and sleepable in tests).

    Only public API: ``sleep`` is the documented hook between attempts, and the wait is computed from
    the public ``respect_retry_after_header``, ``parse_retry_after``, ``max_backoff_wait`` and
    ``backoff_strategy``, as ``Retry.sleep`` does. ``copy_with`` (used by ``increment``) carries the hook.
    """

    def __init__(self, *args: Any, on_retry: OnRetry | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.on_retry = on_retry

    def copy_with(self, *args: Any, **kwargs: Any) -> Retry:
        fresh = super().copy_with(*args, **kwargs)
        if isinstance(fresh, _CountedRetry):
            fresh.on_retry = self.on_retry
        return fresh

    def wait_for(self, outcome: httpx.Response | Exception) -> float:
        """Seconds to wait before the next attempt: a valid positive ``Retry-After`` (capped at
        ``max_backoff_wait``), else the exponential backoff (none before the first retry)."""
        header = outcome.headers.get("Retry-After", "") if isinstance(outcome, httpx.Response) else ""
        if self.respect_retry_after_header and header.strip():
            try:
                seconds = min(self.parse_retry_after(header), self.max_backoff_wait)
            except ValueError:
                seconds = 0.0
            if seconds > 0:
                return seconds
        return self.backoff_strategy() if self.attempts_made > 0 else 0.0

    def sleep(self, response: httpx.Response | Exception) -> None:
        seconds = self.wait_for(response)
        if self.on_retry is not None:
            self.on_retry(seconds, _describe(response))
        self.elapsed_sleep += seconds


def _make_retry(settings: RetrySettings, on_retry: OnRetry) -> Retry:
    """The retry policy of ``settings``, its waits reported to ``on_retry``."""
    return _CountedRetry(
        total=settings.max_attempts - 1,
        backoff_factor=settings.backoff,
        backoff_jitter=settings.jitter,
        max_backoff_wait=settings.max_wait,
        status_forcelist=settings.statuses,
        respect_retry_after_header=True,
        validate_response=_read_body,
        on_retry=on_retry,
    )


def _default_transport(deadline: float | None) -> httpx.HTTPTransport:
    """httpx's transport; without keep-alive under a deadline (the watchdog needs each new socket)."""
    if deadline is None:
        return httpx.HTTPTransport()
    return httpx.HTTPTransport(limits=httpx.Limits(max_keepalive_connections=0))


class Fetcher:
    """Polite GETs: robots.txt, per-host throttle, bounded retries. Never raises for HTTP trouble.

    ``transport`` is injectable (``httpx.MockTransport`` in unit tests); ``sleep``/``clock`` too.
    ``retries`` counts retry attempts by reason (``HTTP 503``, ``ReadTimeout``...). ``timeout`` bounds
    each read, ``deadline`` (None: unbounded) each whole request; ``max_redirects`` the hops followed;
    ``max_bytes`` (None: unbounded) each response body; ``max_crawl_delay`` the robots ``Crawl-delay``
    honoured (a higher one is lowered to it, with a line in ``warnings``).
    """

    def __init__(
        self,
        *,
        user_agent: str,
        delay: float,
        timeout: float = 30.0,
        deadline: float | None = None,
        max_redirects: int = 10,
        max_bytes: int | None = None,
        max_crawl_delay: float = 60.0,
        retry: RetrySettings | None = None,
        transport: httpx.BaseTransport | None = None,
        sleep: Sleep = time.sleep,
        clock: Clock = time.monotonic,
    ) -> None:
        self.throttle = Throttle(delay)
        self.retries: Counter[str] = Counter()
        self.warnings: list[str] = []
        self.max_redirects, self.max_crawl_delay = max_redirects, max_crawl_delay
        self._sleep = sleep
        self._robots: dict[str, RobotsPolicy] = {}
        self._attempts = 0
        inner = _ThrottledTransport(
            transport or _default_transport(deadline), self.throttle, sleep, clock, deadline, max_bytes
        )
        retrying = RetryTransport(
            transport=inner, retry=_make_retry(retry or RetrySettings(), self._on_retry)
        )
        self._client = httpx.Client(
            transport=retrying,
            headers={"User-Agent": user_agent},
            timeout=httpx.Timeout(timeout),
            follow_redirects=False,  # followed by ``get``, hop by hop, each checked against robots.txt
        )

    def _on_retry(self, seconds: float, reason: str) -> None:
        self.retries[reason] += 1
        self._attempts += 1
        if seconds > 0:
            self._sleep(seconds)

    def robots(self, url: str) -> RobotsPolicy:
        """The robots policy of ``url``'s host (fetched once, then cached; its Crawl-delay applied)."""
        host = host_of(url)
        if host not in self._robots:
            scheme = url.split(":", 1)[0].lower()
            got = self._follow(f"{scheme}://{host}/robots.txt", None, check_robots=False)
            policy = RobotsPolicy.from_response(got.status, got.body.decode("utf-8", "replace"))
            self._apply_crawl_delay(host, policy.crawl_delay())
            self._robots[host] = policy
        return self._robots[host]

    def _apply_crawl_delay(self, host: str, asked: float | None) -> None:
        """Feed ``host``'s Crawl-delay to the throttle, at most ``max_crawl_delay`` (with a warning)."""
        used = capped_crawl_delay(asked, self.max_crawl_delay)
        if asked is not None and used is not None and used < asked:
            self.warnings.append(
                f"{host}: robots.txt asks for Crawl-delay {asked:g} s; waiting {used:g} s instead "
                "([crawl] max_crawl_delay)"
            )
        self.throttle.set_crawl_delay(host, used)

    def problem(self, url: str) -> str | None:
        """Why ``url`` cannot be requested at all (too long, not http(s), refused by httpx), or None."""
        why = url_problem(url)
        if why is None:
            try:
                httpx.URL(url)
            except httpx.InvalidURL as exc:
                why = f"invalid URL: {exc}"
        return why

    def allowed(self, url: str) -> bool:
        """Does robots.txt let us fetch ``url``?"""
        return self.robots(url).allows(url)

    def get(self, url: str, headers: Mapping[str, str] | None = None) -> FetchResult:
        """GET ``url`` following redirects (``url`` itself is not checked: call :meth:`allowed` first).
        A redirect leaving ``url``'s origin fails (kind ``off-site redirects``, not fetched); every other
        redirect target is checked against robots.txt, and a disallowed one gives a ``denied`` result."""
        return self._follow(url, headers, check_robots=True)

    def _follow(self, url: str, headers: Mapping[str, str] | None, *, check_robots: bool) -> FetchResult:
        # robots.txt (check_robots False) may redirect anywhere (RFC 9309 2.3.1.2); pages may not.
        current = url
        for _ in range(self.max_redirects + 1):
            result, target = self._get_once(current, headers)
            if target is None:
                return dataclasses.replace(result, url=url)
            refused = self._refuse_hop(url, target) if check_robots else None
            if refused is not None:
                return dataclasses.replace(refused, fetched_at=result.fetched_at)
            current = target
        return FetchResult(url, current, None, error=f"more than {self.max_redirects} redirects")

    def _refuse_hop(self, url: str, target: str) -> FetchResult | None:
        """The failed result of a page's redirect to ``target`` that is not followed, or None."""
        off_site = redirect_problem(url, target)
        if off_site is not None:
            shown = target if url_problem(target) is None else url
            return FetchResult(url, shown, None, error=off_site, kind="off-site redirects")
        if not self.allowed(target):
            why = f"redirected to {target}, disallowed by robots.txt"
            return FetchResult(url, target, None, error=why, denied=True)
        return None

    def _get_once(self, url: str, headers: Mapping[str, str] | None) -> tuple[FetchResult, str | None]:
        """One request (retried as configured) and the URL it redirects to, if it does."""
        self._attempts = 1
        fetched_at = dt.datetime.now(dt.UTC)
        try:
            response = self._client.get(url, headers=dict(headers or {}))
        except (httpx.HTTPError, httpx.InvalidURL) as exc:
            why, kind = _error(exc)
            failed = FetchResult(
                url, url, None, fetched_at=fetched_at, attempts=self._attempts, error=why, kind=kind
            )
            return failed, None
        return _result(url, response, fetched_at, self._attempts), _redirect_target(response)

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> Fetcher:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _redirect_target(response: httpx.Response) -> str | None:
    """Where a 3xx response points (httpx's ``next_request``), or None. For a scheme httpx does not
    fetch, the ``Location`` as sent (httpx fills an empty host such as ``file:///x``'s with ours)."""
    hop = response.next_request  # set by httpx for a 3xx with a Location when not following
    if hop is None:
        return None
    if hop.url.scheme not in WEB_SCHEMES:
        return str(response.headers.get("Location", hop.url))
    return str(hop.url)


def _error(exc: httpx.HTTPError | httpx.InvalidURL) -> tuple[str, str | None]:
    """The reason shown for a failed request and its summary kind (None: a plain fetch failure)."""
    if isinstance(exc, httpx.InvalidURL):
        return f"invalid URL: {exc}", "invalid URLs"
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    why = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return why, "too large" if isinstance(exc, ResponseTooLarge) else None


def _result(url: str, response: httpx.Response, fetched_at: dt.datetime, attempts: int) -> FetchResult:
    return FetchResult(
        url=url,
        final_url=str(response.url),
        status=response.status_code,
        body=response.content,
        headers=tuple(response.headers.multi_items()),
        request_headers=tuple(response.request.headers.multi_items()),
        http_version=response.http_version or "HTTP/1.1",
        fetched_at=fetched_at,
        attempts=attempts,
    )
