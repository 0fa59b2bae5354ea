"""`ocwtool llm run`, `llm prompts` and `eval --run` as a user types them (scripted server)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.errors import ConfigError
from ocwtool.llm.prices import Price, load_prices, price_for
from ocwtool.llm.scripted import ScriptedServer
from ocwtool.workspace import Workspace

PRICES = '\n[llm.prices."openai-api/scripted/oracle"]\ninput = 2.0\noutput = 10.0\n'


def test_run_prints_usage_and_cost_and_eval_scores_the_run(workspace: Path, server: ScriptedServer) -> None:
    with (workspace / "ocwtool.toml").open("a") as fh:
        fh.write(PRICES)
    args = ["-w", str(workspace), "llm", "run", "--model", "openai-api/scripted/oracle", "--source", "ocw"]
    result = CliRunner().invoke(cli, [*args, "--epochs", "2", "--limit", "3", "--no-progress"])
    assert result.exit_code == 0, result.output
    folder = workspace / "runs" / "llm" / "openai-api_scripted_oracle-ocw-test-oneshot"
    manifest = json.loads((folder / "run.json").read_text())
    usage = manifest["usage"]
    assert usage["calls"] == 12 and server.state.paid["oracle"] == 12
    cost = (usage["input_tokens"] * 2.0 + usage["output_tokens"] * 10.0) / 1e6
    assert manifest["cost_usd"] == pytest.approx(cost)
    assert (
        f"paid calls 12 ({usage['input_tokens']} in / {usage['output_tokens']} out tokens)" in result.output
    )
    assert f"cost ${cost:.4f}" in result.output
    assert "prompt ocw-fewshot v1" in result.output
    scored = CliRunner().invoke(
        cli, ["-w", str(workspace), "eval", "--run", str(folder), "--source", "ocw", "--bootstrap", "50"]
    )
    assert scored.exit_code == 0, scored.output
    assert "2 run(s), faithful mode" in scored.output
    assert "solved_walls                         3      0.0000" in scored.output
    assert (
        "LLM run: openai-api/scripted/oracle (oneshot, rules oneshot), prompt ocw-fewshot v1" in scored.output
    )
    assert (workspace / "runs" / "eval-openai_api_scripted_oracle_ocw_test_oneshot-ocw-test.json").is_file()


def test_interactive_run_compared_with_a_baseline_and_broken_down(
    workspace: Path, server: ScriptedServer
) -> None:
    args = ["-w", str(workspace), "llm", "run", "--model", "openai-api/scripted/oracle", "--source", "nyt"]
    result = CliRunner().invoke(cli, [*args, "--protocol", "interactive", "--rules", "nyt", "--no-progress"])
    assert result.exit_code == 0, result.output
    folder = workspace / "runs" / "llm" / "openai-api_scripted_oracle-nyt-test-interactive-nyt"
    scoring = [
        "eval",
        "--run",
        str(folder),
        "--source",
        "nyt",
        "--compare-baseline",
        "random",
        "--seeds",
        "2",
    ]
    extras = ["--cutoff", "2024-03-01", "--breakdown", "--bootstrap", "50"]
    evaluated = CliRunner().invoke(cli, ["-w", str(workspace), *scoring, *extras])
    assert evaluated.exit_code == 0, evaluated.output
    assert "paired comparison with baseline random (2 seeds)" in evaluated.output
    assert "correct groups per wall, A - B: +4.0000" in evaluated.output
    assert f"  {'before 2024-03-01':<26}{8:>8}   1.0000   1.0000\n" in evaluated.output
    assert f"  {'on or after 2024-03-01':<26}{16:>8}   1.0000   1.0000\n" in evaluated.output
    assert "groups found by level" in evaluated.output


def test_usage_errors_are_one_line(workspace: Path) -> None:
    base = ["-w", str(workspace), "llm", "run", "--model", "openai-api/scripted/oracle", "--source", "nyt"]
    result = CliRunner().invoke(cli, [*base, "--rules", "nyt"])
    assert isinstance(result.exception, Exception)
    assert str(result.exception) == "the oneshot protocol plays the oneshot rules, not 'nyt'"
    result = CliRunner().invoke(cli, [*base, "--prompt", "ocwtool-interactive"])
    assert (
        str(result.exception) == "prompt 'ocwtool-interactive' is for the interactive protocol, not oneshot"
    )


def test_prompts_are_listed_with_version_and_hash() -> None:
    result = CliRunner().invoke(cli, ["llm", "prompts"])
    assert result.exit_code == 0
    assert "connections-dots v1 (oneshot) sha256 " in result.output
    assert "Samadarshi et al. 2024" in result.output


def test_prices_are_read_and_checked(tmp_path: Path) -> None:
    (tmp_path / "ocwtool.toml").write_text(PRICES + '[llm.prices."gpt-4o"]\ninput = 2.5\noutput = 10\n')
    prices = load_prices(Workspace.open(tmp_path).settings.llm)
    assert price_for("openai/gpt-4o", prices) == Price(2.5, 10.0)
    assert price_for("openai/gpt-5", prices) is None
    assert Price(2.5, 10.0).cost(1_000_000, 100_000) == pytest.approx(3.5)
    (tmp_path / "ocwtool.toml").write_text('[llm.prices."m"]\ninput = "cheap"\noutput = 1\n')
    with pytest.raises(ConfigError, match=r"\[llm.prices.m\]: input: Input should be a valid number"):
        Workspace.open(tmp_path)
