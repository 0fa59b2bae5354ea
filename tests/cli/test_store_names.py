"""Store names: the NYT archive imports into `nyt`, the store `scrape nyt --source both` writes; an
older workspace's `nyt-community` store keeps working under the new name."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.data import example_path
from ocwtool.formats import IMPORTERS
from ocwtool.scrapers.nyt import CANONICAL
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import init_workspace
from tests.servers import LocalSite

NYT = example_path("nyt_archive_example.json")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out = capsys.readouterr()
    return int(info.value.code or 0), out.out, out.err


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    init_workspace(tmp_path / "ws", "tester@example.org")
    return tmp_path / "ws"


def test_the_nyt_archive_imports_into_the_nyt_store(ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert IMPORTERS["nyt-archive"][2] == CANONICAL == "nyt"
    code, out, _ = _run(capsys, "-w", str(ws), "import", str(NYT))
    assert code == 0 and out.startswith(f"Imported 4 puzzles from {NYT} into puzzles/nyt.jsonl (3 warnings;")
    code, out, _ = _run(capsys, "-w", str(ws), "export", "--format", "csv", "--source", "nyt")
    assert (code, out) == (0, "Exported 4 puzzles from nyt to exports/nyt.csv\n")


def _old_workspace(ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What an older ocwtool left: the archive imported as `nyt-community`."""
    assert _run(capsys, "-w", str(ws), "import", str(NYT), "--source", "nyt-community")[0] == 0


NOTE = (
    "note: puzzles/nyt-community.jsonl is read as store nyt (its old name); rename it to "
    "puzzles/nyt.jsonl (and its .meta.json) to keep this note away"
)


def test_an_old_nyt_community_store_is_read_as_nyt_with_a_note(
    ws: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _old_workspace(ws, capsys)
    code, out, err = _run(capsys, "-w", str(ws), "info", "--json")
    assert code == 0 and err == NOTE + "\n"
    assert list(json.loads(out)["sources"]) == ["nyt"]
    for name in ("nyt", "nyt-community"):  # the new name, and the old one still
        code, out, err = _run(capsys, "-w", str(ws), "export", "--format", "jsonl", "--source", name)
        assert (code, err) == (0, NOTE + "\n") and out.startswith(f"Exported 4 puzzles from {name} to")
        code, out, err = _run(capsys, "-w", str(ws), "split", "--source", name, "--nyt-cutoff", "2025-09-18")
        assert code == 0 and "puzzles/nyt-community.jsonl       2          0      2          0" in out
        scored = ("eval", "--baseline", "random", "--source", name, "--split", "all", "--seeds", "1")
        code, out, err = _run(capsys, "-w", str(ws), *scored)
        assert code == 0 and err.splitlines()[0] == NOTE and f"eval-random-{name}-all.json" in err


def test_importing_into_the_new_name_replaces_the_old_file(
    ws: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _old_workspace(ws, capsys)
    code, out, err = _run(capsys, "-w", str(ws), "import", str(NYT))
    assert code == 0 and "into puzzles/nyt.jsonl" in out
    assert err.splitlines()[-1] == (
        "note: removed puzzles/nyt-community.jsonl, the old name of store nyt: this import replaced it"
    )
    assert sorted(p.name for p in (ws / "puzzles").iterdir()) == ["nyt.jsonl", "nyt.meta.json"]
    assert _run(capsys, "-w", str(ws), "info")[2] == ""  # no note left


@pytest.fixture
def site() -> Iterator[LocalSite]:
    from tests.nyt.test_integration import serve

    with LocalSite() as s:
        serve(s)
        yield s


def test_scrape_and_import_share_nyt_without_losing_either(
    ws: Path, site: LocalSite, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(capsys, "-w", str(ws), "import", str(NYT))[0] == 0  # 4 days of September 2025
    days = ("--from", "2024-03-01", "--to", "2024-03-08")
    mirror = ("--base-url", site.base_url, "--delay", "0", "--no-progress")
    code, out, _ = _run(capsys, "-w", str(ws), "scrape", "nyt", "--source", "both", *days, *mirror)
    assert code == 0 and "Wrote 12 puzzles to puzzles/nyt.jsonl" in out.splitlines()  # 8 fetched + 4 kept
    assert len(read_puzzles(ws / "puzzles" / "nyt.jsonl")) == 12
    code, out, err = _run(capsys, "-w", str(ws), "import", str(NYT))
    assert (code, out) == (1, "")
    assert err == (
        f"Error: puzzles/nyt.jsonl holds 8 scraped puzzle(s) that importing {NYT} would replace; "
        "give --source NAME to import it beside them (--source nyt replaces them)\n"
    )
    code, out, _ = _run(capsys, "-w", str(ws), "import", str(NYT), "--source", "nyt")
    assert code == 0 and "Imported 4 puzzles" in out
