"""Pure politeness decisions: robots (protego), throttle, retry settings, base-URL rewrite."""

from __future__ import annotations

import pytest

from ocwtool.errors import FetchError
from ocwtool.scrapers.policy import RetrySettings, RobotsPolicy, Throttle, logical_url, rebase_url

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
    with pytest.raises(FetchError, match="delay must be >= 0"):
        Throttle(-1)
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
