"""``ocwtool scrape nyt`` and ``ocwtool reconcile`` from the command line."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli import main
from ocwtool.cli.app import cli
from ocwtool.schema.models import Provenance, Puzzle
from ocwtool.schema.nyt import DayGroups, build_puzzle
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import init_workspace
from tests.servers import LocalSite

from .fixtures import GROUPS
from .test_integration import serve


@pytest.fixture
def site() -> Iterator[LocalSite]:
    with LocalSite() as s:
        serve(s)
        yield s


def invoke(*args: str) -> object:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def fail(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    return int(info.value.code or 0), capsys.readouterr().err


def test_scrape_nyt_both_against_one_local_server(tmp_path: Path, site: LocalSite) -> None:
    init_workspace(tmp_path, "tester@example.org")
    ws = ["-w", str(tmp_path), "scrape", "nyt"]
    result = invoke(*ws, "--source", "both", "--base-url", site.base_url, "--delay", "0",
                    "--from", "2024-03-01", "--to", "2024-03-08", "--no-progress")  # fmt: skip
    assert result.exit_code == 0  # type: ignore[attr-defined]
    out = result.stdout.splitlines()  # type: ignore[attr-defined]
    assert out[:3] == [
        "Wrote 7 puzzles to puzzles/nyt-api.jsonl",
        "Wrote 7 puzzles to puzzles/nyt-archive.jsonl",
        "Wrote 8 puzzles to puzzles/nyt.jsonl",
    ]
    assert out[3].startswith("Wrote reconciliation report runs/nyt-reconcile-") and out[3].endswith(".json")
    assert out[5].split() == ["DATE", "#", "DIFFERENCE", "DETAIL"]
    assert out[6].split() == ["2024-03-01", "264", "missing_right", "only", "in", "nyt-api"]
    assert out[-1] == (
        "nyt-api (7) vs nyt-archive (7): 6 days in both, 4 with differences; "
        "missing_left 1, missing_right 1, group_order 1, words 0, titles 1"
    )
    err = result.stderr.splitlines()  # type: ignore[attr-defined]
    summary = [line for line in err if line.startswith("nyt-api: fetched")]
    assert summary == [
        "nyt-api: fetched 7, from capture 0, robots-denied 0, retried 0, failed 0, puzzles 7, missing 1"
    ]
    assert "nyt-archive: fetched 2, from capture 0, robots-denied 0, retried 0, failed 0, puzzles 7" in err
    assert "  missing (404) https://www.nytimes.com/svc/connections/v2/2024-03-08.json" in err


def test_scrape_nyt_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = ["-w", str(tmp_path), "scrape", "nyt"]
    code, err = fail(capsys, *ws, "--from", "2024-03-05", "--to", "2024-03-01")
    assert (code, err) == (
        1,
        "Error: --from 2024-03-05 is after --to 2024-03-01; give a range oldest first\n",
    )
    code, err = fail(capsys, *ws, "--from", "March")
    assert (
        code == 2
        and err.splitlines()[-1] == "Error: Invalid value for '--from': 'March' is not a date YYYY-MM-DD"
    )
    code, err = fail(capsys, *ws, "--to", "2023-06-12")
    assert code == 1 and err.startswith("Error: a live crawl needs a contact for its User-Agent")


def test_scrape_nyt_bad_base_url(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    init_workspace(tmp_path, "tester@example.org")
    code, err = fail(
        capsys, "-w", str(tmp_path), "scrape", "nyt", "--base-url", "localhost", "--to", "2023-06-12"
    )
    assert (code, err) == (
        1,
        "Error: base URL 'localhost' needs a scheme and a host, e.g. http://127.0.0.1:8000\n",
    )


def _store(path: Path, days: list[int], title: str = "CITRUS FRUITS") -> None:
    groups = [(title, GROUPS[0][1]), *GROUPS[1:]]
    puzzles: list[Puzzle] = [
        build_puzzle(DayGroups(date=dt.date(2024, 3, d), groups=groups), "x", Provenance(source="x"), "t")
        for d in days
    ]
    write_puzzles(path, puzzles)


def test_reconcile_command(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _store(a, [1, 2])
    _store(b, [2, 3], title="Citrus-Fruits")
    result = invoke("reconcile", str(a), str(b))
    assert result.exit_code == 0  # type: ignore[attr-defined]
    assert result.stdout.splitlines() == [  # type: ignore[attr-defined]
        "DATE        #    DIFFERENCE     DETAIL",
        f"2024-03-01  264  missing_right  only in {a}",
        f"2024-03-03  266  missing_left   only in {b}",
        f"{a} (2) vs {b} (2): 1 days in both, 2 with differences; "
        "missing_left 1, missing_right 1, group_order 0, words 0, titles 0",
    ]
    out = tmp_path / "r.json"
    result = invoke("reconcile", str(a), str(b), "--json", "-o", str(out))
    doc = json.loads(result.stdout)  # type: ignore[attr-defined]
    assert doc == json.loads(out.read_text()) and doc["counts"]["missing_left"] == 1 and doc["agree"] == 1


def test_reconcile_missing_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = fail(capsys, "reconcile", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl"))
    assert (code, err) == (1, f"Error: {tmp_path / 'a.jsonl'}: no such file\n")


def test_reconcile_date_bounds(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _store(a, [1, 2])
    _store(b, [2, 3], title="OTHER")
    result = invoke("reconcile", str(a), str(b), "--from", "2024-03-02", "--to", "2024-03-02")
    assert result.stdout.splitlines()[-1] == (  # type: ignore[attr-defined]
        f"{a} (1) vs {b} (1): 1 days in both, 1 with differences; "
        "missing_left 0, missing_right 0, group_order 0, words 0, titles 1"
    )


def test_import_listing_text_and_reconcile_with_the_archive(tmp_path: Path, nyt_data: Path) -> None:
    ws = ["-w", str(tmp_path)]
    text = invoke(
        *ws, "import", str(nyt_data / "archive_listing_text_1-183.txt"), "--format", "nyt-archive-text"
    )
    assert text.exit_code == 0  # type: ignore[attr-defined]
    community = nyt_data / "connections_archive_1163.json"
    invoke(*ws, "import", str(community), "--format", "nyt-archive", "--source", "nyt-community")
    stores = tmp_path / "puzzles"
    result = invoke(*ws, "reconcile", str(stores / "nyt-archive.jsonl"), str(stores / "nyt-community.jsonl"),
                    "--to", "2023-12-11", "--json")  # fmt: skip
    doc = json.loads(result.stdout)  # type: ignore[attr-defined]
    by_kind = {k: [d["number"] for d in doc["differences"] if k in d["kinds"]] for k in doc["counts"]}
    assert by_kind == {
        "missing_left": [],
        "missing_right": [],
        "group_order": [59, 75],
        "words": [],
        "titles": [76, 77, 89, 101, 110, 118, 146],
    }
