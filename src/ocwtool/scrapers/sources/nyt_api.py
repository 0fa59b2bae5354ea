"""NYT Connections official JSON endpoint: ``/svc/connections/v2/YYYY-MM-DD.json`` (and retired v1).

v2: ``{status, id, print_date, editor, categories:[{title, cards:[{content|image_url+image_alt_text,
position}]}]}`` with categories in difficulty order (level 0..3) and ``position`` 0..15 giving the
starting board. v1 (removed 2025-09-20, kept for replaying old captures): ``{id, groups:{TITLE:{level,
members}}, startingGroups:[[4]x4]}``, dated only by its URL. ``id`` is an internal id, never the public
number, which comes from the date. Picture cards keep their alt text as the clue and flag the puzzle.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

from ocwtool.errors import ParseError
from ocwtool.schema.models import N_CLUES, NYT_EPOCH, Puzzle
from ocwtool.schema.nyt import DayGroups, build_puzzle, is_emoji_text
from ocwtool.schema.site_facts import source_facts
from ocwtool.scrapers.base import CrawlOptions, Page, ParseResult

NAME = "nyt-api"
_FACTS = source_facts(NAME)
DEFAULT_BASE_URL: str = _FACTS["base_url"]
PARSER_VERSION = "1"
PATH_TEMPLATE: str = _FACTS["path_template"]
_URL_DATE = re.compile(r"/svc/connections/v(?P<v>\d+)/(?P<date>\d{4}-\d{2}-\d{2})\.json")


def date_range(start: dt.date, end: dt.date) -> Iterator[dt.date]:
    """Every date from ``start`` to ``end`` inclusive."""
    for k in range((end - start).days + 1):
        yield start + dt.timedelta(days=k)


def url_for(date: dt.date, base_url: str = DEFAULT_BASE_URL) -> str:
    """The v2 endpoint URL of one date."""
    return base_url.rstrip("/") + PATH_TEMPLATE.format(date=date.isoformat())


def date_from_url(url: str) -> dt.date | None:
    """The date in an endpoint URL (v1 or v2), or None."""
    m = _URL_DATE.search(url)
    return dt.date.fromisoformat(m["date"]) if m else None


def parse_document(doc: Any, *, url_date: dt.date | None, where: str) -> DayGroups:
    """One endpoint response (already JSON-decoded), v2 or v1, as a day's groups."""
    if not isinstance(doc, Mapping):
        raise ParseError(f"{where}: expected a JSON object, got {type(doc).__name__}")
    if "categories" in doc:
        return parse_v2(doc, url_date=url_date, where=where)
    if "groups" in doc:
        return parse_v1(doc, url_date=url_date, where=where)
    raise ParseError(f"{where}: neither a v2 ('categories') nor a v1 ('groups') response")


def parse_v2(doc: Mapping[str, Any], *, url_date: dt.date | None, where: str) -> DayGroups:
    """A v2 response: categories in difficulty order, cards placed on the board by ``position``."""
    if doc.get("status", "OK") != "OK":
        raise ParseError(f"{where}: response status is {doc.get('status')!r}, not 'OK'")
    date = _v2_date(doc, url_date, where)
    groups: list[tuple[str, list[str]]] = []
    placed: dict[int, str] = {}
    picture = emoji = False
    for cat in _list(doc.get("categories"), "categories", where):
        words = []
        for card in _list(cat.get("cards"), "cards", where):
            word, is_image = _card_text(card)
            picture |= is_image
            emoji |= not is_image and is_emoji_text(word)
            words.append(word)
            pos = card.get("position")
            if isinstance(pos, int) and 0 <= pos < N_CLUES and pos not in placed:
                placed[pos] = word
        groups.append((str(cat.get("title", "")), words))
    board = [placed[k] for k in range(N_CLUES)] if len(placed) == N_CLUES else None
    return DayGroups(
        date=date,
        groups=groups,
        board=board,
        editor=_opt_str(doc.get("editor")),
        internal_id=_opt_int(doc.get("id")),
        illustrator=_opt_str(doc.get("illustrator")),
        picture=picture,
        emoji=emoji,
        warnings=[] if board else [f"{where}: card positions are not 0..15; clues keep group order"],
    )


def parse_v1(doc: Mapping[str, Any], *, url_date: dt.date | None, where: str) -> DayGroups:
    """A retired v1 response: ``groups`` title -> {level, members}; ``startingGroups`` is the board."""
    if url_date is None:
        raise ParseError(f"{where}: a v1 response carries no date and none is in its URL")
    raw = doc.get("groups")
    if not isinstance(raw, Mapping):
        raise ParseError(f"{where}: 'groups' is not an object")
    try:
        ordered = sorted(raw.items(), key=lambda kv: int(kv[1]["level"]))
        groups = [(str(title), [str(w) for w in g["members"]]) for title, g in ordered]
    except (KeyError, TypeError, ValueError) as exc:
        raise ParseError(f"{where}: a v1 group lacks a numeric 'level' or 'members' ({exc})") from None
    rows = doc.get("startingGroups")
    board = [str(w) for row in rows for w in row] if isinstance(rows, list) else None
    emoji = any(is_emoji_text(w) for _, ws in groups for w in ws)
    return DayGroups(
        date=url_date, groups=groups, board=board, internal_id=_opt_int(doc.get("id")), emoji=emoji
    )


def _v2_date(doc: Mapping[str, Any], url_date: dt.date | None, where: str) -> dt.date:
    raw = doc.get("print_date")
    if raw is None and url_date is not None:
        return url_date
    try:
        return dt.date.fromisoformat(str(raw))
    except ValueError:
        raise ParseError(f"{where}: print_date {raw!r} is not YYYY-MM-DD") from None


def _card_text(card: Any) -> tuple[str, bool]:
    """(clue text, is a picture card): a picture card's clue is its alt text ('' if it has none)."""
    if not isinstance(card, Mapping):
        return "", False
    if card.get("content") is not None:
        return str(card["content"]), False
    if "image_url" in card or "image_alt_text" in card:
        return str(card.get("image_alt_text") or ""), True
    return "", False


def _list(value: Any, name: str, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ParseError(f"{where}: '{name}' is not a list")
    return value


def _opt_str(value: Any) -> str | None:
    return None if value in (None, "") else str(value)


def _opt_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def parse_page(page: Page, source: str = NAME, parser_version: str = PARSER_VERSION) -> ParseResult:
    """One captured response: a puzzle, ``missing`` for a 404, or an error line (never raises)."""
    url_date = date_from_url(page.url)
    where = page.url
    if page.status == 404:
        return ParseResult(missing=True, warnings=(f"{where}: no puzzle for {url_date} (404)",))
    if page.status != 200:
        return ParseResult(errors=(f"{where}: HTTP {page.status}",))
    try:
        day = parse_document(json.loads(page.body), url_date=url_date, where=where)
        puzzle = build_puzzle(day, source, page.provenance(source, parser_version), where)
    except json.JSONDecodeError as exc:
        return ParseResult(errors=(f"{where}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}",))
    except ParseError as exc:
        return ParseResult(errors=(str(exc),))
    warnings = list(day.warnings)
    if url_date is not None and url_date != day.date:
        warnings.append(f"{where}: print_date {day.date} differs from the URL's date {url_date}")
    return ParseResult(puzzles=(puzzle,), warnings=tuple(warnings))


class NytApiSource:
    """The official endpoint over a date range (``options.date_from``/``date_to`` override the source's)."""

    name = NAME
    default_base_url = DEFAULT_BASE_URL
    parser_version = PARSER_VERSION

    def __init__(self, start: dt.date = NYT_EPOCH, end: dt.date | None = None) -> None:
        self.start = start
        self.end = end

    def dates(self, options: CrawlOptions) -> list[dt.date]:
        """The dates to fetch, oldest first, cut to ``options.limit``."""
        start = options.date_from or self.start
        end = options.date_to or self.end or dt.date.today()
        days = list(date_range(max(start, NYT_EPOCH), end))
        return days if options.limit is None else days[: options.limit]

    def seeds(self, options: CrawlOptions) -> list[str]:
        return [url_for(d) for d in self.dates(options)]

    def parse(self, page: Page) -> ParseResult:
        return parse_page(page, self.name, self.parser_version)


def parse_puzzle(body: bytes, url: str) -> Puzzle:
    """Convenience: one response body (as fetched from ``url``) to its puzzle; raises ParseError."""
    result = parse_page(Page(url=url, status=200, body=body))
    if not result.puzzles:
        raise ParseError("; ".join(result.errors) or f"{url}: no puzzle")
    return result.puzzles[0]
