"""docs/annotations.md "A labelling team, step by step", run as written against the Label Studio
that ``annotate ls serve`` starts (on a free port instead of 8080), then ``serve`` again.

Each ``ocwtool`` line of the recipe runs in the workspace folder without ``-w``: ``serve`` as a
process of its own (stopped with SIGINT, as Ctrl-C does), the others in-process. The labelling of
step 4 is done through the API with each annotator's token from ``labelstudio/accounts.toml``.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import stat
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from textwrap import dedent

import pytest
from click.testing import CliRunner

from ocwtool.stores.annotations import read_all
from tests.annotations.conftest import Run, puzzles
from tests.labelstudio.conftest import LS_VENV, STARTUP_TIMEOUT, Server, User, all_tasks
from tests.labelstudio.test_serve_errors import SRC
from tests.labelstudio.test_server import submit

ROOT = Path(__file__).resolve().parents[2]
SECTION = "### A labelling team, step by step"
ADJUDICATION = "ss" + "yn"  # group 2 of both disputed walls: Semantic; alice's red herrings: keep, drop


def recipe() -> tuple[list[str], str]:
    """The recipe's shell lines and its ocwtool.toml table."""
    text = (ROOT / "docs" / "annotations.md").read_text()
    part = text[text.index(SECTION) :]
    part = part[: part.index("\nTests run a real server")]
    blocks = [
        (lang, dedent(body)) for lang, body in re.findall(r"^ *```(sh|toml)\n(.*?)^ *```", part, re.M | re.S)
    ]
    lines = [line for lang, body in blocks if lang == "sh" for line in body.splitlines() if line.strip()]
    return lines, next(body for lang, body in blocks if lang == "toml")


def run_here(line: str, input: str | None = None) -> Run:
    """A recipe line in-process, in the current folder, as typed."""
    from ocwtool.cli import main

    code = 0
    with CliRunner().isolation(input=input) as (out, err, _mixed):
        try:
            main(shlex.split(line)[1:])
        except SystemExit as exc:
            code = int(exc.code or 0)
        sys.stdout.flush()
        sys.stderr.flush()
        return Run(code, out.getvalue().decode(), err.getvalue().decode())


class Serving:
    """``ocwtool annotate ls serve`` as a process of its own, its output in a file."""

    def __init__(self, line: str, folder: Path) -> None:
        self.out = folder.parent / f"serve-{time.monotonic_ns()}.out"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
        args = [sys.executable, "-m", "ocwtool", *shlex.split(line)[1:]]
        with open(self.out, "wb") as out:
            self.proc = subprocess.Popen(args, cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT)

    def ready(self) -> str:
        deadline = time.monotonic() + STARTUP_TIMEOUT + 60
        while time.monotonic() < deadline:
            text = self.out.read_text()
            if "Serving until Ctrl-C.\n" in text or self.proc.poll() is not None:
                return text
            time.sleep(1)
        return self.out.read_text()

    def stop(self) -> tuple[int, str]:
        self.proc.send_signal(signal.SIGINT)
        try:
            code = self.proc.wait(timeout=90)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        return code, self.out.read_text()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _ready_text(url: str, state: str) -> str:
    return (
        f"Starting Label Studio at {url} (log: labelstudio/server.log) ...\n"
        f"Label Studio is up at {url} (data: labelstudio/data)\n"
        "Accounts: labelstudio/accounts.toml (mode 0600: e-mails, passwords, API tokens)\n"
        "  admin  (its token is what push, pull and status use)\n"
        f"  alice  alice@example.org  {state}\n"
        f"  bob  bob@example.org  {state}\n"
        f"Annotators log in at {url}/user/login/ with the e-mail and password of their account.\n"
        "Serving until Ctrl-C.\n"
    )


def label(folder: Path) -> None:
    """Step 4, as the annotators: alice labels the first two walls (a red herring on each), bob the
    first three; they disagree on group 2 of the first two."""
    accounts = tomllib.loads((folder / "labelstudio" / "accounts.toml").read_text())
    people = {n: User(a["email"], a["password"], a["token"], {}) for n, a in accounts["annotators"].items()}
    server = Server(accounts["url"], accounts["admin"]["token"], people, 0.0)
    tasks = {str(t["data"]["puzzle_id"]): t for t in all_tasks(server, server.admin_token)}  # type: ignore[index]
    walls = {p.id: p for p in puzzles()}
    for pid in ("nyt-2024-01-02", "nyt-2024-01-03"):
        submit(
            server,
            "alice",
            walls[pid],
            int(tasks[pid]["id"]),
            ["semantic", "semantic", "multiword", "linguistic"],
            5,
        )  # type: ignore[call-overload]
    for pid in ("nyt-2024-01-02", "nyt-2024-01-03", "nyt-2024-01-04"):
        types = ["semantic", "encyclopedic", "multiword", "linguistic"]
        submit(server, "bob", walls[pid], int(tasks[pid]["id"]), types, None)  # type: ignore[call-overload]


@pytest.fixture
def team(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, int]:
    """A workspace of invented puzzles, made with `ocwtool init`, the current folder."""
    if not (LS_VENV / "bin" / "label-studio").exists():
        pytest.fail(f"no Label Studio at {LS_VENV}: run `make labelstudio` (or set OCWTOOL_LS_VENV)")
    for name in ("LABEL_STUDIO_URL", "LABEL_STUDIO_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OCWTOOL_LS_VENV", str(LS_VENV))
    folder = tmp_path / "team"
    folder.mkdir()
    monkeypatch.chdir(folder)
    assert run_here("ocwtool init --contact team@example.org").exit_code == 0
    from ocwtool.stores.puzzles import write_puzzles

    write_puzzles(folder / "puzzles" / "test.jsonl", puzzles(), sort=False)
    return folder, _free_port()


def test_the_team_recipe_runs_as_written(team: tuple[Path, int]) -> None:
    folder, port = team
    lines, table = recipe()
    url = f"http://127.0.0.1:{port}"
    with open(folder / "ocwtool.toml", "a") as fh:  # step 2, on a free port
        fh.write("\n" + table.replace("http://127.0.0.1:8080", url))
    serving: Serving | None = None
    shown: dict[str, Run] = {}
    try:
        for line in lines:
            if line == "make labelstudio":
                make = subprocess.run(
                    ["make", "-C", str(ROOT), "-s", "labelstudio"], capture_output=True, text=True
                )
                assert make.returncode == 0 and make.stdout == "", make.stderr  # built already: a no-op
            elif line == "ocwtool annotate ls serve":
                serving = Serving(line, folder)
                assert serving.ready() == _ready_text(url, "created")
            else:
                typed = ADJUDICATION if line.startswith("ocwtool annotate adjudicate") else None
                shown[line] = run_here(line, input=typed)
                assert shown[line].exit_code == 0, (line, shown[line].stdout, shown[line].stderr)
                if line.startswith("ocwtool annotate ls push"):
                    label(folder)
        assert serving is not None
        code, output = serving.stop()
        serving = None
        assert (code, output.splitlines()[-1]) == (0, "Stopped Label Studio.")
    finally:
        if serving is not None:
            serving.stop()
    assert next(line for line in lines if line.startswith("ocwtool")) == "ocwtool annotate ls serve"
    accounts = folder / "labelstudio" / "accounts.toml"
    assert stat.S_IMODE(accounts.stat().st_mode) == 0o600
    status = next(run for line, run in shown.items() if line == "ocwtool annotate ls status")
    assert "annotations: alice 2, bob 3\n" in status.stdout
    assert re.search(
        r"  bob: \S+\?tab=\d+\n    next task: \S+&task=\d+ \(abc123; 1 of 4 to do\)\n", status.stdout
    )
    adjudicated = next(run for line, run in shown.items() if line.startswith("ocwtool annotate adjudicate"))
    assert "Decided 2; 0 disputed groups left." in adjudicated.stdout
    assert "Red herrings: decided 2 puzzle(s); 0 left." in adjudicated.stdout
    stores = read_all(folder / "annotations")
    assert sorted(stores["alice"]) == ["nyt-2024-01-02", "nyt-2024-01-03"]
    assert len(stores["bob"]) == 3

    # Again: the data and the accounts are reused.
    before = accounts.read_text()
    again = Serving("ocwtool annotate ls serve", folder)
    try:
        assert again.ready() == _ready_text(url, "exists")
        assert accounts.read_text() == before
        assert "annotations: alice 2, bob 3\n" in run_here("ocwtool annotate ls status").stdout
    finally:
        code, output = again.stop()
    assert (code, output.splitlines()[-1]) == (0, "Stopped Label Studio.")
