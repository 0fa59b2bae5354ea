"""The demo's scripted-LLM stage says it was skipped, and why, without the [llm] extra."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ocwtool.demo.llm_stage import llm_stage
from ocwtool.demo.state import DemoState


def test_without_the_extra_the_stage_is_skipped_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ocwtool.workspace import Workspace, init_workspace

    init_workspace(tmp_path, "demo@example.invalid")
    monkeypatch.setitem(sys.modules, "inspect_ai", None)  # import inspect_ai now raises ImportError
    result = llm_stage(DemoState(workspace=Workspace.open(tmp_path)))
    assert result.name == "llm runner with SCRIPTED players (oracle, random; not a model)"
    assert result.lines == [
        "skipped: the [llm] extra is not installed (inspect_ai missing; pip install 'ocwtool[llm]')"
    ]
    assert result.paths == []
