"""The real SMOCI database behind a real datasette, joined to OCW's 618 walls (skips without the data)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.formats.ocw_json import import_file
from ocwtool.schema.models import Flag
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from tests.scrapers.datasette_server import serve_datasette
from tests.scrapers.ocdb_site import make_workspace


def test_real_smoci_joins_all_618_ocw_walls(shared_data: Path, tmp_path: Path) -> None:
    original = import_file(shared_data / "ocw" / "onlyconnect_prerelease_618.json", "ocw").puzzles
    ws = make_workspace(tmp_path / "ws", timeout=30)
    write_puzzles(ws / "puzzles" / "ocw.jsonl", original)
    with serve_datasette(shared_data / "smoci" / "only-connect.db") as root:
        result = CliRunner().invoke(
            cli, ["-w", str(ws), "scrape", "smoci", "--no-progress", "--store", "ocw", "--base-url", root]
        )
    assert result.exit_code == 0, result.output
    err = result.stderr.splitlines()
    # 920 walls (1 page of 1000), 3680 groups (4 pages), 450 matches, 361 teams
    assert err[0] == "smoci: fetched 7, from capture 0, robots-denied 0, retried 0, failed 0, puzzles 0"
    assert err[1] == (
        "[ocw] smoci join: 573 exact, 45 fuzzy, 0 puzzles unmatched, 302 SMOCI walls unmatched, "
        "153 with an episode number differing from SMOCI's"
    )
    assert result.stdout == "Wrote 618 puzzles to puzzles/ocw.jsonl\n"
    joined = read_puzzles(ws / "puzzles" / "ocw.jsonl")
    assert len(joined) == 618
    assert sum(Flag.FUZZY_MATCH in p.flags for p in joined) == 45
    assert all(p.ocw is not None and p.ocw.team and p.ocw.air_date for p in joined)
    before = {g.id: g.human_performance for p in original for g in p.groups}
    after = {g.id: g.human_performance for p in joined for g in p.groups}
    assert len(after) == 2472 and all(hp is not None for hp in after.values())
    agree = sum(before[gid] == hp for gid, hp in after.items())
    assert agree / 2472 >= 0.96, agree
    first = joined[0]
    assert first.ocw is not None and (first.ocw.season, first.ocw.team) == (1, "Knitters")
