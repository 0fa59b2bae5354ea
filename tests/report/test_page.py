"""The report page in a real browser at a laptop's window width: nothing wider than the page."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from ocwtool.report import write_report
from ocwtool.workspace import Workspace
from tests.report.browser import WIDTH, open_page

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
# A run named as LLM runs often are: long, and without a space or hyphen to break the line at.
LONG_LABEL = "openai_gpt_4o_mini_2024_07_18_temperature_0_seed_1234_oneshot_prompt_v2"


def test_no_table_is_wider_than_the_page(workspace: Path, tmp_path: Path) -> None:
    root = tmp_path / "ws"
    shutil.copytree(workspace, root, ignore=shutil.ignore_patterns("reports"))
    report = json.loads((root / "runs" / "eval-random-ocw-test.json").read_text())
    (root / "runs" / f"eval-{LONG_LABEL}-ocw-test.json").write_text(json.dumps(report))
    page = write_report(Workspace.at(root)).html
    assert LONG_LABEL in page.read_text()
    seen = open_page(page)
    assert seen.errors == []
    assert WIDTH - 20 <= seen.facts["viewport"] <= WIDTH  # a laptop window (less a scroll bar)
    assert seen.facts["tables"] >= 4
    assert seen.facts["too_wide"] == []
    assert seen.facts["page_width"] == seen.facts["viewport"]  # no sideways scrolling
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "report-page.png").write_bytes(seen.screenshot)
