"""``annotate ls serve`` refuses what it cannot do in one line, before starting anything."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.annotations.conftest import run_cli

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture
def team(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("LABEL_STUDIO_URL", raising=False)
    monkeypatch.delenv("LABEL_STUDIO_API_KEY", raising=False)
    root = tmp_path / "ws"
    root.mkdir()
    (root / "ocwtool.toml").write_text('[labelstudio.annotators]\nalice = "alice@example.org"\n')
    return root


@pytest.fixture
def fake_venv(tmp_path: Path) -> Path:
    """A venv with a ``label-studio`` that would fail if it were ever started."""
    binary = tmp_path / "venv" / "bin" / "label-studio"
    binary.parent.mkdir(parents=True)
    binary.write_text("#!/bin/sh\nexit 3\n")
    binary.chmod(0o755)
    return binary.parents[1]


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


def test_no_label_studio_venv_says_how_to_build_it(team: Path, tmp_path: Path) -> None:
    result = run_cli(team, "annotate", "ls", "serve", "--venv", str(tmp_path / "none"))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: no Label Studio at {tmp_path / 'none' / 'bin' / 'label-studio'}: build it with "
        "`make labelstudio` in the ocwtool repository (or set OCWTOOL_LS_VENV to a venv holding "
        "label-studio==1.23.2)\n"
    )
    assert not (team / "labelstudio" / "accounts.toml").exists()


def test_the_venv_comes_from_ocwtool_ls_venv_too(
    team: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OCWTOOL_LS_VENV", str(tmp_path / "elsewhere"))
    result = run_cli(team, "annotate", "ls", "serve")
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"Error: no Label Studio at {tmp_path / 'elsewhere' / 'bin'}/label-studio:"
    )


def test_a_busy_port_is_one_line(team: Path, fake_venv: Path, busy_port: int) -> None:
    (team / "ocwtool.toml").write_text(f'[labelstudio]\nurl = "http://127.0.0.1:{busy_port}"\n')
    result = run_cli(team, "annotate", "ls", "serve", "--venv", str(fake_venv))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: cannot listen on 127.0.0.1:{busy_port} (Address already in use): is a server already "
        "running there? Stop it, or set another port in url of [labelstudio] in ocwtool.toml "
        "(or LABEL_STUDIO_URL)\n"
    )


def test_a_url_serve_cannot_listen_on_is_one_line(team: Path, fake_venv: Path) -> None:
    (team / "ocwtool.toml").write_text('[labelstudio]\nurl = "https://ls.example.org/team"\n')
    result = run_cli(team, "annotate", "ls", "serve", "--venv", str(fake_venv))
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: serve needs a url like http://127.0.0.1:8080 in [labelstudio], "
        "got 'https://ls.example.org/team'\n"
    )


def test_a_second_serve_of_the_workspace_is_refused_naming_the_first(team: Path, fake_venv: Path) -> None:
    script = (
        "import sys, time\nfrom pathlib import Path\nfrom ocwtool.locks import folder_lock, set_command\n"
        "set_command('ocwtool annotate ls serve')\n"
        "with folder_lock(Path(sys.argv[1])):\n    print('held', flush=True)\n    time.sleep(60)\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    holder = subprocess.Popen(
        [sys.executable, "-c", script, str(team / "labelstudio")], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        result = run_cli(team, "annotate", "ls", "serve", "--venv", str(fake_venv))
    finally:
        holder.kill()
        holder.wait()
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"Error: labelstudio/ is in use by `ocwtool annotate ls serve` (pid {holder.pid}, since "
    )
    assert result.stderr.endswith("); run this again when it has finished\n")
