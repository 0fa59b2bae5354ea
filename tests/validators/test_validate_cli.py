"""``ocwtool validate``: table on stdout, JSON + Markdown reports, exit 1 on errors."""

from __future__ import annotations

import json
from pathlib import Path

from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from tests.conftest import run_ocwtool
from tests.validators.factory import make_workspace, replace_group


def test_validate_passes_and_writes_reports(tmp_path: Path) -> None:
    settings = make_workspace(tmp_path / "ws")
    out = run_ocwtool(
        "-w", str(settings.root), "validate", "--no-expectations", "--md-out", str(tmp_path / "r.md")
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1].startswith("PASSED: 0 errors, 0 warnings, 1 info, 0 waived;")
    doc = json.loads((settings.runs_dir / "validation" / "report.json").read_text())
    assert doc["ok"] is True and doc["counts"] == {"puzzles": 28, "variants/randomized": 12}
    assert (tmp_path / "r.md").read_text().startswith("# Validation report")


def test_validate_fails_with_exit_1_and_waiver_fixes_it(tmp_path: Path) -> None:
    settings = make_workspace(tmp_path / "ws", variants=False)
    walls = read_puzzles(settings.puzzles_path("ocw"))
    walls[0] = replace_group(walls[0], 1, connection="")
    write_puzzles(settings.puzzles_path("ocw"), walls)
    out = run_ocwtool("-w", str(settings.root), "validate", "--no-expectations")
    assert out.returncode == 1
    md = settings.runs_dir / "validation" / "report.md"
    assert out.stderr.splitlines()[-1] == f"Error: 1 error-severity finding(s); see {md}"
    assert "S04   blank-connection  error     fail    1  w0000_02: blank connection" in out.stdout
    (settings.root / "validation.toml").write_text(
        '[[waiver]]\nrule = "blank-connection"\nrecords = ["w0000_02"]\nreason = "blank on the show"\n'
    )
    again = run_ocwtool("-w", str(settings.root), "validate", "--no-expectations")
    assert again.returncode == 0, again.stdout
    assert "S04   blank-connection  warning" not in again.stdout and "waived" in again.stdout


def test_validate_runs_the_expectation_suites(tmp_path: Path) -> None:
    settings = make_workspace(tmp_path / "ws", variants=False)
    boards = read_puzzles(settings.puzzles_path("nyt"))
    boards[0] = boards[0].model_copy(update={"split": None})
    boards[1] = replace_group(boards[1], 0, clues=(" PADX1", *boards[1].groups[0].clues[1:]))
    write_puzzles(settings.puzzles_path("nyt"), boards)
    out = run_ocwtool("-w", str(settings.root), "validate")
    assert out.returncode == 0, out.stderr
    assert "G03   clue-whitespace" in out.stdout and "nyt-2024-01-02#" in out.stdout
    assert "S13   split-missing" in out.stdout


def test_validate_lists_rules_and_bad_waiver_file_is_one_line(tmp_path: Path) -> None:
    out = run_ocwtool("validate", "--rules")
    assert out.returncode == 0
    assert "S04  blank-connection         error    waivable" in out.stdout
    settings = make_workspace(tmp_path / "ws", variants=False)
    (settings.root / "validation.toml").write_text(
        '[[waiver]]\nrule = "L02"\nrecords = ["x"]\nreason = "r"\n'
    )
    bad = run_ocwtool("-w", str(settings.root), "validate", "--no-expectations")
    assert bad.returncode == 1
    assert bad.stderr == (
        f"Error: {settings.root / 'validation.toml'}: waiver #1: "
        "rule: L02 (wall-across-splits) cannot be waived; see `ocwtool validate --rules`\n"
    )


def test_validate_an_empty_workspace_says_what_to_do(tmp_path: Path) -> None:
    out = run_ocwtool("-w", str(tmp_path), "validate")
    assert out.returncode == 1
    assert out.stderr == f"Error: no puzzles in {tmp_path / 'puzzles'}; import or scrape puzzles first\n"
