"""``release build`` killed at each publication step (issue #13, hole 6): a rerun of the same command
completes the release, byte-identical to an uninterrupted build, and it verifies."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ocwtool.errors import ReleaseError
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.verify import verify_release
from ocwtool.workspace import Workspace
from tests.releases import tamper
from tests.validators.factory import make_workspace

# Runs a build in a real process that SIGKILLs itself when it is about to rename or replace a path
# whose name is argv[2] (the release folder or its archive): the state a kill at that moment leaves.
KILLER = """
import os, signal, sys
from pathlib import Path
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.workspace import Workspace

root, victim, fmt, force = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4] == "force"
real_replace, real_rename = os.replace, os.rename

def deadly(real):
    def call(src, dst, *args, **kwargs):
        if Path(dst).name == victim:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(src, dst, *args, **kwargs)
    return call

os.replace, os.rename = deadly(real_replace), deadly(real_rename)
spec = ReleaseSpec("demo", "1.0.0", fmt=fmt, force=force, report=False)
build_release(Workspace.open(root), spec, expectations=False)
"""

SPEC = ReleaseSpec("demo", "1.0.0", report=False)


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """A workspace (without releases) and the archive an uninterrupted build makes of it."""
    root = tmp_path_factory.mktemp("interrupted") / "ws"
    settings = make_workspace(root, variants=False)
    _, archive = build_release(settings, SPEC, expectations=False)
    data = archive.read_bytes()
    shutil.rmtree(settings.releases_dir)
    return root, data


def _killed(root: Path, victim: str, fmt: str = "tar.gz", force: bool = False) -> None:
    args = [sys.executable, "-c", KILLER, str(root), victim, fmt, "force" if force else "-"]
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    assert done.returncode == -9, done.stderr  # it really died at that step


@pytest.mark.parametrize("victim", ["demo-1.0.0", "demo-1.0.0.tar.gz"], ids=["folder", "archive"])
def test_a_rerun_completes_a_build_killed_while_publishing(
    clean: tuple[Path, bytes], tmp_path: Path, victim: str
) -> None:
    root = tmp_path / "ws"
    shutil.copytree(clean[0], root)
    _killed(root, victim)
    releases = Workspace.open(root).releases_dir
    assert not (releases / "demo-1.0.0.tar.gz").exists()  # killed before the archive was published
    folder, archive = build_release(Workspace.open(root), SPEC, expectations=False)  # no --force
    assert archive.read_bytes() == clean[1]
    assert verify_release(archive, load=False).files == verify_release(folder, load=False).files
    assert sorted(p.name for p in releases.iterdir()) == ["demo-1.0.0", "demo-1.0.0.tar.gz"]


def test_a_forced_rebuild_killed_after_removing_the_old_archive_completes(
    clean: tuple[Path, bytes], tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    shutil.copytree(clean[0], root)
    build_release(Workspace.open(root), SPEC, expectations=False)
    _killed(root, "demo-1.0.0", fmt="zip", force=True)  # the old tar.gz is gone, the folder not swapped
    releases = Workspace.open(root).releases_dir
    assert not list(releases.glob("demo-1.0.0.*"))
    with pytest.raises(ReleaseError, match=r"no archive; it was built for --format tar.gz: rerun with"):
        build_release(Workspace.open(root), ReleaseSpec("demo", "1.0.0", "zip", report=False))
    _, archive = build_release(Workspace.open(root), SPEC, expectations=False)
    assert archive.read_bytes() == clean[1]
    _, rebuilt = build_release(
        Workspace.open(root), ReleaseSpec("demo", "1.0.0", "zip", force=True, report=False)
    )
    assert verify_release(rebuilt, load=False).rows and not archive.exists()


def test_an_interrupted_archive_write_leaves_the_previous_state(
    clean: tuple[Path, bytes], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ocwtool.releases.build as build

    root = tmp_path / "ws"
    shutil.copytree(clean[0], root)

    def interrupted(*args: object, **kwargs: object) -> Path:
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "write_archive", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build_release(Workspace.open(root), SPEC, expectations=False)
    monkeypatch.undo()
    releases = Workspace.open(root).releases_dir
    assert list(releases.iterdir()) == []  # nothing published, no staging left
    _, archive = build_release(Workspace.open(root), SPEC, expectations=False)
    assert archive.read_bytes() == clean[1]


def test_a_half_published_folder_that_fails_its_checksums_is_not_completed(
    clean: tuple[Path, bytes], tmp_path: Path
) -> None:
    root = tmp_path / "ws"
    shutil.copytree(clean[0], root)
    _killed(root, "demo-1.0.0.tar.gz")
    folder = Workspace.open(root).releases_dir / "demo-1.0.0"
    tamper.append(folder / "README.md", b"edited\n")
    with pytest.raises(
        ReleaseError, match=r"has no archive and fails its checksums \(tampered file README.md"
    ):
        build_release(Workspace.open(root), SPEC, expectations=False)
    assert not (folder.parent / "demo-1.0.0.tar.gz").exists()
