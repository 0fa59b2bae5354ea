"""Holes 2 and 12: redirects obey every hop's robots.txt; a trickling server meets a whole-request
deadline; a scrape that fetched nothing fails and says why. Real servers on 127.0.0.1 (two ports are
two hosts, each with its own robots.txt and throttle)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.scrapers.capture import CaptureStore
from ocwtool.scrapers.http import Fetcher
from ocwtool.scrapers.policy import RetrySettings
from tests.scrapers.ocdb_site import make_workspace, serve_ocdb
from tests.servers import Fault, LocalSite

ALLOW_ALL = "User-agent: *\nAllow: /\n"


@pytest.fixture
def two_hosts() -> Iterator[tuple[LocalSite, LocalSite]]:
    with LocalSite() as a, LocalSite() as b:
        yield a, b


def fetcher(**kwargs: float) -> Fetcher:
    return Fetcher(
        user_agent="ocwtool-test", delay=0.0, timeout=0.5, retry=RetrySettings(max_attempts=1), **kwargs
    )


def redirect(site: LocalSite, path: str, to: str) -> None:
    site.route(path, "", status=302, headers={"Location": to})


def run(ws: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(["-w", str(ws), *args])
    out = capsys.readouterr()
    return int(info.value.code or 0), out.out, out.err


def test_a_redirect_to_another_host_obeys_that_hosts_robots(two_hosts: tuple[LocalSite, LocalSite]) -> None:
    a, b = two_hosts
    a.route("/robots.txt", ALLOW_ALL, content_type="text/plain")
    b.route("/robots.txt", "User-agent: *\nDisallow: /private/\n", content_type="text/plain")
    redirect(a, "/start", f"{b.base_url}/private/page")
    b.route("/private/page", "secret")
    with fetcher() as f:
        assert f.allowed(f"{a.base_url}/start")
        result = f.get(f"{a.base_url}/start")
    assert not result.ok and result.denied
    assert result.reason == f"redirected to {b.base_url}/private/page, disallowed by robots.txt"
    assert (b.hits_for("/robots.txt"), b.hits_for("/private/page")) == (1, 0)


def test_a_redirect_hop_waits_for_its_hosts_crawl_delay(two_hosts: tuple[LocalSite, LocalSite]) -> None:
    a, b = two_hosts
    a.route("/robots.txt", ALLOW_ALL, content_type="text/plain")
    b.route("/robots.txt", "User-agent: *\nCrawl-delay: 1\n", content_type="text/plain")
    for k in (1, 2):
        redirect(a, f"/go{k}", f"{b.base_url}/page{k}")
        b.route(f"/page{k}", f"page {k}")
    with fetcher() as f:
        first, second = f.get(f"{a.base_url}/go1"), f.get(f"{a.base_url}/go2")
    assert (first.final_url, second.final_url) == (f"{b.base_url}/page1", f"{b.base_url}/page2")
    times = {h.path: h.at for h in b.hits}
    assert times["/page2"] - times["/page1"] >= 0.95


def test_a_crawl_records_the_final_url_of_a_redirect(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], two_hosts: tuple[LocalSite, LocalSite]
) -> None:
    a, b = two_hosts
    serve_ocdb(a)
    serve_ocdb(b)
    redirect(a, "/episodes/", f"{b.base_url}/episodes/")
    ws = make_workspace(tmp_path / "ws")
    code, _, err = run(ws, capsys, "scrape", "ocw", "--no-progress", "--base-url", a.base_url)
    assert code == 0, err
    capture = CaptureStore(ws / "raw" / "ocdb").latest("https://ocdb.cc/episodes/")
    assert capture is not None and capture.final_url == f"{b.base_url}/episodes/"
    assert b.hits_for("/robots.txt") == 1


def test_a_trickling_server_meets_the_whole_request_deadline() -> None:
    with LocalSite() as site:
        site.route("/robots.txt", ALLOW_ALL, content_type="text/plain")
        site.route("/slow", "x" * 60)
        site.fail("/slow", Fault.trickle(0.1))  # a byte every 0.1 s: no read ever waits 0.5 s
        with fetcher(deadline=1.0) as f:
            started = time.monotonic()
            result = f.get(f"{site.base_url}/slow")
            took = time.monotonic() - started
    assert not result.ok
    assert result.reason.startswith("ReadTimeout: whole request took longer than 1.0 s")
    assert took < 3.0


def test_trickled_headers_meet_the_whole_request_deadline() -> None:
    with LocalSite() as site:
        site.route("/robots.txt", ALLOW_ALL, content_type="text/plain")
        site.route("/slow", "x")
        site.fail("/slow", Fault.trickle_headers(0.1))  # the headers alone would take 40 s
        with fetcher(deadline=1.0) as f:
            started = time.monotonic()
            result = f.get(f"{site.base_url}/slow")
            took = time.monotonic() - started
    assert not result.ok
    assert result.reason == ("ReadTimeout: whole request took longer than 1.0 s (headers still arriving)")
    assert took < 3.0


def test_a_scrape_that_fetched_nothing_fails_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with LocalSite() as site:
        serve_ocdb(site)
        site.route("/robots.txt", "User-agent: *\nDisallow: /\n", content_type="text/plain")
        ws = make_workspace(tmp_path / "ws")
        code, out, err = run(ws, capsys, "scrape", "ocw", "--no-progress", "--base-url", site.base_url)
    assert (code, out) == (1, "")
    assert err.splitlines()[-1] == (
        "Error: nothing fetched from ocdb: every page was denied by robots.txt or failed "
        "(robots-denied 1, failed 0); see the lines above"
    )


def test_a_trickled_page_in_a_scrape_fails_with_the_deadline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with LocalSite() as site:
        serve_ocdb(site)
        site.fail("/episodes/", *[Fault.trickle(0.1)] * 4)
        ws = make_workspace(tmp_path / "ws", extra="deadline = 1.0\n")
        started = time.monotonic()
        code, _, err = run(ws, capsys, "scrape", "ocw", "--no-progress", "--base-url", site.base_url)
    assert time.monotonic() - started < 15
    assert code == 1
    assert "failed https://ocdb.cc/episodes/: ReadTimeout: whole request took longer than 1.0 s" in err
