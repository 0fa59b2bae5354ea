"""Importer ``nyt-archive-text``: the tryhardguides NYT Connections archive listing as rendered text.

Each day is a header line ``NYT Connections 183 - December 11th, 2023`` followed by four
``TITLE - W1, W2, W3, W4`` lines in yellow..purple order (blank lines ignored). The listing shows no
starting board, so a puzzle's ``clues`` are its four groups in listed order, flagged
``Flag.LEVEL_FROM_ORDER`` (colour comes from position). The scraper of the HTML listing
(:mod:`ocwtool.scrapers.sources.tryhard`) builds its days with the same functions.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ocwtool.errors import InputError, ParseError
from ocwtool.formats import ImportResult
from ocwtool.formats.wordsplit import split_words
from ocwtool.fsio import read_text, sha256_file
from ocwtool.schema.models import Flag, Provenance, Puzzle, nyt_number
from ocwtool.schema.nyt import DayGroups, build_puzzle

PARSER_VERSION = "1"
HEADER = re.compile(
    r"^\s*NYT\s+Connections\s+#?(?P<num>\d+)\s*[-–—:]\s*"
    r"(?P<month>[A-Za-z]+)\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})\s*$"
)
_SEPARATOR = " - "
# (where, (number, date) from the header, [(title, words)] of its groups)
DayParts = tuple[str, tuple[int, dt.date], list[tuple[str, list[str]]]]


@dataclass(frozen=True)
class ListingDays:
    """What a listing yields: one puzzle per date (the first listing of a date kept), and problems."""

    puzzles: tuple[Puzzle, ...] = ()
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


def parse_header(text: str) -> tuple[int, dt.date] | None:
    """``NYT Connections 183 - December 11th, 2023`` -> (183, 2023-12-11); None if not a header."""
    m = HEADER.match(" ".join(text.split()))
    if not m:
        return None
    for fmt in ("%B %d %Y", "%b %d %Y"):
        try:
            date = dt.datetime.strptime(f"{m['month']} {m['day']} {m['year']}", fmt).date()
        except ValueError:
            continue
        return int(m["num"]), date
    return None


def split_group_line(line: str, where: str) -> tuple[str, list[str]]:
    """``TITLE - W1, W2, W3, W4`` -> (title, words); tries each `` - `` from the right (titles and
    words may themselves contain one) and keeps the first split that yields four words."""
    text = line.strip()
    cuts = [m.start() for m in re.finditer(re.escape(_SEPARATOR), text)]
    for cut in reversed(cuts):
        try:
            words = split_words(text[cut + len(_SEPARATOR) :], where)
        except ParseError:
            continue
        return text[:cut].strip(), words
    raise ParseError(f"{where}: expected 'TITLE - W1, W2, W3, W4', got {text!r}")


def day_from_parts(
    header: tuple[int, dt.date], groups: Sequence[tuple[str, list[str]]], where: str
) -> tuple[DayGroups, list[str]]:
    """A day's groups plus warnings (a header number that disagrees with its date)."""
    number, date = header
    warnings = []
    if number != nyt_number(date):
        warnings.append(
            f"{where}: header says #{number} but {date} is #{nyt_number(date)}; keyed on the date"
        )
    if len(groups) != 4:
        raise ParseError(f"{where}: day {date} lists {len(groups)} groups, expected 4")
    # A picture board shows up in the listing as alt text: build_puzzle marks the known picture days.
    return DayGroups(date=date, groups=groups, flags=(Flag.LEVEL_FROM_ORDER,)), warnings


def parse_listing_text(text: str, source: str, provenance: Provenance, where: str) -> ListingDays:
    """The listing's rendered text: header lines each followed by four group lines (blank lines ok)."""
    days: list[tuple[int, tuple[int, dt.date], list[tuple[str, list[str]]]]] = []
    errors: list[str] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        header = parse_header(line)
        if header is not None:
            days.append((lineno, header, []))
        elif not days:
            errors.append(f"{where}:{lineno}: text before the first 'NYT Connections N - DATE' line")
        else:
            try:
                days[-1][2].append(split_group_line(line, f"{where}:{lineno}"))
            except ParseError as exc:
                errors.append(str(exc))
    return build_days(((f"{where}:{n}", h, g) for n, h, g in days), source, provenance, errors)


def build_days(
    days: Iterable[DayParts], source: str, provenance: Provenance, errors: list[str]
) -> ListingDays:
    """The puzzles of the listed days; a day that does not build is an error, a repeated date a warning."""
    puzzles: dict[dt.date, Puzzle] = {}
    warnings: list[str] = []
    for where, header, groups in days:
        try:
            day, notes = day_from_parts(header, groups, where)
            puzzle = build_puzzle(day, source, provenance, where)
        except ParseError as exc:
            errors.append(str(exc))
            continue
        warnings.extend(notes)
        date = header[1]
        if date in puzzles:
            warnings.append(f"{where}: {date} listed twice; the first listing is kept")
            continue
        puzzles[date] = puzzle
    return ListingDays(puzzles=tuple(puzzles.values()), errors=tuple(errors), warnings=tuple(warnings))


def import_file(path: Path, source: str) -> ImportResult:
    """The listing's rendered text file (errors name FILE:LINE)."""
    text = read_text(path)
    provenance = Provenance(source=source, url=None, sha256=sha256_file(path), parser_version=PARSER_VERSION)
    result = parse_listing_text(text, source, provenance, str(path))
    if result.errors:
        more = f" (and {len(result.errors) - 1} more)" if len(result.errors) > 1 else ""
        raise InputError(f"{result.errors[0]}{more}")
    if not result.puzzles:
        raise InputError(f"{path}: no 'NYT Connections N - DATE' line found; is this the listing text?")
    return ImportResult(puzzles=result.puzzles, warnings=result.warnings)
