"""The labelling screen of a pushed task, rendered by headless Chromium (Debian's ``chromium``).

The browser logs in as an annotator with the login form (a local page posting it), is sent on to
the task's labelling screen, and dumps the rendered DOM; a screenshot is kept as a test artefact
in ``tests/artifacts/`` (ignored by git).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from html import escape
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from ocwtool.annotations.herrings import numbered_clues
from tests.annotations.conftest import puzzles, run_cli
from tests.labelstudio.conftest import Server, project_tasks

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
BROWSER_SECONDS = 180


def _login_page(folder: Path, server: Server, user: str, next_url: str) -> Path:
    who = server.users[user]
    action = escape(f"{server.url}/user/login/?next={next_url.replace('?', '%3F').replace('&', '%26')}")
    page = folder / "login.html"
    page.write_text(
        '<html><body onload="document.forms[0].submit()">'
        f'<form method="post" action="{action}">'
        f'<input name="email" value="{escape(who.email)}">'
        f'<input name="password" value="{escape(who.password)}">'
        "</form></body></html>"
    )
    return page


def _chromium(page: Path, *extra: str) -> str:
    binary = shutil.which("chromium")
    if binary is None:
        pytest.fail("no chromium on PATH: run `make chromium` (apt-get install chromium)")
    args = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,3000"]
    args += ["--virtual-time-budget=60000", *extra, page.as_uri()]
    done = subprocess.run(args, capture_output=True, text=True, timeout=BROWSER_SECONDS, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _visible_text(dom: str) -> str:
    tree = LexborHTMLParser(dom)
    for node in tree.css("script, style"):
        node.decompose()
    return re.sub(r"\s+", " ", tree.body.text(separator=" ") if tree.body else "")


def _screen_text(page: Path) -> str:
    """Visible text of the labelling screen (after the config's first header). On a loaded machine
    the single-page app may not have rendered within the browser's time budget: try up to 3 times."""
    text = ""
    for _ in range(3):
        text = _visible_text(_chromium(page, "--dump-dom"))
        start = text.find("Knowledge type of each group")
        if start >= 0:
            return text[start:]
    raise AssertionError(f"labelling screen not rendered after 3 tries; page text: {text[:1500]}")


def test_labelling_screen_shows_16_clues_and_the_controls(
    ls_workspace: Path, ls_server: Server, tmp_path: Path
) -> None:
    assert run_cli(ls_workspace, "annotate", "ls", "push").exit_code == 0
    task = project_tasks(ls_server, ls_workspace)["abc123"]
    next_url = f"/projects/{task['project']}/data?task={task['id']}"
    page = _login_page(tmp_path, ls_server, "alice", next_url)
    screen = _screen_text(page)
    wall = next(p for p in puzzles() if p.id == "abc123")
    for clue in numbered_clues(wall):
        assert f"{clue.number} {clue.text}" in screen
    for k, group in enumerate(wall.groups, start=1):
        assert f"Group {k}: {group.connection}" in screen
    for control in (
        "Semantic",
        "Associative",
        "Encyclopedic",
        "Multiword expression",
        "Linguistic",
        "Combined",
    ):
        assert control in screen
    assert screen.count("Group 2") >= 12  # the "could also fit" choice of the 12 clues outside group 2
    assert "Red-herring categories" in screen and "Note (optional)" in screen
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "labelling-screen.png"
    _chromium(page, f"--screenshot={shot}")
    assert shot.stat().st_size > 10_000
    print(f"\nscreenshot: {shot}")
