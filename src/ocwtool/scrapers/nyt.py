"""Scraping NYT Connections end to end: crawl the API and/or the archive, write stores, reconcile.

Stores: ``puzzles/nyt-api.jsonl``, ``puzzles/nyt-archive.jsonl``; with both sources also the
canonical ``puzzles/nyt.jsonl`` (every day of either side, the preferred side's version when both
have it) and ``runs/nyt-reconcile-<UTC stamp>.json`` + ``.txt``. Each store is merged with what it
already holds (new records replace old ones by id), so a narrow ``--from/--to`` run never drops
earlier days, and days ``nyt`` holds from an import of the NYT archive stay.

A 404 from the API is *missing*, not a failure; missing dates are tried once more after the sweep
(the API has answered spuriously with 404 before), then left missing; the next live run asks for
them again (a date may simply not have been published yet).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Literal

from ocwtool.acquisition.reconcile import Report, merge, reconcile, render_table, within
from ocwtool.fsio import write_json, write_text
from ocwtool.progress import Progress, silent
from ocwtool.schema.models import Puzzle
from ocwtool.scrapers.base import CrawlOptions, Source
from ocwtool.scrapers.crawl import CrawlReport, crawl
from ocwtool.scrapers.frontier import Frontier
from ocwtool.scrapers.outcome import ScrapeOutcome
from ocwtool.scrapers.sources.nyt_api import NytApiSource
from ocwtool.scrapers.sources.tryhard import TryhardSource
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import Workspace

Which = Literal["api", "archive", "both"]
CANONICAL = "nyt"
Crawler = Callable[[Source, CrawlOptions, Workspace], CrawlReport]


def run_nyt(
    workspace: Workspace,
    which: Which,
    options: CrawlOptions,
    *,
    start: dt.date,
    end: dt.date,
    prefer: Literal["api", "archive"] = "api",
    stamp: str = "",
    crawler: Crawler | None = None,
    progress: Progress = silent,
) -> ScrapeOutcome:
    """Crawl the chosen sources over ``start..end``, write their stores, and reconcile when both.

    ``crawler`` replaces :func:`ocwtool.scrapers.crawl.crawl` (tests pass fast retry settings).
    """
    do_crawl: Crawler = crawler or partial(crawl, progress=progress)
    run = ScrapeOutcome()
    opts = replace(options, date_from=start, date_to=end)
    got: dict[str, list[Puzzle]] = {}
    if which in ("api", "both"):
        got["api"] = _crawl_api(NytApiSource(start, end), opts, workspace, do_crawl, run)
    if which in ("archive", "both"):
        source = TryhardSource(start, end)
        report = run.add_crawl(do_crawl(source, opts, workspace))
        got["archive"] = _write_store(workspace, source.name, report.puzzles, run)
    if which == "both":
        _reconcile(workspace, got["api"], got["archive"], prefer, stamp, run)
    return run


def run_nyt_fallback(
    workspace: Workspace,
    options: CrawlOptions,
    *,
    start: dt.date,
    end: dt.date,
    crawler: Crawler | None = None,
    progress: Progress = silent,
) -> ScrapeOutcome:
    """``ocwtool update``'s crawl: the endpoint over ``start..end``, then the archive only for the days
    the endpoint lacks (none: the archive is not asked). No day comes from both sides, so there is
    nothing to reconcile and no report; the days found go to their stores and the canonical one."""
    do_crawl: Crawler = crawler or partial(crawl, progress=progress)
    run = ScrapeOutcome()
    opts = replace(options, date_from=start, date_to=end)
    api = [
        p
        for p in _crawl_api(NytApiSource(start, end), opts, workspace, do_crawl, run)
        if _dated(p, start, end)
    ]
    lacking = frozenset(_days(start, end)) - {p.nyt.date for p in api if p.nyt is not None}
    archive: list[Puzzle] = []
    if lacking:
        report = run.add_crawl(do_crawl(TryhardSource(days=lacking), opts, workspace))
        archive = [p for p in report.puzzles if p.nyt is not None and p.nyt.date in lacking]
        if archive:
            _write_store(workspace, TryhardSource.name, archive, run)
    if api or archive:
        _write_store(workspace, CANONICAL, merge(api, archive), run)
    return run


def _dated(p: Puzzle, start: dt.date, end: dt.date) -> bool:
    return p.nyt is not None and start <= p.nyt.date <= end


def _days(start: dt.date, end: dt.date) -> list[dt.date]:
    return [start + dt.timedelta(days=k) for k in range((end - start).days + 1)]


def _crawl_api(
    source: NytApiSource, opts: CrawlOptions, workspace: Workspace, do_crawl: Crawler, run: ScrapeOutcome
) -> list[Puzzle]:
    frontier = workspace.frontier_path(source.name)
    raw = workspace.raw_dir(source.name)
    with workspace.lock(reading=(raw,)) if opts.offline else workspace.lock(raw):  # both sweeps at once
        if not opts.offline:
            requeue_missing(frontier)  # dates missing last run (not yet published, or a spurious 404)
        report = run.add_crawl(do_crawl(source, opts, workspace))
        if report.summary.counters["missing"] and not opts.offline:
            # Once more, after the sweep: the endpoint has answered a spurious 404 before.
            requeued = requeue_missing(frontier)
            if requeued:
                label = f"{source.name} (404s tried again: {requeued})"
                report = run.add_crawl(do_crawl(source, opts, workspace), label)
            run.missing = missing_urls(frontier)
    return _write_store(workspace, source.name, report.puzzles, run)


def requeue_missing(frontier_path: Path) -> int:
    """Mark the frontier's ``missing`` URLs ``todo`` again; how many."""
    if not frontier_path.exists():
        return 0
    frontier = Frontier(frontier_path)
    try:
        return frontier.requeue(["missing"])
    finally:
        frontier.close()


def missing_urls(frontier_path: Path) -> list[str]:
    """The URLs the frontier records as ``missing`` (404), in frontier order."""
    if not frontier_path.exists():
        return []
    frontier = Frontier(frontier_path)
    try:
        return [url for url, _, _ in frontier.rows("missing")]
    finally:
        frontier.close()


def _write_store(workspace: Workspace, name: str, puzzles: list[Puzzle], run: ScrapeOutcome) -> list[Puzzle]:
    """Merge ``puzzles`` into the store ``name`` (new replace old by id); return its content."""
    path = workspace.puzzles_path(name)
    merged = workspace.update_store(name, lambda old: _replace_keeping_splits(old, puzzles))
    run.written[path] = len(merged)
    return merged


def _replace_keeping_splits(old: list[Puzzle], new: list[Puzzle]) -> list[Puzzle]:
    """``old`` with ``new`` replacing records by id; a re-parsed capture carries no split, so a
    record keeps the split it was assigned (assigned puzzles never move)."""
    splits = {p.id: p.split for p in old if p.split is not None}
    fresh = [
        p.model_copy(update={"split": splits[p.id]}) if p.split is None and p.id in splits else p for p in new
    ]
    return list({p.id: p for p in [*old, *fresh]}.values())


def _reconcile(
    workspace: Workspace,
    api: list[Puzzle],
    archive: list[Puzzle],
    prefer: str,
    stamp: str,
    run: ScrapeOutcome,
) -> None:
    run.reconcile = report = reconcile(api, archive, "nyt-api", "nyt-archive")
    first, second = (api, archive) if prefer == "api" else (archive, api)
    # Merged into what `nyt` holds, like the other stores: days it has from elsewhere (the NYT
    # archive import writes `nyt` too) stay, days fetched here replace theirs.
    _write_store(workspace, CANONICAL, merge(first, second), run)
    as_json, as_text = workspace.nyt_reconcile_paths(stamp or "latest")
    with workspace.lock(workspace.runs_dir):
        write_json(as_json, report.to_json() | {"prefer": prefer})
        write_text(as_text, render_table(report) + "\n")
    run.report_paths = (as_json, as_text)


def reconcile_files(
    workspace: Workspace,
    files: tuple[Path, Path],
    names: tuple[str, str],
    start: dt.date | None = None,
    end: dt.date | None = None,
    output: Path | None = None,
) -> Report:
    """``ocwtool reconcile``: compare two store files (read as one snapshot of the stores) over
    ``start..end``; with ``output``, also write the JSON report there (under the lock of its folder
    when it is in the workspace)."""
    with workspace.lock(reading=(workspace.puzzles_dir,)):
        left, right = (within(read_puzzles(path), start, end) for path in files)
    report = reconcile(left, right, *names)
    if output is not None:
        with workspace.writing_files(output):
            write_json(output, report.to_json())
    return report
