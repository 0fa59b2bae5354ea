"""Issue #30 item 6, crawl bounds: ``ocwtool scrape ocw`` against real loopback mirrors (tests/servers.py)
that send over-long and unparseable links, absurd ``Crawl-delay``s, huge pages (sized and streamed),
and redirects to another port, to ``localhost``, to ``file:`` and ``ftp:``. Each bad page fails alone,
with its reason in the summary and the frontier; the rest of the crawl and the store are written."""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.config import load_settings
from ocwtool.scrapers.capture import CaptureStore
from ocwtool.scrapers.frontier import Frontier
from tests.scrapers.ocdb_pages import render_index
from tests.scrapers.ocdb_site import EPISODES, make_workspace, serve_ocdb
from tests.servers import Fault, LocalSite

TWO = {slug: EPISODES[slug] for slug in ("pianists-v-tuners", "cartographers-v-bakers")}
ALLOW_ALL = "User-agent: *\nAllow: /\n"
LONG_SLUG = "a" * 70_000
LONG_URL = f"https://ocdb.cc/episode/{LONG_SLUG}/"
PIANISTS, CARTOGRAPHERS = "/episode/pianists-v-tuners/", "/episode/cartographers-v-bakers/"


def serve(site: LocalSite, robots: str = ALLOW_ALL) -> None:
    serve_ocdb(site, TWO)
    site.route("/robots.txt", robots, content_type="text/plain")


def run(ws: Path, capsys: pytest.CaptureFixture[str], site: LocalSite) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(["-w", str(ws), "scrape", "ocw", "--no-progress", "--base-url", site.base_url])
    out = capsys.readouterr()
    return int(info.value.code or 0), out.out, out.err


def stored_ids(ws: Path) -> list[str]:
    lines = (ws / "puzzles" / "ocdb.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["id"] for line in lines]


def frontier(ws: Path) -> dict[str, tuple[str, str | None]]:
    db = Frontier(ws / "raw" / "ocdb" / "frontier.sqlite")
    try:
        return {url: (state, reason) for url, state, reason in db.rows()}
    finally:
        db.close()


def headline(fetched: int, failed: str, puzzles: int, capture: int = 0) -> str:
    return (
        f"ocdb: fetched {fetched}, from capture {capture}, robots-denied 0, retried 0, "
        f"failed {failed}, puzzles {puzzles}"
    )


WALLS_OF_TWO = [
    "ocdb-cartographers-v-bakers-1",
    "ocdb-cartographers-v-bakers-2",
    "ocdb-pianists-v-tuners-1",
    "ocdb-pianists-v-tuners-2",
]
TOO_LONG = "invalid URL: 70,025 characters (HTTP clients accept at most 65,536)"
LONG_SHOWN = f"{LONG_URL[:160]}... (70,025 characters)"


# --- over-long and invalid URLs ---------------------------------------------------------------------


def test_an_over_long_link_fails_that_page_and_the_store_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with LocalSite() as site:
        serve(site)
        site.route("/episodes/", render_index([*TWO, LONG_SLUG]))
        ws = make_workspace(tmp_path / "ws")
        code, out, err = run(ws, capsys, site)
        assert (code, out) == (0, "Wrote 4 puzzles to puzzles/ocdb.jsonl\n"), err
        assert err.splitlines() == [
            headline(3, "1 (invalid URLs: 1)", 4),
            f"  failed {LONG_SHOWN}: {TOO_LONG}",
        ]
        assert stored_ids(ws) == WALLS_OF_TWO
        assert frontier(ws)[LONG_URL] == ("failed", TOO_LONG)
        # the next scrape of the workspace tries it again and fails it again: no crash
        code, out, err = run(ws, capsys, site)
    assert (code, out) == (0, "Wrote 4 puzzles to puzzles/ocdb.jsonl\n"), err
    assert err.splitlines()[0] == headline(0, "1 (invalid URLs: 1)", 4, capture=3)


def test_a_frontier_left_holding_an_over_long_url_scrapes_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ws = make_workspace(tmp_path / "ws")
    db = Frontier(ws / "raw" / "ocdb" / "frontier.sqlite")  # what a crawl that crashed on it left
    db.add([LONG_URL])
    db.close()
    with LocalSite() as site:
        serve(site)
        code, out, err = run(ws, capsys, site)
    assert (code, out) == (0, "Wrote 4 puzzles to puzzles/ocdb.jsonl\n"), err
    assert err.splitlines() == [headline(3, "1 (invalid URLs: 1)", 4), f"  failed {LONG_SHOWN}: {TOO_LONG}"]


def test_an_unparseable_link_fails_that_page_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    index = render_index(list(TWO)).replace(
        "</body>", '<div class="episode_link"><a href="http://[oops/episode/x/">x</a></div></body>'
    )
    with LocalSite() as site:
        serve(site)
        site.route("/episodes/", index)
        ws = make_workspace(tmp_path / "ws")
        code, out, err = run(ws, capsys, site)
    assert (code, out) == (0, "Wrote 4 puzzles to puzzles/ocdb.jsonl\n"), err
    why = "invalid URL: Invalid IPv6 URL"
    assert err.splitlines() == [
        headline(3, "1 (invalid URLs: 1)", 4),
        f"  failed http://[oops/episode/x/: {why}",
    ]
    assert frontier(ws)["http://[oops/episode/x/"] == ("failed", why)


# --- Crawl-delay ceiling ----------------------------------------------------------------------------


@pytest.mark.parametrize(("asked", "shown"), [("1e308", "1e+308"), ("3600", "3600")])
def test_a_crawl_delay_over_the_ceiling_is_lowered_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], asked: str, shown: str
) -> None:
    with LocalSite() as site:
        serve(site, f"User-agent: *\nCrawl-delay: {asked}\n")
        ws = make_workspace(tmp_path / "ws", extra="max_crawl_delay = 0.3\n")
        started = time.monotonic()
        code, out, err = run(ws, capsys, site)
        took = time.monotonic() - started
        host = site.base_url.removeprefix("http://")
        times = [h.at for h in site.hits]
    assert (code, out) == (0, "Wrote 4 puzzles to puzzles/ocdb.jsonl\n"), err
    assert err.splitlines() == [
        headline(3, "0", 4),
        f"  warning {host}: robots.txt asks for Crawl-delay {shown} s; waiting 0.3 s instead "
        "([crawl] max_crawl_delay)",
    ]
    assert min(b - a for a, b in itertools.pairwise(times)) >= 0.25  # the ceiling is still a delay
    assert took < 10


def test_an_infinite_delay_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with LocalSite() as site:
        serve(site)
        ws = make_workspace(tmp_path / "ws")
        with pytest.raises(SystemExit) as info:
            main(
                [
                    "-w",
                    str(ws),
                    "scrape",
                    "ocw",
                    "--no-progress",
                    "--base-url",
                    site.base_url,
                    "--delay",
                    "inf",
                ]
            )
    assert (info.value.code, capsys.readouterr().err) == (
        1,
        "Error: delay must be a finite number of seconds >= 0, got inf\n",
    )


def test_the_default_bounds_are_in_settings_and_in_the_file_init_writes(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["-w", str(tmp_path), "init", "--contact", "me@example.org"])
    text = (tmp_path / "ocwtool.toml").read_text(encoding="utf-8")
    assert "max_bytes = 5000000\n" in text and "max_crawl_delay = 60.0\n" in text
    settings = load_settings(tmp_path)
    assert (settings.max_bytes, settings.max_crawl_delay) == (5_000_000, 60.0)


# --- response size cap ------------------------------------------------------------------------------


def test_a_page_over_the_default_max_bytes_fails_and_the_rest_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with LocalSite() as site:
        serve(site)
        page = site.routes[PIANISTS].body.replace(b"</body>", b"<!--" + b"x" * 6_000_000 + b"--></body>")
        site.route(PIANISTS, page)
        ws = make_workspace(tmp_path / "ws")
        code, out, err = run(ws, capsys, site)
    assert (code, out) == (0, "Wrote 2 puzzles to puzzles/ocdb.jsonl\n"), err
    why = (
        f"ResponseTooLarge: Content-Length {len(page):,}: response larger than 5,000,000 bytes "
        "([crawl] max_bytes); the page is not stored"
    )
    assert err.splitlines() == [
        headline(2, "1 (too large: 1)", 2),
        f"  failed https://ocdb.cc{PIANISTS}: {why}",
    ]
    assert stored_ids(ws) == WALLS_OF_TWO[:2]
    assert CaptureStore(ws / "raw" / "ocdb").latest(f"https://ocdb.cc{PIANISTS}") is None


def test_a_streamed_page_over_max_bytes_stops_being_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with LocalSite() as site:
        serve(site)
        page = site.routes[PIANISTS].body.replace(b"</body>", b"<!--" + b"x" * 64_000_000 + b"--></body>")
        site.route(PIANISTS, page)
        site.fail(PIANISTS, Fault.unsized())  # no Content-Length: only counting while reading can stop it
        ws = make_workspace(tmp_path / "ws", extra="max_bytes = 1000000\n")
        code, out, err = run(ws, capsys, site)
        sent = site.sent[PIANISTS]
    assert (code, out) == (0, "Wrote 2 puzzles to puzzles/ocdb.jsonl\n"), err
    why = "ResponseTooLarge: response larger than 1,000,000 bytes ([crawl] max_bytes); the page is not stored"
    assert err.splitlines() == [
        headline(2, "1 (too large: 1)", 2),
        f"  failed https://ocdb.cc{PIANISTS}: {why}",
    ]
    assert sent < len(page) // 4, f"the client read {sent:,} of {len(page):,} bytes"


# --- redirects --------------------------------------------------------------------------------------


def test_a_redirect_to_another_port_is_refused_not_stored_under_the_first_slug(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with LocalSite() as a, LocalSite() as b:
        serve(a)
        serve(b)
        target = f"{b.base_url}{PIANISTS}"
        a.route(CARTOGRAPHERS, "", status=302, headers={"Location": target})
        ws = make_workspace(tmp_path / "ws")
        code, out, err = run(ws, capsys, a)
        why = f"redirect to {target} leaves {a.base_url}"
        hits_on_b = len(b.hits)
    assert (code, out) == (0, "Wrote 2 puzzles to puzzles/ocdb.jsonl\n"), err
    assert err.splitlines() == [
        headline(2, "1 (off-site redirects: 1)", 2),
        f"  failed https://ocdb.cc{CARTOGRAPHERS}: {why}",
    ]
    assert stored_ids(ws) == ["ocdb-pianists-v-tuners-1", "ocdb-pianists-v-tuners-2"]  # no copy of its walls
    assert hits_on_b == 0
    assert frontier(ws)[f"https://ocdb.cc{CARTOGRAPHERS}"] == ("failed", why)


def test_a_redirect_to_localhost_is_another_site(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with LocalSite() as site:
        serve(site)
        target = site.base_url.replace("127.0.0.1", "localhost") + PIANISTS
        site.route(CARTOGRAPHERS, "", status=301, headers={"Location": target})
        ws = make_workspace(tmp_path / "ws")
        code, out, err = run(ws, capsys, site)
        why = f"redirect to {target} leaves {site.base_url}"
        pianists_hits = site.hits_for(PIANISTS)
    assert (code, out) == (0, "Wrote 2 puzzles to puzzles/ocdb.jsonl\n"), err
    assert err.splitlines()[1] == f"  failed https://ocdb.cc{CARTOGRAPHERS}: {why}"
    assert stored_ids(ws) == ["ocdb-pianists-v-tuners-1", "ocdb-pianists-v-tuners-2"]
    assert pianists_hits == 1


@pytest.mark.parametrize(
    ("location", "scheme"), [("file:///etc/passwd", "file"), ("ftp://127.0.0.1/walls", "ftp")]
)
def test_a_redirect_to_another_scheme_is_reported_as_unsupported_not_as_robots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], location: str, scheme: str
) -> None:
    with LocalSite() as site:
        serve(site)
        site.route(CARTOGRAPHERS, "", status=302, headers={"Location": location})
        ws = make_workspace(tmp_path / "ws")
        code, out, err = run(ws, capsys, site)
    why = f"redirect to {location}: unsupported scheme '{scheme}' (only http and https are followed)"
    assert (code, out) == (0, "Wrote 2 puzzles to puzzles/ocdb.jsonl\n"), err
    assert err.splitlines() == [
        headline(2, "1 (off-site redirects: 1)", 2),
        f"  failed https://ocdb.cc{CARTOGRAPHERS}: {why}",
    ]
    assert frontier(ws)[f"https://ocdb.cc{CARTOGRAPHERS}"] == ("failed", why)
