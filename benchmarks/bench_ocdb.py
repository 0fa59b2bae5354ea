"""ocdb.cc parser throughput and an offline rebuild of a synthetic 400-page capture set.

Run: PYTHONPATH=src python benchmarks/bench_ocdb.py  (prints figures; the pages come from the test
fixture generator, so no real data and no network are involved).
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.scrapers.ocdb_pages import WALLS, EpisodeSpec, render_episode, render_index  # noqa: E402

from ocwtool.config import Settings  # noqa: E402
from ocwtool.scrapers.base import CrawlOptions, Page  # noqa: E402
from ocwtool.scrapers.capture import CaptureStore  # noqa: E402
from ocwtool.scrapers.crawl import crawl  # noqa: E402
from ocwtool.scrapers.http import FetchResult  # noqa: E402
from ocwtool.scrapers.sources.ocdb import OcdbSource  # noqa: E402
from ocwtool.stores.puzzles import write_puzzles  # noqa: E402
from ocwtool.workspace import Workspace  # noqa: E402

N_PAGES = 400


def episodes() -> dict[str, str]:
    pages = {}
    for n in range(N_PAGES):
        spec = EpisodeSpec(
            f"Team{n} v Team{n + 1000}",
            1 + n % 15,
            1 + n // 15,
            [WALLS[n % 4], WALLS[(n + 1) % 4]],
            labels="after_all" if n % 2 else "after_group",
            wall_ids=n % 3 != 0,
        )
        pages[f"team{n}-v-team{n + 1000}"] = render_episode(spec)
    return pages


def bench_parser(pages: dict[str, str]) -> float:
    source = OcdbSource()
    items = [Page(url=f"https://ocdb.cc/episode/{s}/", status=200, body=h.encode()) for s, h in pages.items()]
    start = time.perf_counter()
    walls = sum(len(source.parse(p).puzzles) for p in items)
    seconds = time.perf_counter() - start
    assert walls == 2 * N_PAGES
    return len(items) / seconds


def write_captures(raw: Path, pages: dict[str, str]) -> None:
    store = CaptureStore(raw)
    when = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    bodies = {"https://ocdb.cc/episodes/": render_index(list(pages))}
    bodies.update({f"https://ocdb.cc/episode/{s}/": h for s, h in pages.items()})
    for url, html in bodies.items():
        result = FetchResult(url, url, 200, html.encode(), (("Content-Type", "text/html"),), fetched_at=when)
        store.write(url, result)


def bench_offline(root: Path) -> tuple[float, int]:
    settings = Workspace(Settings(root=root))
    start = time.perf_counter()
    report = crawl(OcdbSource(), CrawlOptions(offline=True), settings)
    count = write_puzzles(settings.puzzles_path("ocdb"), report.puzzles)
    return time.perf_counter() - start, count


def bench_cli(root: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    cmd = [sys.executable, "-m", "ocwtool", "-w", str(root), "scrape", "ocw", "--offline", "--no-progress"]
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    pages = episodes()
    print(f"parser throughput: {bench_parser(pages):.0f} episode pages/s ({N_PAGES} pages, 2 walls each)")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        start = time.perf_counter()
        write_captures(root / "raw" / "ocdb", pages)
        print(f"writing {N_PAGES + 1} WARC captures: {time.perf_counter() - start:.2f} s")
        seconds, count = bench_offline(root)
        print(
            f"offline rebuild (library): {seconds:.2f} s for {N_PAGES + 1} captures "
            f"-> {count} walls (target < 5 s)"
        )
        print(f"offline rebuild (CLI, incl. interpreter start): {bench_cli(root):.2f} s")


if __name__ == "__main__":
    main()
