"""Headless Chromium driven over the DevTools protocol, through a pipe (no extra package).

``chromium --remote-debugging-pipe`` reads protocol commands on fd 3 and writes replies and events on
fd 4, each a JSON object ended by a NUL byte. :class:`Browser` opens one page, attached in flat
mode (commands carry the page's ``sessionId``), and offers what the screen tests need: go to a
URL, evaluate JavaScript, wait for a condition, take a screenshot.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

WIDTH, HEIGHT = 1280, 3000


def _above_4(fd: int) -> int:
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class Browser:
    """One headless Chromium with one page; use as a context manager."""

    def __init__(self, timeout: float = 120.0) -> None:
        binary = shutil.which("chromium")
        if binary is None:
            pytest.fail("no chromium on PATH: run `make chromium` (apt-get install chromium)")
        self.timeout = timeout
        to_child, self._out = os.pipe()  # we write commands, Chromium reads them on fd 3
        self._in, from_child = os.pipe()  # Chromium writes on fd 4, we read
        to_child, from_child = _above_4(to_child), _above_4(from_child)  # so the dup2s cannot cross

        self._profile = tempfile.TemporaryDirectory(prefix="ocwtool-chromium-", ignore_cleanup_errors=True)
        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run"]
        flags += [f"--user-data-dir={self._profile.name}", f"--window-size={WIDTH},{HEIGHT}", "about:blank"]
        self._log = Path(self._profile.name) / "chromium.log"

        def onto_3_and_4() -> None:  # in the child, before exec: the pipe ends become fds 3 and 4
            os.dup2(to_child, 3)
            os.dup2(from_child, 4)

        with open(self._log, "wb") as log:
            self._proc = subprocess.Popen(
                [binary, *flags],
                preexec_fn=onto_3_and_4,
                close_fds=False,  # keeps fds 3 and 4 (Python opens every other fd close-on-exec)
                stdout=log,
                stderr=log,
            )
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._next_id = 0
        self.session = ""

    def __enter__(self) -> Browser:
        target = self.call("Target.createTarget", url="about:blank", browser=True)["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True, browser=True)[
            "sessionId"
        ]
        self.call("Page.enable")
        metrics = {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False}
        self.call("Emulation.setDeviceMetricsOverride", **metrics)
        return self

    def __exit__(self, *exc: object) -> None:
        os.close(self._out)
        self._proc.terminate()
        try:
            self._proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        os.close(self._in)
        self._profile.cleanup()

    def _message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise AssertionError("Chromium did not answer in time")
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                raise AssertionError(f"Chromium closed its pipe ({self._proc.poll()}): {self._tail()}")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        return message

    def _tail(self) -> str:
        return self._log.read_text(errors="replace")[-2000:] if self._log.exists() else ""

    def call(self, method: str, *, browser: bool = False, **params: Any) -> dict[str, Any]:
        """Send one command (to the page unless ``browser``) and return its result."""
        self._next_id += 1
        command: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if not browser:
            command["sessionId"] = self.session
        try:
            os.write(self._out, json.dumps(command).encode() + b"\0")
        except BrokenPipeError:
            raise AssertionError(f"Chromium exited ({self._proc.poll()}): {self._tail()}") from None
        deadline = time.monotonic() + self.timeout
        while True:
            message = self._message(deadline)
            if message.get("id") == self._next_id:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (awaited when it is a promise)."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression[:80]}...: {result['exceptionDetails']}")
        return result["result"].get("value")

    def goto(self, url: str) -> None:
        self.call("Page.navigate", url=url)

    def wait_for(self, expression: str, seconds: float = 120.0) -> Any:
        """Evaluate ``expression`` every half second until it is truthy; return its value."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(expression)
            except AssertionError:  # the page is between two documents
                value = None
            if value:
                return value
            time.sleep(0.5)
        text = self.evaluate("document.body ? document.body.innerText.slice(0, 1500) : ''")
        raise AssertionError(f"not true after {seconds:.0f} s: {expression}\npage text: {text}")

    def click(self, element: str) -> None:
        """Click, as a person does (mouse down and up at its centre), the element a JavaScript
        expression returns (scrolled into view first)."""
        where = self.evaluate(
            f"(() => {{ const e = {element}; if (!e) return null; e.scrollIntoView({{block: 'center'}});"
            " const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        assert where, f"nothing to click: {element}"
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            mouse = {"x": where[0], "y": where[1], "button": "left", "clickCount": 1}
            self.call("Input.dispatchMouseEvent", type=kind, **mouse)

    def screenshot(self, path: Path) -> Path:
        data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
        path.write_bytes(base64.b64decode(data))
        return path
