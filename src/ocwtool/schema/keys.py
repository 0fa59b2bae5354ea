"""Wall keys: the normalised clue sets that join and match walls across sources.

The same wall (or group) from two sources has the same :func:`clue_key`: every clue in its
:func:`~ocwtool.schema.text.match_form` (lower-case, only ``[a-z0-9]``), as a set. SMOCI joins ocdb
and OCW walls on it, leakage rules find repeated walls with it, and splits keep a wall's copies
together with it. A board of pictures or emoji normalises to a handful of empty strings, which
identifies nothing: :func:`identifying` tells such keys apart.
"""

from __future__ import annotations

from collections.abc import Iterable

from ocwtool.schema.models import Puzzle
from ocwtool.schema.text import match_form

# Fewer non-empty normalised clues than this and a key says nothing about which wall it is.
MIN_IDENTIFYING_CLUES = 12


def clue_key(clues: Iterable[object]) -> frozenset[str]:
    """The set of normalised clues: the same wall (or group) from two sources has the same key."""
    return frozenset(match_form(c) for c in clues)


def wall_key(p: Puzzle) -> frozenset[str]:
    """The normalised clue set of a wall (its grouped clues: distractors added to a wall leave it the
    same wall, so a copy with distractors in another split is still a leak)."""
    return clue_key(p.grouped_clues)


def identifying(key: frozenset[str]) -> bool:
    """Does this normalised clue set have enough non-empty clues to identify a wall?"""
    return len(key - {""}) >= MIN_IDENTIFYING_CLUES
