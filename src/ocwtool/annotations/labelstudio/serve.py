"""``annotate ls serve``: a local Label Studio for a labelling team, kept in the workspace.

The server is the one ``make labelstudio`` builds in a venv of its own (its pins clash with
ocwtool's), started with its data folder in ``labelstudio/data/`` of the workspace and its output
in ``labelstudio/server.log``. At the first start it creates the admin with a preset API token
(Label Studio's legacy tokens, enabled for the organisation then); every start then signs up the
annotators of ``[labelstudio.annotators]`` it does not know yet (:mod:`.accounts`). It runs until
Ctrl-C (or SIGTERM), which stops it; a second ``serve`` of the workspace meanwhile is refused.

The server runs in a session of its own so that Ctrl-C reaches ocwtool only, which then stops the
server's whole process group and waits for it: nothing is left running.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from urllib.parse import urlsplit

import httpx

from ocwtool.annotations.labelstudio.accounts import (
    AccountLine,
    Accounts,
    ensure_annotators,
    read_accounts,
    write_accounts,
)
from ocwtool.errors import AnnotationError, ConfigError
from ocwtool.workspace import Workspace

DEFAULT_URL = "http://127.0.0.1:8080"
STOP_SECONDS = 30.0


@dataclass(frozen=True)
class Ready:
    """What ``serve`` tells once the server is up."""

    url: str
    first_start: bool
    accounts: list[AccountLine]


def listen_address(url: str) -> tuple[str, int]:
    """Host and port a local server listens on for ``url`` (``http://HOST:PORT``)."""
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname or parts.path.strip("/"):
        raise ConfigError(f"serve needs a url like http://127.0.0.1:8080 in [labelstudio], got {url!r}")
    return parts.hostname, parts.port or 80


def server_binary(venv: Path) -> Path:
    binary = venv / "bin" / "label-studio"
    if not binary.exists():
        raise AnnotationError(
            f"no Label Studio at {binary}: build it with `make labelstudio` in the ocwtool repository "
            "(or set OCWTOOL_LS_VENV to a venv holding label-studio==1.23.2)"
        )
    return binary


def check_port_free(host: str, port: int) -> None:
    """Refuse a port another server listens on (its closed connections, in TIME_WAIT just after a
    server stopped, do not count: the server binds with SO_REUSEADDR, and so does this check)."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as exc:
            raise AnnotationError(
                f"cannot listen on {host}:{port} ({exc.strerror or exc}): is a server already running there? "
                "Stop it, or set another port in url of [labelstudio] in ocwtool.toml (or LABEL_STUDIO_URL)"
            ) from None


def server_env(accounts: Accounts) -> dict[str, str]:
    """The environment of the server: the admin (created at the first start, with its token),
    sign-up only through the invite link, nothing sent home."""
    return {
        **os.environ,
        "LABEL_STUDIO_ENABLE_LEGACY_API_TOKEN": "true",
        "LABEL_STUDIO_USERNAME": accounts.admin.email,
        "LABEL_STUDIO_PASSWORD": accounts.admin.password,
        "LABEL_STUDIO_USER_TOKEN": accounts.admin.token,
        "LABEL_STUDIO_DISABLE_SIGNUP_WITHOUT_LINK": "true",
        "LATEST_VERSION_CHECK": "false",
        "COLLECT_ANALYTICS": "false",
    }


def _accounts(ws: Workspace, url: str) -> tuple[Accounts, bool]:
    """The workspace's accounts (made, and saved, at the first start) and whether this is the first."""
    path, data = ws.labelstudio_accounts_path, ws.labelstudio_data_dir
    found = read_accounts(path)
    if found is not None:
        found.url = url
        return found, not data.exists()
    if data.exists() and any(data.iterdir()):
        raise AnnotationError(
            f"{ws.rel(data)} holds a Label Studio but {ws.rel(path)} is missing: restore it, or delete "
            f"{ws.rel(data)} to start afresh (its projects and annotations are lost)"
        )
    fresh = Accounts.fresh(url, ws.settings.labelstudio.token)
    write_accounts(path, fresh)
    return fresh, True


def _start(binary: Path, ws: Workspace, host: str, port: int, accounts: Accounts) -> subprocess.Popen[bytes]:
    args = [str(binary), "start", "--no-browser", "--host", host, "--port", str(port)]
    args += ["--data-dir", str(ws.labelstudio_data_dir)]
    with open(ws.labelstudio_log_path, "ab") as log:
        return subprocess.Popen(
            args,
            stdout=log,
            stderr=log,
            stdin=subprocess.DEVNULL,
            env=server_env(accounts),
            start_new_session=True,
        )


def _exited(ws: Workspace, proc: subprocess.Popen[bytes], when: str) -> AnnotationError:
    return AnnotationError(
        f"Label Studio exited with code {proc.returncode} {when}; see {ws.rel(ws.labelstudio_log_path)}"
    )


def _wait_up(ws: Workspace, url: str, proc: subprocess.Popen[bytes], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise _exited(ws, proc, "while starting")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/health", timeout=5).status_code == 200:
                return
        time.sleep(1)
    raise AnnotationError(
        f"Label Studio not up after {timeout:.0f} s; see {ws.rel(ws.labelstudio_log_path)} "
        "(a slow machine: try --startup-timeout)"
    )


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop the server's whole process group: politely, then for good."""
    for sig, grace in ((signal.SIGTERM, STOP_SECONDS), (signal.SIGKILL, None)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        try:
            proc.wait(timeout=grace)
            return
        except subprocess.TimeoutExpired:
            continue


@contextlib.contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """SIGTERM stops ``serve`` as Ctrl-C does (so ``kill PID`` leaves no server behind)."""

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def serve(
    ws: Workspace,
    venv: Path,
    *,
    on_ready: Callable[[Ready], None],
    notify: Callable[[str], None] = lambda _: None,
    startup_timeout: float = 300.0,
) -> None:
    """Start the workspace's local server, make the accounts, call ``on_ready``, serve until
    Ctrl-C or SIGTERM, then stop it (see the module docstring)."""
    url = (ws.settings.labelstudio.url or DEFAULT_URL).rstrip("/")
    host, port = listen_address(url)
    binary = server_binary(venv)
    with ws.labelstudio_lock(), _sigterm_interrupts():
        check_port_free(host, port)
        accounts, first = _accounts(ws, url)
        notify(f"Starting Label Studio at {url} (log: {ws.rel(ws.labelstudio_log_path)}) ...")
        proc = _start(binary, ws, host, port, accounts)
        try:
            _wait_up(ws, url, proc, startup_timeout)
            wanted = ws.settings.labelstudio.annotators
            made = ensure_annotators(url, accounts, wanted, ws.labelstudio_accounts_path)
            write_accounts(ws.labelstudio_accounts_path, accounts)
            on_ready(Ready(url, first, made))
            while proc.poll() is None:
                time.sleep(0.5)
            raise _exited(ws, proc, "while serving")
        except KeyboardInterrupt:
            pass
        finally:
            _stop(proc)
