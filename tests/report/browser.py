"""Open a page in headless Chromium (Debian's ``chromium``) over the DevTools protocol, through
``--remote-debugging-pipe`` (NUL-separated JSON on file descriptors 3 and 4: no port, no websocket
library), and report what a person would see: console errors, failed or outside requests, images
that did not decode, headings, anything wider than the page, and a full-page screenshot.

The page is laid out in a normal desktop window (:data:`WIDTH` x :data:`HEIGHT` CSS pixels, set
before it loads), not in whatever size a headless browser starts with.
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

TIMEOUT = 120.0
WIDTH, HEIGHT = 1280, 900  # a laptop's browser window, in CSS pixels
# Collected in the page after load: every image's decoded size, the headings, the viewport, and every
# table, figure or image that reaches past the text column it sits in or past the window's right edge
# (as "<tag> in <panel id>", with its right edge and the limit, in pixels).
PAGE_FACTS = """(() => {
  const view = document.documentElement.clientWidth;
  const wide = Array.from(document.querySelectorAll('table, figure, img, pre')).flatMap(e => {
    const right = e.getBoundingClientRect().right;
    const limit = Math.min(view, document.body.getBoundingClientRect().right);
    const where = e.closest('section') ? e.closest('section').id : 'page';
    const spill = right > limit + 0.5 || e.scrollWidth > e.clientWidth + 1;
    const what = `${e.tagName.toLowerCase()} in ${where}`;
    return spill ? [`${what}: right ${Math.round(right)} > ${Math.round(limit)}`] : [];
  });
  return JSON.stringify({
    images: Array.from(document.images).map(i => ({complete: i.complete, width: i.naturalWidth, alt: i.alt})),
    h1: Array.from(document.querySelectorAll('h1')).map(h => h.textContent),
    h2: Array.from(document.querySelectorAll('h2')).map(h => h.textContent),
    h3: Array.from(document.querySelectorAll('h3')).map(h => h.textContent),
    scripts: document.scripts.length,
    viewport: view,
    page_width: document.documentElement.scrollWidth,
    tables: document.querySelectorAll('table').length,
    too_wide: wide,
    height: document.documentElement.scrollHeight
  });
})()"""


@dataclass
class PageReport:
    """What Chromium saw when it loaded the page."""

    facts: dict[str, Any]
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    screenshot: bytes = b""


class _Pipe:
    def __init__(self, proc: subprocess.Popen[bytes], write_fd: int, read_fd: int) -> None:
        self.proc, self.write_fd, self.read_fd = proc, write_fd, read_fd
        self.buffer, self.next_id, self.events = b"", 0, list[dict[str, Any]]()

    def _message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.read_fd], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(self.read_fd, 1 << 20) if ready else b""
            if not chunk:
                raise AssertionError("chromium closed the pipe or timed out")
            self.buffer += chunk
        raw, _, self.buffer = self.buffer.partition(b"\0")
        message: dict[str, Any] = json.loads(raw)
        return message

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        message: dict[str, Any] = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.write_fd, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            reply = self._message(deadline)
            if reply.get("id") == self.next_id:
                assert "error" not in reply, f"{method}: {reply['error']}"
                result: dict[str, Any] = reply.get("result", {})
                return result
            self.events.append(reply)

    def wait_for(self, method: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not any(e.get("method") == method for e in self.events):
            self.events.append(self._message(deadline))


def _launch(profile: Path) -> _Pipe:
    binary = shutil.which("chromium")
    if binary is None:
        pytest.fail("no chromium on PATH: run `make chromium` (apt-get install chromium)")
    to_child, from_parent = os.pipe()  # child reads fd 3
    to_parent, from_child = os.pipe()  # child writes fd 4

    def wire() -> None:
        os.dup2(to_child, 3)
        os.dup2(from_child, 4)

    args = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe"]
    args += [f"--user-data-dir={profile}", "--no-first-run", f"--window-size={WIDTH},{HEIGHT}", "about:blank"]
    proc = subprocess.Popen(
        args, preexec_fn=wire, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    os.close(to_child)
    os.close(from_child)
    return _Pipe(proc, from_parent, to_parent)


def _problems(events: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    errors, requests = [], []
    for e in events:
        method, params = e.get("method"), e.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            errors.append(json.dumps(params.get("args")))
        elif method == "Runtime.exceptionThrown":
            errors.append(json.dumps(params.get("exceptionDetails")))
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            errors.append(params["entry"]["text"])
        elif method == "Network.loadingFailed":
            errors.append(f"request failed: {params.get('errorText')}")
        elif method == "Network.requestWillBeSent":
            requests.append(params["request"]["url"][:80])
    return errors, requests


def _window(pipe: _Pipe, session: str, height: int) -> None:
    pipe.call(
        "Emulation.setDeviceMetricsOverride",
        session,
        width=WIDTH,
        height=height,
        deviceScaleFactor=1,
        mobile=False,
    )


def open_page(page: Path, extra: str | None = None) -> PageReport:
    """Load ``page`` from disk in a :data:`WIDTH`-pixel window, collect its facts and problems, and
    take a full-page screenshot (the window made as tall as the page: same width, same layout);
    ``extra``: a JavaScript expression whose JSON text becomes ``facts["extra"]``."""
    with tempfile.TemporaryDirectory(prefix="ocwtool-chromium-") as profile:
        pipe = _launch(Path(profile))
        try:
            target = pipe.call("Target.createTarget", url="about:blank")["targetId"]
            session = pipe.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
            for domain in ("Page", "Runtime", "Log", "Network"):
                pipe.call(f"{domain}.enable", session)
            _window(pipe, session, HEIGHT)
            pipe.call("Page.navigate", session, url=page.as_uri())
            pipe.wait_for("Page.loadEventFired")
            value = pipe.call("Runtime.evaluate", session, expression=PAGE_FACTS, returnByValue=True)
            facts = json.loads(value["result"]["value"])
            if extra is not None:
                more = pipe.call("Runtime.evaluate", session, expression=extra, returnByValue=True)
                facts["extra"] = json.loads(more["result"]["value"])
            _window(pipe, session, max(HEIGHT, min(int(facts["height"]), 16000)))
            shot = pipe.call("Page.captureScreenshot", session, format="png")["data"]
            errors, requests = _problems(pipe.events)
            pipe.call("Browser.close")
        finally:
            _stop(pipe)
    return PageReport(facts, errors, requests, base64.b64decode(shot))


def _stop(pipe: _Pipe) -> None:
    """Wait for the browser to exit after ``Browser.close`` (kill it when a check failed first)."""
    try:
        pipe.proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pipe.proc.kill()
        pipe.proc.wait()
    os.close(pipe.write_fd)
    os.close(pipe.read_fd)
