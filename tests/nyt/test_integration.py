"""Both NYT sources against one loopback server (``--base-url``) with faults: 503, a spurious 404,
a slow response, a date that never appears; then reconciliation, the canonical store and a rerun."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from ocwtool.acquisition.reconcile import GROUP_ORDER, MISSING_LEFT, MISSING_RIGHT, TITLES
from ocwtool.config import Settings
from ocwtool.scrapers.base import CrawlOptions, Source
from ocwtool.scrapers.crawl import CrawlReport, crawl
from ocwtool.scrapers.nyt import run_nyt
from ocwtool.scrapers.outcome import ScrapeOutcome, render
from ocwtool.scrapers.policy import RetrySettings
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import Workspace
from tests.servers import Fault, LocalSite

from .fixtures import GROUPS, archive_day_html, archive_page, body, v2_doc

FAST_RETRY = RetrySettings(max_attempts=4, backoff=0.01, jitter=1.0)
DAYS = [dt.date(2024, 3, d) for d in range(1, 9)]  # #264..#271
API = "/svc/connections/v2/{}.json"
LISTING = "/nyt-connections-answers/"


def api_path(d: dt.date) -> str:
    return API.format(d.isoformat())


def archive_groups(d: dt.date) -> list[tuple[str, list[str]]]:
    groups = list(GROUPS)
    if d.day == 3:
        groups[0] = ("CITRUS FRUIT", groups[0][1])  # a different title
    if d.day == 6:
        groups[1], groups[2] = groups[2], groups[1]  # a different group order
    return groups


def serve(site: LocalSite) -> None:
    site.route("/robots.txt", "User-agent: *\nDisallow: /wp-admin/\n", content_type="text/plain")
    for d in DAYS[:-1]:  # the last date never appears on the API
        site.route(api_path(d), body(v2_doc(d)), content_type="application/json")
    listed = [archive_day_html(d.day + 263, f"March {d.day}th, 2024", archive_groups(d)) for d in DAYS[1:]]
    listed.reverse()  # newest first; the first date is not in the archive
    site.route(LISTING, archive_page(listed[:4], pages=2, current=1))
    site.route(LISTING + "2/", archive_page(listed[4:], pages=2, current=2))


@pytest.fixture
def site() -> Iterator[LocalSite]:
    with LocalSite() as s:
        serve(s)
        yield s


def crawler(source: Source, options: CrawlOptions, settings: Workspace) -> CrawlReport:
    return crawl(source, options, settings, retry=FAST_RETRY)


def scrape(root: Path, site: LocalSite, which: str = "both", **kw: object) -> ScrapeOutcome:
    settings = Workspace(
        Settings(root=root, contact="tester@example.org", delay=0.0, timeout=0.5, max_attempts=4)
    )
    options = CrawlOptions(base_url=site.base_url, **kw)  # type: ignore[arg-type]
    return run_nyt(
        settings,
        which,
        options,
        start=DAYS[0],
        end=DAYS[-1],
        stamp="T",
        crawler=crawler,  # type: ignore[arg-type]
    )


def test_both_sources_with_faults_then_reconcile(tmp_path: Path, site: LocalSite) -> None:
    site.fail(api_path(DAYS[1]), Fault.status_code(503))
    site.fail(api_path(DAYS[3]), Fault.status_code(404))  # spurious: recovered by the later retry
    site.fail(api_path(DAYS[4]), Fault.slow(1.5))
    site.fail(LISTING + "2/", Fault.status_code(503))
    run = scrape(tmp_path, site)

    labels = [label for label, _ in run.crawls]
    assert labels == ["nyt-api", "nyt-api (404s tried again: 2)", "nyt-archive"]
    first, again, archive = (r.summary for _, r in run.crawls)
    assert first.count("fetched") == 6 and first.counters["missing"] == 2
    assert first.retries["HTTP 503"] == 1 and first.retries["ReadTimeout"] == 1
    assert again.count("fetched") == 1 and again.count("from capture") == 6 and again.counters["missing"] == 1
    assert archive.count("fetched") == 2 and archive.retries["HTTP 503"] == 1 and archive.count("failed") == 0
    assert site.hits_for(api_path(DAYS[3])) == 2 and site.hits_for(api_path(DAYS[7])) == 2
    assert site.hits_for("/robots.txt") == 3  # once per crawl (API, its 404 pass, archive)
    assert run.missing == ["https://www.nytimes.com" + api_path(DAYS[7])]
    assert (
        render(run, Workspace.at(tmp_path)).stderr[-1]
        == "  missing (404) https://www.nytimes.com/svc/connections/v2/2024-03-08.json"
    )

    api = read_puzzles(tmp_path / "puzzles" / "nyt-api.jsonl")
    assert [p.id for p in api] == [f"nyt-2024-03-0{d}" for d in range(1, 8)]
    assert api[0].provenance.url == "https://www.nytimes.com" + api_path(DAYS[0])  # logical URL
    assert api[0].provenance.sha256 is not None
    arch = read_puzzles(tmp_path / "puzzles" / "nyt-archive.jsonl")
    assert [p.id for p in arch] == [f"nyt-2024-03-0{d}" for d in range(2, 9)]

    assert run.reconcile is not None
    kinds = {d.key: d.kinds for d in run.reconcile.diffs}
    assert kinds == {
        "2024-03-01": (MISSING_RIGHT,),
        "2024-03-03": (TITLES,),
        "2024-03-06": (GROUP_ORDER,),
        "2024-03-08": (MISSING_LEFT,),
    }
    canon = read_puzzles(tmp_path / "puzzles" / "nyt.jsonl")
    assert [(p.id[-2:], p.source) for p in canon] == [(f"{d:02d}", "nyt-api") for d in range(1, 8)] + [
        ("08", "nyt-archive")
    ]
    doc = json.loads((tmp_path / "runs" / "nyt-reconcile-T.json").read_text())
    assert doc["prefer"] == "api" and doc["counts"][TITLES] == 1 and doc["in_both"] == 6
    table = (tmp_path / "runs" / "nyt-reconcile-T.txt").read_text()
    assert "2024-03-03  266  titles" in table
    assert {h.headers["User-Agent"] for h in site.hits} == {
        Settings(root=tmp_path, contact="tester@example.org").user_agent
    }


def test_rerun_resumes_from_captures_and_asks_only_for_missing_dates(tmp_path: Path, site: LocalSite) -> None:
    scrape(tmp_path, site)
    before = len(site.hits)
    run = scrape(tmp_path, site)
    fetched = [h.path for h in site.hits[before:] if h.path != "/robots.txt"]
    assert fetched == [api_path(DAYS[7]), api_path(DAYS[7])]  # asked again, once more after the sweep
    assert run.crawls[0][1].summary.count("from capture") == 7
    assert run.crawls[-1][1].summary.count("from capture") == 2
    assert len(read_puzzles(tmp_path / "puzzles" / "nyt.jsonl")) == 8


def test_offline_replays_captures_without_network(tmp_path: Path, site: LocalSite) -> None:
    scrape(tmp_path, site)
    site.stop()
    settings = Workspace(Settings(root=tmp_path, contact=None))
    run = run_nyt(settings, "both", CrawlOptions(offline=True), start=DAYS[0], end=DAYS[-1], crawler=crawler)
    assert [label for label, _ in run.crawls] == ["nyt-api", "nyt-archive"]
    assert run.crawls[0][1].summary.count("from capture") == 7
    assert run.crawls[0][1].summary.failure_kinds["not captured"] == 1
    assert run.reconcile is not None and len(run.reconcile.diffs) == 4


def test_robots_txt_is_obeyed(tmp_path: Path, site: LocalSite) -> None:
    site.route("/robots.txt", "User-agent: *\nDisallow: /svc/\n", content_type="text/plain")
    run = scrape(tmp_path, site, which="api")
    summary = run.crawls[0][1].summary
    assert summary.count("robots-denied") == 8 and summary.count("fetched") == 0
    assert [h.path for h in site.hits] == ["/robots.txt"]
    assert run.written[tmp_path / "puzzles" / "nyt-api.jsonl"] == 0
