"""`ocwtool llm run` after a model's training cutoff: --after-cutoff, --cutoff, --newest."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.errors import InputError
from ocwtool.llm.inputs import timing
from ocwtool.llm.scripted import ScriptedServer

RUN = ["llm", "run", "--model", "openai-api/scripted/oracle", "--source", "nyt", "--no-progress"]


def test_a_run_after_a_cutoff_plays_only_the_newest_puzzles_after_it(
    workspace: Path, server: ScriptedServer
) -> None:
    """The invented NYT test boards are dated 2024-01-01 to 2024-05-30; three on or after 03-15."""
    with (workspace / "ocwtool.toml").open("a") as fh:
        fh.write('\n[cutoffs]\n"my-model" = "2024-03-15"\n')
    args = ["-w", str(workspace), *RUN, "--after-cutoff", "my-model", "--newest", "2"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "3 of 6 puzzles published on or after 2024-03-15 (my-model's cutoff); the newest 2 of 3\n" in (
        result.output
    )
    folder = workspace / "runs" / "llm" / "openai-api_scripted_oracle-nyt-test-oneshot"
    settings = json.loads((folder / "run.json").read_text())["settings"]
    assert (settings["since"], settings["newest"]) == ("2024-03-15", 2)
    assert server.state.paid["oracle"] == 2
    scored = CliRunner().invoke(cli, ["-w", str(workspace), "eval", "--run", str(folder), "--bootstrap", "0"])
    assert scored.exit_code == 0, scored.output
    assert "solved_walls                         2" in scored.output


def test_cutoff_by_date_and_its_errors(workspace: Path, server: ScriptedServer) -> None:
    result = CliRunner().invoke(cli, ["-w", str(workspace), *RUN, "--cutoff", "2024-05-01"])
    assert result.exit_code == 0, result.output
    assert "1 of 6 puzzles published on or after 2024-05-01\n" in result.output
    both = CliRunner().invoke(
        cli, ["-w", str(workspace), *RUN, "--cutoff", "2024-05-01", "--after-cutoff", "x"]
    )
    assert isinstance(both.exception, InputError)
    assert str(both.exception) == "give --cutoff DATE or --after-cutoff MODEL, not both"
    unknown = CliRunner().invoke(cli, ["-w", str(workspace), *RUN, "--after-cutoff", "gpt-4-o"])
    assert isinstance(unknown.exception, InputError)
    assert str(unknown.exception).startswith(
        "no training cutoff known for model 'gpt-4-o'; did you mean gpt-4o"
    )


def test_live_and_backfill_puzzles_are_counted_apart() -> None:
    day = dt.date(2024, 3, 1)
    dates = [dt.date(2024, 3, 1), dt.date(2024, 2, 29), None, dt.date(2024, 1, 1)]
    assert timing(dates, day) == {"run_date": "2024-03-01", "live": 1, "backfill": 2, "undated": 1}


def test_run_json_says_how_many_puzzles_were_played_live_and_how_many_as_backfill(
    workspace: Path, server: ScriptedServer
) -> None:
    """The invented boards are from 2024: a run today plays them all as backfill."""
    result = CliRunner().invoke(cli, ["-w", str(workspace), *RUN, "--newest", "3", "--epochs", "2"])
    assert result.exit_code == 0, result.output
    assert "the newest 3 of 6 puzzles\n" in result.output
    folder = workspace / "runs" / "llm" / "openai-api_scripted_oracle-nyt-test-oneshot"
    manifest = json.loads((folder / "run.json").read_text())
    today = dt.datetime.fromisoformat(manifest["timing"]["run_date"]).date()
    assert abs((today - dt.datetime.now(dt.UTC).date()).days) <= 1
    assert {k: v for k, v in manifest["timing"].items() if k != "run_date"} == {
        "live": 0,
        "backfill": 3,
        "undated": 0,
    }
    scored = CliRunner().invoke(cli, ["-w", str(workspace), "eval", "--run", str(folder), "--bootstrap", "0"])
    assert scored.exit_code == 0, scored.output
    when = manifest["timing"]["run_date"]
    assert f"\n  puzzles played {when}: 0 live (published that day), 3 backfill (published before)\n" in (
        scored.output
    )
