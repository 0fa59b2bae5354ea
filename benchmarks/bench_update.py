"""``ocwtool update`` figures: 30 simulated days of updates against a loopback copy of the endpoint.

Run from the project root::

    PYTHONPATH=src python benchmarks/bench_update.py [--base-days 300] [--days 30]

A workspace holds ``--base-days`` NYT days (split train, released as 1.0.0); then, for each of
``--days`` days, the loopback endpoint (tests/servers.py LocalSite, in this process) publishes one
more day and ``update --release bench`` runs (scrape, split, validate, build), followed by a second
update with no new data. Reported: time per update with a new day, time per update with no new
data (in process, and one whole ``python -m ocwtool update`` process), and the release archive and
changelog sizes. Puzzles are synthetic (generated words). Figures depend on the machine and its
load: quote them with that caveat.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.servers
from bench_nyt import listing_html, v2_body
from tests.servers import LocalSite

from ocwtool.config import Settings
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.update import update_workspace
from ocwtool.schema.models import Split
from ocwtool.scrapers.base import CrawlOptions
from ocwtool.scrapers.nyt import run_nyt
from ocwtool.scrapers.sources.nyt_api import PATH_TEMPLATE
from ocwtool.workspace import Workspace, init_workspace

START = dt.date(2024, 1, 1)
LISTING = "/nyt-connections-answers/"


def publish(site: LocalSite, days: list[dt.date]) -> None:
    """The endpoint answers ``days``; the archive lists them."""
    for d in days:
        site.route(PATH_TEMPLATE.format(date=d.isoformat()), v2_body(d), content_type="application/json")
    site.route(LISTING, listing_html(days))


def seed(ws: Workspace, site: LocalSite, days: list[dt.date]) -> None:
    """The base days scraped, split train and released as bench-1.0.0."""
    run_nyt(ws, "both", CrawlOptions(base_url=site.base_url, delay=0), start=days[0], end=days[-1])
    for name in ("nyt", "nyt-api", "nyt-archive"):
        ws.update_store(name, lambda items: [p.model_copy(update={"split": Split.TRAIN}) for p in items])
    build_release(ws, ReleaseSpec("bench", "1.0.0", sources=("nyt",), report=False))


def sizes(folder: Path) -> tuple[int, int]:
    """The release archive's bytes and its changelog's (CHANGES.md + changelog.json)."""
    archive = folder.with_name(folder.name + ".tar.gz").stat().st_size
    return archive, sum((folder / f).stat().st_size for f in ("CHANGES.md", "changelog.json"))


def whole_process(root: Path, site: LocalSite, end: dt.date) -> float:
    """One ``python -m ocwtool update`` with no new data, start to exit."""
    args = ["-w", str(root), "update", "--to", end.isoformat(), "--base-url", site.base_url]
    command = [sys.executable, "-m", "ocwtool", *args, "--delay", "0", "--no-progress", "--release", "bench"]
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=os.environ)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-days", type=int, default=300)
    parser.add_argument("--days", type=int, default=30)
    args = parser.parse_args()
    base = [START + dt.timedelta(days=k) for k in range(args.base_days)]
    with LocalSite() as site, tempfile.TemporaryDirectory() as tmp:
        site.route("/robots.txt", "User-agent: *\nAllow: /\n", content_type="text/plain")
        publish(site, base)
        init_workspace(Path(tmp), "bench@example.org")
        ws = Workspace(Settings(root=Path(tmp), contact="bench@example.org", delay=0.0))
        seed(ws, site, base)
        opts = CrawlOptions(base_url=site.base_url, delay=0)
        new_day, no_data, built = [], [], []
        days = list(base)
        for _ in range(args.days):
            days.append(days[-1] + dt.timedelta(days=1))
            publish(site, days)
            t0 = time.perf_counter()
            result = update_workspace(ws, opts, end=days[-1], release="bench")
            new_day.append(time.perf_counter() - t0)
            assert result.release is not None and len(result.new) == 1, result
            built.append(sizes(result.release))
            t0 = time.perf_counter()
            again = update_workspace(ws, opts, end=days[-1], release="bench")
            no_data.append(time.perf_counter() - t0)
            assert again.release is None and not again.changed
        process = whole_process(Path(tmp), site, days[-1])
    report(args, new_day, no_data, process, built)


def report(
    args: argparse.Namespace,
    new_day: list[float],
    no_data: list[float],
    process: float,
    built: list[tuple[int, int]],
) -> None:
    print(f"{args.days} daily updates on {args.base_days} base days (release bench, report off in 1.0.0)")
    median = statistics.median(new_day)
    print(f"update with a new day (scrape, split, validate, build): median {median:.2f} s, "
          f"max {max(new_day):.2f} s")  # fmt: skip
    print(f"update with no new data, in process: median {statistics.median(no_data) * 1000:.1f} ms, "
          f"max {max(no_data) * 1000:.1f} ms; whole process: {process:.2f} s")  # fmt: skip
    archives, changelogs = [a for a, _ in built], [c for _, c in built]
    print(f"release archive: {archives[0] / 1024:.0f}-{archives[-1] / 1024:.0f} KiB; "
          f"changelog (CHANGES.md + changelog.json): {min(changelogs)}-{max(changelogs)} bytes")  # fmt: skip


if __name__ == "__main__":
    main()
