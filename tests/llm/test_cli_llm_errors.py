"""`ocwtool llm run` that cannot start: one `Error:` line, exit 1, no traceback, no run folder.

Run as the user runs it (a subprocess, stderr not a terminal, so inspect's display is off), in an
environment without any provider key or base URL, so the outcome does not depend on the machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ocwtool.llm.models import prerequisite_message

EXAMPLES = "openai/gpt-4o, anthropic/claude-sonnet-4-0, ollama/llama3"


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment without provider keys, base URLs or inspect model settings, plus ``extra``."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not (k.endswith(("_API_KEY", "_BASE_URL")) or k.startswith(("INSPECT_EVAL_MODEL", "OPENAI_")))
    }
    return env | extra


def _llm_run(workspace: Path, model: str, *more: str, **env: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "ocwtool", "-w", str(workspace), "llm", "run", "--model", model]
    return subprocess.run(
        [*cmd, "--source", "nyt", *more],
        capture_output=True,
        text=True,
        env=_clean_env(**env),
        cwd=workspace,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )


def _assert_one_error_line(proc: subprocess.CompletedProcess[str], workspace: Path) -> str:
    assert (proc.returncode, proc.stdout) == (1, ""), proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (workspace / "runs" / "llm").exists() or not any((workspace / "runs" / "llm").iterdir())
    return lines[0]


def test_a_missing_openai_key_is_one_line_naming_the_variable(workspace: Path) -> None:
    line = _assert_one_error_line(_llm_run(workspace, "openai/gpt-4o"), workspace)
    assert line.startswith("Error: model 'openai/gpt-4o' needs OPENAI_API_KEY"), line
    assert line.endswith("(export OPENAI_API_KEY=...) and run again"), line


def test_a_model_without_a_provider_is_one_line_with_examples(workspace: Path) -> None:
    line = _assert_one_error_line(_llm_run(workspace, "gpt-4o"), workspace)
    assert line == f"Error: model 'gpt-4o' is not in the PROVIDER/MODEL form; give e.g. --model {EXAMPLES}"


def test_an_unknown_provider_is_one_line(workspace: Path) -> None:
    line = _assert_one_error_line(_llm_run(workspace, "nosuch/model"), workspace)
    assert line == (
        "Error: model 'nosuch/model': inspect-ai has no provider 'nosuch'; "
        f"give a provider it supports, e.g. --model {EXAMPLES}"
    )


def test_an_openai_compatible_model_without_its_base_url_is_one_line(workspace: Path) -> None:
    proc = _llm_run(workspace, "openai-api/nokey/x", NOKEY_API_KEY="dummy")
    line = _assert_one_error_line(proc, workspace)
    assert line == (
        "Error: model 'openai-api/nokey/x' needs NOKEY_BASE_URL in the environment; "
        "set it (export NOKEY_BASE_URL=URL) or give --model-base-url URL"
    )


def test_an_openai_compatible_model_without_its_key_is_one_line(workspace: Path) -> None:
    line = _assert_one_error_line(_llm_run(workspace, "openai-api/nokey/x"), workspace)
    assert line == (
        "Error: model 'openai-api/nokey/x' needs NOKEY_API_KEY in the environment; "
        "set it (export NOKEY_API_KEY=...) and run again"
    )


def test_an_unknown_source_leaves_no_run_folder(workspace: Path) -> None:
    # Key and base URL given (a closed loopback port: nothing is ever sent), so only the source fails.
    env = {"NOKEY_API_KEY": "dummy", "NOKEY_BASE_URL": "http://127.0.0.1:9/v1"}
    proc = _llm_run(workspace, "openai-api/nokey/x", "--source", "nosuch", **env)
    line = _assert_one_error_line(proc, workspace)
    assert line.startswith("Error: no store named 'nosuch' in "), line


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "ERROR: Unable to initialise openai client\n\nNo [bold][blue]A_KEY[/blue][/bold], "
            "[bold][blue]B_KEY[/blue][/bold] or [bold][blue]C_KEY[/blue][/bold] defined in the environment.",
            "model 'p/m' needs A_KEY, B_KEY or C_KEY in the environment; "
            "set one (export A_KEY=...) and run again",
        ),
        (
            "[bold]ERROR[/bold]: p requires optional dependencies. "
            "Install with:\n\n[bold]pip install x[/bold]",
            "model 'p/m' cannot start: p requires optional dependencies. Install with: pip install x",
        ),
        ("odd [brackets", "model 'p/m' cannot start: odd [brackets"),
    ],
)
def test_inspect_prerequisite_messages_become_one_plain_line(message: str, expected: str) -> None:
    assert prerequisite_message("p/m", message) == expected
