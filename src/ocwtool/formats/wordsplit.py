"""Splitting ``W1, W2, W3, W4`` into four words when a word may be a number such as ``20,000``."""

from __future__ import annotations

import re
from itertools import combinations

from ocwtool.errors import ParseError

# A comma between a digit and exactly three digits may be a thousands separator ("20,000").
_THOUSANDS_RIGHT = re.compile(r"^\d{3}(?!\d)")


def split_words(text: str, where: str, n: int = 4) -> list[str]:
    """The ``n`` words of a comma-separated list.

    Every comma is a separator unless it sits inside a number (``20,000``). When numbers make the
    split ambiguous, the count of ``n`` decides; if it still does not, commas followed by a space
    separate and the others stay inside numbers. Raises :class:`ParseError` when no split gives
    ``n`` non-empty words, or several do equally well.
    """
    pieces = " ".join(text.split()).split(",")
    joints = range(len(pieces) - 1)
    numeric = [j for j in joints if pieces[j][-1:].isdigit() and _THOUSANDS_RIGHT.match(pieces[j + 1])]
    forced = [j for j in joints if j not in numeric]
    need = n - 1 - len(forced)
    if not 0 <= need <= len(numeric):
        raise ParseError(f"{where}: expected {n} comma-separated words, got {text.strip()!r}")
    choices = [set(c) for c in combinations(numeric, need)]
    if len(choices) > 1:
        spaced = {j for j in numeric if pieces[j + 1].startswith(" ")}
        choices = [spaced] if spaced in choices else choices
    if len(choices) != 1:
        raise ParseError(f"{where}: cannot tell the {n} words apart in {text.strip()!r}")
    cuts = set(forced) | choices[0]
    words = _join(pieces, cuts)
    if any(not w for w in words):
        raise ParseError(f"{where}: empty word in {text.strip()!r}")
    return words


def _join(pieces: list[str], cuts: set[int]) -> list[str]:
    words, current = [], pieces[0]
    for j, piece in enumerate(pieces[1:]):
        if j in cuts:
            words.append(current.strip())
            current = piece
        else:
            current += "," + piece
    words.append(current.strip())
    return words
