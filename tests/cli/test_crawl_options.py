"""Options shared by the scrape commands, and store names on `reconcile`."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.stores.puzzles import write_puzzles
from tests.conftest import make_nyt


@pytest.mark.parametrize("order", [["--offline", "--refresh"], ["--refresh", "--offline"]])
@pytest.mark.parametrize("source", ["ocw", "smoci", "nyt"])
def test_offline_and_refresh_together_are_a_usage_error(
    tmp_path: Path, source: str, order: list[str]
) -> None:
    result = CliRunner().invoke(cli, ["-w", str(tmp_path), "scrape", source, *order])
    assert result.exit_code == 2
    assert "--refresh fetches again and --offline never fetches: choose one" in result.output


def test_reconcile_takes_store_names_in_the_workspace(tmp_path: Path) -> None:
    puzzles = tmp_path / "puzzles"
    write_puzzles(puzzles / "a.jsonl", [make_nyt()])
    write_puzzles(puzzles / "b.jsonl", [make_nyt()])
    result = CliRunner().invoke(cli, ["-w", str(tmp_path), "reconcile", "a", "b", "--json"])
    assert result.exit_code == 0, result.output
    assert '"in_both": 1' in result.output and '"agree": 1' in result.output
