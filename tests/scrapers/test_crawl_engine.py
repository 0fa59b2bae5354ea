"""The generic crawl engine against a real loopback server with injected faults (ToySource)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ocwtool.config import Settings
from ocwtool.errors import FetchError
from ocwtool.scrapers.base import CrawlOptions
from ocwtool.scrapers.crawl import crawl
from ocwtool.scrapers.frontier import Frontier
from ocwtool.scrapers.policy import RetrySettings
from ocwtool.workspace import Workspace
from tests.scrapers.toy import ToySource
from tests.servers import Fault, LocalSite

FAST_RETRY = RetrySettings(max_attempts=4, backoff=0.01, jitter=1.0)


@pytest.fixture
def site() -> Iterator[LocalSite]:
    with LocalSite() as s:
        s.route("/robots.txt", "User-agent: *\nDisallow: /item/9\n", content_type="text/plain")
        s.route("/index", "\n".join(f"/item/{n}" for n in range(1, 10)) + "\nhttps://elsewhere.example/x\n")
        for n in range(1, 10):
            s.route(f"/item/{n}", f"item {n} " + "x" * 400)
        s.route("/item/6", "gone", status=404)
        s.route("/item/7", "BROKEN layout")
        yield s


def settings(root: Path, contact: str | None = "tester@example.org") -> Workspace:
    return Workspace(Settings(root=root, contact=contact, delay=0.0, timeout=0.5, max_attempts=4))


def run(root: Path, site: LocalSite, **options: object) -> object:
    opts = CrawlOptions(base_url=site.base_url, **options)  # type: ignore[arg-type]
    return crawl(ToySource(), opts, settings(root), retry=FAST_RETRY)


def test_crawl_survives_every_fault_and_reports_honestly(tmp_path: Path, site: LocalSite) -> None:
    site.fail("/item/1", Fault.status_code(429, retry_after="1"))
    site.fail("/item/2", Fault.status_code(503), Fault.status_code(503))
    site.fail("/item/3", Fault.reset())
    site.fail("/item/4", Fault.truncate())
    site.fail("/item/5", Fault.slow(1.5))
    report = run(tmp_path, site)
    summary = report.summary  # type: ignore[attr-defined]
    texts = sorted(row["text"][:7] for _, row in report.records)  # type: ignore[attr-defined]
    assert texts == [f"item {n} " for n in (1, 2, 3, 4, 5, 8)]
    assert summary.count("fetched") == 8  # index + items 1-5, 7, 8
    assert summary.count("from capture") == 0
    assert summary.count("robots-denied") == 1 and summary.denied == ["https://toy.example/item/9"]
    assert summary.retries["HTTP 429"] == 1 and summary.retries["HTTP 503"] == 2
    assert summary.retries["ReadTimeout"] == 1
    assert summary.count("retried") == 6  # + the reset and the truncated body
    assert summary.count("failed") == 1
    assert summary.failures == [("https://toy.example/item/7", "unrecognised layout")]
    assert summary.counters["missing"] == 1
    assert summary.counters["off-site links skipped"] == 1
    assert site.hits_for("/item/9") == 0
    headline = summary.render("toy").splitlines()[0]
    assert headline.startswith("toy: fetched 8, from capture 0, robots-denied 1, retried 6 (")
    ua = {h.headers["User-Agent"] for h in site.hits}
    assert ua == {settings(tmp_path).settings.user_agent} and "tester@example.org" in ua.pop()


def test_rerun_uses_captures_and_only_retries_failures(tmp_path: Path, site: LocalSite) -> None:
    run(tmp_path, site)
    hits_before = len(site.hits)
    second = run(tmp_path, site).summary  # type: ignore[attr-defined]
    assert second.count("fetched") == 0  # the page that failed to parse is re-parsed from its capture
    assert second.count("from capture") == 8
    assert second.failures == [("https://toy.example/item/7", "unrecognised layout")]
    # the denied page is checked against robots.txt again; nothing captured is asked for again
    assert [h.path for h in site.hits[hits_before:]] == ["/robots.txt"]
    frontier = Frontier(tmp_path / "raw" / "toy" / "frontier.sqlite")
    states = {url.rsplit("/", 1)[-1]: state for url, state, _ in frontier.rows()}
    assert states["7"] == "failed" and states["9"] == "denied" and states["6"] == "missing"
    assert states["1"] == "done"


def test_offline_needs_no_network_and_no_contact(tmp_path: Path, site: LocalSite) -> None:
    run(tmp_path, site)
    site.stop()
    opts = CrawlOptions(offline=True)
    report = crawl(ToySource(), opts, settings(tmp_path, contact=None))
    summary = report.summary
    assert summary.count("fetched") == 0 and summary.count("from capture") == 8
    assert len(report.records) == 6
    assert summary.failure_kinds["not captured"] == 2  # the denied and the missing page


def test_limit_caps_non_seed_pages(tmp_path: Path, site: LocalSite) -> None:
    report = run(tmp_path, site, limit=2)
    assert [row["url"] for _, row in report.records] == [  # type: ignore[attr-defined]
        "https://toy.example/item/1",
        "https://toy.example/item/2",
    ]


def test_refresh_refetches_captured_pages(tmp_path: Path, site: LocalSite) -> None:
    run(tmp_path, site, limit=1)
    summary = run(tmp_path, site, limit=1, refresh=True).summary  # type: ignore[attr-defined]
    assert summary.count("fetched") == 2 and summary.count("from capture") == 0


def test_live_crawl_without_contact_refuses_to_start(tmp_path: Path) -> None:
    with pytest.raises(FetchError) as info:
        crawl(ToySource(), CrawlOptions(), settings(tmp_path, contact=None))
    assert str(info.value) == (
        'a live crawl needs a contact for its User-Agent: set contact = "you@example.org" in '
        f"{tmp_path / 'ocwtool.toml'} (or export OCWTOOL_CONTACT=you@example.org); "
        "--offline re-parses captures without one"
    )


def test_a_parser_exception_is_a_per_page_error_not_a_crash(tmp_path: Path, site: LocalSite) -> None:
    site.route("/item/8", "CRASH eight")
    report = run(tmp_path, site)
    summary = report.summary  # type: ignore[attr-defined]
    crash = "parser error (IndexError): list index out of range"
    assert ("https://toy.example/item/8", crash) in summary.failures
    assert summary.count("failed") == 2  # item 7 (unrecognised layout) and item 8
    texts = sorted(row["text"][:7] for _, row in report.records)  # type: ignore[attr-defined]
    assert texts == [f"item {n} " for n in (1, 2, 3, 4, 5)]  # the crawl went on past the crash


def test_progress_hook_follows_every_page_as_the_frontier_grows(tmp_path: Path, site: LocalSite) -> None:
    events: list[tuple[str, int, int | None]] = []
    opts = CrawlOptions(base_url=site.base_url)
    crawl(ToySource(), opts, settings(tmp_path), retry=FAST_RETRY, progress=lambda *e: events.append(e))
    assert events[0] == ("toy", 0, 1)  # only the seed is queued at first
    assert [done for _, done, _ in events] == list(range(11))  # the index and items 1-9 (9 is denied)
    assert events[-1] == ("toy", 10, 10)
    assert all(total is not None and done <= total for _, done, total in events)
