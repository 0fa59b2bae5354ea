"""Pure HTML parsing of ocdb.cc pages into plain data (no schema models here).

Every locator has fallbacks (selectors listed in ``ocwtool/data/sources.json``); elements are found
by class and id, never by position, and lookups are always scoped to the wall being read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from ocwtool.schema.site_facts import source_facts
from ocwtool.scrapers.text import node_text

_WALL_ID = re.compile(r"wall_(\d+)")
_NAME_WORD = re.compile(r"\b(alpha|beta|lion|water)\b", re.IGNORECASE)
_TEAMS_SPLIT = re.compile(r"\s+vs?\.?\s+", re.IGNORECASE)


@cache
def facts() -> dict[str, Any]:
    """ocdb facts from the data file."""
    return source_facts("ocdb")


@dataclass(frozen=True)
class RawGroup:
    """One group as the page shows it: raw clue texts, raw connection, which clues hold media."""

    clues: tuple[str, ...]
    connection: str
    media: tuple[bool, ...]


@dataclass(frozen=True)
class RawWall:
    """One wall: position on the page (1-based), its name if known, groups or the reason it failed."""

    position: int
    name: str | None
    groups: tuple[RawGroup, ...] = ()
    error: str | None = None


@dataclass(frozen=True)
class RawEpisode:
    """What an episode page says, before any schema decisions."""

    slug: str
    title: str | None
    teams: tuple[str, ...]
    series: int | None
    episode: int | None
    walls: tuple[RawWall, ...] = field(default=())
    locator: str | None = None
    tried: tuple[tuple[str, int], ...] = ()  # (locator, walls it found), in the order tried


def parse_index(html: str) -> list[str]:
    """Episode links of the index page, in page order, de-duplicated (first selector that finds any)."""
    tree = LexborHTMLParser(html)
    for selector in facts()["index_link_selectors"]:
        hrefs = [a.attributes.get("href") or "" for a in tree.css(selector)]
        hrefs = [h for h in hrefs if facts()["episode_path_prefix"] in h]
        if hrefs:
            return list(dict.fromkeys(hrefs))
    return []


def episode_slug(url: str) -> str:
    """``https://ocdb.cc/episode/<slug>/`` -> ``<slug>``."""
    try:
        path = urlsplit(url).path
    except ValueError:  # an unparseable link ("http://[oops/..."): its crawl fails that page alone
        path = url
    return PurePosixPath(path).name


def is_special_slug(slug: str) -> bool:
    """Slugs with a known specials prefix (``christmas-``, ``champion-of-champions-``)."""
    return any(slug.startswith(p) for p in facts()["special_slug_prefixes"])


def parse_episode(html: str, url: str) -> RawEpisode:
    """Title, teams, series/episode and the walls of one episode page."""
    tree = LexborHTMLParser(html)
    title = _first_text(tree, facts()["title_selectors"])
    meta = _first_text(tree, facts()["meta_selectors"]) or ""
    found = re.search(facts()["meta_pattern"], meta)
    series, episode = (int(found.group(1)), int(found.group(2))) if found else (None, None)
    # "Christmas Special: Elves v Reindeer" -> the teams are after the last colon.
    matchup = title.rsplit(": ", 1)[-1] if title else ""
    teams = tuple(t.strip() for t in _TEAMS_SPLIT.split(matchup)) if matchup else ()
    locator, nodes, tried = locate_walls(tree)
    walls = tuple(_read_wall(pos, node, heading) for pos, (node, heading) in enumerate(nodes, start=1))
    return RawEpisode(episode_slug(url), title, teams, series, episode, walls, locator, tried)


def _first_text(tree: LexborHTMLParser, selectors: list[str]) -> str | None:
    for selector in selectors:
        node = tree.css_first(selector)
        if node is not None and node_text(node):
            return node_text(node)
    return None


WallNodes = list[tuple[LexborNode, str | None]]
EXPECTED_WALLS = 2


def locate_walls(
    tree: LexborHTMLParser, expected: int = EXPECTED_WALLS
) -> tuple[str | None, WallNodes, tuple[tuple[str, int], ...]]:
    """Wall elements with their headings, by the first locator that finds ``expected`` walls:
    ``#wall_N``, else ``.question`` after ``#round3``, else any ``.wall-container``. Walls may
    disagree about a locator (one carries ``id="wall_1"``, the other no id), so a locator finding
    fewer is not trusted: when none finds them all, the one finding the most (first on ties) is kept.
    Returns the locator kept (None when nothing was found), its walls, and (locator, walls found)
    for every locator tried."""
    kept: tuple[str | None, WallNodes] = (None, [])
    tried: list[tuple[str, int]] = []
    for name, find in _LOCATORS:
        nodes = find(tree)
        tried.append((name, len(nodes)))
        if len(nodes) > len(kept[1]):
            kept = (name, nodes)
        if len(nodes) >= expected:
            break
    return kept[0], kept[1], tuple(tried)


def _walls_by_id(tree: LexborHTMLParser) -> WallNodes:
    by_id = [n for n in tree.css("[id^='wall_']") if _WALL_ID.fullmatch(n.attributes.get("id") or "")]
    by_id.sort(key=lambda n: int(_WALL_ID.fullmatch(n.attributes.get("id") or "")[1]))  # type: ignore[index]
    return [(n, _heading_before(n)) for n in by_id]


def _loose_walls(tree: LexborHTMLParser) -> WallNodes:
    return [(n, None) for n in tree.css(".wall-container")]


def _walls_after_round(tree: LexborHTMLParser) -> WallNodes:
    start = tree.css_first(f"#{facts()['wall_round_id']}")
    found: WallNodes = []
    heading: str | None = None
    node = start.next if start is not None else None
    while node is not None and node.tag != "h2":
        if node.tag == "h3":
            heading = node_text(node)
        elif node.tag not in ("-text", "-comment") and _has_wall(node):
            found.append((node, heading))
            heading = None
        node = node.next
    return found


def _has_wall(node: LexborNode) -> bool:
    classes = (node.attributes.get("class") or "").split()
    return "wall-container" in classes or node.css_first(".wall-container") is not None


_LOCATORS: tuple[tuple[str, Callable[[LexborHTMLParser], WallNodes]], ...] = (
    ("#wall_N", _walls_by_id),
    ("#round3 .question", _walls_after_round),
    ("any .wall-container", _loose_walls),
)


def _heading_before(node: LexborNode) -> str | None:
    prev = node.prev
    while prev is not None and prev.tag in ("-text", "-comment"):
        prev = prev.prev
    return node_text(prev) if prev is not None and prev.tag == "h3" else None


def wall_name_from_heading(heading: str | None) -> str | None:
    """``Lion``/``Water``/``Alpha``/``Beta`` from a heading's word, else from its glyph character."""
    if not heading:
        return None
    word = _NAME_WORD.search(heading)
    if word:
        return word.group(1).capitalize()
    glyphs: dict[str, str] = facts()["glyph_names"]
    return next((name for ch, name in glyphs.items() if ch in heading), None)


def _read_wall(position: int, node: LexborNode, heading: str | None) -> RawWall:
    name = wall_name_from_heading(heading)
    container = node if _is_container(node) else (node.css_first(".wall-container") or node)
    groups: list[RawGroup] = []
    for g in range(1, 5):
        group = _read_group(container, g)
        if isinstance(group, str):
            return RawWall(position, name, error=group)
        groups.append(group)
    return RawWall(position, name, tuple(groups))


def _is_container(node: LexborNode) -> bool:
    return "wall-container" in (node.attributes.get("class") or "").split()


def _read_group(container: LexborNode, g: int) -> RawGroup | str:
    clues: list[str] = []
    media: list[bool] = []
    for c in range(1, 5):
        holder = container.css_first(f".group{g}-clue{c}")
        if holder is None:
            return f"no .group{g}-clue{c} element"
        clue = holder.css_first(".clue") or holder
        is_media = clue.css_first(facts()["media_selectors"]) is not None
        text = node_text(clue) or (_media_text(clue) if is_media else "")
        if not text:
            return f"group {g} clue {c} is empty"
        clues.append(text)
        media.append(is_media)
    label = container.css_first(f"label.group{g}-answer") or container.css_first(f".group{g}-answer")
    if label is None:
        return f"no label.group{g}-answer element"
    back = label.css_first(".back")
    connection = node_text(back) if back is not None else _strip_front(node_text(label))
    return RawGroup(tuple(clues), connection, tuple(media))


def _media_text(clue: LexborNode) -> str:
    """A media clue's stand-in text (never empty): alt/title text, else the file name."""
    node = clue.css_first(facts()["media_selectors"])
    if node is None:
        return ""
    attrs = node.attributes
    label = attrs.get("alt") or attrs.get("title") or attrs.get("aria-label")
    ref = attrs.get("src") or attrs.get("href") or node.tag or "media"
    return f"[{node.tag}: {label or PurePosixPath(urlsplit(ref).path).name or ref}]"


def _strip_front(text: str) -> str:
    return text[len("Answer") :].strip() if text.startswith("Answer") else text
