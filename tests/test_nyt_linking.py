"""Linking undated NYT boards to dated ones by their clues (never by force)."""

from __future__ import annotations

import datetime as dt

from ocwtool.acquisition.nyt_linking import link_puzzles
from ocwtool.schema.models import Flag, Provenance, Puzzle
from ocwtool.schema.nyt import DayGroups, build_puzzle
from tests.formats.published import BOARD_1, BOARD_2

DAY = dt.date(2024, 3, 5)


def nyt(board: list[tuple[str, list[str]]], date: dt.date | None, pid: str = "gold-1") -> Puzzle:
    day = DayGroups(date=date, groups=board, puzzle_id=pid, emoji=False)
    return build_puzzle(day, "src", Provenance(source="src"), pid)


def respelled(board: list[tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    """Same board in another spelling: lower case, a space inside one word."""
    out = [(t, [w.lower() for w in ws]) for t, ws in board]
    out[0][1][0] = out[0][1][0][:2] + " " + out[0][1][0][2:]
    return out


def test_undated_board_takes_the_date_and_id_of_its_twin() -> None:
    [linked], report = link_puzzles([nyt(respelled(BOARD_1), None)], [("archive", nyt(BOARD_1, DAY))])
    assert linked.id == "nyt-2024-03-05" and linked.nyt is not None and linked.nyt.date == DAY
    assert [g.id for g in linked.groups] == [f"nyt-2024-03-05_{k}" for k in range(1, 5)]
    assert linked.provenance.original_id == "gold-1"
    assert linked.provenance.linked_by == "clue set of archive:nyt-2024-03-05"
    assert list(linked.clues) == [w for _, ws in respelled(BOARD_1) for w in ws]  # own words kept
    assert (report.linked, report.unlinked) == ({"gold-1": "nyt-2024-03-05"}, {})


def test_edited_boards_and_picture_days_are_not_forced() -> None:
    edited = [(t, list(ws)) for t, ws in BOARD_1]
    edited[3][1][3] = "NIGHT"  # one word changed
    swapped = [(t, list(ws)) for t, ws in BOARD_1]
    swapped[0][1][0], swapped[1][1][0] = swapped[1][1][0], swapped[0][1][0]  # same clues, other groups
    picture = [(t, ["", "", "", ""]) for t, _ in BOARD_2]
    undated = [
        nyt(edited, None, "a"),
        nyt(swapped, None, "b"),
        nyt(picture, None, "c"),
        nyt(BOARD_2, None, "d"),
    ]
    pool = [("archive", nyt(BOARD_1, DAY)), ("archive", nyt(picture, DAY + dt.timedelta(1)))]
    out, report = link_puzzles(undated, pool)
    assert [p.id for p in out] == ["a", "b", "c", "d"] and report.matched == 0
    assert report.unlinked["a"].endswith(
        "nearest archive:nyt-2024-03-05 shares 15/16 (edited board or respelling?)"
    )
    assert report.unlinked["b"] == "same clues as archive:nyt-2024-03-05 but different groups (edited board?)"
    assert report.unlinked["c"] == "flagged empty_member, picture: never linked"
    assert report.unlinked["d"] == "no dated puzzle with these clues"
    assert Flag.PICTURE in out[2].flags


def test_one_dated_puzzle_links_once() -> None:
    twins = [nyt(BOARD_1, None, "a"), nyt(BOARD_1, None, "b")]
    out, report = link_puzzles(twins, [("archive", nyt(BOARD_1, DAY))])
    assert [p.id for p in out] == ["nyt-2024-03-05", "b"]
    assert report.unlinked == {"b": "matches archive:nyt-2024-03-05, an id already in this file"}
