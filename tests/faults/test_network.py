"""Holes 2 and 12: redirects obey robots.txt hop by hop; a trickling server meets a whole-request
deadline; a scrape that fetched nothing fails and says why. Real servers on 127.0.0.1. (Redirects that
leave the requested scheme, host and port are refused: tests/faults/test_crawl_bounds.py.)"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.scrapers.capture import CaptureStore
from ocwtool.scrapers.http import Fetcher
from ocwtool.scrapers.policy import RetrySettings
from tests.scrapers.ocdb_site import make_workspace, serve_ocdb
from tests.servers import Fault, LocalSite

ALLOW_ALL = "User-agent: *\nAllow: /\n"


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


def test_a_redirect_hop_obeys_robots() -> None:
    with LocalSite() as a:
        a.route("/robots.txt", "User-agent: *\nDisallow: /private/\n", content_type="text/plain")
        redirect(a, "/start", f"{a.base_url}/private/page")
        a.route("/private/page", "secret")
        with fetcher() as f:
            assert f.allowed(f"{a.base_url}/start")
            result = f.get(f"{a.base_url}/start")
        assert not result.ok and result.denied
        assert result.reason == f"redirected to {a.base_url}/private/page, disallowed by robots.txt"
        assert (a.hits_for("/robots.txt"), a.hits_for("/private/page")) == (1, 0)


def test_a_redirect_hop_waits_for_the_hosts_crawl_delay() -> None:
    with LocalSite() as a:
        a.route("/robots.txt", "User-agent: *\nCrawl-delay: 1\n", content_type="text/plain")
        redirect(a, "/go", f"{a.base_url}/page")
        a.route("/page", "page")
        with fetcher() as f:
            f.allowed(f"{a.base_url}/go")
            result = f.get(f"{a.base_url}/go")
        assert result.ok and result.final_url == f"{a.base_url}/page"
    times = {h.path: h.at for h in a.hits}
    assert times["/page"] - times["/go"] >= 0.95


def test_a_crawl_records_the_final_url_of_a_redirect(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with LocalSite() as a:
        serve_ocdb(a)
        a.route("/list/", a.routes["/episodes/"].body)
        redirect(a, "/episodes/", f"{a.base_url}/list/")
        ws = make_workspace(tmp_path / "ws")
        code, _, err = run(ws, capsys, "scrape", "ocw", "--no-progress", "--base-url", a.base_url)
        list_url = f"{a.base_url}/list/"
    assert code == 0, err
    capture = CaptureStore(ws / "raw" / "ocdb").latest("https://ocdb.cc/episodes/")
    assert capture is not None and capture.final_url == list_url
    assert a.hits_for("/robots.txt") == 1


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
