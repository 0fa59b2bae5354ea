"""``ocwtool update``: bring a workspace's NYT puzzles up to date and, when anything changed,
release the next version.

Steps, each resumable on its own: scrape the days after the last capture (the endpoint, then the
archive only for the days it lacks, into ``nyt-api``/``nyt-archive`` and the canonical store
``nyt``, the one validated and released); link undated NYT boards of the other stores
to the new days; give the new puzzles (and only them) the post-cutoff split ``test``, recording the
dated part in ``runs/update-parts.jsonl``; validate; build ``--release NAME`` at the next version
(:mod:`ocwtool.releases.versioning`). No new data: no store, no report, no release is written.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path

from ocwtool.acquisition.import_steps import link_to_workspace
from ocwtool.errors import ValidationFailed
from ocwtool.progress import Progress, silent
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.update_state import (
    CANONICAL,
    NYT_STORES,
    nothing_to_do,
    pending,
    schema_changed,
    splits,
    unreleased,
    update_span,
)
from ocwtool.releases.versioning import Bump, bump_kind, next_version
from ocwtool.schema.models import Puzzle, Split
from ocwtool.scrapers.base import CrawlOptions
from ocwtool.scrapers.nyt import Crawler, run_nyt_fallback
from ocwtool.scrapers.outcome import ScrapeOutcome
from ocwtool.validators.gate import validate_workspace, write_reports
from ocwtool.workspace import Workspace


@dataclass
class UpdateResult:
    """What an update did: the days asked for, new and corrected puzzle ids, the release built."""

    start: dt.date
    end: dt.date
    new: list[str] = field(default_factory=list)
    corrected: list[str] = field(default_factory=list)
    linked: int = 0
    outcome: ScrapeOutcome | None = None
    bump: Bump | None = None
    release: Path | None = None

    @property
    def changed(self) -> bool:
        return bool(self.new or self.corrected or self.linked)


def update_workspace(
    workspace: Workspace,
    crawl: CrawlOptions,
    *,
    end: dt.date,
    release: str | None = None,
    crawler: Crawler | None = None,
    progress: Progress = silent,
) -> UpdateResult:
    """Scrape, link, split, validate and (``release``) build; see the module's docstring."""
    start, end = update_span(workspace, end, release)
    result = UpdateResult(start, end)
    if nothing_to_do(workspace, (start, end), release):
        return result
    before, kept = _snapshot(workspace), splits(workspace)
    if start <= end:
        result.outcome = run_nyt_fallback(
            workspace, crawl, start=start, end=end, crawler=crawler, progress=progress
        )
        result.linked = _link(workspace)
    after = _snapshot(workspace) if start <= end else before
    result.new = sorted(set(after) - set(before) | pending(workspace, kept))
    result.corrected = sorted(i for i in before if i in after and after[i] != before[i])
    if start <= end or result.new:
        _assign_splits(workspace, kept, set(result.new), result)
    _finish(workspace, result, release, progress)
    return result


def _finish(workspace: Workspace, result: UpdateResult, release: str | None, progress: Progress) -> None:
    """Validate and release when anything changed."""
    major = release is not None and schema_changed(workspace, release)
    result.bump = bump_kind(len(result.new), len(result.corrected) + result.linked, schema_changed=major)
    if result.bump is None and release is not None and unreleased(workspace, release):
        result.bump = "minor"  # the build an interrupted update did not reach
    if result.bump is None:
        return
    report = validate_workspace(workspace, (CANONICAL,), expectations=False, progress=progress)
    _, md_path = write_reports(workspace, report, None, None)
    if not report.ok:
        raise ValidationFailed(f"{len(report.blocking)} error-severity finding(s); see {md_path}")
    if release is not None:
        version = next_version(workspace.releases_dir, release, result.bump)
        result.release, _ = build_release(
            workspace, ReleaseSpec(release, version, sources=(CANONICAL,)), progress=progress
        )


def _snapshot(workspace: Workspace) -> dict[str, str]:
    """Every puzzle of the canonical store as JSON without its split, by id (new vs corrected)."""
    return {p.id: p.model_dump_json(exclude={"split"}) for p in workspace.store(CANONICAL)}


def _link(workspace: Workspace) -> int:
    """Link undated NYT boards of every store to dated ones; how many were linked."""
    linked = 0
    for name, items in workspace.stores(missing_ok=True).items():
        out, report = link_to_workspace(workspace.puzzles_dir, name, items)
        if report.matched:
            workspace.write_store(name, out)
            linked += report.matched
    return linked


def _assign_splits(workspace: Workspace, kept: dict[str, Split], new: set[str], result: UpdateResult) -> None:
    """Assigned puzzles keep their split; new ones of the update's days go to ``test`` (post-cutoff),
    and that dated part is logged in ``runs/update-parts.jsonl``."""

    def assign(items: list[Puzzle]) -> list[Puzzle]:
        out = []
        for p in items:
            if p.id in kept:
                p = p.model_copy(update={"split": kept[p.id]})
            elif p.id in new and p.split is None:
                p = p.model_copy(update={"split": Split.TEST})
            out.append(p)
        return out

    for name in NYT_STORES:
        if workspace.puzzles_path(name).exists():
            workspace.update_store(name, assign)
    if new:
        _log_part(workspace, result)


def _log_part(workspace: Workspace, result: UpdateResult) -> None:
    record = {
        "part": f"post-{result.start.isoformat()}",
        "from": result.start.isoformat(),
        "to": result.end.isoformat(),
        "split": Split.TEST.value,
        "ids": result.new,
    }
    with workspace.lock(workspace.runs_dir):
        path = workspace.update_parts_path
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(record) + "\n")
