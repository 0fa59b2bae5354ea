"""WARC captures (atomic, verified, provenance) and the SQLite frontier."""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
from pathlib import Path

import pytest
from warcio.archiveiterator import ArchiveIterator

from ocwtool.errors import CaptureError
from ocwtool.scrapers.capture import CaptureStore
from ocwtool.scrapers.frontier import Frontier
from ocwtool.scrapers.http import FetchResult

BODY = "<p>Smith &amp; Wesson — café</p>".encode()
WHEN = dt.datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=dt.UTC)


def result(body: bytes = BODY, when: dt.datetime = WHEN) -> FetchResult:
    return FetchResult(
        url="http://127.0.0.1:9/episode/a-v-b/",
        final_url="http://127.0.0.1:9/episode/a-v-b/",
        status=200,
        body=body,
        headers=(("Content-Type", "text/html; charset=utf-8"), ("Content-Encoding", "gzip")),
        request_headers=(("User-Agent", "ocwtool/test"),),
        fetched_at=when,
    )


def test_capture_round_trip_with_provenance(tmp_path: Path) -> None:
    store = CaptureStore(tmp_path / "raw" / "ocdb")
    url = "https://ocdb.cc/episode/a-v-b/"
    cap = store.write(url, result())
    assert cap.body == BODY and cap.status == 200 and cap.url == url
    assert cap.final_url == "http://127.0.0.1:9/episode/a-v-b/"
    assert cap.sha256 == hashlib.sha256(BODY).hexdigest()
    assert cap.fetched_at == WHEN
    assert cap.capture_id.startswith("warc/") and cap.capture_id.endswith(".warc.gz")
    page = store.latest(url).page()  # type: ignore[union-attr]
    assert page.text == BODY.decode() and page.capture_id == cap.capture_id
    with open(store.root / cap.capture_id, "rb") as fh:
        records = list((r.rec_type, r.rec_headers.get_header("WARC-Target-URI")) for r in ArchiveIterator(fh))
    assert [kind for kind, _ in records] == ["request", "response"]
    assert list(tmp_path.rglob("*.tmp")) == []


def test_refresh_keeps_history_and_reads_newest(tmp_path: Path) -> None:
    store = CaptureStore(tmp_path)
    url = "https://ocdb.cc/x/"
    store.write(url, result(b"old"))
    store.write(url, result(b"new", WHEN + dt.timedelta(seconds=1)))
    assert store.latest(url).body == b"new"  # type: ignore[union-attr]
    assert len(list(store.iter_paths())) == 2
    assert store.latest("https://ocdb.cc/never/") is None


def test_corrupt_capture_is_a_clear_error(tmp_path: Path) -> None:
    store = CaptureStore(tmp_path)
    cap = store.write("https://ocdb.cc/x/", result())
    path = store.root / cap.capture_id
    data = gzip.decompress(path.read_bytes()).replace(b"Wesson", b"Wessun")
    path.write_bytes(data)  # warcio reads uncompressed WARC too: only the checksum can tell
    with pytest.raises(
        CaptureError, match=r"expected sha256 [0-9a-f]{64}, got [0-9a-f]{64}; re-run with --refresh"
    ):
        store.latest("https://ocdb.cc/x/")


def test_unreadable_capture_is_a_one_line_error(tmp_path: Path) -> None:
    store = CaptureStore(tmp_path)
    cap = store.write("https://ocdb.cc/x/", result())
    path = store.root / cap.capture_id
    path.write_bytes(path.read_bytes()[:-40])  # a torn file (cannot happen with atomic writes)
    with pytest.raises(
        CaptureError,
        match=r"(unreadable capture|not an ocwtool capture|expected sha256).*; re-run with --refresh",
    ) as info:
        store.latest("https://ocdb.cc/x/")
    assert "\n" not in str(info.value)


def test_frontier_states_persist(tmp_path: Path) -> None:
    path = tmp_path / "frontier.sqlite"
    frontier = Frontier(path)
    assert frontier.add(["u1", "u2"], seed=True) == 2
    assert frontier.add(["u2", "u3"]) == 1
    assert frontier.next_todo() == "u1"
    frontier.set_state("u1", "done")
    frontier.set_state("u2", "failed", "HTTP 500")
    frontier.close()
    again = Frontier(path)
    assert again.rows() == [("u1", "done", None), ("u2", "failed", "HTTP 500"), ("u3", "todo", None)]
    assert again.count(seed=False) == 1
    assert again.requeue(["failed"]) == 1
    assert again.next_todo() == "u2"
