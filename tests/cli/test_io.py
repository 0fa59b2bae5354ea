"""``ocwtool import`` / ``export`` / ``info``: exit codes and exact user-facing text."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.data import example_path
from ocwtool.formats import IMPORTERS
from ocwtool.stores.puzzles import read_puzzles

OCW = example_path("ocw_example.json")
NYT = example_path("nyt_archive_example.json")


class Run:
    def __init__(self, capsys: pytest.CaptureFixture[str], workspace: Path) -> None:
        self.capsys = capsys
        self.ws = workspace

    def __call__(self, *args: str) -> tuple[int, str, str]:
        with pytest.raises(SystemExit) as info:
            main(["-w", str(self.ws), *args])
        out = self.capsys.readouterr()
        return int(info.value.code or 0), out.out, out.err


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Run:
    return Run(capsys, tmp_path / "ws")


def test_import_ocw_example(run: Run) -> None:
    code, out, err = run("import", str(OCW), "--format", "ocw")
    assert code == 0
    assert out == (
        f"Imported 6 puzzles from {OCW} into puzzles/ocw.jsonl (1 warning; flags: numeric_clue 1)\n"
    )
    assert err == "Warning: wall 5e2a01: numeric clue 49 read as text (flag numeric_clue)\n"
    assert len(read_puzzles(run.ws / "puzzles" / "ocw.jsonl")) == 6
    assert json.loads((run.ws / "puzzles" / "ocw.meta.json").read_text())["format"] == "ocw"


def test_import_nyt_example_with_source(run: Run) -> None:
    code, out, err = run("import", str(NYT), "-f", "nyt-archive", "--source", "nyt")
    assert code == 0
    assert out == (
        f"Imported 4 puzzles from {NYT} into puzzles/nyt.jsonl (3 warnings; flags: duplicate_clue 1, "
        "empty_member 1, level_from_order 1, picture 1)\n"
    )
    assert err.splitlines() == [
        "Warning: 2025-09-18: picture puzzle with empty members kept (flags picture, empty_member)",
        "Warning: 1 puzzle has level -1: levels taken from list order (flag level_from_order)",
        "Warning: 1 day missing between 2025-09-16 and 2025-09-20 (0 of them known picture days): 2025-09-19",
        "Board order: 4 of 4 puzzles list their clues in solution order (no published starting board); "
        "players, baselines and releases are shown a seeded shuffle instead (docs/evaluation.md, "
        "'Board order')",
    ]


def test_export_round_trips_the_example_and_subsets(run: Run, tmp_path: Path) -> None:
    run("import", str(OCW), "--format", "ocw", "--split", "test")
    out_file = tmp_path / "back.json"
    code, out, _ = run("export", "--format", "ocw", "--source", "ocw", "--out", str(out_file))
    assert (code, out) == (0, f"Exported 6 puzzles from ocw to {out_file}\n")
    back, original = json.loads(out_file.read_text()), json.loads(OCW.read_text())
    assert back["season_to_walls_map"] == original["season_to_walls_map"]
    assert [w for w in back["dataset"] if w["wall_id"] != "5e2a01"] == [
        w for w in original["dataset"] if w["wall_id"] != "5e2a01"
    ]
    code, out, _ = run("export", "--format", "csv", "--split", "test")
    assert (code, out) == (0, "Exported 6 puzzles from ocw to exports/ocw.csv\n")
    assert len((run.ws / "exports" / "ocw.csv").read_text().splitlines()) == 1 + 6 * 16


def test_export_all_to_hf_and_import_back(run: Run) -> None:
    run("import", str(OCW), "--format", "ocw")
    run("import", str(NYT), "--format", "nyt-archive")
    code, out, _ = run("export", "--format", "hf")
    assert (code, out) == (0, "Exported 10 puzzles from nyt, ocw to exports/all.parquet\n")
    code, out, _ = run("export", "--format", "csv", "--game", "nyt")
    assert (code, out) == (0, "Exported 4 puzzles from nyt to exports/nyt.csv\n")
    code, out, err = run(
        "import", str(run.ws / "exports" / "all.parquet"), "--format", "hf", "--source", "copy"
    )
    assert code == 0 and err == ""  # the parquet holds boards, none in solution order
    assert out.startswith(
        f"Imported 10 puzzles from {run.ws / 'exports' / 'all.parquet'} into puzzles/copy.jsonl"
    )
    both = read_puzzles(run.ws / "puzzles" / "ocw.jsonl") + read_puzzles(run.ws / "puzzles" / "nyt.jsonl")
    assert sorted(read_puzzles(run.ws / "puzzles" / "copy.jsonl"), key=lambda p: p.id) == sorted(
        (p.as_shown() for p in both), key=lambda p: p.id
    )
    assert not (run.ws / "puzzles" / "copy.meta.json").exists()


def test_info_text_and_json(run: Run) -> None:
    code, out, _ = run("info")
    assert (code, out) == (
        0,
        f"Workspace {run.ws.resolve()} has no puzzles yet; import some: ocwtool import FILE --format ocw\n",
    )
    run("import", str(OCW), "--format", "ocw")
    run("import", str(NYT), "--format", "nyt-archive", "--source", "nyt")
    code, out, _ = run("info")
    assert code == 0
    assert out.splitlines() == [
        f"Workspace {run.ws.resolve()}: 2 sources, 10 puzzles",
        "",
        "source                   game      puzzles  splits",
        "nyt                      nyt             4  -",
        "ocw                      ocw             6  -",
        "",
        "nyt by year: 2025: 4",
        "ocw by season: 1: 4, 2: 2",
        "",
        "Flags found:",
        "  duplicate clues         1  (nyt: 1)",
        "  blank connections       0",
        "  picture puzzles         1  (nyt: 1)",
        "  stored flags: duplicate_clue: 1, empty_member: 1, level_from_order: 1, numeric_clue: 1, "
        "picture: 1",
    ]
    code, out, _ = run("info", "--json", "--source", "ocw")
    summary = json.loads(out)
    assert summary["totals"] == {
        "sources": 1,
        "puzzles": 6,
        "checks": {"duplicate_clues": 0, "blank_connections": 0, "picture_puzzles": 0},
    }
    assert summary["sources"]["ocw"]["by_season"] == {"1": 4, "2": 2}


def test_malformed_json_is_one_line(run: Run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"dataset": [\n  {"wall_id": "x",}\n]}')
    code, out, err = run("import", str(bad), "--format", "ocw")
    assert (code, out) == (1, "")
    assert err == f"Error: {bad}:2:19: invalid JSON: Expecting property name enclosed in double quotes\n"


def test_schema_violation_names_record_field_and_expectation(run: Run, tmp_path: Path) -> None:
    doc = json.loads(OCW.read_text())
    doc["dataset"][1]["groups"]["group_2"]["gt_words"] = ["a", "b", "c"]
    bad = tmp_path / "short.json"
    bad.write_text(json.dumps(doc))
    code, _, err = run("import", str(bad), "--format", "ocw")
    assert code == 1
    assert err == (
        f"Error: {bad}: dataset[1] (wall 5e1a02): groups.group_2.gt_words: "
        "expected an array of 4 clues, got 3 items\n"
    )


def test_jsonl_schema_violation(run: Run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "w1", "game": "ocw"}\n')
    code, _, err = run("import", str(bad), "--format", "jsonl")
    assert code == 1
    assert err == f"Error: {bad}:1: record w1: source: Field required (and 3 more)\n"


def test_usage_and_workspace_errors(run: Run, tmp_path: Path) -> None:
    code, _, err = run("import", str(OCW), "--format", "xml")
    assert code == 2
    names = ", ".join(repr(n) for n in ("auto", *IMPORTERS))
    assert err.endswith(f"Error: Invalid value for '-f' / '--format': 'xml' is not one of {names}.\n")
    code, _, err = run("import", str(tmp_path / "nope.json"), "--format", "ocw")
    assert (code, err) == (1, f"Error: {tmp_path / 'nope.json'}: no such file\n")
    code, _, err = run("import", str(OCW), "--format", "ocw", "--source", "../up")
    assert (code, err) == (
        1,
        "Error: source name '../up' is not allowed: use letters, digits, '.', '_' or '-' "
        "(starting with a letter or digit, at most 128 characters)\n",
    )
    code, _, err = run("export", "--format", "csv")
    assert (code, err) == (
        1,
        f"Error: no puzzles in {run.ws.resolve() / 'puzzles'}; "
        "import some first: ocwtool import FILE --format ocw\n",
    )
    run("import", str(OCW), "--format", "ocw")
    code, _, err = run("export", "--format", "csv", "--source", "nyt")
    assert (code, err) == (
        1,
        f"Error: no store {run.ws.resolve() / 'puzzles' / 'nyt.jsonl'}; known sources: ocw\n",
    )
    code, _, err = run("export", "--format", "csv", "--game", "nyt")
    assert (code, err) == (1, "Error: nothing to export from ocw (game=nyt, split=None)\n")
    code, _, err = run("export", "--format", "nyt-archive")
    assert (code, err) == (
        1,
        "Error: record 5e1a01: nyt.date: expected an NYT puzzle with a date for this format\n",
    )


def test_format_choices_follow_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from ocwtool import formats
    from ocwtool.cli.app import cli

    monkeypatch.setitem(formats.IMPORTERS, "made-up", ("m", "f", "nyt", "text"))
    result = CliRunner().invoke(cli, ["import", "--help"])
    listed = "".join(result.output.split())  # click may wrap the choices
    assert "[" + "|".join(("auto", *formats.IMPORTERS)) + "]" in listed


def test_subprocess_end_to_end(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    cmd = [sys.executable, "-m", "ocwtool", "-w", str(ws)]
    done = subprocess.run(
        [*cmd, "import", str(OCW), "--format", "ocw"], capture_output=True, text=True, env=os.environ
    )
    assert done.returncode == 0 and done.stdout.startswith("Imported 6 puzzles")
    done = subprocess.run(
        [*cmd, "export", "--format", "ocw", "--source", "ocw"], capture_output=True, text=True, env=os.environ
    )
    assert (done.returncode, done.stdout) == (0, "Exported 6 puzzles from ocw to exports/ocw.ocw.json\n")
