"""Reconciliation: missing days, group order, words, titles, normalisation, merge, the table."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ocwtool.acquisition.reconcile import (
    GROUP_ORDER,
    MISSING_LEFT,
    MISSING_RIGHT,
    TITLES,
    WORDS,
    merge,
    reconcile,
    render_table,
)
from ocwtool.formats import nyt_archive
from ocwtool.formats.nyt_archive_text import parse_listing_text
from ocwtool.schema.models import Provenance, Puzzle
from ocwtool.schema.nyt import DayGroups, build_puzzle
from ocwtool.schema.text import compare_form

from .fixtures import GROUPS

D1, D2, D3 = dt.date(2024, 3, 4), dt.date(2024, 3, 5), dt.date(2024, 3, 6)


def day(date: dt.date, groups: list[tuple[str, list[str]]] = GROUPS, source: str = "a") -> Puzzle:
    return build_puzzle(DayGroups(date=date, groups=groups), source, Provenance(source=source), "test")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("RACE CAR", "racecar"),
        ("HAPPY_SOUNDING", "Happy-Sounding"),
        ("“X”", '"x"'),
        ("RAPPERS’ NAMES", "RAPPERS' NAMES"),
        ("3-D SHAPES", "3D shapes"),
        ("___ ___", "___-___"),
        ("DEEP—FRIED", "deep fried"),
    ],
)
def test_normalise_equates(a: str, b: str) -> None:
    assert compare_form(a) == compare_form(b)


def test_normalise_keeps_real_differences() -> None:
    assert compare_form("20,000") != compare_form("20000")
    assert compare_form("RECYCLNG") != compare_form("RECYCLING")


def test_identical_stores_agree() -> None:
    report = reconcile([day(D1), day(D2)], [day(D2, source="b"), day(D1, source="b")], "a", "b")
    assert report.diffs == () and report.both == 2
    assert render_table(report) == (
        "a (2) vs b (2): 2 days in both, 0 with differences; "
        "missing_left 0, missing_right 0, group_order 0, words 0, titles 0"
    )


def test_every_kind_of_difference() -> None:
    swapped = [GROUPS[1], GROUPS[0], GROUPS[2], GROUPS[3]]
    retitled = [*GROUPS[:3], ("SILENT LETTERS", GROUPS[3][1])]
    reworded = [GROUPS[0], (GROUPS[1][0], ["BOW", "HULL", "KEEL", "MAST"]), *GROUPS[2:]]
    left = [day(D1), day(D2), day(dt.date(2024, 3, 7)), day(dt.date(2024, 3, 8))]
    right = [
        day(D2, swapped),
        day(D3),
        day(dt.date(2024, 3, 7), retitled),
        day(dt.date(2024, 3, 8), reworded),
    ]
    report = reconcile(left, right, "api", "archive")
    assert [(d.key, d.kinds) for d in report.diffs] == [
        ("2024-03-04", (MISSING_RIGHT,)),
        ("2024-03-05", (GROUP_ORDER,)),
        ("2024-03-06", (MISSING_LEFT,)),
        ("2024-03-07", (TITLES,)),
        ("2024-03-08", (WORDS,)),
    ]
    assert report.diffs[1].details == ("group order: 1->2, 2->1",)
    assert report.diffs[3].details == ("group 4 title: '“SILENT” LETTERS IN ‘KNIGHT’' vs 'SILENT LETTERS'",)
    assert report.diffs[4].details == ("group 2 words: STERN vs MAST",)
    assert report.counts() == {MISSING_LEFT: 1, MISSING_RIGHT: 1, GROUP_ORDER: 1, WORDS: 1, TITLES: 1}
    doc = report.to_json()
    assert doc["in_both"] == 3 and doc["agree"] == 0 and doc["differences"][0]["number"] == 267
    table = render_table(report).splitlines()
    assert table[0].split() == ["DATE", "#", "DIFFERENCE", "DETAIL"]
    assert table[1].split() == ["2024-03-04", "267", "missing_right", "only", "in", "api"]
    assert table[-1].startswith("api (4) vs archive (4): 3 days in both, 5 with differences;")


def test_merge_prefers_one_side_and_keeps_days_of_both() -> None:
    api = [day(D1, source="api"), day(D2, source="api")]
    archive = [day(D2, source="archive"), day(D3, source="archive")]
    assert [(p.id, p.source) for p in merge(api, archive)] == [
        ("nyt-2024-03-04", "api"),
        ("nyt-2024-03-05", "api"),
        ("nyt-2024-03-06", "archive"),
    ]
    assert [p.source for p in merge(archive, api)] == ["api", "archive", "archive"]


def test_listing_text_against_the_1163_archive(nyt_data: Path) -> None:
    text = (nyt_data / "archive_listing_text_1-183.txt").read_text(encoding="utf-8")
    listing = parse_listing_text(text, "nyt-archive", Provenance(source="nyt-archive"), "listing")
    assert len(listing.puzzles) == 183 and listing.errors == ()
    imported = nyt_archive.import_file(nyt_data / "connections_archive_1163.json", "community")
    assert len(imported.puzzles) == 1163
    archive = [p for p in imported.puzzles if p.nyt is not None and p.nyt.number <= 183]
    report = reconcile(listing.puzzles, archive, "listing", "archive")
    assert report.both == 183 and report.counts()[MISSING_LEFT] == report.counts()[MISSING_RIGHT] == 0
    assert report.numbers(GROUP_ORDER) == [59, 75]
    assert report.numbers(TITLES) == [76, 77, 89, 101, 110, 118, 146]
    assert report.numbers(WORDS) == []
    assert {d.number for d in report.diffs} == {59, 75, 76, 77, 89, 101, 110, 118, 146}
    day92 = next(p for p in listing.puzzles if p.nyt is not None and p.nyt.number == 92)
    assert "20,000" in day92.groups[3].clues
