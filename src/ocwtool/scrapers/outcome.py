"""What a ``scrape`` run did, for every site (one type) and how it is shown (one renderer).

:class:`ScrapeOutcome` is returned by :func:`ocwtool.scrapers.pipeline.scrape_ocw`,
:func:`~ocwtool.scrapers.pipeline.scrape_smoci` and :func:`ocwtool.scrapers.nyt.run_nyt`;
:func:`render` turns it into the lines the command prints: crawl summaries, dates still missing,
notes and join reports for stderr; stores written and the reconciliation for stdout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ocwtool.acquisition.reconcile import Report, render_table
from ocwtool.scrapers.crawl import CrawlReport
from ocwtool.scrapers.sources.smoci_join import JoinReport
from ocwtool.workspace import Workspace


@dataclass
class ScrapeOutcome:
    """Crawl reports (label, report), join reports per store, the stores written (path -> puzzles),
    stores left unchanged, notes, URLs still missing (404) and the reconciliation, if any."""

    crawls: list[tuple[str, CrawlReport]] = field(default_factory=list)
    joins: dict[str, JoinReport] = field(default_factory=dict)
    written: dict[Path, int] = field(default_factory=dict)
    unchanged: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    reconcile: Report | None = None
    report_paths: tuple[Path, ...] = ()

    def add_crawl(self, report: CrawlReport, label: str | None = None) -> CrawlReport:
        """Record one crawl (labelled with its source unless ``label`` says otherwise)."""
        self.crawls.append((label or report.source, report))
        return report


@dataclass(frozen=True)
class Rendered:
    """An outcome as text: ``stderr`` lines (what happened) and ``stdout`` lines (what was written)."""

    stderr: list[str]
    stdout: list[str]


def render(outcome: ScrapeOutcome, workspace: Workspace) -> Rendered:
    """The lines ``ocwtool scrape ...`` prints; paths inside ``workspace`` are shown relative to it."""
    err = [report.summary.render(label) for label, report in outcome.crawls]
    err += [f"  missing (404) {url}" for url in outcome.missing]
    err += [f"note: {note}" for note in outcome.notes]
    err += [f"[{store}] {join.render()}" for store, join in outcome.joins.items()]
    out = [f"Wrote {count} puzzles to {workspace.rel(path)}" for path, count in outcome.written.items()]
    out += [f"No puzzles parsed; puzzles/{store}.jsonl left unchanged." for store in outcome.unchanged]
    out += [f"Wrote reconciliation report {workspace.rel(path)}" for path in outcome.report_paths]
    if outcome.reconcile is not None:
        out.append(render_table(outcome.reconcile))
    return Rendered(stderr=err, stdout=out)


def nothing_fetched(outcome: ScrapeOutcome) -> str | None:
    """Why a scrape got nothing at all (no page fetched or replayed, some denied or failed), else None.

    Pages the source says do not exist (``missing``) are an answer, not a failure."""
    for label, report in outcome.crawls:
        summary = report.summary
        got = summary.count("fetched") + summary.count("from capture")
        denied, failed = summary.count("robots-denied"), summary.count("failed")
        if got == 0 and denied + failed > 0:
            return (
                f"nothing fetched from {label}: every page was denied by robots.txt or failed "
                f"(robots-denied {denied}, failed {failed}); see the lines above"
            )
    return None
