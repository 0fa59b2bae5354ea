"""Peak memory of a crawl that meets one huge page (issue #30: a 1 GB page took 7.2 GB).

A loopback server streams the page from a generator (its own memory stays small), with and without a
``Content-Length``; each crawl runs in a fresh child process whose peak RSS (``ru_maxrss``) is printed,
next to a child that crawls one small page (the interpreter, httpx and ocwtool alone).

Run: python benchmarks/bench_crawl_memory.py [--mb 200] [--against OTHER_CHECKOUT/src]
(``--against`` runs the same crawls with another ocwtool source tree, e.g. a worktree of e4f2ba2.)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHUNK = b"x" * (1 << 20)

CHILD = r"""
import json, resource, sys, tempfile, time
from pathlib import Path
from ocwtool.config import Settings
from ocwtool.scrapers.base import CrawlOptions, ParseResult
from ocwtool.scrapers.crawl import crawl
from ocwtool.workspace import Workspace

class One:
    name, default_base_url, parser_version = "bench", "https://bench.example", "1"
    def seeds(self, options):
        return [self.default_base_url + sys.argv[2]]
    def parse(self, page):
        return ParseResult(records=(("page", {"bytes": len(page.body)}),))

started = time.monotonic()
root = Path(tempfile.mkdtemp())
ws = Workspace(Settings(root=root, contact="bench@example.org", delay=0.0, max_attempts=1))
report = crawl(One(), CrawlOptions(base_url=sys.argv[1]), ws)
print(json.dumps({
    "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "seconds": time.monotonic() - started,
    "summary": report.summary.render("bench"),
}))
"""


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    megabytes = 200

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        if self.path == "/robots.txt":
            self._small(b"User-agent: *\nAllow: /\n")
        elif self.path == "/small":
            self._small(b"a small page")
        else:
            self._huge(sized=self.path == "/huge-sized")

    def _small(self, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _huge(self, *, sized: bool) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        if sized:
            self.send_header("Content-Length", str(self.megabytes * len(CHUNK)))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        try:
            for _ in range(self.megabytes):
                self.wfile.write(CHUNK)
        except OSError:  # the crawler hung up: what a cap should make it do
            pass


def crawl_in_child(src: Path, base_url: str, path: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    with tempfile.TemporaryDirectory() as cwd:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, base_url, path], env=env, cwd=cwd, capture_output=True, text=True
        )
    if done.returncode != 0:
        return {
            "rss_mb": float("nan"),
            "seconds": float("nan"),
            "summary": done.stderr.strip().splitlines()[-1],
        }
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=200, help="size of the huge page in MiB")
    parser.add_argument("--against", type=Path, help="another ocwtool src folder to measure too")
    args = parser.parse_args()
    _Handler.megabytes = args.mb
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base_url = f"http://127.0.0.1:{server.server_address[1]}"
    trees = [("this tree", ROOT / "src")] + ([("--against", args.against)] if args.against else [])
    print(f"one page of {args.mb} MiB, streamed from {base_url}; peak RSS of the crawling process")
    for label, src in trees:
        for path, what in (
            ("/small", "small page"),
            ("/huge-sized", "huge, Content-Length"),
            ("/huge", "huge, streamed"),
        ):
            got = crawl_in_child(src, base_url, path)
            outcome = got["summary"].splitlines()[-1].strip()
            print(f"{label:10} {what:22} {got['rss_mb']:8.0f} MB {got['seconds']:6.2f} s  {outcome}")
    server.shutdown()


if __name__ == "__main__":
    main()
