"""``ocwtool update``: bring a workspace's NYT puzzles up to date and, when anything changed,
release the next version.

Steps, each resumable on its own: scrape the days after the last capture (the endpoint, the archive
filling the days it lacks: ``scrape nyt --source both``, into the canonical store ``nyt``, the
one validated and released); link undated NYT boards of the other stores
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
from ocwtool.errors import InputError, ValidationFailed
from ocwtool.progress import Progress, silent
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.versioning import (
    Bump,
    bump_kind,
    next_version,
    release_configs_of,
    release_counts,
    released_versions,
)
from ocwtool.schema.corpus import is_text
from ocwtool.schema.models import Puzzle, Split
from ocwtool.scrapers.base import CrawlOptions
from ocwtool.scrapers.nyt import Crawler, run_nyt
from ocwtool.scrapers.outcome import ScrapeOutcome
from ocwtool.validators.gate import validate_workspace, write_reports
from ocwtool.workspace import Workspace

FIRST_DAY = dt.date(2023, 6, 12)
CANONICAL = "nyt"  # what is validated and released; nyt-api and nyt-archive are its two sides
NYT_STORES = (CANONICAL, "nyt-api", "nyt-archive")


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


def last_capture(workspace: Workspace) -> dt.date | None:
    """The newest NYT day the workspace holds (any NYT store), None before the first scrape."""
    stores = workspace.stores(missing_ok=True)
    days = [p.nyt.date for name in NYT_STORES for p in stores.get(name, []) if p.nyt is not None]
    return max(days, default=None)


def check_release_name(workspace: Workspace, name: str) -> None:
    """A release name already used for other content (no ``nyt`` config) is refused."""
    folders = [
        workspace.release(name, version).root for version in released_versions(workspace.releases_dir, name)
    ]
    for folder in (f for f in folders if (f / "manifest.json").is_file()):
        configs = release_configs_of(folder)
        if "nyt" not in configs:
            raise InputError(
                f"release {folder.name} holds {', '.join(configs) or 'no config'}, not NYT puzzles; "
                "choose another --release name"
            )


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
    last = last_capture(workspace)
    if last is not None and end < last:
        raise InputError(f"--to {end} is before the last capture ({last}); give a later date or leave it out")
    if release is not None:
        check_release_name(workspace, release)
    start = last + dt.timedelta(days=1) if last is not None else FIRST_DAY
    result = UpdateResult(start, end)
    before, kept = _snapshot(workspace), _splits(workspace)
    if start <= end:
        stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
        result.outcome = run_nyt(
            workspace, "both", crawl, start=start, end=end, stamp=stamp, crawler=crawler, progress=progress
        )
        result.linked = _link(workspace)
    after = _snapshot(workspace) if start <= end else before
    result.new = sorted(set(after) - set(before) | _pending(workspace, kept))
    result.corrected = sorted(i for i in before if i in after and after[i] != before[i])
    if start <= end or result.new:
        _assign_splits(workspace, kept, set(result.new), result)
    _finish(workspace, result, release, progress)
    return result


def _pending(workspace: Workspace, kept: dict[str, Split]) -> set[str]:
    """Unassigned canonical puzzles newer than every assigned one: left by an interrupted update."""
    dates = [p.nyt.date for p in workspace.store(CANONICAL) if p.nyt is not None and p.id in kept]
    if not dates:
        return set()
    return {
        p.id
        for p in workspace.store(CANONICAL)
        if p.nyt is not None and p.id not in kept and p.nyt.date > max(dates)
    }


def _unreleased(workspace: Workspace, name: str) -> bool:
    """Whether the canonical store holds more puzzles than ``name``'s latest version (an update
    interrupted before its build)."""
    versions = released_versions(workspace.releases_dir, name)
    folder = workspace.release(name, versions[-1]).root if versions else None
    if folder is None or not (folder / "manifest.json").is_file():
        return False
    shipped = sum(release_counts(folder).get(CANONICAL, {}).values())
    return shipped < sum(1 for p in workspace.store(CANONICAL) if is_text(p))


def _finish(workspace: Workspace, result: UpdateResult, release: str | None, progress: Progress) -> None:
    """Validate and release when anything changed."""
    result.bump = bump_kind(len(result.new), len(result.corrected) + result.linked, schema_changed=False)
    if result.bump is None and release is not None and _unreleased(workspace, release):
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


def _splits(workspace: Workspace) -> dict[str, Split]:
    """The split each NYT puzzle has before the update (a re-parsed capture comes back without)."""
    stores = workspace.stores(missing_ok=True)
    return {p.id: p.split for name in NYT_STORES for p in stores.get(name, []) if p.split is not None}


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
