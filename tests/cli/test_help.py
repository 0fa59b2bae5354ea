"""Every command (and subcommand) has help text with an example."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from ocwtool.cli.app import COMMANDS, cli


def _all_paths() -> list[list[str]]:
    ctx = click.Context(cli)
    paths: list[list[str]] = []
    for name in COMMANDS:
        cmd = cli.get_command(ctx, name)
        assert cmd is not None
        paths.append([name])
        if isinstance(cmd, click.Group):
            paths.extend([name, sub] for sub in cmd.list_commands(ctx))
    return paths


@pytest.mark.parametrize("path", _all_paths(), ids=lambda p: " ".join(p))
def test_command_help_has_example(path: list[str]) -> None:
    result = CliRunner().invoke(cli, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert "Example" in result.output, f"ocwtool {' '.join(path)} --help has no example"
    assert "ocwtool " + path[0] in result.output


def test_top_level_help_lists_every_command() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert name in result.output
