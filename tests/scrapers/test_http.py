"""The fetcher with an injected httpx.MockTransport: retries, Retry-After, throttle, robots, UA."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from ocwtool.scrapers.http import Fetcher
from ocwtool.scrapers.policy import RetrySettings


class FakeTime:
    """A clock that only moves when the fetcher sleeps."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    def clock(self) -> float:
        return self.now


def make(handler: Callable[[httpx.Request], httpx.Response], fake: FakeTime, **kw: object) -> Fetcher:
    retry = kw.pop("retry", RetrySettings(max_attempts=4, backoff=0.5, jitter=0.0))
    return Fetcher(
        user_agent="ocwtool/test (+x; me@example.org)",
        delay=float(kw.pop("delay", 0.0)),  # type: ignore[arg-type]
        retry=retry,  # type: ignore[arg-type]
        transport=httpx.MockTransport(handler),
        sleep=fake.sleep,
        clock=fake.clock,
    )


def scripted(
    *outcomes: httpx.Response | Exception,
) -> tuple[Callable[[httpx.Request], httpx.Response], list[str]]:
    seen: list[str] = []
    queue = list(outcomes)

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers["User-Agent"])
        item = queue.pop(0) if queue else httpx.Response(200, text="ok")
        if isinstance(item, Exception):
            raise item
        return item

    return handler, seen


def test_retries_503_with_exponential_backoff_then_succeeds() -> None:
    fake = FakeTime()
    handler, seen = scripted(httpx.Response(503), httpx.Response(503))
    with make(handler, fake) as fetcher:
        result = fetcher.get("https://site.example/a")
    assert result.ok and result.body == b"ok" and result.attempts == 3
    assert fake.sleeps == [1.0, 2.0]  # backoff * 2**n before retry n, jitter disabled for the test
    assert fetcher.retries == {"HTTP 503": 2}
    assert seen == ["ocwtool/test (+x; me@example.org)"] * 3


def test_retry_after_is_honoured() -> None:
    fake = FakeTime()
    handler, _ = scripted(httpx.Response(429, headers={"Retry-After": "7"}))
    with make(handler, fake) as fetcher:
        assert fetcher.get("https://site.example/a").ok
    assert fake.sleeps == [7.0]
    assert fetcher.retries == {"HTTP 429": 1}


def test_retry_after_is_capped_by_max_wait_and_an_invalid_one_falls_back_to_backoff() -> None:
    fake = FakeTime()
    handler, _ = scripted(
        httpx.Response(503, headers={"Retry-After": "900"}),
        httpx.Response(503, headers={"Retry-After": "soon"}),
    )
    retry = RetrySettings(max_attempts=4, backoff=0.5, jitter=0.0, max_wait=30.0)
    with make(handler, fake, retry=retry) as fetcher:
        assert fetcher.get("https://site.example/a").ok
    assert fake.sleeps == [30.0, 2.0]  # capped Retry-After, then backoff 0.5 * 2**2 (third attempt)
    assert fetcher.retries == {"HTTP 503": 2}


def test_jitter_keeps_waits_within_the_backoff_bound() -> None:
    fake = FakeTime()
    handler, _ = scripted(*[httpx.Response(500)] * 3)
    retry = RetrySettings(max_attempts=4, backoff=1.0, jitter=1.0)
    with make(handler, fake, retry=retry) as fetcher:
        assert fetcher.get("https://site.example/a").ok
    assert len(fake.sleeps) == 3
    assert all(0 <= s <= 2**n for n, s in enumerate(fake.sleeps, start=1))


def test_connection_errors_and_timeouts_are_retried_then_give_up() -> None:
    fake = FakeTime()
    errors = [httpx.ConnectError("refused"), httpx.ReadTimeout("slow"), httpx.ConnectError("refused")]
    handler, _ = scripted(*errors, httpx.ConnectError("refused"))
    with make(handler, fake) as fetcher:
        result = fetcher.get("https://site.example/a")
    assert result.status is None and not result.ok
    assert result.reason == "ConnectError: refused"
    assert result.attempts == 4
    assert fetcher.retries == {"ConnectError": 2, "ReadTimeout": 1}


def test_exhausted_5xx_is_returned_not_raised() -> None:
    fake = FakeTime()
    handler, _ = scripted(*[httpx.Response(502)] * 10)
    with make(handler, fake) as fetcher:
        result = fetcher.get("https://site.example/a")
    assert result.status == 502 and result.reason == "HTTP 502" and result.attempts == 4


def test_404_is_not_retried() -> None:
    fake = FakeTime()
    handler, seen = scripted(httpx.Response(404))
    with make(handler, fake) as fetcher:
        assert fetcher.get("https://site.example/a").reason == "HTTP 404"
    assert len(seen) == 1 and fake.sleeps == []


def test_throttle_spaces_requests_to_the_same_host() -> None:
    fake = FakeTime()
    handler, _ = scripted()
    with make(handler, fake, delay=2.0) as fetcher:
        fetcher.get("https://site.example/a")
        fetcher.get("https://site.example/b")
        fetcher.get("https://other.example/c")
    assert fake.sleeps == [2.0]


@pytest.mark.parametrize(
    ("robots", "allowed"),
    [
        (httpx.Response(200, text="User-agent: *\nDisallow: /private/\nCrawl-delay: 4\n"), False),
        (httpx.Response(404), True),
    ],
)
def test_robots_fetched_once_per_host_and_crawl_delay_applied(robots: httpx.Response, allowed: bool) -> None:
    fake = FakeTime()
    paths: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        paths.append(request.url.path)
        return robots if request.url.path == "/robots.txt" else httpx.Response(200, text="ok")

    with make(handler, fake, delay=1.0) as fetcher:
        assert fetcher.allowed("https://site.example/private/x") is allowed
        assert fetcher.allowed("https://site.example/public") is True
        expected_interval = 4.0 if not allowed else 1.0
        assert fetcher.throttle.interval("site.example") == expected_interval
    assert paths == ["/robots.txt"]
