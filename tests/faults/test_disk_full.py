"""Hole 5: a full disk gives one clear line, leaves no stray or half-written file, and a rerun resumes."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.errors import OcwError
from ocwtool.fsio import atomic_open, write_text
from ocwtool.scrapers.frontier import Frontier
from tests.scrapers.ocdb_pages import render_index
from tests.scrapers.ocdb_site import make_workspace, serve_ocdb
from tests.servers import LocalSite

FULL = Path("/dev/full")
needs_dev_full = pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full (Linux)")


def run(ws: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(["-w", str(ws), *args])
    out = capsys.readouterr()
    return int(info.value.code or 0), out.out, out.err


@needs_dev_full
def test_atomic_write_removes_its_temp_file_when_close_fails(tmp_path: Path) -> None:
    target = tmp_path / "store.jsonl"
    target.write_text("old\n")
    refused = pytest.raises(OcwError, match=r"store\.jsonl: cannot write: No space left on device")
    with refused, atomic_open(target, "w") as fh:
        fh.write("new line\n" * 100)  # still in the buffer: flush and close will hit the full disk
        full = os.open(FULL, os.O_WRONLY)
        os.dup2(full, fh.fileno())
        os.close(full)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store.jsonl"]
    assert target.read_text() == "old\n"
    write_text(target, "new\n")  # and the next write works
    assert target.read_text() == "new\n"


def test_a_full_frontier_database_is_one_clear_error(tmp_path: Path) -> None:
    frontier = Frontier(tmp_path / "frontier.sqlite")
    pages = frontier._db.execute("PRAGMA page_count").fetchone()[0]
    frontier._db.execute(f"PRAGMA max_page_count={pages}")  # the database cannot grow: SQLITE_FULL
    with pytest.raises(OcwError, match=r"frontier\.sqlite: .*database or disk is full"):
        frontier.add(f"https://ocdb.cc/episode/{'x' * 60}-{k}/" for k in range(500))
    frontier.close()


def test_scrape_on_a_full_disk_says_so_in_one_line_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    slugs = [f"team-number-{k}-with-a-rather-long-name-v-another-team-{k}" for k in range(400)]
    with LocalSite() as site:
        serve_ocdb(site)
        site.route("/episodes/", render_index(slugs))
        ws = make_workspace(tmp_path / "ws")
        real = Frontier.__init__

        def init(self: Frontier, path: Path | None) -> None:
            real(self, path)
            pages = self._db.execute("PRAGMA page_count").fetchone()[0]
            self._db.execute(f"PRAGMA max_page_count={pages}")

        monkeypatch.setattr(Frontier, "__init__", init)
        code, _, err = run(ws, capsys, "scrape", "ocw", "--no-progress", "--base-url", site.base_url)
        monkeypatch.undo()
        assert code == 1
        assert err.startswith("Error: ") and "database or disk is full" in err
        assert "Traceback" not in err and len(err.splitlines()) == 1
        code, _, err = run(ws, capsys, "scrape", "ocw", "--no-progress", "--base-url", site.base_url)
    assert "Traceback" not in err
    db = sqlite3.connect(ws / "raw" / "ocdb" / "frontier.sqlite")
    states = dict(db.execute("SELECT state, COUNT(*) FROM urls GROUP BY state").fetchall())
    db.close()
    assert sum(states.values()) == 401 and "todo" not in states  # the rerun finished every queued URL
