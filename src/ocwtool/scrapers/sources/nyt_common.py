"""Building canonical NYT Connections puzzles, shared by the API and archive sources (pure)."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ocwtool.errors import ParseError
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

# Unicode blocks of pictographic emoji (the 2024-04-01 board), plus the emoji-presentation selector.
# Deliberately narrow: symbols such as "°", "&" or "€" are ordinary clue text.
_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f]")


@dataclass(frozen=True)
class DayGroups:
    """One day's four groups in yellow..purple order, before it becomes a :class:`Puzzle`."""

    date: dt.date
    groups: Sequence[tuple[str, Sequence[str]]]
    board: Sequence[str] | None = None
    flags: Sequence[Flag] = ()
    editor: str | None = None
    internal_id: int | None = None
    illustrator: str | None = None
    picture: bool = False
    # None: detect from the words; the API source passes it, since picture alt text ("✔") is no emoji.
    emoji: bool | None = None
    warnings: list[str] = field(default_factory=list)


def is_emoji_text(text: str) -> bool:
    """True if ``text`` contains a pictographic emoji character."""
    return _EMOJI.search(text) is not None


def check_date(date: dt.date, where: str) -> None:
    """Reject dates before the first puzzle (2023-06-12): they have no puzzle number."""
    if date < NYT_EPOCH:
        raise ParseError(f"{where}: date {date} is before the first NYT Connections puzzle ({NYT_EPOCH})")


def build_puzzle(day: DayGroups, source: str, provenance: Provenance, where: str) -> Puzzle:
    """A validated NYT puzzle from one day's groups; ``clues`` = the board, else the groups in order.

    Raises :class:`ParseError` naming ``where`` when the day does not have 4 groups of 4.
    """
    check_date(day.date, where)
    if len(day.groups) != N_GROUPS or any(len(w) != GROUP_SIZE for _, w in day.groups):
        shape = [len(w) for _, w in day.groups]
        raise ParseError(f"{where}: expected 4 groups of 4 words, got group sizes {shape}")
    pid = nyt_puzzle_id(day.date)
    groups = tuple(
        Group(id=group_id(pid, k + 1), clues=tuple(words), connection=title, level=k)
        for k, (title, words) in enumerate(day.groups)
    )
    members = [w for g in groups for w in g.clues]
    board = list(day.board) if day.board is not None else members
    if Counter(board) != Counter(members):
        raise ParseError(f"{where}: the starting board does not hold exactly the 16 group words")
    emoji = any(is_emoji_text(w) for w in members) if day.emoji is None else day.emoji
    flags = [*day.flags, *_content_flags(groups, day.picture, emoji)]
    return Puzzle(
        id=pid,
        game=Game.NYT,
        source=source,
        clues=tuple(board),
        groups=groups,
        flags=sorted_flags(flags),
        nyt=NytMeta(
            date=day.date,
            number=nyt_number(day.date),
            editor=day.editor,
            internal_id=day.internal_id,
            illustrator=day.illustrator,
            picture=day.picture,
            emoji=emoji,
        ),
        provenance=provenance,
    )


def _content_flags(groups: tuple[Group, ...], picture: bool, emoji: bool) -> set[Flag]:
    flags = content_flags((c for g in groups for c in g.clues), (g.connection for g in groups))
    if picture:
        flags.add(Flag.PICTURE)
    if emoji:
        flags.add(Flag.EMOJI)
    return flags
