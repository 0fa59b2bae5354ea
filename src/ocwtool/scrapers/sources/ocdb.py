"""ocdb.cc ("The Only Connect Database"): index page -> episode pages -> connecting walls.

Pure: :class:`OcdbSource` implements the :class:`ocwtool.scrapers.base.Source` protocol and
:func:`episode_puzzles` turns one captured episode page into canonical puzzles:

* ids ``ocdb-<slug>-<wall position 1|2>``, groups ``<id>_<k>`` in the order resolved on the show;
* clues in display order = group order (ocdb shows walls solved), normalised text
  (:func:`ocwtool.schema.text.clean`); ``Group.raw_clues``/``raw_connection`` keep the page
  text when it differs from the normalised copy (absent = identical);
* ``OcwMeta``: true series/episode, wall name (heading word or glyph, else position in the era),
  wall index, teams split from the title, title, source URL;
* flags: ``blank_connection`` (empty connection kept), ``media_clue`` (a clue holding img/a/audio:
  text is its alt text or file name, never empty), ``duplicate_clue``, ``special``.

A page with no recognisable wall gives a per-page error (the crawl summary lists it), never a crash
and never an empty wall.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ocwtool.schema.models import (
    Flag,
    Game,
    Group,
    OcwMeta,
    Puzzle,
    WallName,
    content_flags,
    group_id,
    sorted_flags,
)
from ocwtool.schema.text import clean
from ocwtool.scrapers.base import CrawlOptions, Page, ParseResult
from ocwtool.scrapers.sources.ocdb_html import (
    EXPECTED_WALLS,
    RawEpisode,
    RawGroup,
    RawWall,
    episode_slug,
    facts,
    is_special_slug,
    parse_episode,
    parse_index,
)

PARSER_VERSION = "ocdb-1"
NO_WALL = (
    "no connecting wall found (looked for div#wall_N, .question with .wall-container after "
    "#round3, any .wall-container): unrecognised layout"
)


@dataclass(frozen=True)
class WallOptions:
    """Which walls to keep: a series range (None = all) and whether to include specials."""

    series: frozenset[int] | None = None
    specials: bool = False


class OcdbSource:
    """The ocdb.cc site as a crawlable :class:`~ocwtool.scrapers.base.Source`."""

    name = "ocdb"
    parser_version = PARSER_VERSION

    def __init__(self, options: WallOptions | None = None) -> None:
        self.options = options or WallOptions()
        self.default_base_url: str = facts()["base_url"]

    def seeds(self, options: CrawlOptions) -> list[str]:
        return [self.default_base_url + facts()["index_path"]]

    def parse(self, page: Page) -> ParseResult:
        if page.status != 200:
            return ParseResult(errors=(f"HTTP {page.status}",))
        slug_path = facts()["episode_path_prefix"]
        if page.url.rstrip("/").endswith(facts()["index_path"].rstrip("/")):
            links = [
                u
                for u in parse_index(page.text)
                if self.options.specials or not is_special_slug(episode_slug(u))
            ]
            if not links:
                return ParseResult(errors=("no episode links found on the index page: unrecognised layout",))
            return ParseResult(links=tuple(links))
        if slug_path in page.url:
            return self._episode(page)
        return ParseResult(errors=(f"not an ocdb index or episode URL: {page.url}",))

    def _episode(self, page: Page) -> ParseResult:
        raw = parse_episode(page.text, page.url)
        special = is_special_slug(raw.slug)
        if special and not self.options.specials:
            return ParseResult(warnings=("special episode skipped (pass --specials to include it)",))
        if raw.series is None and not self.options.specials:
            # A regular episode always says "Series N, Episode M": a page without it is either an
            # unlisted special or a layout we do not know, and must not vanish silently.
            return ParseResult(errors=(NO_SERIES,))
        special = special or raw.series is None
        if self.options.series is not None and raw.series not in self.options.series:
            return ParseResult()
        puzzles, errors = episode_puzzles(raw, page, special=special)
        return ParseResult(puzzles=tuple(puzzles), errors=tuple(errors), warnings=_count_warning(raw))


NO_SERIES = (
    "no 'Series N, Episode M' line found: unrecognised layout, or a special episode "
    "(pass --specials to include episodes without one)"
)


def _count_warning(raw: RawEpisode) -> tuple[str, ...]:
    """A warning naming the page when the kept locator found other than the expected walls."""
    n = len(raw.walls)
    if n in (0, EXPECTED_WALLS):
        return ()
    tried = ", ".join(f"{name} found {count}" for name, count in raw.tried)
    return (
        f"episode {raw.slug}: expected {EXPECTED_WALLS} walls, found {n} "
        f"(kept locator {raw.locator}; {tried})",
    )


def episode_puzzles(raw: RawEpisode, page: Page, *, special: bool = False) -> tuple[list[Puzzle], list[str]]:
    """Canonical puzzles of one parsed episode, and per-wall errors."""
    if not raw.walls:
        return [], [NO_WALL]
    names = wall_names(raw)
    puzzles: list[Puzzle] = []
    errors: list[str] = []
    for wall, name in zip(raw.walls, names, strict=True):
        if wall.error is not None:
            errors.append(f"wall {wall.position}{f' ({name})' if name else ''}: {wall.error}")
            continue
        puzzles.append(_puzzle(raw, wall, name, page, special))
    return puzzles, errors


def wall_names(raw: RawEpisode) -> list[WallName | None]:
    """Heading names first; a missing one is the other name of the era pair, else its position's."""
    pair = _era_pair(raw.series)
    names: list[str | None] = [w.name for w in raw.walls]
    for i, name in enumerate(names):
        if name is not None or pair is None:
            continue
        others = {n for n in names if n is not None}
        spare = [n for n in pair if n not in others]
        if len(raw.walls) == 2 and len(spare) == 1:
            names[i] = spare[0]
        elif i < len(pair) and pair[i] not in others:
            names[i] = pair[i]
    return [n if n in ("Alpha", "Beta", "Lion", "Water") else None for n in names]  # type: ignore[misc]


def _era_pair(series: int | None) -> tuple[str, str] | None:
    if series is None:
        return None
    early = series <= int(facts()["early_era_last_series"])
    pair = facts()["wall_names_early" if early else "wall_names_late"]
    return (pair[0], pair[1])


def _puzzle(raw: RawEpisode, wall: RawWall, name: WallName | None, page: Page, special: bool) -> Puzzle:
    pid = f"ocdb-{raw.slug}-{wall.position}"
    groups = tuple(_group(pid, k, g) for k, g in enumerate(wall.groups, start=1))
    clues = tuple(c for g in groups for c in g.clues)
    flags = content_flags(clues, (g.connection for g in groups))
    if any(m for g in wall.groups for m in g.media):
        flags.add(Flag.MEDIA_CLUE)
    if special:
        flags.add(Flag.SPECIAL)
    meta = OcwMeta(
        season=raw.series,
        episode=raw.episode,
        wall_name=name,
        wall_index=wall.position if wall.position <= 2 else None,
        teams=raw.teams,
        source_url=page.url,
        title=raw.title,
    )
    return Puzzle(
        id=pid,
        game=Game.OCW,
        source="ocdb",
        clues=clues,
        groups=groups,
        flags=sorted_flags(flags),
        ocw=meta,
        provenance=page.provenance("ocdb", PARSER_VERSION),
    )


def _group(pid: str, k: int, raw: RawGroup) -> Group:
    clues = tuple(clean(c) for c in raw.clues)
    connection = clean(raw.connection)
    return Group(
        id=group_id(pid, k),
        clues=clues,
        connection=connection,
        raw_clues=raw.clues if clues != raw.clues else None,
        raw_connection=raw.connection if connection != raw.connection else None,
    )


def coverage_notes(puzzles: list[Puzzle], series: frozenset[int]) -> list[str]:
    """One note when walls per series differ from OCW's published counts (``sources.json``)."""
    expected: dict[str, int] = facts()["ocw_walls_per_series"]
    got = Counter(p.ocw.season for p in puzzles if p.ocw is not None and Flag.SPECIAL not in p.flags)
    off = [
        f"S{n} {got.get(n, 0)}/{expected[str(n)]}"
        for n in sorted(series)
        if str(n) in expected and got.get(n, 0) != expected[str(n)]
    ]
    return [f"walls per series differ from OCW's counts (got/OCW): {', '.join(off)}"] if off else []
