"""What ``ocwtool update`` reads before it does anything: the last capture, the days to scrape,
and whether an earlier update left work (unassigned new puzzles, an unbuilt release). Light on
purpose: an update with nothing to do imports no scraper, validator or release builder."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ocwtool.errors import InputError
from ocwtool.fsio import read_json
from ocwtool.releases.versioning import release_configs_of, release_counts, released_versions
from ocwtool.schema.corpus import is_text
from ocwtool.schema.fingerprint import schema_fingerprint
from ocwtool.schema.models import Split
from ocwtool.workspace import Workspace

FIRST_DAY = dt.date(2023, 6, 12)
CANONICAL = "nyt"  # what is validated and released; nyt-api and nyt-archive are its two sides
NYT_STORES = (CANONICAL, "nyt-api", "nyt-archive")


def update_span(workspace: Workspace, end: dt.date, release: str | None) -> tuple[dt.date, dt.date]:
    """The days to scrape, ``start..end`` (empty when ``start > end``); bad input raises one line."""
    last = last_capture(workspace)
    if last is not None and end < last:
        raise InputError(f"--to {end} is before the last capture ({last}); give a later date or leave it out")
    if release is not None:
        check_release_name(workspace, release)
    return (last + dt.timedelta(days=1) if last is not None else FIRST_DAY), end


def nothing_to_do(workspace: Workspace, span: tuple[dt.date, dt.date], release: str | None) -> bool:
    """No day to scrape and nothing an interrupted update left behind."""
    if span[0] <= span[1] or pending(workspace, splits(workspace)):
        return False
    return release is None or not (unreleased(workspace, release) or schema_changed(workspace, release))


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


def splits(workspace: Workspace) -> dict[str, Split]:
    """The split each NYT puzzle has before the update (a re-parsed capture comes back without)."""
    stores = workspace.stores(missing_ok=True)
    return {p.id: p.split for name in NYT_STORES for p in stores.get(name, []) if p.split is not None}


def pending(workspace: Workspace, kept: dict[str, Split]) -> set[str]:
    """Unassigned canonical puzzles newer than every assigned one: left by an interrupted update."""
    dated = [(p.id, p.nyt.date) for p in workspace.store(CANONICAL) if p.nyt is not None]
    cutoff = max((day for pid, day in dated if pid in kept), default=None)
    return {pid for pid, day in dated if cutoff is not None and pid not in kept and day > cutoff}


def schema_changed(workspace: Workspace, name: str) -> bool:
    """Whether ``name``'s latest version was built with another puzzle schema than this ocwtool's
    (a major version). A release from before fingerprints were recorded counts as unchanged."""
    manifest = _latest_manifest(workspace, name)
    recorded = manifest.get("schema", {}).get("puzzle") if manifest else None
    return isinstance(recorded, str) and recorded != schema_fingerprint()


def _latest_manifest(workspace: Workspace, name: str) -> dict[str, Any] | None:
    versions = released_versions(workspace.releases_dir, name)
    path = workspace.release(name, versions[-1]).manifest if versions else None
    data = read_json(path) if path is not None and path.is_file() else None
    return data if isinstance(data, dict) else None


def unreleased(workspace: Workspace, name: str) -> bool:
    """Whether the canonical store holds more puzzles than ``name``'s latest version (an update
    interrupted before its build)."""
    versions = released_versions(workspace.releases_dir, name)
    folder = workspace.release(name, versions[-1]).root if versions else None
    if folder is None or not (folder / "manifest.json").is_file():
        return False
    shipped = sum(release_counts(folder).get(CANONICAL, {}).values())
    return shipped < sum(1 for p in workspace.store(CANONICAL) if is_text(p))
