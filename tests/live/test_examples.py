"""The scheduling examples of docs/live.md parse: the crontab line, the systemd units, the workflow."""

from __future__ import annotations

import configparser
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from ocwtool.cli.app import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
FIELD = r"(\*|\d+(-\d+)?)(/\d+)?(,(\d+(-\d+)?))*"  # one crontab time field


def command_args(line: str) -> list[str]:
    """The arguments after ``ocwtool`` in a shell line (up to a redirection or ``&&``)."""
    words = shlex.split(line.split(">>")[0])
    start = next(k for k, w in enumerate(words) if w.endswith("/ocwtool") or w == "ocwtool")
    return words[start + 1 :]


def parses(args: list[str]) -> None:
    """``args`` are options ocwtool accepts (checked with --help appended, nothing run)."""
    result = CliRunner().invoke(cli, [*args, "--help"])
    assert result.exit_code == 0, (args, result.output)


def test_crontab_line() -> None:
    lines = [s for s in (EXAMPLES / "ocwtool-update.cron").read_text().splitlines() if s and s[0] != "#"]
    entries = [s for s in lines if not re.fullmatch(r"[A-Z_]+=\S+", s)]
    assert len(entries) == 1
    fields = entries[0].split(None, 5)
    assert all(re.fullmatch(FIELD, f) for f in fields[:5]), fields[:5]
    assert [int(fields[0]), int(fields[1])] == [15, 12]
    parses(command_args(fields[5].split("&&", 1)[1]))


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are case-sensitive
    parser.read_string((EXAMPLES / name).read_text())
    return parser


def test_systemd_units() -> None:
    service, timer = unit("ocwtool-update.service"), unit("ocwtool-update.timer")
    assert service.sections() == ["Unit", "Service"] and service["Service"]["Type"] == "oneshot"
    parses(command_args(service["Service"]["ExecStart"]))
    assert timer.sections() == ["Unit", "Timer", "Install"]
    assert timer["Install"]["WantedBy"] == "timers.target" and timer["Timer"]["Persistent"] == "true"
    if shutil.which("systemd-analyze") is None:
        pytest.skip("no systemd-analyze to check the calendar expression")
    check = subprocess.run(
        ["systemd-analyze", "calendar", timer["Timer"]["OnCalendar"]], capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr


def test_github_workflow() -> None:
    doc = yaml.safe_load((EXAMPLES / "ocwtool-update.yml").read_text())
    triggers = doc[True]  # YAML 1.1 reads the key `on` as true
    assert doc["name"] == "ocwtool update" and set(triggers) == {"schedule", "workflow_dispatch"}
    assert [s["cron"].split()[:2] for s in triggers["schedule"]] == [["15", "12"]]
    steps = doc["jobs"]["update"]["steps"]
    assert doc["jobs"]["update"]["runs-on"] == "ubuntu-latest"
    assert all("uses" in s or "run" in s for s in steps)
    runs = [s["run"] for s in steps if "run" in s and s["run"].startswith("ocwtool ")]
    assert len(runs) == 1
    parses(command_args(runs[0]))
