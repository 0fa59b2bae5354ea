"""``ocwtool scrape ocw`` end to end against a faulty loopback ocdb mirror."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli import main
from ocwtool.cli.app import cli
from tests.scrapers.ocdb_site import make_workspace, serve_ocdb
from tests.servers import Fault, LocalSite


@pytest.fixture
def site() -> Iterator[LocalSite]:
    with LocalSite() as s:
        serve_ocdb(s)
        yield s


def scrape(ws: Path, *args: str) -> object:
    return CliRunner().invoke(cli, ["-w", str(ws), "scrape", "ocw", "--no-progress", *args])


def read_store(ws: Path) -> list[dict[str, object]]:
    lines = (ws / "puzzles" / "ocdb.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def test_crawl_with_every_fault_completes_with_correct_output(tmp_path: Path, site: LocalSite) -> None:
    site.fail("/episodes/", Fault.status_code(429, retry_after="1"))
    site.fail("/episode/pianists-v-tuners/", Fault.status_code(503), Fault.status_code(503))
    site.fail("/episode/cartographers-v-bakers/", Fault.reset())
    site.fail("/episode/fire-eaters-vs-eurovisionaries/", Fault.truncate())
    site.fail("/episode/orienteers-v-gamemasters-2/", Fault.slow(1.5))
    ws = make_workspace(tmp_path / "ws")
    result = scrape(ws, "--base-url", site.base_url)
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    assert result.stdout == "Wrote 8 puzzles to puzzles/ocdb.jsonl\n"  # type: ignore[attr-defined]
    stderr = result.stderr.splitlines()  # type: ignore[attr-defined]
    assert stderr[0] == (
        "ocdb: fetched 6, from capture 0, robots-denied 1, retried 6 (HTTP 429: 1, HTTP 503: 2, "
        "ReadError: 1, ReadTimeout: 1, RemoteProtocolError (body): 1), failed 1 (parse errors: 1), puzzles 8"
    )
    assert stderr[1] == (
        "  failed https://ocdb.cc/episode/lost-v-found/: no connecting wall found (looked for div#wall_N, "
        ".question with .wall-container after #round3, any .wall-container): unrecognised layout"
    )
    assert stderr[2] == "  robots-denied https://ocdb.cc/episode/secret-v-hidden/"
    records = read_store(ws)
    assert [r["id"] for r in records] == [
        "ocdb-cartographers-v-bakers-1",
        "ocdb-cartographers-v-bakers-2",
        "ocdb-pianists-v-tuners-1",
        "ocdb-pianists-v-tuners-2",
        "ocdb-fire-eaters-vs-eurovisionaries-1",
        "ocdb-fire-eaters-vs-eurovisionaries-2",
        "ocdb-orienteers-v-gamemasters-2-1",
        "ocdb-orienteers-v-gamemasters-2-2",
    ]
    first = records[0]
    assert first["ocw"] == {
        "season": 2,
        "episode": 3,
        "wall_name": "Alpha",
        "wall_index": 1,
        "teams": ["Cartographers", "Bakers"],
        "source_url": "https://ocdb.cc/episode/cartographers-v-bakers/",
        "title": "Cartographers v Bakers",
    }
    assert site.hits_for("/episode/secret-v-hidden/") == 0
    assert site.hits_for("/episode/christmas-elves-v-reindeer/") == 0


def test_offline_rebuild_gives_the_same_store_without_network(tmp_path: Path, site: LocalSite) -> None:
    ws = make_workspace(tmp_path / "ws")
    assert scrape(ws, "--base-url", site.base_url).exit_code == 0  # type: ignore[attr-defined]
    live = (ws / "puzzles" / "ocdb.jsonl").read_text(encoding="utf-8")
    site.stop()
    make_workspace(ws, contact=None)  # offline needs no contact
    result = scrape(ws, "--offline")
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    assert result.stderr.splitlines()[0] == (  # type: ignore[attr-defined]
        "ocdb: fetched 0, from capture 6, robots-denied 0, retried 0, "
        "failed 2 (not captured: 1, parse errors: 1), puzzles 8"
    )
    assert (ws / "puzzles" / "ocdb.jsonl").read_text(encoding="utf-8") == live


def test_series_specials_and_limit(tmp_path: Path, site: LocalSite) -> None:
    ws = make_workspace(tmp_path / "ws")
    assert scrape(ws, "--base-url", site.base_url, "--series", "4-5", "--specials").exit_code == 0  # type: ignore[attr-defined]
    ids = [r["id"] for r in read_store(ws)]
    assert "ocdb-cartographers-v-bakers-1" not in ids and "ocdb-pianists-v-tuners-1" in ids
    specials = [r for r in read_store(ws) if "special" in r.get("flags", [])]
    assert specials == []  # the special has no series, so a series range excludes it
    ws2 = make_workspace(tmp_path / "ws2")
    assert scrape(ws2, "--base-url", site.base_url, "--limit", "1").exit_code == 0  # type: ignore[attr-defined]
    assert [r["id"] for r in read_store(ws2)] == ["ocdb-pianists-v-tuners-1", "ocdb-pianists-v-tuners-2"]


def test_live_crawl_without_contact_refuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = make_workspace(tmp_path / "ws", contact=None)
    with pytest.raises(SystemExit) as exit_info:
        main(["-w", str(ws), "scrape", "ocw", "--base-url", "http://127.0.0.1:9"])
    assert exit_info.value.code == 1
    assert capsys.readouterr().err == (
        'Error: a live crawl needs a contact for its User-Agent: set contact = "you@example.org" in '
        f"{ws / 'ocwtool.toml'} (or export OCWTOOL_CONTACT=you@example.org); "
        "--offline re-parses captures without one\n"
    )


def test_bad_series_range_is_a_usage_error(tmp_path: Path) -> None:
    result = scrape(make_workspace(tmp_path / "ws"), "--series", "15-1", "--offline")
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "Invalid value: range 15-1 is empty; write the smaller number first" in result.output  # type: ignore[attr-defined]


def test_bad_base_url_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = make_workspace(tmp_path / "ws")
    with pytest.raises(SystemExit) as exit_info:
        main(["-w", str(ws), "scrape", "ocw", "--no-progress", "--base-url", "127.0.0.1:8000"])
    assert exit_info.value.code == 1
    assert capsys.readouterr().err == (
        "Error: base URL '127.0.0.1:8000' needs a scheme and a host, e.g. http://127.0.0.1:8000\n"
    )


def test_unreachable_robots_txt_denies_the_host(tmp_path: Path, site: LocalSite) -> None:
    site.fail("/robots.txt", *[Fault.status_code(503)] * 4)
    result = scrape(make_workspace(tmp_path / "ws"), "--base-url", site.base_url)
    assert result.exit_code == 1  # type: ignore[attr-defined]  # nothing fetched: an error (#13)
    assert result.stdout == ""  # type: ignore[attr-defined]
    assert result.stderr.splitlines()[1] == (  # type: ignore[attr-defined]
        "  robots-denied https://ocdb.cc/episodes/ (robots.txt unreachable, host treated as disallowed)"
    )
    assert site.hits_for("/episodes/") == 0
