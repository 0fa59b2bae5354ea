"""NYT scraping figures: a full API sweep against a loopback server, resume, offline replay, parsers.

Run from the project root::

    PYTHONPATH=src python benchmarks/bench_nyt.py [--days 1163]

The server (tests/servers.py LocalSite) runs in this process, so peak RSS covers client and server.
Puzzles are synthetic (generated words), shaped like real v2 responses; every 100th day is a
picture board. Figures depend on the machine and its load: quote them with that caveat.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.servers
from tests.servers import LocalSite

from ocwtool.acquisition.reconcile import reconcile
from ocwtool.config import Settings
from ocwtool.formats.nyt_archive_text import parse_listing_text
from ocwtool.schema.models import NYT_EPOCH, Provenance, nyt_number
from ocwtool.scrapers.base import CrawlOptions, Page, Source
from ocwtool.scrapers.crawl import CrawlReport, crawl
from ocwtool.scrapers.nyt import run_nyt
from ocwtool.scrapers.sources.nyt_api import PATH_TEMPLATE, date_range, parse_page
from ocwtool.scrapers.sources.tryhard import parse_listing_html
from ocwtool.workspace import Workspace


def groups_for(date: dt.date) -> list[tuple[str, list[str]]]:
    n = nyt_number(date)
    return [(f"GROUP {k} OF DAY {n}", [f"W{n}-{k}-{i}" for i in range(4)]) for k in range(4)]


def v2_body(date: dt.date) -> bytes:
    picture = nyt_number(date) % 100 == 0
    cats = []
    for k, (title, words) in enumerate(groups_for(date)):
        cards: list[dict[str, Any]] = []
        for i, w in enumerate(words):
            pos = (k * 4 + i * 5) % 16
            card = {"image_url": f"{pos}.svg", "image_alt_text": w} if picture else {"content": w}
            cards.append(card | {"position": pos})
        cats.append({"title": title, "cards": cards})
    doc = {"status": "OK", "id": 1000 + nyt_number(date), "print_date": date.isoformat(), "categories": cats}
    return json.dumps(doc).encode()


def listing_text(dates: list[dt.date]) -> str:
    lines = []
    for d in reversed(dates):
        lines.append(f"NYT Connections {nyt_number(d)} - {d:%B} {d.day}th, {d.year}")
        lines += [f"    {t} - {', '.join(ws)}" for t, ws in groups_for(d)]
    return "\n".join(lines) + "\n"


def listing_html(dates: list[dt.date]) -> str:
    days = []
    for d in reversed(dates):
        items = "".join(f"<li><strong>{t}</strong> - {', '.join(ws)}</li>" for t, ws in groups_for(d))
        days.append(f"<li>NYT Connections {nyt_number(d)} - {d:%B} {d.day}th, {d.year}<ul>{items}</ul></li>")
    heading = '<h2 class="wp-block-heading">NYT Connections Answers Archive</h2>'
    return f"<html><body>{heading}<ul>{''.join(days)}</ul></body></html>"


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def quiet_crawler(source: Source, options: CrawlOptions, settings: Workspace) -> CrawlReport:
    return crawl(source, options, settings)


def sweep(dates: list[dt.date]) -> None:
    with LocalSite() as site, tempfile.TemporaryDirectory() as tmp:
        site.route("/robots.txt", "User-agent: *\nAllow: /\n", content_type="text/plain")
        for d in dates:
            site.route(PATH_TEMPLATE.format(date=d.isoformat()), v2_body(d), content_type="application/json")
        settings = Workspace(Settings(root=Path(tmp), contact="bench@example.org", delay=0.0))
        opts = CrawlOptions(base_url=site.base_url)

        def go(options: CrawlOptions) -> Any:
            return run_nyt(settings, "api", options, start=dates[0], end=dates[-1], crawler=quiet_crawler)

        rss0 = peak_rss_mb()
        secs, run = timed(lambda: go(opts))
        n = run.written[settings.puzzles_path("nyt-api")]
        rate = len(dates) / secs
        print(f"full sweep, {len(dates)} dates, delay 0: {secs:.1f} s ({rate:.0f} dates/s), {n} puzzles")
        print(f"  peak RSS {peak_rss_mb():.0f} MB (before the sweep {rss0:.0f} MB; server in-process)")
        warc = sum(p.stat().st_size for p in (Path(tmp) / "raw").rglob("*") if p.is_file())
        print(f"  raw captures + frontier on disk: {warc / 1e6:.1f} MB")
        secs, _ = timed(lambda: go(opts))
        print(f"resume (everything captured, no fetches): {secs:.1f} s")
        secs, _ = timed(lambda: go(CrawlOptions(offline=True)))
        print(f"offline replay (--offline): {secs:.1f} s")


def parsers(dates: list[dt.date], repeat: int) -> None:
    pages = [
        Page(
            url="https://www.nytimes.com" + PATH_TEMPLATE.format(date=d.isoformat()),
            status=200,
            body=v2_body(d),
        )
        for d in dates
    ]
    secs, _ = timed(lambda: [parse_page(p) for _ in range(repeat) for p in pages])
    print(f"v2 parser: {repeat * len(pages) / secs:,.0f} responses/s")
    text, html = listing_text(dates), listing_html(dates)
    prov = Provenance(source="bench")
    days = len(dates)
    secs, res = timed(lambda: parse_listing_text(text, "bench", prov, "bench"))
    print(f"listing text: {days} days in {secs * 1000:.0f} ms ({days / secs:,.0f} days/s)")
    secs, res = timed(lambda: parse_listing_html(html, "https://x/nyt-connections-answers/", "bench", prov))
    print(f"listing HTML: {days} days in {secs * 1000:.0f} ms ({days / secs:,.0f} days/s)")
    api = [parse_page(p).puzzles[0] for p in pages]
    secs, rep = timed(lambda: reconcile(api, res.puzzles, "api", "archive"))
    print(
        f"reconcile {len(api)} x {len(res.puzzles)} days: {secs * 1000:.0f} ms, {len(rep.diffs)} differences"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=1163)
    parser.add_argument("--repeat", type=int, default=3, help="parser passes over all responses")
    args = parser.parse_args()
    dates = list(date_range(NYT_EPOCH, NYT_EPOCH + dt.timedelta(days=args.days - 1)))
    sweep(dates)  # first, so that peak RSS is the sweep's
    parsers(dates, args.repeat)


if __name__ == "__main__":
    main()
