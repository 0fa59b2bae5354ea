"""``ocwtool update``'s sources: the archive only for the days the endpoint lacks, nothing written for
days nobody has published, and a schema change released as a major version."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from ocwtool.stores.puzzles import read_puzzles
from tests.servers import LocalSite

from .site import serve_archive_days, serve_days
from .test_update import DAYS, update
from .test_update import ws as ws  # the fixture: a workspace holding DAYS[0] and DAYS[1]

LISTING = "/nyt-connections-answers/"


@pytest.fixture
def site() -> Iterator[LocalSite]:
    with LocalSite() as s:
        serve_days(s, DAYS[:4])  # the endpoint lacks 2024-03-05
        serve_archive_days(s, [DAYS[3], DAYS[4]])
        yield s


def test_the_archive_fills_only_the_days_the_endpoint_lacks(ws: Path, site: LocalSite) -> None:
    first = update(ws, site, "--to", "2024-03-04")
    assert first.exit_code == 0, first.output
    assert site.hits_for(LISTING) == 0  # the endpoint had every day: the archive is not asked
    second = update(ws, site, "--to", "2024-03-05")
    assert second.exit_code == 0, second.output
    assert site.hits_for(LISTING) == 1
    archive = read_puzzles(ws / "puzzles" / "nyt-archive.jsonl")
    assert [p.id for p in archive] == ["nyt-2024-03-05"]  # not 03-04, which the endpoint had
    canonical = {p.id: p.provenance.source for p in read_puzzles(ws / "puzzles" / "nyt.jsonl")}
    assert canonical["nyt-2024-03-05"] == "nyt-archive"
    assert canonical["nyt-2024-03-04"] == "nyt-api"
    assert second.stdout.splitlines()[-1] == (
        "Update 2024-03-05..2024-03-05: 1 new puzzle(s) (split test), 0 corrected, 0 linked (minor change)."
    )


def test_days_nobody_has_published_write_nothing(ws: Path, site: LocalSite) -> None:
    assert update(ws, site, "--to", "2024-03-05").exit_code == 0
    before = {p: p.read_bytes() for p in (ws / "puzzles").rglob("*") if p.is_file()}
    runs = sorted((ws / "runs").rglob("*"))
    result = update(ws, site, "--to", "2024-03-08")  # a later --to, and no source has those days
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == (
        "No new data for 2024-03-06..2024-03-08: nothing changed, nothing built."
    )
    assert {p: p.read_bytes() for p in (ws / "puzzles").rglob("*") if p.is_file()} == before
    assert sorted((ws / "runs").rglob("*")) == runs  # no reconcile report, no part


def test_a_schema_change_is_a_major_version(ws: Path, site: LocalSite) -> None:
    assert update(ws, site, "--to", "2024-03-03", "--release", "nyt-live").exit_code == 0
    manifest_path = ws / "releases" / "nyt-live-1.0.0" / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    assert manifest["schema"]["puzzle"].startswith("sha256:")
    # As if 1.0.0 had been built by an ocwtool with another puzzle schema:
    manifest["schema"]["puzzle"] = "sha256:0000000000000000"
    manifest_path.write_text(json.dumps(manifest))
    result = update(ws, site, "--to", "2024-03-03", "--release", "nyt-live")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Update (puzzle schema changed, to 2024-03-03): 0 new puzzle(s) (split test), 0 corrected, "
        "0 linked (major change).",
        f"Built {ws / 'releases' / 'nyt-live-2.0.0'}",
    ]
    again = update(ws, site, "--to", "2024-03-03", "--release", "nyt-live")
    assert again.stdout == "Up to date: the last capture is 2024-03-03; nothing scraped, nothing built.\n"


def test_the_fingerprint_ignores_prose_but_not_fields() -> None:
    from ocwtool.schema import fingerprint
    from ocwtool.schema.models import Puzzle

    base = fingerprint._shape(Puzzle.model_json_schema())
    worded = fingerprint._shape(Puzzle.model_json_schema() | {"description": "reworded"})
    assert worded == base
    assert "title" in fingerprint._named({"title": {"type": "string", "title": "Title"}})
    assert fingerprint.schema_fingerprint() == fingerprint.schema_fingerprint()
