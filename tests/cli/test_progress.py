"""Progress bars live only at the CLI edge: ``--no-progress`` everywhere long, and off without a TTY."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli import progress as cli_progress
from ocwtool.cli.app import cli
from ocwtool.progress import silent, track
from ocwtool.stores.puzzles import write_puzzles
from tests.conftest import make_nyt

LONG_COMMANDS = [
    ["scrape", "ocw"],
    ["scrape", "smoci"],
    ["scrape", "nyt"],
    ["build-variants"],
    ["annotate", "suggest"],
    ["annotate", "train"],
    ["annotate", "evaluate"],
    ["annotate", "ls", "push"],
    ["annotate", "ls", "pull"],
    ["annotate", "ls", "status"],
    ["llm", "run"],
    ["validate"],
    ["release", "build"],
    ["eval"],
    ["demo"],
]
BAR = "validate:"  # tqdm's description of the validation bar


@pytest.mark.parametrize("path", LONG_COMMANDS, ids=" ".join)
def test_every_long_command_has_no_progress(path: list[str]) -> None:
    result = CliRunner().invoke(cli, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert "--no-progress" in result.output


def _validate(tmp_path: Path, *args: str) -> str:
    write_puzzles(tmp_path / "puzzles" / "nyt.jsonl", [make_nyt()])
    result = CliRunner().invoke(cli, ["-w", str(tmp_path), "validate", "--no-expectations", *args])
    assert result.exit_code in (0, 1), result.output  # 1: a finding blocks; the run itself completed
    assert "Reports:" in result.stderr
    return result.stderr


def test_no_bar_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    assert BAR not in _validate(tmp_path)  # CliRunner's stderr is not a TTY


def test_bar_on_a_terminal_unless_no_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_progress, "stderr_is_terminal", lambda: True)
    assert BAR in _validate(tmp_path)
    assert BAR not in _validate(tmp_path, "--no-progress")


def test_progress_wanted_needs_a_terminal_and_no_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_progress, "stderr_is_terminal", lambda: True)
    assert cli_progress.progress_wanted(no_progress=False)
    assert not cli_progress.progress_wanted(no_progress=True)
    monkeypatch.setattr(cli_progress, "stderr_is_terminal", lambda: False)
    assert not cli_progress.progress_wanted(no_progress=False)


def test_disabled_bars_are_the_silent_hook() -> None:
    with cli_progress.progress_bars(False) as hook:
        assert hook is silent


def test_track_reports_before_the_first_item_and_after_each() -> None:
    events: list[tuple[str, int, int | None]] = []
    got = list(track(["a", "b", "c"], "walls", lambda *e: events.append(e)))
    assert got == ["a", "b", "c"]
    assert events == [("walls", 0, 3), ("walls", 1, 3), ("walls", 2, 3), ("walls", 3, 3)]
    assert list(track(iter("xy"), "gen", lambda *e: events.append(e))) == ["x", "y"]
    assert events[-1] == ("gen", 2, None)  # an iterator without a length: total unknown
