"""Kill a real crawl subprocess midway (SIGKILL or SIGINT); the resumed run ends with the same store.

The loopback server holds the request for one episode page until the signal has been sent, so the
interruption lands at the same point of the crawl however loaded the machine is (no sleeps)."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ocwtool.cli import INTERRUPTED
from tests.scrapers.ocdb_pages import WALLS, EpisodeSpec
from tests.scrapers.ocdb_site import make_workspace, serve_ocdb
from tests.servers import LocalSite

EPISODES = {
    f"team{n}-v-team{n + 100}": EpisodeSpec(
        f"Team{n} v Team{n + 100}", 7, n, [WALLS[n % 4], WALLS[(n + 1) % 4]]
    )
    for n in range(1, 13)
}


HELD_AT = 5  # the crawl is interrupted while it waits for the 5th of the 12 episode pages
TIMEOUT = 60.0  # per-read timeout of every crawl here: generous, so a loaded machine causes no retries
HELD_WITHIN = 300.0  # seconds for the crawl to start and ask for the held page, on a loaded machine


@pytest.fixture(scope="module")
def site() -> Iterator[LocalSite]:
    with LocalSite() as site:
        serve_ocdb(site, EPISODES)
        yield site


@pytest.fixture(scope="module")
def reference(site: LocalSite, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, object]]:
    """The store of an uninterrupted run."""
    ws = make_workspace(tmp_path_factory.mktemp("reference"), timeout=TIMEOUT)
    subprocess.run(command(ws, site), env=os.environ, check=True, capture_output=True, timeout=300)
    return comparable(ws)


def command(ws: Path, site: LocalSite) -> list[str]:
    return [
        sys.executable,
        "-m",
        "ocwtool",
        "-w",
        str(ws),
        "scrape",
        "ocw",
        "--no-progress",
        "--base-url",
        site.base_url,
    ]


def done_pages(ws: Path) -> int:
    path = ws / "raw" / "ocdb" / "frontier.sqlite"
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return int(db.execute("SELECT COUNT(*) FROM urls WHERE state='done'").fetchone()[0])
    except sqlite3.Error:
        return 0


def comparable(ws: Path) -> list[dict[str, object]]:
    """Store records minus the fields that name a particular fetch (time, capture file)."""
    rows = [
        json.loads(line) for line in (ws / "puzzles" / "ocdb.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    for row in rows:
        prov = row["provenance"]
        assert isinstance(prov, dict)
        prov.pop("fetched_at"), prov.pop("capture_id")
    return rows


def captures(ws: Path) -> int:
    return len(list((ws / "raw" / "ocdb" / "warc").rglob("*.warc.gz")))


def interrupt_at_held_page(ws: Path, site: LocalSite, sig: int) -> tuple[int | None, str, list[str]]:
    """Start a crawl, send ``sig`` while the server holds its request for episode HELD_AT (so the
    signal lands midway through real work, whatever the machine's load); its exit code, stderr and
    the episode paths it asked for."""
    hits_before = len(site.hits)
    with site.hold("/episode/", after=HELD_AT - 1) as hold:
        proc = subprocess.Popen(
            command(ws, site), env=os.environ, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        if not hold.wait(HELD_WITHIN, client=proc):
            code = proc.poll()
            proc.kill()
            how = f"was still running after {HELD_WITHIN:.0f} s" if code is None else f"exited with {code}"
            pytest.fail(f"the crawl never asked for episode {HELD_AT}: it {how}; {proc.communicate()[1]}")
        assert proc.poll() is None, f"the crawl ended while its request was held: {proc.communicate()[1]}"
        proc.send_signal(sig)
        try:
            _, err = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            pytest.fail(f"the crawl was still running 120 s after signal {sig}: {proc.communicate()[1]}")
    asked = [h.path for h in site.hits[hits_before:] if h.path.startswith("/episode/")]
    return proc.returncode, err, asked


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["SIGKILL", "SIGINT"])
def test_killed_crawl_resumes_to_the_same_output(
    tmp_path: Path, site: LocalSite, reference: list[dict[str, object]], sig: int
) -> None:
    ws = make_workspace(tmp_path / "killed", timeout=TIMEOUT)
    returncode, err, asked = interrupt_at_held_page(ws, site, sig)
    if sig == signal.SIGINT:
        assert (returncode, err[-len(INTERRUPTED) - 1 :]) == (130, INTERRUPTED + "\n"), err
    else:
        assert returncode == -signal.SIGKILL, err
    # Midway: the index and the episodes before the held one are done and captured, nothing else is.
    assert len(asked) == HELD_AT, asked
    assert (done_pages(ws), captures(ws)) == (HELD_AT, HELD_AT)
    assert not (ws / "puzzles" / "ocdb.jsonl").exists()

    hits_before = len(site.hits)
    resumed = subprocess.run(command(ws, site), env=os.environ, capture_output=True, timeout=300, text=True)
    assert resumed.returncode == 0, resumed.stderr
    fetched_again = [h.path for h in site.hits[hits_before:] if h.path.startswith("/episode")]
    # Only what the interrupted run did not finish, each page once (the held one included).
    assert sorted(fetched_again) == sorted({f"/episode/{slug}/" for slug in EPISODES} - set(asked[:-1]))
    assert re.search(rf"\bfrom capture {HELD_AT}\b", resumed.stderr.splitlines()[0]), resumed.stderr
    assert comparable(ws) == reference
    assert len(comparable(ws)) == 2 * len(EPISODES)
