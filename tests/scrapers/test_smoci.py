"""SMOCI: Datasette JSON pages, the clue-set join, and end-to-end runs against a real datasette."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.formats.ocw_json import dump_document
from ocwtool.schema.keys import clue_key
from ocwtool.schema.models import Flag, HumanPerformance
from ocwtool.schema.text import match_form
from ocwtool.scrapers.base import Page
from ocwtool.scrapers.sources.smoci import SmociGroup, SmociSource, SmociWall, build_walls
from ocwtool.scrapers.sources.smoci_join import join
from ocwtool.stores.puzzles import read_puzzles
from tests.scrapers.datasette_server import serve_datasette
from tests.scrapers.ocdb_pages import WALLS, EpisodeSpec, Wall
from tests.scrapers.ocdb_site import make_workspace, serve_ocdb
from tests.scrapers.smoci_db import build_smoci_db, performance
from tests.servers import LocalSite

WALLS_URL = "https://prettygr.im/smoci/only-connect/walls.json?_shape=objects&_size=max"


def variant(wall: Wall, tag: str) -> Wall:
    """A distinct invented wall: every clue suffixed with ``tag``."""
    return [(conn, [f"{c} {tag}" for c in clues]) for conn, clues in wall]


def edited(wall: Wall, n: int) -> Wall:
    """``wall`` with its first ``n`` clues of group 4 and beyond replaced (SMOCI's light edits)."""
    out, left = [], n
    for conn, clues in reversed(wall):
        new = [f"Other {i}" if i < left else c for i, c in enumerate(clues)]
        left = max(0, left - 4)
        out.insert(0, (conn, new))
    return out


def test_datasette_page_gives_records_and_next_link() -> None:
    # Datasette behind base_url doubles the prefix in next_url: the token is what we follow.
    doc = {
        "rows": [{"id": 1, "match": 1}],
        "next": "1",
        "next_url": "http://h/smoci/smoci/only-connect/walls.json",
    }
    result = SmociSource().parse(Page(url=WALLS_URL, status=200, body=json.dumps(doc).encode()))
    assert result.records == (("walls", {"id": 1, "match": 1}),) and result.links == (WALLS_URL + "&_next=1",)
    url_only = SmociSource().parse(
        Page(url=WALLS_URL, status=200, body=b'{"rows": [], "next_url": "/x?_next=2"}')
    )
    assert url_only.links == ("/x?_next=2",)
    bad = SmociSource().parse(Page(url=WALLS_URL, status=200, body=b"<html>"))
    assert bad.errors == ("not JSON (line 1 col 1): Expecting value",)


def test_clue_normalisation() -> None:
    assert match_form("Smith & Wesson!") == "smithwesson" and match_form(8.5) == "85"
    assert clue_key(["A-b", "ab", "Café"]) == frozenset({"ab", "caf"})


def smoci_wall(wid: int, wall: Wall, team: str = "Team") -> SmociWall:
    groups = tuple(
        SmociGroup(tuple(reversed(clues)), conn, *performance(wid, k), k)
        for k, (conn, clues) in enumerate(wall, 1)
    )
    return SmociWall(wid, 1, team, "lion", 5, 3, dt.date(2010, 1, 4), tuple(reversed(groups)))


def test_join_exact_fuzzy_and_unmatched_on_both_sides() -> None:
    from ocwtool.scrapers.sources.ocdb import OcdbSource

    spec = EpisodeSpec(walls=[WALLS[0], WALLS[1]])
    from tests.scrapers.ocdb_pages import render_episode

    page = Page(url="https://ocdb.cc/episode/a-v-b/", status=200, body=render_episode(spec).encode())
    exact, fuzzy = OcdbSource().parse(page).puzzles
    orphan = (
        OcdbSource()
        .parse(
            Page(
                url="https://ocdb.cc/episode/c-v-d/",
                status=200,
                body=render_episode(EpisodeSpec(walls=[WALLS[2], WALLS[3]])).encode(),
            )
        )
        .puzzles[0]
    )
    walls = [
        smoci_wall(1, WALLS[0], "Knitters"),
        smoci_wall(2, edited(WALLS[1], 3)),
        smoci_wall(3, variant(WALLS[3], "x")),
    ]
    out, report = join([exact, fuzzy, orphan], walls)
    assert report.exact == [(exact.id, 1)] and report.fuzzy == [(fuzzy.id, 2, 13)]
    assert report.unmatched_puzzles == [orphan.id] and report.unmatched_smoci == [3]
    first = out[0]
    assert [g.human_performance for g in first.groups] == [
        HumanPerformance(grouping=performance(1, k)[0], connection=performance(1, k)[1])  # type: ignore[arg-type]
        for k in range(1, 5)
    ]
    assert (
        first.ocw is not None and first.ocw.team == "Knitters" and first.ocw.air_date == dt.date(2010, 1, 4)
    )
    assert Flag.FUZZY_MATCH in out[1].flags and Flag.FUZZY_MATCH not in first.flags
    assert out[2] == orphan
    assert "1 exact, 1 fuzzy, 1 puzzles unmatched, 1 SMOCI walls unmatched" in report.render()


def test_eleven_of_sixteen_is_not_a_match() -> None:
    from ocwtool.scrapers.sources.ocdb import OcdbSource
    from tests.scrapers.test_ocdb_parser import page as episode_page

    puzzle = OcdbSource().parse(episode_page("a-v-b", EpisodeSpec())).puzzles[0]
    _, report = join([puzzle], [smoci_wall(1, edited(WALLS[0], 5))])
    assert report.unmatched_puzzles == [puzzle.id] and report.fuzzy == []


def test_scrape_ocw_with_human_performance_through_datasette(tmp_path: Path) -> None:
    walls = {name: variant(w, name) for name, w in zip("ABCDE", [*WALLS, WALLS[0]], strict=True)}
    episodes = {
        "alpha-v-beta": EpisodeSpec("Alpha v Beta", 5, 1, [walls["A"], walls["B"]]),
        "gamma-v-delta": EpisodeSpec("Gamma v Delta", 5, 2, [walls["C"], walls["D"]]),
    }
    db = build_smoci_db(
        tmp_path / "only-connect.db",
        [
            (
                5,
                1,
                "2009-01-05 20:30:00 +0000 (Mon)",
                [("Alpha", "lion", walls["A"]), ("Beta", "water", edited(walls["B"], 2))],
            ),
            (
                5,
                2,
                "2009-01-12 20:30:00 +0000 (Mon)",
                [("Gamma", "lion", walls["C"]), ("Omega", "water", walls["E"])],
            ),
        ],
    )
    ws = make_workspace(tmp_path / "ws", timeout=20)  # datasette answers slowly on a loaded machine
    with LocalSite() as site, serve_datasette(db, max_rows=5) as smoci_root:
        serve_ocdb(site, episodes)
        result = CliRunner().invoke(
            cli,
            [
                "-w",
                str(ws),
                "scrape",
                "ocw",
                "--no-progress",
                "--with-human-performance",
                "--base-url",
                site.base_url,
                "--smoci-base-url",
                smoci_root,
            ],
        )
    assert result.exit_code == 0, result.output
    err = result.stderr.splitlines()
    smoci_line = next(line for line in err if line.startswith("smoci: "))
    assert smoci_line.startswith("smoci: fetched 7, from capture 0, robots-denied 0, retried 0, failed 0")
    assert (
        "[ocdb] smoci join: 2 exact, 1 fuzzy, 1 puzzles unmatched, 1 SMOCI walls unmatched, "
        "0 with an episode number differing from SMOCI's"
    ) in err
    assert "  fuzzy ocdb-alpha-v-beta-2 ~ SMOCI wall 2 (14/16 clues)" in err
    puzzles = {p.id: p for p in read_puzzles(ws / "puzzles" / "ocdb.jsonl")}
    first = puzzles["ocdb-alpha-v-beta-1"]
    assert first.ocw is not None and first.ocw.team == "Alpha" and first.ocw.air_date == dt.date(2009, 1, 5)
    assert [g.human_performance for g in first.groups] == [
        HumanPerformance(grouping=performance(1, k)[0], connection=performance(1, k)[1])  # type: ignore[arg-type]
        for k in range(1, 5)
    ]
    assert Flag.FUZZY_MATCH in puzzles["ocdb-alpha-v-beta-2"].flags
    assert all(g.human_performance is None for g in puzzles["ocdb-gamma-v-delta-2"].groups)
    exported = dump_document([first])["dataset"][0]
    assert [exported["groups"][f"group_{k}"]["human_performance"] for k in range(1, 5)] == [
        {"grouping": performance(1, k)[0], "connection": performance(1, k)[1]} for k in range(1, 5)
    ]
    assert [len(list((ws / "raw" / "smoci" / "warc").glob("*/*/*.warc.gz")))] == [
        7
    ]  # walls 1 + wall_groups 4 (5 rows a page) + 1 + 1


def test_smoci_records_assemble_into_walls() -> None:
    records = [
        ("matches", {"id": 1, "broadcast": "2008-09-15 20:30:00 +0100 (Mon)", "S": 1, "E": 1}),
        ("teams", {"id": 7, "name": "Knitters"}),
        ("walls", {"id": 3, "match": 1, "team": 7, "glyph": "beta"}),
        (
            "wall_groups",
            {
                "id": 9,
                "wall": 3,
                "clues": '["a","b","c","d"]',
                "connection": "x",
                "found": 1,
                "identified": 0,
                "#": 2,
            },
        ),
    ]
    (wall,) = build_walls(records)
    assert (wall.team, wall.glyph, wall.series, wall.episode, wall.air_date) == (
        "Knitters",
        "beta",
        1,
        1,
        dt.date(2008, 9, 15),
    )
    assert wall.groups == (SmociGroup(("a", "b", "c", "d"), "x", 1, 0, 2),)


def test_malformed_smoci_rows_are_a_clear_error() -> None:
    from ocwtool.errors import ParseError
    from ocwtool.scrapers.sources.smoci import build_walls

    with pytest.raises(ParseError, match=r"^SMOCI rows do not have the expected shape \(KeyError: 'id'\)"):
        build_walls([("walls", {"match": 1})])
