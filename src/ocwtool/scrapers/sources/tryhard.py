"""NYT Connections archive listing of tryhardguides.com (secondary source, a cross-check of the API).

HTML (``/nyt-connections-answers/``, paginated ``…/2/``, ``…/3/``): under the heading "NYT Connections
Answers Archive" a ``<ul>`` whose outer ``<li>`` per day reads ``NYT Connections 183 - December 11th,
2023`` and holds a nested ``<ul>`` of four ``<li><strong>TITLE</strong> - W1, W2, W3, W4</li>`` in
yellow..purple order. The rendered TEXT form has the header line then four ``TITLE - W1, W2, W3, W4``
lines (:func:`parse_listing_text`, importer ``nyt-archive-text``).

The archive shows no starting board, so these puzzles' ``clues`` hold the four groups concatenated in
listed (yellow..purple) order, and they carry ``Flag.LEVEL_FROM_ORDER`` (colour comes from position).
Known picture days (``ocwtool/data/nyt_facts.json``) are flagged ``PICTURE``: their words are alt text.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from ocwtool.errors import InputError, ParseError
from ocwtool.schema.formats import ImportResult
from ocwtool.schema.models import Flag, Provenance, Puzzle, nyt_number
from ocwtool.schema.nyt import DayGroups, build_puzzle
from ocwtool.scrapers.base import CrawlOptions, Page, ParseResult
from ocwtool.scrapers.facts import source_facts
from ocwtool.scrapers.sources.tryhard_html import day_items, page_links
from ocwtool.scrapers.sources.wordsplit import split_words

NAME = "nyt-archive"
_FACTS = source_facts(NAME)
DEFAULT_BASE_URL: str = _FACTS["base_url"]
PARSER_VERSION = "1"
LISTING_PATH: str = _FACTS["listing_path"]
HEADER = re.compile(
    r"^\s*NYT\s+Connections\s+#?(?P<num>\d+)\s*[-–—:]\s*"
    r"(?P<month>[A-Za-z]+)\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})\s*$"
)
_PAGE_PATH = re.compile(_FACTS["page_path_pattern"])
_SEPARATOR = " - "


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


def parse_listing_text(text: str, source: str, provenance: Provenance, where: str) -> ParseResult:
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
    return _build_days(((f"{where}:{n}", h, g) for n, h, g in days), source, provenance, errors)


def _build_days(
    days: Iterable[tuple[str, tuple[int, dt.date], list[tuple[str, list[str]]]]],
    source: str,
    provenance: Provenance,
    errors: list[str],
) -> ParseResult:
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
    return ParseResult(puzzles=tuple(puzzles.values()), errors=tuple(errors), warnings=tuple(warnings))


def parse_listing_html(html: str, url: str, source: str, provenance: Provenance) -> ParseResult:
    """One listing page: its days and the links to the other listing pages."""
    errors: list[str] = []
    days = []
    for k, (header_text, group_items) in enumerate(day_items(html), start=1):
        where = f"{url} day {k}"
        header = parse_header(header_text)
        if header is None:
            continue
        try:
            days.append((where, header, [_group_from_item(t, s, where) for t, s in group_items]))
        except ParseError as exc:
            errors.append(str(exc))
    result = _build_days(days, source, provenance, errors)
    links = tuple(urljoin(url, h) for h in page_links(html) if _PAGE_PATH.search(urlsplit(h).path))
    return ParseResult(
        puzzles=result.puzzles,
        links=tuple(dict.fromkeys(links)),
        errors=result.errors,
        warnings=result.warnings,
    )


def _group_from_item(title: str | None, text: str, where: str) -> tuple[str, list[str]]:
    """A group ``<li>``: the ``<strong>`` is the title, the words follow its separator."""
    if title is None:
        return split_group_line(text, where)
    rest = text.strip()
    if rest.startswith(title):
        rest = rest[len(title) :]
    rest = re.sub(r"^\s*[-–—:]\s*", "", rest)
    # Some markup puts the separator inside the <strong> ("TITLE -", "TITLE:").
    return re.sub(r"\s*[-–—:]\s*$", "", title.strip()), split_words(rest, where)


class TryhardSource:
    """The paginated archive listing; optional date bounds keep only days in range."""

    name = NAME
    default_base_url = DEFAULT_BASE_URL
    parser_version = PARSER_VERSION

    def __init__(self, start: dt.date | None = None, end: dt.date | None = None) -> None:
        self.start = start
        self.end = end

    def seeds(self, options: CrawlOptions) -> list[str]:
        return [DEFAULT_BASE_URL + LISTING_PATH]

    def parse(self, page: Page) -> ParseResult:
        if page.status != 200:
            return ParseResult(errors=(f"{page.url}: HTTP {page.status}",))
        result = parse_listing_html(
            page.text, page.url, self.name, page.provenance(self.name, PARSER_VERSION)
        )
        kept = tuple(p for p in result.puzzles if self._in_range(p))
        # The listing runs newest first: once a page reaches days before the range, stop paginating.
        links = () if any(self._before_range(p) for p in result.puzzles) else result.links
        return ParseResult(puzzles=kept, links=links, errors=result.errors, warnings=result.warnings)

    def _before_range(self, p: Puzzle) -> bool:
        return self.start is not None and p.nyt is not None and p.nyt.date < self.start

    def _in_range(self, p: Puzzle) -> bool:
        date = p.nyt.date if p.nyt else None
        if date is None:
            return False
        return (self.start is None or date >= self.start) and (self.end is None or date <= self.end)


def import_listing_text(path: Path, source: str) -> ImportResult:
    """Importer ``nyt-archive-text``: the listing's rendered text file (errors name FILE:LINE)."""
    from ocwtool.fsio import read_text, sha256_file

    text = read_text(path)
    provenance = Provenance(source=source, url=None, sha256=sha256_file(path), parser_version=PARSER_VERSION)
    result = parse_listing_text(text, source, provenance, str(path))
    if result.errors:
        more = f" (and {len(result.errors) - 1} more)" if len(result.errors) > 1 else ""
        raise InputError(f"{result.errors[0]}{more}")
    if not result.puzzles:
        raise InputError(f"{path}: no 'NYT Connections N - DATE' line found; is this the listing text?")
    return ImportResult(puzzles=result.puzzles, warnings=result.warnings)
