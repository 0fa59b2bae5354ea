"""The scrape workflows behind ``ocwtool scrape ocw`` and ``ocwtool scrape smoci``.

``scrape ocw`` writes ``puzzles/ocdb.jsonl`` (source ``ocdb``): the name of the site the walls come
from, so it never overwrites ``puzzles/ocw.jsonl`` written by ``ocwtool import --format ocw``.
``scrape smoci`` fills human performance, team and air date into existing OCW stores
(``ocdb`` and/or ``ocw``) by joining on clue sets.
"""

from __future__ import annotations

from dataclasses import replace

from ocwtool.progress import Progress, silent
from ocwtool.schema.models import Puzzle
from ocwtool.scrapers.base import CrawlOptions
from ocwtool.scrapers.crawl import CrawlReport, crawl
from ocwtool.scrapers.outcome import ScrapeOutcome
from ocwtool.scrapers.sources.ocdb import OcdbSource, WallOptions, coverage_notes
from ocwtool.scrapers.sources.smoci import SmociSource, build_walls, facts
from ocwtool.scrapers.sources.smoci_join import join
from ocwtool.workspace import Workspace

OCDB_STORE = "ocdb"
JOINABLE_STORES = ("ocdb", "ocw")


def crawl_smoci(workspace: Workspace, options: CrawlOptions, *, progress: Progress = silent) -> CrawlReport:
    """Crawl (or replay) the four SMOCI tables."""
    return crawl(SmociSource(), replace(options, limit=None), workspace, progress=progress)


def scrape_ocw(
    workspace: Workspace,
    options: CrawlOptions,
    walls: WallOptions,
    *,
    human_performance: bool = False,
    smoci_base_url: str | None = None,
    progress: Progress = silent,
) -> ScrapeOutcome:
    """ocdb.cc walls -> ``puzzles/ocdb.jsonl`` (joined to SMOCI first when ``human_performance``)."""
    outcome = ScrapeOutcome()
    report = outcome.add_crawl(crawl(OcdbSource(walls), options, workspace, progress=progress))
    puzzles: list[Puzzle] = report.puzzles
    if walls.series is not None and options.limit is None and not report.summary.failures:
        outcome.notes = coverage_notes(puzzles, walls.series)
    if human_performance:
        smoci_opts = replace(options, base_url=smoci_base_url)
        smoci = outcome.add_crawl(crawl_smoci(workspace, smoci_opts, progress=progress))
        puzzles, outcome.joins[OCDB_STORE] = join(puzzles, build_walls(smoci.records), _overlap())
    _write(workspace, puzzles, OCDB_STORE, outcome)
    return outcome


def scrape_smoci(
    workspace: Workspace,
    options: CrawlOptions,
    stores: list[str] | None = None,
    *,
    progress: Progress = silent,
) -> ScrapeOutcome:
    """Crawl SMOCI and enrich the OCW stores given (default: those of ``ocdb``/``ocw`` that exist)."""
    outcome = ScrapeOutcome()
    smoci = outcome.add_crawl(crawl_smoci(workspace, options, progress=progress))
    walls = build_walls(smoci.records)
    chosen = stores or [s for s in JOINABLE_STORES if workspace.puzzles_path(s).exists()]
    for store in chosen:
        with workspace.lock(workspace.puzzles_dir):  # read, join and write: no import in between
            enriched, outcome.joins[store] = join(workspace.stores([store])[store], walls, _overlap())
            _write(workspace, enriched, store, outcome)
    return outcome


def _overlap() -> int:
    return int(facts()["fuzzy_min_overlap"])


def _write(workspace: Workspace, puzzles: list[Puzzle], store: str, outcome: ScrapeOutcome) -> None:
    if not puzzles:
        outcome.unchanged.append(store)
        return
    outcome.written[workspace.puzzles_path(store)] = workspace.write_store(store, puzzles)
