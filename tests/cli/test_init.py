from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli


def run(*args: str) -> object:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_init_creates_workspace(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["-w", str(tmp_path), "init", "--contact", "me@example.org"])
    assert result.exit_code == 0, result.output
    assert result.output == f"Created {tmp_path / 'ocwtool.toml'}\n"
    for folder in ("raw", "puzzles", "variants", "annotations", "releases", "runs"):
        assert (tmp_path / folder).is_dir()
    from ocwtool.config import load_settings

    settings = load_settings(tmp_path)
    assert settings.contact == "me@example.org"
    assert settings.delay == 2.0
    assert "me@example.org" in settings.user_agent


def test_init_refuses_to_overwrite(tmp_path: Path) -> None:
    runner = CliRunner()
    runner.invoke(cli, ["-w", str(tmp_path), "init"])
    from ocwtool.cli import main

    with pytest.raises(SystemExit) as info:
        main(["-w", str(tmp_path), "init"])
    assert info.value.code == 1


def test_env_contact_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ocwtool.config import init_workspace, load_settings

    init_workspace(tmp_path, "file@example.org")
    monkeypatch.setenv("OCWTOOL_CONTACT", "env@example.org")
    assert load_settings(tmp_path).contact == "env@example.org"
