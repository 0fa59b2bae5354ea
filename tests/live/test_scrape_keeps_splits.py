"""``scrape nyt`` re-parsing a day already split (a rerun, ``--refresh``) keeps its split."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import init_workspace
from tests.servers import LocalSite

from .site import serve_days


def test_a_refreshed_day_keeps_its_split(tmp_path: Path) -> None:
    init_workspace(tmp_path, "tester@example.org")
    days = [dt.date(2024, 3, 1), dt.date(2024, 3, 2)]
    store = tmp_path / "puzzles" / "nyt-api.jsonl"
    with LocalSite() as site:
        serve_days(site, days)
        args = ["-w", str(tmp_path), "scrape", "nyt", "--from", "2024-03-01", "--to", "2024-03-02",
                "--base-url", site.base_url, "--delay", "0", "--no-progress"]  # fmt: skip
        assert CliRunner().invoke(cli, args).exit_code == 0
        first, second = read_puzzles(store)
        write_puzzles(store, [first.model_copy(update={"split": Split.VALIDATION}), second])
        result = CliRunner().invoke(cli, [*args, "--refresh"])
    assert result.exit_code == 0, result.output
    assert [p.split for p in read_puzzles(store)] == [Split.VALIDATION, None]
