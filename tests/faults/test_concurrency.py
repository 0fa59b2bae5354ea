"""Concurrent commands on one workspace (issue #30, items 1 and 2), in real processes.

Each case pauses one ``ocwtool`` process at a chosen step (a hook that says ``paused`` on stdout and
waits for a line on stdin), starts the other command, and lets the first go on only once the second
has either finished or said that it waits: the outcome depends on events, never on timing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.verify import verify_release
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace
from tests.validators.factory import make_workspace, ocw_walls

# Runs the command line with ``module.name`` wrapped: on its first call it prints "paused" and waits
# for a line on stdin. argv: module, name, then the ocwtool arguments.
PAUSED = """
import importlib, sys
from ocwtool.cli import main

module, name = importlib.import_module(sys.argv[1]), sys.argv[2]
original = getattr(module, name)

def paused(*args, **kwargs):
    print("paused", flush=True)
    sys.stdin.readline()
    return original(*args, **kwargs)

setattr(module, name, paused)
main(sys.argv[3:])
"""

SINCE = r"\(pid {pid}, since \d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d\)"

Start = Callable[..., subprocess.Popen[str]]


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Start]:
    """Start ``ocwtool`` processes (``pause=(module, name)`` to stop one at that call); every one
    still running at the end is let go, then stopped."""
    procs: list[subprocess.Popen[str]] = []
    env = dict(os.environ, HF_DATASETS_OFFLINE="1", HF_HUB_OFFLINE="1", HF_HOME=str(tmp_path / "hf"))

    def run(*args: str, pause: tuple[str, str] | None = None) -> subprocess.Popen[str]:
        head = ["-c", PAUSED, *pause] if pause else ["-m", "ocwtool"]
        proc = subprocess.Popen(
            [sys.executable, *head, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        procs.append(proc)
        if pause:
            assert proc.stdout is not None and proc.stdout.readline() == "paused\n", proc.communicate()
        return proc

    yield run
    for proc in procs:
        if proc.poll() is None:
            resume(proc)
            try:
                proc.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()


def resume(proc: subprocess.Popen[str]) -> None:
    """Let a paused process go on (``communicate`` closes its stdin later)."""
    assert proc.stdin is not None
    try:
        proc.stdin.write("\n")
        proc.stdin.flush()
    except BrokenPipeError:  # it has already ended
        pass


def waiting_line(proc: subprocess.Popen[str]) -> str:
    """The process's "Waiting for ..." line, or "" if it ended without waiting (read to the end then)."""
    assert proc.stderr is not None
    for line in proc.stderr:
        if line.startswith("Waiting for "):
            return line
    return ""


def finish(proc: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=300)
    return proc.returncode, out, err


def built_lines(ws: Path, folder: str) -> str:
    return f"Built {ws / 'releases' / folder}\nArchive {ws / 'releases' / folder}.tar.gz\n"


# Two builds of one release at once (item 1): the first is stopped just before it swaps its folder in.
SWAP = ("ocwtool.releases.publish", "_swap_in")
BUILD = ("release", "build", "--name", "same", "--version", "1.0.0", "--no-report")


def test_a_second_build_of_the_same_release_told_not_to_wait_is_refused_naming_the_first(
    tmp_path: Path, start: Start
) -> None:
    ws = make_workspace(tmp_path / "ws").root
    first = start("-w", str(ws), *BUILD, pause=SWAP)
    code, out, err = finish(start("-w", str(ws), "--no-wait", *BUILD, "--force"))
    assert (code, out) == (1, ""), err
    command = re.escape(f"`ocwtool -w {ws} {' '.join(BUILD)}`")
    assert re.fullmatch(
        rf"Error: releases/ is in use by {command} {SINCE.format(pid=first.pid)}; "
        r"run this again when it has finished\n",
        err,
    ), err
    resume(first)
    code, out, err = finish(first)
    assert code == 0, err
    assert out.endswith(built_lines(ws, "same-1.0.0"))
    assert sorted(p.name for p in (ws / "releases").iterdir()) == ["same-1.0.0", "same-1.0.0.tar.gz"]
    assert verify_release(ws / "releases" / "same-1.0.0.tar.gz", load=False).rows["ocw"] == 20


def test_a_second_build_of_the_same_release_waits_then_each_success_is_true(
    tmp_path: Path, start: Start
) -> None:
    ws = make_workspace(tmp_path / "ws").root
    first = start("-w", str(ws), *BUILD, pause=SWAP)
    second = start("-w", str(ws), *BUILD, "--force")
    said = waiting_line(second)
    resume(first)
    command = re.escape(f"`ocwtool -w {ws} {' '.join(BUILD)}`")
    assert re.fullmatch(
        rf"Waiting for {command} {SINCE.format(pid=first.pid)} to finish with releases/ \.\.\.\n", said
    ), said
    for proc in (first, second):
        code, out, err = finish(proc)
        assert code == 0, err
        assert out.endswith(built_lines(ws, "same-1.0.0"))
    assert sorted(p.name for p in (ws / "releases").iterdir()) == ["same-1.0.0", "same-1.0.0.tar.gz"]
    assert verify_release(ws / "releases" / "same-1.0.0", load=False).rows["ocw"] == 20
    assert verify_release(ws / "releases" / "same-1.0.0.tar.gz", load=False).rows["ocw"] == 20


# An import during a build (item 2): the build is stopped after reading the stores, before validating.
READ = ("ocwtool.releases.build", "validate_corpus")


def test_an_import_during_a_release_build_waits_and_the_release_is_one_snapshot(
    tmp_path: Path, start: Start
) -> None:
    ws = make_workspace(tmp_path / "ws").root
    before = tmp_path / "before"
    shutil.copytree(ws, before)  # the workspace as the build reads it, for a reference build
    newer = tmp_path / "newer.jsonl"
    write_puzzles(newer, ocw_walls(24))
    build = start("-w", str(ws), "release", "build", "--name", "snap", "--version", "1.0.0", pause=READ)
    importer = start("-w", str(ws), "import", str(newer), "--format", "jsonl", "--source", "ocw")
    said = waiting_line(importer)
    resume(build)
    command = re.escape(f"`ocwtool -w {ws} release build --name snap --version 1.0.0`")
    assert re.fullmatch(
        rf"Waiting for {command} {SINCE.format(pid=build.pid)} to finish with puzzles/ \.\.\.\n",
        said,
    ), said
    code, out, err = finish(build)
    assert code == 0, err
    assert out.endswith(built_lines(ws, "snap-1.0.0"))
    code, out, err = finish(importer)
    assert code == 0, err
    assert out.startswith(f"Imported 24 puzzles from {newer} into puzzles/ocw.jsonl")
    assert len(read_puzzles(ws / "puzzles" / "ocw.jsonl")) == 24  # the import is not lost
    # the release is exactly the one the workspace gave before the import, report and card included
    reference, archive = build_release(Workspace.open(before), ReleaseSpec("snap", "1.0.0"))
    release = ws / "releases" / "snap-1.0.0"
    assert (release / "SHA256SUMS").read_text() == (reference / "SHA256SUMS").read_text()
    assert release.with_name(archive.name).read_bytes() == archive.read_bytes()
    assert verify_release(release, load=False).rows["ocw"] == 20


# A build started during an import: the import is stopped holding puzzles/, just before it writes.
WRITE = ("ocwtool.workspace", "write_puzzles")


def test_a_release_build_during_an_import_told_not_to_wait_is_refused_naming_it(
    tmp_path: Path, start: Start
) -> None:
    ws = make_workspace(tmp_path / "ws").root
    newer = tmp_path / "newer.jsonl"
    write_puzzles(newer, ocw_walls(24))
    args = ("import", str(newer), "--format", "jsonl", "--source", "ocw")
    importer = start("-w", str(ws), *args, pause=WRITE)
    code, out, err = finish(start("-w", str(ws), "--no-wait", *BUILD))
    assert (code, out) == (1, ""), err
    command = re.escape(f"`ocwtool -w {ws} {' '.join(args)}`")
    assert re.fullmatch(
        rf"Error: puzzles/ is in use by {command} {SINCE.format(pid=importer.pid)}; "
        r"run this again when it has finished\n",
        err,
    ), err
    assert not (ws / "releases" / "same-1.0.0").exists()
    resume(importer)
    code, out, err = finish(importer)
    assert code == 0, err
    code, out, err = finish(start("-w", str(ws), "--no-wait", *BUILD))
    assert code == 0, err
    assert verify_release(ws / "releases" / "same-1.0.0", load=False).rows["ocw"] == 24
