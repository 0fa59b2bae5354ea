from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli


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


def test_init_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runner = CliRunner()
    runner.invoke(cli, ["-w", str(tmp_path), "init"])
    from ocwtool.cli import main

    with pytest.raises(SystemExit) as info:
        main(["-w", str(tmp_path), "init"])
    assert info.value.code == 1
    assert capsys.readouterr().err == (
        f"Error: {tmp_path / 'ocwtool.toml'} already exists; edit it, or pass --force to write a fresh one\n"
    )


def test_env_contact_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ocwtool.config import load_settings
    from ocwtool.workspace import init_workspace

    init_workspace(tmp_path, "file@example.org")
    monkeypatch.setenv("OCWTOOL_CONTACT", "env@example.org")
    assert load_settings(tmp_path).contact == "env@example.org"


def test_bad_config_tables_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ocwtool.cli import main

    (tmp_path / "ocwtool.toml").write_text("crawl = 3\n")
    with pytest.raises(SystemExit) as info:
        main(["-w", str(tmp_path), "scrape", "ocw", "--offline", "--no-progress"])
    assert info.value.code == 1
    assert capsys.readouterr().err == (
        f"Error: {tmp_path / 'ocwtool.toml'}: (top level): crawl: must be a table ([crawl]), got int 3\n"
    )


def test_workspace_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OCWTOOL_WORKSPACE", str(tmp_path / "ws"))
    result = CliRunner().invoke(cli, ["init"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "ws" / "ocwtool.toml").is_file()


def test_unreadable_store_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ocwtool.cli import main

    folder = tmp_path / "dir.jsonl"
    folder.mkdir()
    with pytest.raises(SystemExit) as info:
        main(["-w", str(tmp_path), "import", str(folder), "--format", "jsonl"])
    assert info.value.code == 1
    assert capsys.readouterr().err == f"Error: {folder}: is a folder, expected a file\n"


def test_init_writes_a_commented_labelstudio_section(tmp_path: Path) -> None:
    from ocwtool.config import load_settings

    assert CliRunner().invoke(cli, ["-w", str(tmp_path), "init"]).exit_code == 0
    text = (tmp_path / "ocwtool.toml").read_text()
    assert load_settings(tmp_path).labelstudio.annotators == {}  # commented out: nothing set
    assert "\n# [labelstudio]\n" in text and '\n# alice = "alice@example.org"\n' in text
    lines = text.splitlines()
    start = lines.index("# [labelstudio]")
    # Uncommented as the comment says (the token line is a placeholder for another server's token):
    table = [line.removeprefix("# ") for line in lines[start:] if not line.startswith("# token")]
    (tmp_path / "ocwtool.toml").write_text("\n".join(lines[:start] + table) + "\n")
    settings = load_settings(tmp_path).labelstudio
    assert settings.url == "http://127.0.0.1:8080"
    assert settings.project == "ocwtool knowledge types"
    assert settings.annotators == {"alice": "alice@example.org", "bob": "bob@example.org"}
