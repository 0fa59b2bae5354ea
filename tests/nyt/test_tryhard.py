"""The tryhardguides listing: HTML pages (days, comma numbers, pagination) and the rendered text form."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ocwtool.errors import InputError, ParseError
from ocwtool.formats import get_importer
from ocwtool.formats.nyt_archive_text import parse_header, split_group_line
from ocwtool.formats.wordsplit import split_words
from ocwtool.schema.models import Flag
from ocwtool.scrapers.base import Page
from ocwtool.scrapers.sources.tryhard import TryhardSource

from .fixtures import GROUPS, NUMBER_GROUPS, archive_day_html, archive_page

BASE = "https://tryhardguides.com/nyt-connections-answers/"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NYT Connections 183 - December 11th, 2023", (183, dt.date(2023, 12, 11))),
        ("NYT Connections 1 - June 12th, 2023", (1, dt.date(2023, 6, 12))),
        ("  NYT Connections #22 – July 3rd 2023 ", (22, dt.date(2023, 7, 3))),
        ("NYT Connections 173 - December 1st, 2023", (173, dt.date(2023, 12, 1))),
        ("NYT Connections 174 - Dec 2nd, 2023", (174, dt.date(2023, 12, 2))),
        ("NYT Connections 9 - Juneteenth, 2023", None),
        ("CITRUS - A, B, C, D", None),
    ],
)
def test_parse_header(text: str, expected: tuple[int, dt.date] | None) -> None:
    assert parse_header(text) == expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("22, 451, 2001, 20,000", ["22", "451", "2001", "20,000"]),
        ("1,000, 100, 10, 1,000,000", ["1,000", "100", "10", "1,000,000"]),
        ("A,B, C,  D", ["A", "B", "C", "D"]),
        ("HELLO, 5,000, 12, 7", ["HELLO", "5,000", "12", "7"]),
    ],
)
def test_split_words_keeps_numbers(text: str, words: list[str]) -> None:
    assert split_words(text, "here") == words


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A, B, C", "here: expected 4 comma-separated words, got 'A, B, C'"),
        ("22,451,2001,20,000", "here: cannot tell the 4 words apart in '22,451,2001,20,000'"),
        ("A, , C, D", "here: empty word in 'A, , C, D'"),
    ],
)
def test_split_words_errors(text: str, message: str) -> None:
    with pytest.raises(ParseError) as exc:
        split_words(text, "here")
    assert str(exc.value) == message


def test_split_group_line_prefers_the_cut_that_gives_four_words() -> None:
    assert split_group_line("UP - AND - DOWN - A, B, C, D", "w") == ("UP - AND - DOWN", ["A", "B", "C", "D"])
    assert split_group_line("T - A, B - C, D, E", "w") == ("T", ["A", "B - C", "D", "E"])
    with pytest.raises(ParseError, match="expected 'TITLE - W1, W2, W3, W4'"):
        split_group_line("NO SEPARATOR HERE", "w")


def _page(html: str, url: str = BASE) -> Page:
    return Page(url=url, status=200, body=html.encode())


def test_listing_page_days_numbers_and_links() -> None:
    days = [
        archive_day_html(268, "March 5th, 2024", GROUPS),
        archive_day_html(267, "March 4th, 2024", NUMBER_GROUPS),
    ]
    r = TryhardSource().parse(_page(archive_page(days, pages=3, current=2), BASE + "2/"))
    assert r.errors == () and r.warnings == ()
    assert [p.id for p in r.puzzles] == ["nyt-2024-03-05", "nyt-2024-03-04"]
    first, second = r.puzzles
    assert first.connections[3] == "“SILENT” LETTERS IN ‘KNIGHT’"
    assert list(first.clues) == [w for _, ws in GROUPS for w in ws]
    assert first.flags == (Flag.LEVEL_FROM_ORDER,) and first.source == "nyt-archive"
    assert second.groups[1].clues == ("1,000", "100", "10", "1,000,000")
    assert second.connections[3] == "ROCK & ROLL ___"
    assert r.links == (BASE, BASE + "3/")


def test_listing_without_archive_heading_falls_back_to_day_items() -> None:
    html = "<div><ul>" + archive_day_html(268, "March 5th, 2024", GROUPS) + "</ul></div>"
    r = TryhardSource().parse(_page(html))
    assert [p.id for p in r.puzzles] == ["nyt-2024-03-05"]


def test_listing_markup_variants() -> None:
    day = (
        '<li><a href="/x/">NYT Connections</a> 268 - March 5th, 2024<ul>'
        + "".join(f"<li><strong>{t}:</strong> {', '.join(ws)}</li>" for t, ws in GROUPS[:3])
        + f"<li>{GROUPS[3][0]} - {', '.join(GROUPS[3][1])}</li></ul></li>"
    )
    r = TryhardSource().parse(_page(archive_page([day])))
    assert r.errors == ()
    assert r.puzzles[0].connections == tuple(t for t, _ in GROUPS)


def test_listing_problems_are_reported_not_raised() -> None:
    bad = archive_day_html(268, "March 5th, 2024", GROUPS[:3])
    wrong_number = archive_day_html(999, "March 4th, 2024", GROUPS)
    r = TryhardSource().parse(_page(archive_page([bad, wrong_number])))
    assert r.errors == (f"{BASE} day 1: day 2024-03-05 lists 3 groups, expected 4",)
    assert r.warnings == (f"{BASE} day 2: header says #999 but 2024-03-04 is #267; keyed on the date",)
    assert [p.id for p in r.puzzles] == ["nyt-2024-03-04"]
    assert TryhardSource().parse(Page(url=BASE, status=500, body=b"")).errors == (f"{BASE}: HTTP 500",)


def test_source_date_bounds() -> None:
    days = [archive_day_html(n, f"March {n - 263}th, 2024", GROUPS) for n in (268, 267, 266)]
    src = TryhardSource(start=dt.date(2024, 3, 4), end=dt.date(2024, 3, 4))
    r = src.parse(_page(archive_page(days)))
    assert [p.id for p in r.puzzles] == ["nyt-2024-03-04"]
    assert r.links == ()  # the page reaches days before the range: no need to paginate further
    assert TryhardSource(start=dt.date(2024, 3, 1)).parse(_page(archive_page(days))).links != ()


def _listing_text() -> str:
    lines = []
    for n, date_text, groups in ((268, "March 5th, 2024", GROUPS), (267, "March 4th, 2024", NUMBER_GROUPS)):
        lines.append(f"NYT Connections {n} - {date_text}")
        lines += [f"    {t} - {', '.join(ws)}" for t, ws in groups]
        lines.append("")
    return "\n".join(lines)


def test_text_importer_is_registered_and_reads_the_listing(tmp_path: Path) -> None:
    path = tmp_path / "listing.txt"
    path.write_text(_listing_text(), encoding="utf-8")
    result = get_importer("nyt-archive-text")(path, "nyt-archive")
    assert [p.id for p in result.puzzles] == ["nyt-2024-03-05", "nyt-2024-03-04"]
    assert result.puzzles[1].groups[1].clues == ("1,000", "100", "10", "1,000,000")
    assert result.puzzles[0].provenance.sha256 is not None and result.warnings == ()


def test_text_importer_errors_name_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("hello\nNYT Connections 1 - June 12th, 2023\n  A - B, C\n", encoding="utf-8")
    importer = get_importer("nyt-archive-text")
    with pytest.raises(InputError) as exc:
        importer(path, "nyt-archive")
    assert str(exc.value) == f"{path}:1: text before the first 'NYT Connections N - DATE' line (and 2 more)"
    empty = tmp_path / "empty.txt"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(InputError) as exc:
        importer(empty, "nyt-archive")
    assert str(exc.value) == f"{empty}: no 'NYT Connections N - DATE' line found; is this the listing text?"


def test_known_picture_day_is_flagged() -> None:
    day = archive_day_html(550, "December 12th, 2024", GROUPS)
    p = TryhardSource().parse(_page(archive_page([day]))).puzzles[0]
    assert p.flags == (Flag.LEVEL_FROM_ORDER, Flag.PICTURE) and p.nyt is not None and p.nyt.picture
