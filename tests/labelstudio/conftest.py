"""A real Label Studio server for the session (its own venv, SQLite, 127.0.0.1) with two annotators.

The server lives in the venv `make labelstudio` builds (``$OCWTOOL_LS_VENV``, default
``~/.cache/ocwtool/label-studio-venv``); without it these tests fail and say so. It is started once
per test session with a preset admin token, two users sign up through the web form (as people do),
and it is stopped at the end.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from ocwtool.stores.puzzles import write_puzzles
from tests.annotations.conftest import puzzles

LS_VENV = Path(os.environ.get("OCWTOOL_LS_VENV") or Path.home() / ".cache/ocwtool/label-studio-venv")
ADMIN_EMAIL = "admin@ocwtool.invalid"
ADMIN_TOKEN = "0c7f1e2d3b4a59687766554433221100ffeeddcc"
STARTUP_TIMEOUT = 300.0


@dataclass(frozen=True)
class User:
    email: str
    password: str
    token: str
    cookies: dict[str, str]


@dataclass(frozen=True)
class Server:
    url: str
    admin_token: str
    users: dict[str, User]
    startup_seconds: float


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_up(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"Label Studio exited with {proc.returncode}; log:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(f"{url}/health", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(1)
    pytest.fail(f"Label Studio not up after {STARTUP_TIMEOUT:.0f} s; log:\n{log.read_text()[-3000:]}")


def sign_up(url: str, email: str, password: str) -> User:
    """Create a user through the sign-up form and read their API token (their session is kept)."""
    with httpx.Client(base_url=url, follow_redirects=True, timeout=60) as client:
        client.get("/user/signup/")
        form = {"email": email, "password": password, "csrfmiddlewaretoken": client.cookies["csrftoken"]}
        client.post("/user/signup/", data=form, headers={"Referer": f"{url}/user/signup/"}).raise_for_status()
        token = client.get("/api/current-user/token").raise_for_status().json()["token"]
        return User(email, password, str(token), dict(client.cookies.items()))


@pytest.fixture(scope="session")
def ls_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    binary = LS_VENV / "bin" / "label-studio"
    if not binary.exists():
        pytest.fail(f"no Label Studio at {binary}: run `make labelstudio` (or set OCWTOOL_LS_VENV)")
    data = tmp_path_factory.mktemp("label-studio")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "LABEL_STUDIO_ENABLE_LEGACY_API_TOKEN": "true",
        "LABEL_STUDIO_USERNAME": ADMIN_EMAIL,
        "LABEL_STUDIO_PASSWORD": "admin-password-123",
        "LABEL_STUDIO_USER_TOKEN": ADMIN_TOKEN,
        "LABEL_STUDIO_DISABLE_SIGNUP_WITHOUT_LINK": "false",
        "USE_ENFORCE_CSRF_CHECKS": "false",  # lets the browser test log in with a plain form post
        "LATEST_VERSION_CHECK": "false",
        "COLLECT_ANALYTICS": "false",
    }
    log = data / "server.log"
    args = [str(binary), "start", "--no-browser", "--host", "127.0.0.1", "--port", str(port)]
    started = time.monotonic()
    with open(log, "wb") as out:
        proc = subprocess.Popen([*args, "--data-dir", str(data / "data")], stdout=out, stderr=out, env=env)
    try:
        _wait_up(url, proc, log)
        seconds = time.monotonic() - started
        print(f"\nLabel Studio {url} up after {seconds:.1f} s (log: {log})")
        users = {n: sign_up(url, f"{n}@ocwtool.invalid", f"{n}-password-123") for n in ("alice", "bob")}
        yield Server(url, ADMIN_TOKEN, users, seconds)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def ls_workspace(
    tmp_path: Path, ls_server: Server, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Path:
    root = tmp_path / "ws"
    (root / "annotations").mkdir(parents=True)
    write_puzzles(root / "puzzles" / "test.jsonl", puzzles(), sort=False)
    title = f"ocwtool {request.node.name}"[:50]
    (root / "ocwtool.toml").write_text(f'[labelstudio]\nproject = "{title}"\n')
    monkeypatch.setenv("LABEL_STUDIO_URL", ls_server.url)
    monkeypatch.setenv("LABEL_STUDIO_API_KEY", ls_server.admin_token)
    return root


def all_tasks(server: Server, token: str) -> list[dict[str, object]]:
    headers = {"Authorization": f"Token {token}"}
    projects = httpx.get(f"{server.url}/api/projects/", headers=headers, timeout=60).json()["results"]
    out = []
    for project in projects:
        url = f"{server.url}/api/tasks/?project={project['id']}&page_size=100"
        out += [
            dict(t, project_title=project["title"])
            for t in httpx.get(url, headers=headers, timeout=60).json()["tasks"]
        ]
    return out


def project_tasks(server: Server, workspace: Path) -> dict[str, dict[str, object]]:
    title = (workspace / "ocwtool.toml").read_text().split('"')[1]
    return {
        str(t["data"]["puzzle_id"]): t
        for t in all_tasks(server, server.admin_token)
        if t["project_title"] == title
    }  # type: ignore[index]
