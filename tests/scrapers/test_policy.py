"""Pure politeness decisions: robots (protego), throttle, retry settings, base-URL rewrite."""

from __future__ import annotations

import pytest

from ocwtool.errors import FetchError
from ocwtool.scrapers.policy import (
    RetrySettings,
    RobotsPolicy,
    Throttle,
    capped_crawl_delay,
    logical_url,
    origin,
    rebase_url,
    redirect_problem,
    url_problem,
)

ROBOTS = """
User-agent: *
Disallow: /private/
Disallow: /*.pdf$
Crawl-delay: 3

User-agent: badbot
Disallow: /
"""


def test_robots_disallow_and_wildcards() -> None:
    policy = RobotsPolicy(ROBOTS)
    assert policy.allows("https://ocdb.cc/episode/a-v-b/")
    assert not policy.allows("https://ocdb.cc/private/x")
    assert not policy.allows("https://ocdb.cc/files/wall.pdf")
    assert policy.allows("https://ocdb.cc/files/wall.pdf.html")
    assert policy.crawl_delay() == 3.0


def test_robots_status_rules_follow_rfc9309() -> None:
    assert RobotsPolicy.from_response(404, "").allows("https://x.example/any")
    assert not RobotsPolicy.from_response(503, "").allows("https://x.example/any")
    assert not RobotsPolicy.from_response(None, "").allows("https://x.example/any")
    assert RobotsPolicy.from_response(200, "User-agent: *\nDisallow: /a\n").allows("https://x.example/b")


def test_throttle_waits_and_never_goes_below_crawl_delay() -> None:
    throttle = Throttle(min_interval=2.0)
    assert throttle.wait_needed("h", now=100.0) == 0.0
    throttle.mark("h", 100.0)
    assert throttle.wait_needed("h", 101.0) == pytest.approx(1.0)
    assert throttle.wait_needed("other", 101.0) == 0.0
    throttle.set_crawl_delay("h", 5.0)
    assert throttle.interval("h") == 5.0
    assert throttle.wait_needed("h", 101.0) == pytest.approx(4.0)
    throttle.set_crawl_delay("h", None)
    assert throttle.interval("h") == 5.0
    assert Throttle(min_interval=10.0, _floor={"h": 5.0}).interval("h") == 10.0


def test_policy_objects_validate_their_settings() -> None:
    with pytest.raises(FetchError, match="delay must be a finite number of seconds >= 0, got -1"):
        Throttle(-1)
    with pytest.raises(FetchError, match="delay must be a finite number of seconds >= 0, got inf"):
        Throttle(float("inf"))
    with pytest.raises(FetchError, match="max_attempts must be >= 1"):
        RetrySettings(max_attempts=0)


def test_base_url_replaces_scheme_and_host_only() -> None:
    url = "https://ocdb.cc/episode/a-v-b/?x=1"
    assert rebase_url(url, "http://127.0.0.1:8123") == "http://127.0.0.1:8123/episode/a-v-b/?x=1"
    assert rebase_url(url, "http://127.0.0.1:8123/ignored/path") == "http://127.0.0.1:8123/episode/a-v-b/?x=1"
    assert rebase_url(url, None) == url
    assert logical_url("http://127.0.0.1:9/episodes/", "https://ocdb.cc") == "https://ocdb.cc/episodes/"
    with pytest.raises(FetchError, match="needs a scheme and a host"):
        rebase_url(url, "127.0.0.1:8000")


def test_url_problem_names_what_no_http_client_can_request() -> None:
    assert url_problem("https://ocdb.cc/episode/a-v-b/") is None
    assert url_problem("https://ocdb.cc/" + "a" * 65_520) is None  # 65,536 characters: still accepted
    assert url_problem("https://ocdb.cc/" + "a" * 65_521) == (
        "invalid URL: 65,537 characters (HTTP clients accept at most 65,536)"
    )
    assert url_problem("mailto:me@example.org") == (
        "unsupported URL scheme 'mailto' (only http and https are fetched)"
    )


def test_redirects_may_not_leave_the_origin_of_the_page_requested() -> None:
    start = "http://127.0.0.1:8000/episode/a/"
    assert redirect_problem(start, "http://127.0.0.1:8000/episode/b/") is None
    assert redirect_problem("https://ocdb.cc/a", "https://OCDB.cc:443/b") is None
    assert origin("https://ocdb.cc/a") == "https://ocdb.cc:443"
    assert redirect_problem(start, "http://127.0.0.1:8001/episode/a/") == (
        "redirect to http://127.0.0.1:8001/episode/a/ leaves http://127.0.0.1:8000"
    )
    assert redirect_problem(start, "https://127.0.0.1:8000/x") == (
        "redirect to https://127.0.0.1:8000/x leaves http://127.0.0.1:8000"
    )
    assert redirect_problem(start, "gopher://127.0.0.1/x") == (
        "redirect to gopher://127.0.0.1/x: unsupported scheme 'gopher' (only http and https are followed)"
    )
    assert redirect_problem(start, "http://[oops/x") == (
        "redirect to an invalid URL (invalid URL: Invalid IPv6 URL)"
    )


def test_crawl_delay_ceiling_and_values_that_are_no_delay() -> None:
    assert capped_crawl_delay(None, 60.0) is None
    assert capped_crawl_delay(3.0, 60.0) == 3.0
    assert capped_crawl_delay(1e308, 60.0) == 60.0
    for bad in ("inf", "nan", "-1"):
        assert RobotsPolicy(f"User-agent: *\nCrawl-delay: {bad}\n").crawl_delay() is None
