"""A loopback HTTP server serving an in-memory route table (the demo's stand-in for the sites)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

Routes = dict[str, tuple[str, bytes]]


def _handler(routes: Routes) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        disable_nagle_algorithm = True  # headers and body are separate sends

        def do_GET(self) -> None:
            found = routes.get(self.path) or routes.get(self.path.split("?", 1)[0])
            if found is None:
                self._send(404, "text/plain", b"not found\n")
            else:
                self._send(200, *found)

        def _send(self, status: int, content_type: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            """Keep the terminal quiet: the crawl summary reports what happened."""

    return Handler


@contextmanager
def serve(routes: Routes, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``routes`` on an ephemeral loopback port; yields the base URL ``http://host:port``."""
    server = ThreadingHTTPServer((host, 0), _handler(routes))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
