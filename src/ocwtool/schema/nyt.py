"""The one NYT Connections puzzle builder, used by the scrapers and by every NYT file format.

A source parses its document into a :class:`DayGroups` (one day's four groups in yellow..purple
order, plus what the source itself knows: starting board, editor, picture cards) and calls
:func:`build_puzzle`, which applies the schema's rules once:

* ids ``nyt-YYYY-MM-DD`` (groups ``_1``..``_4``), the public number from the date, levels 0..3;
* ``clues`` is the starting board when the source has one (``board_order`` ``starting``), else the
  groups concatenated (``solution``: never shown as is, see :mod:`ocwtool.schema.board`);
* **the picture-day rule** (:func:`picture_reason`): a board is a picture board when the source saw
  picture cards, when its date is a known picture day (packaged ``nyt_facts.json``), or when a
  member is empty (what archives hold for image cards). Flag ``PICTURE`` and ``NytMeta.picture``;
* emoji boards: ``EMOJI`` when the source says so, or (``emoji=None``) when a word holds an emoji;
* the content flags of :func:`~ocwtool.schema.models.content_flags`; validation through
  :func:`~ocwtool.schema.records.puzzle_from_dict`.

Errors are raised as ``error`` (``ParseError`` for scraped pages, ``SchemaError`` for files),
one line naming ``where``.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ocwtool.errors import OcwError, ParseError
from ocwtool.schema.board import BoardOrder, order_of
from ocwtool.schema.models import (
    GROUP_SIZE,
    N_GROUPS,
    NYT_EPOCH,
    Flag,
    Game,
    Group,
    NytMeta,
    Provenance,
    Puzzle,
    content_flags,
    group_id,
    nyt_number,
    nyt_puzzle_id,
    sorted_flags,
)
from ocwtool.schema.records import build_model, puzzle_from_dict
from ocwtool.schema.site_facts import load_facts

# Unicode blocks of pictographic emoji (the 2024-04-01 board), plus the emoji-presentation selector.
# Deliberately narrow: symbols such as "°", "&" or "€" are ordinary clue text.
_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f]")


@dataclass(frozen=True)
class DayGroups:
    """One day's four groups in yellow..purple order, before it becomes a :class:`Puzzle`.

    ``date`` None (undated gold games) needs ``puzzle_id`` and gives a puzzle without NYT metadata.
    ``picture``: the source saw picture cards. ``emoji`` None: detect from the words.
    """

    date: dt.date | None
    groups: Sequence[tuple[str, Sequence[str]]]
    board: Sequence[str] | None = None
    flags: Sequence[Flag] = ()
    editor: str | None = None
    internal_id: int | None = None
    illustrator: str | None = None
    picture: bool = False
    emoji: bool | None = None
    exclude: bool = False
    puzzle_id: str | None = None
    warnings: list[str] = field(default_factory=list)


@functools.cache
def picture_days() -> dict[str, str]:
    """Known picture days (ISO date -> note), from the packaged ``nyt_facts.json``."""
    days: dict[str, str] = load_facts("nyt_facts.json")["picture_days"]
    return days


def is_emoji_text(text: str) -> bool:
    """True if ``text`` contains a pictographic emoji character."""
    return _EMOJI.search(text) is not None


def picture_reason(date: dt.date | None, members: Sequence[str], cards: bool = False) -> str | None:
    """Why a board is a picture board (None: it is not): empty members, picture cards, a known day."""
    if any(not m.strip() for m in members):
        return "empty members"
    if cards:
        return "picture cards"
    return picture_days().get(date.isoformat()) if date is not None else None


def check_date(date: dt.date, where: str, error: type[OcwError] = ParseError) -> None:
    """Reject dates before the first puzzle (2023-06-12): they have no puzzle number."""
    if date < NYT_EPOCH:
        raise error(f"{where}: date {date} is before the first NYT Connections puzzle ({NYT_EPOCH})")


def build_puzzle(
    day: DayGroups, source: str, provenance: Provenance, where: str, error: type[OcwError] = ParseError
) -> Puzzle:
    """A validated NYT puzzle from one day's groups (see the module docstring for the rules)."""
    if day.date is not None:
        check_date(day.date, where, error)
    if len(day.groups) != N_GROUPS or any(len(w) != GROUP_SIZE for _, w in day.groups):
        shape = [len(w) for _, w in day.groups]
        raise error(f"{where}: expected 4 groups of 4 words, got group sizes {shape}")
    pid = nyt_puzzle_id(day.date) if day.date is not None else str(day.puzzle_id)
    groups = [
        build_model(
            Group, where, error, id=group_id(pid, k + 1), clues=tuple(words), connection=title, level=k
        )
        for k, (title, words) in enumerate(day.groups)
    ]
    members = [w for g in groups for w in g.clues]
    picture = picture_reason(day.date, members, day.picture) is not None
    emoji = any(is_emoji_text(w) for w in members) if day.emoji is None else day.emoji
    flags = {*day.flags, *content_flags(members, (g.connection for g in groups))}
    flags |= {
        f for f, on in ((Flag.PICTURE, picture), (Flag.EMOJI, emoji), (Flag.EXCLUDED, day.exclude)) if on
    }
    board = list(day.board) if day.board is not None else members  # the model checks it holds the members
    published = BoardOrder.STARTING if day.board is not None else None
    data: dict[str, Any] = {
        "id": pid,
        "game": Game.NYT,
        "source": source,
        "clues": board,
        "board_order": order_of(board, [g.clues for g in groups], published),
        "groups": groups,
        "flags": sorted_flags(flags),
        "nyt": _meta(day, picture, emoji) if day.date is not None else None,
        "provenance": provenance,
    }
    return puzzle_from_dict(data, where, error)


def _meta(day: DayGroups, picture: bool, emoji: bool) -> NytMeta:
    assert day.date is not None
    return NytMeta(
        date=day.date,
        number=nyt_number(day.date),
        editor=day.editor,
        internal_id=day.internal_id,
        illustrator=day.illustrator,
        picture=picture,
        emoji=emoji,
        exclude=day.exclude,
    )
