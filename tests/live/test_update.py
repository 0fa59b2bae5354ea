"""``ocwtool update`` against a loopback copy of the endpoint: new days, no new data, bad input."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ocwtool.cli.app import cli
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import init_workspace
from tests.servers import LocalSite

from .site import seeded, serve_days

DAYS = [dt.date(2024, 3, d) for d in range(1, 7)]


@pytest.fixture
def site() -> Iterator[LocalSite]:
    with LocalSite() as s:
        serve_days(s, DAYS)
        yield s


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    init_workspace(tmp_path, "tester@example.org")
    write_puzzles(tmp_path / "puzzles" / "nyt.jsonl", [seeded(DAYS[0]), seeded(DAYS[1], Split.VALIDATION)])
    return tmp_path


def update(ws: Path, site: LocalSite, *args: str) -> Result:
    base = ["-w", str(ws), "update", "--base-url", site.base_url, "--delay", "0", "--no-progress"]
    return CliRunner().invoke(cli, [*base, *args], catch_exceptions=False)


def test_new_days_are_scraped_split_and_released(ws: Path, site: LocalSite) -> None:
    result = update(ws, site, "--to", "2024-03-04", "--release", "nyt-live")
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    assert out[-2:] == [
        "Update 2024-03-03..2024-03-04: 2 new puzzle(s) (split test), 0 corrected, 0 linked (minor change).",
        f"Built {ws / 'releases' / 'nyt-live-1.0.0'}",
    ]
    splits = {p.id: p.split for p in read_puzzles(ws / "puzzles" / "nyt.jsonl")}
    assert splits == {
        "nyt-2024-03-01": Split.TRAIN,  # already assigned: never moves
        "nyt-2024-03-02": Split.VALIDATION,
        "nyt-2024-03-03": Split.TEST,
        "nyt-2024-03-04": Split.TEST,
    }
    part = json.loads((ws / "runs" / "update-parts.jsonl").read_text().splitlines()[-1])
    assert part == {"part": "post-2024-03-03", "from": "2024-03-03", "to": "2024-03-04", "split": "test",
                    "ids": ["nyt-2024-03-03", "nyt-2024-03-04"]}  # fmt: skip
    released = {p: p.read_bytes() for p in (ws / "releases").rglob("*") if p.is_file()}
    again = update(ws, site, "--to", "2024-03-06", "--release", "nyt-live")
    assert again.exit_code == 0, again.output
    assert {p: p.read_bytes() for p in released} == released  # nothing released is rewritten
    assert again.stdout.splitlines()[-1] == f"Built {ws / 'releases' / 'nyt-live-1.1.0'}"
    changes = json.loads((ws / "releases" / "nyt-live-1.1.0" / "changelog.json").read_text())
    assert "nyt-2024-03-05" in json.dumps(changes)


def test_no_new_data_changes_and_builds_nothing(ws: Path, site: LocalSite) -> None:
    assert update(ws, site, "--to", "2024-03-03", "--release", "nyt-live").exit_code == 0
    before = {p: p.read_bytes() for p in ws.rglob("*") if p.is_file()}
    hits = len(site.hits)
    result = update(ws, site, "--to", "2024-03-03", "--release", "nyt-live")
    assert (result.exit_code, result.stdout) == (
        0,
        "Up to date: the last capture is 2024-03-03; nothing scraped, nothing built.\n",
    )
    assert {p: p.read_bytes() for p in ws.rglob("*") if p.is_file()} == before
    assert len(site.hits) == hits


def test_a_day_not_yet_published_builds_nothing(ws: Path, site: LocalSite) -> None:
    result = update(ws, site, "--to", "2024-03-09", "--release", "nyt-live")
    assert result.exit_code == 0, result.output
    assert update(ws, site, "--to", "2024-03-09", "--release", "nyt-live").stdout.splitlines()[-1] == (
        "No new data for 2024-03-07..2024-03-09: nothing changed, nothing built."
    )
    assert sorted(p.name for p in (ws / "releases").iterdir()) == ["nyt-live-1.0.0", "nyt-live-1.0.0.tar.gz"]


def test_bad_input_is_one_line(ws: Path, site: LocalSite, capsys: pytest.CaptureFixture[str]) -> None:
    from ocwtool.cli import main

    def fail(*args: str) -> tuple[int, str]:
        with pytest.raises(SystemExit) as info:
            main(["-w", str(ws), "update", "--base-url", site.base_url, "--delay", "0", *args])
        return int(info.value.code or 0), capsys.readouterr().err

    assert fail("--to", "2024-02-01") == (
        1,
        "Error: --to 2024-02-01 is before the last capture (2024-03-02); give a later date or leave it out\n",
    )
    other = ws / "releases" / "ocw-1.0.0"
    other.mkdir(parents=True)
    (other / "manifest.json").write_text(json.dumps({"counts": {"configs": {"ocw": {"test": 1}}}}))
    assert fail("--to", "2024-03-03", "--release", "ocw") == (
        1,
        "Error: release ocw-1.0.0 holds ocw, not NYT puzzles; choose another --release name\n",
    )


def test_an_interrupted_update_is_finished_by_the_next_run(
    ws: Path, site: LocalSite, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert update(ws, site, "--to", "2024-03-03", "--release", "nyt-live").exit_code == 0

    def stop(*args: object, **kwargs: object) -> None:
        raise RuntimeError("stopped")

    # Stopped right after the scrape: the new days are stored but neither split nor released.
    monkeypatch.setattr("ocwtool.releases.update._link", stop)
    with pytest.raises(RuntimeError, match="stopped"):
        update(ws, site, "--to", "2024-03-05", "--release", "nyt-live")
    monkeypatch.undo()
    assert {p.id: p.split for p in read_puzzles(ws / "puzzles" / "nyt.jsonl")}["nyt-2024-03-05"] is None
    result = update(ws, site, "--to", "2024-03-05", "--release", "nyt-live")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Update resumed (to 2024-03-05): 2 new puzzle(s) (split test), 0 corrected, 0 linked (minor change).",
        f"Built {ws / 'releases' / 'nyt-live-1.1.0'}",
    ]
    splits = {p.id: p.split for p in read_puzzles(ws / "puzzles" / "nyt.jsonl")}
    assert [splits[f"nyt-2024-03-0{d}"] for d in (3, 4, 5)] == [Split.TEST] * 3


def test_up_to_date_imports_no_scraper_or_builder(ws: Path) -> None:
    """The nothing-to-do path is what cron runs daily: it stays light (goal < 2 s a run)."""
    script = (
        "import sys\nfrom ocwtool.cli import main\n"
        f"try:\n    main(['-w', {str(ws)!r}, 'update', '--to', '2024-03-02', '--release', 'nyt-live'])\n"
        "except SystemExit as exit:\n    assert not exit.code, exit.code\n"
        "heavy = ['ocwtool.releases.build', 'ocwtool.scrapers.nyt', 'ocwtool.validators.gate']\n"
        "print([m for m in heavy if m in sys.modules])\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == [
        "Up to date: the last capture is 2024-03-02; nothing scraped, nothing built.",
        "[]",
    ]
