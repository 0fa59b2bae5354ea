"""The fetcher's bounds with an injected httpx.MockTransport: the response size cap (enforced while the
body streams), the robots Crawl-delay ceiling, invalid URLs, and redirects that leave the origin."""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterator

import httpx
import pytest

from ocwtool.scrapers.http import Fetcher
from ocwtool.scrapers.policy import RetrySettings
from tests.scrapers.test_http import FakeTime

Handler = Callable[[httpx.Request], httpx.Response]


def make(handler: Handler, fake: FakeTime, **kw: object) -> Fetcher:
    return Fetcher(
        user_agent="ocwtool/test (+x; me@example.org)",
        delay=0.0,
        retry=RetrySettings(max_attempts=int(kw.pop("attempts", 4)), backoff=0.5, jitter=0.0),  # type: ignore[call-overload]
        transport=httpx.MockTransport(handler),
        sleep=fake.sleep,
        clock=fake.clock,
        **kw,  # type: ignore[arg-type]
    )


class Chunks(httpx.SyncByteStream):
    """``count`` chunks of ``size`` bytes, produced on demand; ``pulled`` says how many were read."""

    def __init__(self, count: int, size: int = 1024) -> None:
        self.count, self.size, self.pulled = count, size, 0

    def __iter__(self) -> Iterator[bytes]:
        for _ in range(self.count):
            self.pulled += 1
            yield b"x" * self.size


def serving(response: Callable[[], httpx.Response]) -> tuple[Handler, list[str]]:
    paths: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        paths.append(request.url.path)
        return response()

    return handler, paths


TOO_LARGE = "ResponseTooLarge: response larger than 5,000 bytes ([crawl] max_bytes); the page is not stored"


@pytest.mark.parametrize("attempts", [1, 4])  # 1: httpx reads the body; 4: the retry layer's check does
def test_a_streamed_body_over_max_bytes_stops_being_read_and_fails(attempts: int) -> None:
    stream = Chunks(1000)  # 1 MB, no Content-Length
    handler, paths = serving(lambda: httpx.Response(200, stream=stream))
    with make(handler, FakeTime(), max_bytes=5000, attempts=attempts) as fetcher:
        result = fetcher.get("https://site.example/big")
    assert (result.status, result.reason, result.kind) == (None, TOO_LARGE, "too large")
    assert stream.pulled == 5  # the 5th KiB passes 5,000 bytes: nothing more is read
    assert paths == ["/big"] and fetcher.retries == {}  # a page too large is not asked for again


def test_a_declared_content_length_over_max_bytes_fails_before_reading() -> None:
    stream = Chunks(1000)
    handler, _ = serving(lambda: httpx.Response(200, headers={"Content-Length": "1024000"}, stream=stream))
    with make(handler, FakeTime(), max_bytes=5000) as fetcher:
        result = fetcher.get("https://site.example/big")
    assert result.reason == f"ResponseTooLarge: Content-Length 1,024,000: {TOO_LARGE.split(': ', 1)[1]}"
    assert (result.kind, stream.pulled) == ("too large", 0)


def test_a_body_of_exactly_max_bytes_is_fetched() -> None:
    handler, _ = serving(lambda: httpx.Response(200, content=b"y" * 5000))
    with make(handler, FakeTime(), max_bytes=5000) as fetcher:
        result = fetcher.get("https://site.example/fits")
    assert result.ok and result.body == b"y" * 5000


def test_the_cap_counts_decoded_bytes() -> None:
    packed = gzip.compress(b"z" * 200_000)  # ~200 bytes on the wire, 200 kB once decoded
    headers = {"Content-Encoding": "gzip"}
    handler, _ = serving(lambda: httpx.Response(200, headers=headers, content=packed))
    with make(handler, FakeTime(), max_bytes=5000) as fetcher:
        result = fetcher.get("https://site.example/bomb")
    assert (result.reason, result.kind) == (TOO_LARGE, "too large")


def robots_with(delay: str) -> Handler:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/robots.txt":
            return httpx.Response(200, text=f"User-agent: *\nCrawl-delay: {delay}\n")
        return httpx.Response(200, text="ok")

    return handler


@pytest.mark.parametrize(("delay", "shown"), [("1e308", "1e+308"), ("3600", "3600")])
def test_a_crawl_delay_over_the_ceiling_is_lowered_to_it_with_a_warning(delay: str, shown: str) -> None:
    fake = FakeTime()
    with make(robots_with(delay), fake) as fetcher:  # the default ceiling: 60 s
        for page in ("a", "b"):
            assert fetcher.allowed(f"https://site.example/{page}")
            assert fetcher.get(f"https://site.example/{page}").ok
    assert fake.sleeps == [60.0, 60.0]  # before /a (robots.txt was just fetched), before /b
    assert fetcher.warnings == [
        f"site.example: robots.txt asks for Crawl-delay {shown} s; waiting 60 s instead "
        "([crawl] max_crawl_delay)"
    ]


def test_the_ceiling_is_configurable_and_a_delay_under_it_is_honoured_silently() -> None:
    fake = FakeTime()
    with make(robots_with("30"), fake, max_crawl_delay=10.0) as fetcher:
        fetcher.allowed("https://site.example/a")
        assert fetcher.throttle.interval("site.example") == 10.0
    assert len(fetcher.warnings) == 1 and "waiting 10 s instead" in fetcher.warnings[0]
    with make(robots_with("30"), FakeTime()) as fetcher:
        fetcher.allowed("https://site.example/a")
        assert (fetcher.throttle.interval("site.example"), fetcher.warnings) == (30.0, [])


@pytest.mark.parametrize("delay", ["inf", "nan", "-5", "1e400", "soon"])
def test_a_crawl_delay_that_is_not_a_finite_delay_is_ignored(delay: str) -> None:
    with make(robots_with(delay), FakeTime()) as fetcher:
        assert fetcher.allowed("https://site.example/a")
        assert (fetcher.throttle.interval("site.example"), fetcher.warnings) == (0.0, [])


def test_an_over_long_url_fails_that_request_only() -> None:
    handler, paths = serving(lambda: httpx.Response(200, text="ok"))
    long_url = "https://site.example/" + "a" * 70_000
    with make(handler, FakeTime()) as fetcher:
        assert (
            fetcher.problem(long_url) == "invalid URL: 70,021 characters (HTTP clients accept at most 65,536)"
        )
        result = fetcher.get(long_url)
        assert (result.status, result.reason, result.kind) == (
            None,
            "invalid URL: URL too long",
            "invalid URLs",
        )
        assert fetcher.get("https://site.example/fine").ok
    assert paths == ["/fine"]


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("http://[oops/x", "invalid URL: Invalid IPv6 URL"),
        ("https://site.example:99999/x", "invalid URL: Port out of range 0-65535"),
        ("ftp://site.example/x", "unsupported URL scheme 'ftp' (only http and https are fetched)"),
        ("https:///x", "invalid URL: no host"),
    ],
)
def test_fetcher_names_why_a_url_cannot_be_requested(url: str, why: str) -> None:
    with make(serving(lambda: httpx.Response(200))[0], FakeTime()) as fetcher:
        assert fetcher.problem(url) == why
        assert fetcher.problem("https://site.example/x") is None


def redirecting(location: str) -> tuple[Handler, list[str]]:
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        if request.url.path == "/start":
            return httpx.Response(302, headers={"Location": location})
        return httpx.Response(200, text="elsewhere")

    return handler, seen


@pytest.mark.parametrize(
    ("location", "why"),
    [
        (
            "https://site.example:8443/walls",
            "redirect to https://site.example:8443/walls leaves https://site.example:443",
        ),
        ("https://localhost/walls", "redirect to https://localhost/walls leaves https://site.example:443"),
        (
            "http://site.example/walls",
            "redirect to http://site.example/walls leaves https://site.example:443",
        ),
        (
            "https://other.example/walls",
            "redirect to https://other.example/walls leaves https://site.example:443",
        ),
        (
            "file:///etc/passwd",
            "redirect to file:///etc/passwd: unsupported scheme 'file' (only http and https are followed)",
        ),
        (
            "ftp://site.example/x",
            "redirect to ftp://site.example/x: unsupported scheme 'ftp' (only http and https are followed)",
        ),
    ],
)
def test_a_redirect_leaving_the_origin_is_reported_and_not_fetched(location: str, why: str) -> None:
    handler, seen = redirecting(location)
    with make(handler, FakeTime()) as fetcher:
        result = fetcher.get("https://site.example/start")
    assert (result.status, result.reason, result.kind, result.denied) == (
        None,
        why,
        "off-site redirects",
        False,
    )
    assert seen == ["https://site.example/start"]  # neither the target nor its robots.txt


def test_a_redirect_within_the_origin_is_followed() -> None:
    handler, seen = redirecting("https://SITE.example:443/walls")  # the same origin, spelled differently
    with make(handler, FakeTime()) as fetcher:
        result = fetcher.get("https://site.example/start")
    assert result.ok and result.final_url == "https://site.example/walls"
    assert seen == [
        "https://site.example/start",
        "https://site.example/robots.txt",
        "https://site.example/walls",
    ]


def test_robots_txt_may_still_redirect_to_another_host() -> None:
    # RFC 9309 2.3.1.2: crawlers follow robots.txt redirects, even across authorities.
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.host == "site.example":
            return httpx.Response(301, headers={"Location": "https://cdn.example/robots.txt"})
        return httpx.Response(200, text="User-agent: *\nDisallow: /private/\n")

    with make(handler, FakeTime()) as fetcher:
        assert not fetcher.allowed("https://site.example/private/x")
        assert fetcher.allowed("https://site.example/public")
