"""Kill a real crawl subprocess midway (SIGKILL or SIGINT); the resumed run ends with the same store."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
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


@pytest.fixture(scope="module")
def slow_site() -> Iterator[LocalSite]:
    with LocalSite() as site:
        serve_ocdb(site, EPISODES, delay=0.15)
        yield site


@pytest.fixture(scope="module")
def reference(slow_site: LocalSite, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, object]]:
    """The store of an uninterrupted run."""
    ws = make_workspace(tmp_path_factory.mktemp("reference"))
    subprocess.run(command(ws, slow_site), env=os.environ, check=True, capture_output=True, timeout=120)
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


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["SIGKILL", "SIGINT"])
def test_killed_crawl_resumes_to_the_same_output(
    tmp_path: Path, slow_site: LocalSite, reference: list[dict[str, object]], sig: int
) -> None:
    ws = make_workspace(tmp_path / "killed")
    proc = subprocess.Popen(
        command(ws, slow_site), env=os.environ, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 60
    while done_pages(ws) < 4 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None, "the crawl finished before it could be interrupted"
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    assert not (ws / "puzzles" / "ocdb.jsonl").exists()
    if sig == signal.SIGINT:
        assert proc.returncode == 130
        assert err.decode().endswith(INTERRUPTED + "\n")
    else:
        assert proc.returncode == -signal.SIGKILL
    interrupted_at = done_pages(ws)
    assert 4 <= interrupted_at < len(EPISODES) + 1

    hits_before = len(slow_site.hits)
    resumed = subprocess.run(
        command(ws, slow_site), env=os.environ, capture_output=True, timeout=120, text=True
    )
    assert resumed.returncode == 0, resumed.stderr
    fetched_again = [h.path for h in slow_site.hits[hits_before:] if h.path.startswith("/episode")]
    assert "/episodes/" not in fetched_again  # the index was captured before the interruption
    assert len(fetched_again) <= len(EPISODES) + 1 - interrupted_at + 1  # at most the in-flight page twice
    assert f"from capture {interrupted_at}" in resumed.stderr.splitlines()[0]
    assert comparable(ws) == reference
    assert len(comparable(ws)) == 2 * len(EPISODES)
