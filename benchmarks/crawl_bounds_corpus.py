"""The crawl-bounds cases of issue #30 (item 6) as a table: category, cases, clear errors, tracebacks,
data lost. Every case runs ``ocwtool scrape ocw`` (the real CLI, a child process) against loopback
ocdb mirrors from ``tests/servers.py``.

    python benchmarks/crawl_bounds_corpus.py [--against OTHER_CHECKOUT/src] [--verbose]

A case is a *clear error* when the scrape ends (exit 0), names the bad page with the expected reason
and writes the other episodes' walls; *data lost* when the store is not written or lacks one of those
walls, holds one wall twice (another page's walls under the bad page's id), or the scrape had to be
killed (240 s). A page read whole however large is neither (its memory: ``bench_crawl_memory.py``).
The Crawl-delay cases use the default ceiling (60 s), so each takes three minutes: ``--quick`` skips them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.scrapers.ocdb_pages import render_index  # noqa: E402
from tests.scrapers.ocdb_site import EPISODES, make_workspace, serve_ocdb  # noqa: E402
from tests.servers import Fault, LocalSite  # noqa: E402

TWO = {slug: EPISODES[slug] for slug in ("pianists-v-tuners", "cartographers-v-bakers")}
PIANISTS, CARTOGRAPHERS = "/episode/pianists-v-tuners/", "/episode/cartographers-v-bakers/"
LIMIT = 240.0


@dataclass(frozen=True)
class Case:
    category: str
    name: str
    setup: Callable[[LocalSite, LocalSite], None]
    expect: str  # a substring of the bad page's summary line
    good: tuple[str, ...]  # the episodes whose walls must be stored
    poison: bool = False  # the frontier already holds the over-long URL (a crashed run left it)


@dataclass(frozen=True)
class Outcome:
    case: Case
    clear: bool
    traceback: bool
    data_lost: bool
    detail: str


def _serve(robots: str = "User-agent: *\nAllow: /\n") -> Callable[[LocalSite], None]:
    def serve(site: LocalSite) -> None:
        serve_ocdb(site, TWO)
        site.route("/robots.txt", robots, content_type="text/plain")

    return serve


def _long_link(a: LocalSite, b: LocalSite) -> None:
    a.route("/episodes/", render_index([*TWO, "a" * 70_000]))


def _bad_link(a: LocalSite, b: LocalSite) -> None:
    link = '<div class="episode_link"><a href="http://[oops/episode/x/">x</a></div></body>'
    a.route("/episodes/", render_index(list(TWO)).replace("</body>", link))


def _crawl_delay(value: str) -> Callable[[LocalSite, LocalSite], None]:
    return lambda a, b: a.route(
        "/robots.txt", f"User-agent: *\nCrawl-delay: {value}\n", content_type="text/plain"
    )


def _huge(*, streamed: bool) -> Callable[[LocalSite, LocalSite], None]:
    def setup(a: LocalSite, b: LocalSite) -> None:
        page = a.routes[PIANISTS].body.replace(b"</body>", b"<!--" + b"x" * 50_000_000 + b"--></body>")
        a.route(PIANISTS, page)
        if streamed:
            a.fail(PIANISTS, Fault.unsized())

    return setup


def _redirect(target: Callable[[LocalSite, LocalSite], str]) -> Callable[[LocalSite, LocalSite], None]:
    return lambda a, b: a.route(CARTOGRAPHERS, "", status=302, headers={"Location": target(a, b)})


BOTH = ("pianists-v-tuners", "cartographers-v-bakers")
CASES = [
    Case("invalid URLs", "70,000-character link", _long_link, "invalid URL: 70,025 characters", BOTH),
    Case(
        "invalid URLs", "rescrape after a crash", lambda a, b: None, "invalid URL: 70,025", BOTH, poison=True
    ),
    Case("invalid URLs", "unparseable link", _bad_link, "invalid URL: Invalid IPv6 URL", BOTH),
    Case("Crawl-delay", "Crawl-delay: 1e308", _crawl_delay("1e308"), "waiting 60 s instead", BOTH),
    Case("Crawl-delay", "Crawl-delay: 3600", _crawl_delay("3600"), "waiting 60 s instead", BOTH),
    Case(
        "size",
        "50 MB page, Content-Length",
        _huge(streamed=False),
        "ResponseTooLarge",
        ("cartographers-v-bakers",),
    ),
    Case(
        "size", "50 MB page, streamed", _huge(streamed=True), "ResponseTooLarge", ("cartographers-v-bakers",)
    ),
    Case(
        "redirects",
        "to another port",
        _redirect(lambda a, b: b.base_url + PIANISTS),
        "leaves http://127.0.0.1:",
        ("pianists-v-tuners",),
    ),
    Case(
        "redirects",
        "to localhost",
        _redirect(lambda a, b: a.base_url.replace("127.0.0.1", "localhost") + PIANISTS),
        "leaves http://127.0.0.1:",
        ("pianists-v-tuners",),
    ),
    Case(
        "redirects",
        "to file:",
        _redirect(lambda a, b: "file:///etc/passwd"),
        "unsupported scheme 'file'",
        ("pianists-v-tuners",),
    ),
    Case(
        "redirects",
        "to ftp:",
        _redirect(lambda a, b: "ftp://127.0.0.1/x"),
        "unsupported scheme 'ftp'",
        ("pianists-v-tuners",),
    ),
]


def _poison(ws: Path) -> None:
    import sqlite3

    from ocwtool.scrapers.frontier import Frontier

    Frontier(
        ws / "raw" / "ocdb" / "frontier.sqlite"
    ).close()  # the schema, then a todo row as a crash left it
    db = sqlite3.connect(ws / "raw" / "ocdb" / "frontier.sqlite")
    with db:
        db.execute(
            "INSERT INTO urls(url, state, seed, updated) VALUES (?, 'todo', 0, '2026-12-01T00:00:00+00:00')",
            ("https://ocdb.cc/episode/" + "a" * 70_000 + "/",),
        )
    db.close()


def _stored(ws: Path) -> dict[str, str] | None:
    """Wall id -> its clues as one string, or None when the store was not written."""
    path = ws / "puzzles" / "ocdb.jsonl"
    if not path.exists():
        return None
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return {r["id"]: json.dumps(sorted(r["clues"])) for r in records}


def run_case(case: Case, src: Path) -> Outcome:
    with LocalSite() as a, LocalSite() as b, tempfile.TemporaryDirectory() as tmp:
        for site in (a, b):
            _serve()(site)
        case.setup(a, b)
        ws = make_workspace(Path(tmp) / "ws", timeout=5.0)
        (ws / "ocwtool.toml").write_text(
            (ws / "ocwtool.toml").read_text().replace("max_attempts = 4", "max_attempts = 1")
        )
        if case.poison:
            _poison(ws)
        command = [sys.executable, "-m", "ocwtool", "-w", str(ws), "scrape", "ocw", "--no-progress"]
        env = {**os.environ, "PYTHONPATH": str(src)}
        try:
            done = subprocess.run(
                [*command, "--base-url", a.base_url], env=env, capture_output=True, text=True, timeout=LIMIT
            )
            code, err, killed = done.returncode, done.stderr, False
        except subprocess.TimeoutExpired as exc:
            code, err, killed = -9, str(exc.stderr or ""), True
        stored = _stored(ws)
    wanted = [f"ocdb-{slug}-{k}" for slug in sorted(case.good) for k in (1, 2)]
    lost = killed or stored is None or not set(wanted) <= set(stored)
    lost = lost or (stored is not None and len(set(stored.values())) < len(stored))  # a wall stored twice
    clear = code == 0 and not lost and sorted(stored or {}) == wanted and case.expect in err
    clear = clear and "Traceback" not in err
    detail = "killed after 240 s" if killed else (err.strip().splitlines() or [""])[-1][:160]
    return Outcome(
        case, clear, "Traceback" in err, lost, f"exit {code}: {detail}; stored {sorted(stored or {})}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, default=ROOT / "src", help="the ocwtool src folder to run")
    parser.add_argument("--verbose", action="store_true", help="print every case that is not a clear error")
    parser.add_argument(
        "--quick", action="store_true", help="skip the Crawl-delay cases (three minutes each)"
    )
    args = parser.parse_args()
    cases = [c for c in CASES if not (args.quick and c.category == "Crawl-delay")]
    outcomes = [run_case(case, args.against.resolve()) for case in cases]
    print(f"ocwtool from {args.against}")
    print("| category | cases | clear errors | tracebacks | data lost |")
    print("|---|---|---|---|---|")
    for category in dict.fromkeys(c.category for c in cases):
        group = [o for o in outcomes if o.case.category == category]
        counts = [
            sum(o.clear for o in group),
            sum(o.traceback for o in group),
            sum(o.data_lost for o in group),
        ]
        print(f"| {category} | {len(group)} | " + " | ".join(map(str, counts)) + " |")
    if args.verbose:
        for o in outcomes:
            if not o.clear:
                print(f"  {o.case.category} / {o.case.name}: {o.detail}")


if __name__ == "__main__":
    main()
