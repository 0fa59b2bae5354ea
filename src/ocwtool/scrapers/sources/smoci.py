"""SMOCI ("So Much Only Connect Information"): a Datasette site with human performance per wall group.

:class:`SmociSource` crawls the Datasette JSON API of the tables ``walls``, ``wall_groups``,
``matches`` and ``teams`` (``<table>.json?_shape=objects&_size=max``), following the ``next`` token
(``_next=<next>``; ``next_url`` when there is no token) page by page; every row becomes a
``(table, row)`` record.
:func:`build_walls` assembles the records into :class:`SmociWall` objects for the join
(``ocwtool.scrapers.sources.smoci_join``).
"""

from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from ocwtool.errors import ParseError
from ocwtool.schema.site_facts import source_facts
from ocwtool.scrapers.base import CrawlOptions, Page, ParseResult

PARSER_VERSION = "smoci-1"


@cache
def facts() -> dict[str, Any]:
    return source_facts("smoci")


class SmociSource:
    """The SMOCI Datasette instance as a crawlable source (JSON pages, no puzzles, only records)."""

    name = "smoci"
    parser_version = PARSER_VERSION

    def __init__(self) -> None:
        self.default_base_url: str = facts()["base_url"]

    def table_url(self, table: str) -> str:
        return f"{self.default_base_url}{facts()['database_path']}/{table}.json?{facts()['query']}"

    def seeds(self, options: CrawlOptions) -> list[str]:
        return [self.table_url(t) for t in facts()["tables"]]

    def parse(self, page: Page) -> ParseResult:
        table = urlsplit(page.url).path.rsplit("/", 1)[-1].removesuffix(".json")
        if page.status != 200:
            return ParseResult(errors=(f"HTTP {page.status}",))
        try:
            doc = json.loads(page.body)
        except json.JSONDecodeError as exc:
            return ParseResult(errors=(f"not JSON (line {exc.lineno} col {exc.colno}): {exc.msg}",))
        rows = doc.get("rows") if isinstance(doc, dict) else None
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            return ParseResult(errors=("not a Datasette table page with _shape=objects (no 'rows' objects)",))
        return ParseResult(links=_next_link(page.url, doc), records=tuple((table, dict(r)) for r in rows))


def _next_link(url: str, doc: Mapping[str, Any]) -> tuple[str, ...]:
    """The next page: our own URL plus ``_next=<next>``; ``next_url`` only when there is no token.

    The token is preferred because ``next_url`` is built from the server's view of the request:
    Datasette 0.65 with ``base_url`` doubles the prefix (``/smoci/smoci/...``) when the prefix is not
    stripped by a proxy, and a proxy may also rewrite the host.
    """
    if doc.get("next") is None:
        return (str(doc["next_url"]),) if doc.get("next_url") else ()
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "_next"] + [("_next", str(doc["next"]))]
    return (urlunsplit(parts._replace(query=urlencode(query))),)


@dataclass(frozen=True)
class SmociGroup:
    clues: tuple[str, ...]
    connection: str
    found: int
    identified: int
    order: int | None


@dataclass(frozen=True)
class SmociWall:
    """One wall as played on the show: who played it, when, and how each group went."""

    id: int
    match: int
    team: str | None
    glyph: str | None
    series: int | None
    episode: int | None
    air_date: dt.date | None
    groups: tuple[SmociGroup, ...]

    @property
    def clues(self) -> list[str]:
        return [c for g in self.groups for c in g.clues]


def build_walls(records: Iterable[tuple[str, Mapping[str, Any]]]) -> list[SmociWall]:
    """Walls with their groups, team names and match facts, from crawled ``(table, row)`` records
    (``ParseError`` naming the row when a row lacks a field or holds a value of the wrong kind)."""
    items = list(records)
    try:
        return _assemble(items)
    except (KeyError, TypeError, ValueError) as exc:
        raise ParseError(
            f"SMOCI rows do not have the expected shape ({type(exc).__name__}: {exc}); "
            "re-crawl with --refresh, or check the Datasette tables walls, wall_groups, matches, teams"
        ) from None


def _assemble(records: list[tuple[str, Mapping[str, Any]]]) -> list[SmociWall]:
    tables: dict[str, dict[int, Mapping[str, Any]]] = defaultdict(dict)
    for table, row in records:
        tables[table][int(row["id"])] = row
    groups: dict[int, list[SmociGroup]] = defaultdict(list)
    for row in sorted(tables["wall_groups"].values(), key=lambda r: (int(r["wall"]), int(r["id"]))):
        groups[int(row["wall"])].append(_group(row))
    walls = []
    for wid, row in sorted(tables["walls"].items()):
        match = tables["matches"].get(int(row["match"]), {})
        team = tables["teams"].get(int(row["team"])) if row.get("team") is not None else None
        walls.append(
            SmociWall(
                id=wid,
                match=int(row["match"]),
                team=str(team["name"]) if team else None,
                glyph=row.get("glyph"),
                series=_int(match.get("S")),
                episode=_int(match.get("E")),
                air_date=_date(match.get("broadcast")),
                groups=tuple(groups.get(wid, [])),
            )
        )
    return walls


def _group(row: Mapping[str, Any]) -> SmociGroup:
    clues = row["clues"]
    parsed = json.loads(clues) if isinstance(clues, str) else clues
    return SmociGroup(
        clues=tuple(str(c) for c in parsed),
        connection=str(row.get("connection") or ""),
        found=int(row.get("found") or 0),
        identified=int(row.get("identified") or 0),
        order=_int(row.get("#")),
    )


def _int(value: Any) -> int | None:
    return None if value is None or value == "" else int(value)


def _date(value: Any) -> dt.date | None:
    """``2008-09-15 20:30:00 +0100 (Mon)`` -> 2008-09-15."""
    if not value:
        return None
    try:
        return dt.date.fromisoformat(str(value)[:10])
    except ValueError:
        return None
