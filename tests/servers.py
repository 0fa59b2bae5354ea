"""A reusable threaded HTTP server on 127.0.0.1 with routes and on-demand fault injection.

Usage::

    with LocalSite() as site:
        site.route("/robots.txt", "User-agent: *\\nDisallow: /private/\\n", content_type="text/plain")
        site.route("/episodes/", index_html)
        site.fail("/episodes/", Fault.status(429, retry_after="1"), Fault.status(503))
        ... crawl site.base_url ...
        assert site.hits_for("/episodes/") == 3

Faults queued with :meth:`LocalSite.fail` are consumed one per request to that path, in order;
when the queue is empty the route answers normally. Fault kinds: ``status`` (any status, extra
headers such as ``Retry-After``), ``reset`` (TCP RST before any response), ``truncate`` (headers
promise the full ``Content-Length``, half the body is sent, then the connection closes), ``slow``
(sleeps before answering, to exceed a client timeout), ``trickle`` (promises the full body, then sends
it one byte every ``seconds``: no single read times out, the whole request takes forever),
``trickle_headers`` (the status line and headers themselves, one byte every ``seconds``), ``unsized``
(the body with no ``Content-Length``, streamed until the connection closes; ``site.sent[path]`` counts
the bytes the client took before it hung up). Every request is logged in ``site.hits``.

A test that must interrupt a client midway holds it at a known request instead of guessing with sleeps::

    with site.hold("/episode/", after=4) as hold:   # the 5th request under /episode/ waits
        proc = subprocess.Popen([...])                 # start the client
        assert hold.wait(120, client=proc), "the client never got that far (or it ended first)"
        ... interrupt the client: it is blocked in that request, with exactly 4 answered ...
    # leaving the block releases held requests (answered normally if anyone still listens)
"""

from __future__ import annotations

import socket
import struct
import subprocess
import threading
import time
from collections import defaultdict, deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Fault:
    """One injected misbehaviour for one request."""

    kind: str
    status: int = 503
    headers: tuple[tuple[str, str], ...] = ()
    seconds: float = 0.0

    @classmethod
    def status_code(cls, status: int, retry_after: str | None = None) -> Fault:
        headers = (("Retry-After", retry_after),) if retry_after is not None else ()
        return cls("status", status=status, headers=headers)

    @classmethod
    def reset(cls) -> Fault:
        return cls("reset")

    @classmethod
    def truncate(cls) -> Fault:
        return cls("truncate")

    @classmethod
    def slow(cls, seconds: float) -> Fault:
        return cls("slow", seconds=seconds)

    @classmethod
    def trickle(cls, seconds: float) -> Fault:
        return cls("trickle", seconds=seconds)

    @classmethod
    def trickle_headers(cls, seconds: float) -> Fault:
        return cls("trickle_headers", seconds=seconds)

    @classmethod
    def unsized(cls) -> Fault:
        return cls("unsized")


HOLD_LIMIT = 300.0  # seconds a held request waits at most, so a forgotten hold never wedges a thread


@dataclass
class Hold:
    """Requests whose path starts with ``prefix`` are answered ``after`` times, then held unanswered
    until :meth:`release`. ``reached`` is set when the first request is held."""

    prefix: str
    after: int
    seen: int = 0
    reached: threading.Event = field(default_factory=threading.Event)
    released: threading.Event = field(default_factory=threading.Event)
    _wake: threading.Event = field(default_factory=threading.Event)  # reached, or the client ended

    def release(self) -> None:
        self.released.set()

    def hold_one(self) -> None:
        """Called by the server for a request to hold: signal the test, then wait for the release."""
        self.reached.set()
        self._wake.set()
        self.released.wait(HOLD_LIMIT)

    def wait(self, timeout: float, client: subprocess.Popen[Any] | None = None) -> bool:
        """Block until a request is held (True), ``timeout`` seconds pass, or ``client`` ends (False):
        a client that dies early fails a test at once, not at the timeout."""
        if client is not None:

            def wake_when_it_ends() -> None:
                client.wait()
                self._wake.set()

            threading.Thread(target=wake_when_it_ends, daemon=True).start()
        self._wake.wait(timeout)
        return self.reached.is_set()


@dataclass(frozen=True)
class Route:
    body: bytes
    status: int = 200
    content_type: str = "text/html; charset=utf-8"
    headers: tuple[tuple[str, str], ...] = ()
    delay: float = 0.0


@dataclass(frozen=True)
class Hit:
    path: str
    headers: dict[str, str]
    at: float


@dataclass
class LocalSite:
    """Routes (exact path, query included when given) served by a background thread."""

    routes: dict[str, Route] = field(default_factory=dict)
    faults: dict[str, deque[Fault]] = field(default_factory=lambda: defaultdict(deque))
    hits: list[Hit] = field(default_factory=list)
    holds: list[Hold] = field(default_factory=list)
    sent: dict[str, int] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _server: ThreadingHTTPServer | None = None

    def route(
        self,
        path: str,
        body: str | bytes,
        *,
        status: int = 200,
        content_type: str = "text/html; charset=utf-8",
        headers: dict[str, str] | None = None,
        delay: float = 0.0,
    ) -> None:
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.routes[path] = Route(data, status, content_type, tuple((headers or {}).items()), delay)

    def fail(self, path: str, *faults: Fault) -> None:
        with self._lock:
            self.faults[path].extend(faults)

    @contextmanager
    def hold(self, prefix: str, *, after: int) -> Iterator[Hold]:
        """Answer ``after`` requests under ``prefix``, hold the next ones until the block ends."""
        hold = Hold(prefix, after)
        with self._lock:
            self.holds.append(hold)
        try:
            yield hold
        finally:
            with self._lock:
                self.holds.remove(hold)
            hold.release()

    def _wait_if_held(self, path: str) -> None:
        with self._lock:
            holds = [h for h in self.holds if path.startswith(h.prefix)]
            for h in holds:
                h.seen += 1
            held = [h for h in holds if h.seen > h.after]
        for h in held:
            h.hold_one()

    def hits_for(self, path: str) -> int:
        return sum(1 for h in self.hits if h.path == path)

    @property
    def base_url(self) -> str:
        assert self._server is not None, "start the site first"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def _next_fault(self, path: str) -> Fault | None:
        with self._lock:
            queue = self.faults.get(path)
            return queue.popleft() if queue else None

    def _lookup(self, target: str) -> tuple[str, Route | None]:
        path = urlsplit(target).path
        return path, self.routes.get(target) or self.routes.get(path)

    def start(self) -> LocalSite:
        site = self

        class Handler(_Handler):
            pass

        Handler.site = site
        self._server = _QuietServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> LocalSite:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # clients hang up on injected faults (timeouts, resets): expected, not worth a traceback


class _Handler(BaseHTTPRequestHandler):
    site: LocalSite
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate sends: without this, Nagle + delayed ACK add ~40 ms to
    # every keep-alive request, which would measure the kernel rather than the crawler.
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass

    def do_GET(self) -> None:
        path, route = self.site._lookup(self.path)
        self.site.hits.append(Hit(path, dict(self.headers.items()), time.monotonic()))
        self.site._wait_if_held(path)
        fault = self.site._next_fault(path)
        if fault is not None and self._apply(fault, route):
            return
        if route is None:
            self._send(404, b"not found", "text/plain")
            return
        if route.delay:
            time.sleep(route.delay)
        self._send(route.status, route.body, route.content_type, route.headers)

    def _apply(self, fault: Fault, route: Route | None) -> bool:
        """Perform ``fault``; True when the request is fully handled."""
        if fault.kind == "status":
            self._send(fault.status, b"injected fault", "text/plain", fault.headers)
        elif fault.kind == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()
        elif fault.kind == "truncate":
            body = route.body if route else b"x" * 200
            self.send_response(200)
            self.send_header("Content-Type", route.content_type if route else "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
        elif fault.kind == "slow":
            time.sleep(fault.seconds)
            return False
        elif fault.kind == "trickle":
            self._trickle(route.body if route else b"x" * 200, fault.seconds)
        elif fault.kind == "trickle_headers":
            self._trickle_headers(fault.seconds)
        elif fault.kind == "unsized":
            self._unsized(route.body if route else b"x" * 200)
        return True

    def _unsized(self, body: bytes) -> None:
        """The body with no Content-Length (read until close), 64 KiB a write; bytes sent recorded."""
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        path, sent = urlsplit(self.path).path, 0
        try:
            for k in range(0, len(body), 65536):
                self.wfile.write(body[k : k + 65536])
                sent += len(body[k : k + 65536])
        except OSError:  # the client hung up: expected
            pass
        self.site.sent[path] = sent

    def _trickle_headers(self, seconds: float) -> None:
        self.close_connection = True
        self._dribble(b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 400 + b"\r\nContent-Length: 0\r\n\r\n", seconds)

    def _trickle(self, body: bytes, seconds: float) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.close_connection = True
        self._dribble(body, seconds)

    def _dribble(self, data: bytes, seconds: float) -> None:
        """Send ``data`` one byte every ``seconds`` (no single client read ever times out)."""
        try:
            for k in range(len(data)):
                self.wfile.write(data[k : k + 1])
                self.wfile.flush()
                time.sleep(seconds)
        except OSError:  # the client gave up: expected
            pass

    def _send(
        self, status: int, body: bytes, content_type: str, headers: tuple[tuple[str, str], ...] = ()
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in headers:
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)
