"""A real ``datasette`` subprocess on 127.0.0.1 serving one SQLite file, like the SMOCI site."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest


def datasette_bin() -> Path:
    """The datasette script installed next to the running interpreter."""
    path = Path(sys.executable).parent / "datasette"
    if not path.exists():
        pytest.skip("datasette is not installed next to this Python")
    return path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def serve_datasette(db: Path, *, base_url: str = "/smoci/", max_rows: int = 1000) -> Iterator[str]:
    """Serve ``db`` read-only under ``base_url``; yields the server root ``http://127.0.0.1:PORT``."""
    port = _free_port()
    cmd = [
        str(datasette_bin()),
        "serve",
        "--immutable",
        str(db),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--setting",
        "base_url",
        base_url,
        "--setting",
        "max_returned_rows",
        str(max_rows),
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    root = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(proc, f"{root}{base_url}-/versions.json")
        yield root
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _wait_ready(proc: subprocess.Popen[bytes], url: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"datasette exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=1).status_code == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"datasette did not answer {url}")
