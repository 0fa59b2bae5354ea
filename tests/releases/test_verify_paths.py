"""``release verify`` of a relative path from outside the workspace: the workspace's release is
found, and the command says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from ocwtool.cli import main
from tests.releases.conftest import Built


def test_verify_finds_a_relative_release_in_the_workspace(
    built: Built, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    ws = built.settings.root
    with pytest.raises(SystemExit) as info:
        main(["-w", str(ws), "release", "verify", "releases/demo-1.2.3.tar.gz", "--no-load"])
    out, err = capsys.readouterr()
    assert info.value.code == 0
    archive = ws / "releases" / "demo-1.2.3.tar.gz"
    note = f"note: releases/demo-1.2.3.tar.gz is not in the current folder; using {archive} in the workspace"
    assert err == note + "\n"
    assert out.startswith(f"OK {archive}: ") and "rows: nyt 8, ocw 20, ocw_randomized 12" in out
