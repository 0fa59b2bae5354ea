"""Hidden words, for the trick-word rules: a clue hides a word when the word's letters run inside the
clue's letters, across its spaces too (``sCATter`` hides CAT, ``HAM LETter`` HAMLET).

What a clue says outright is not hidden: the whole clue, one of its own words, or a form of either
(``Black cats`` hides neither CAT nor BLACK; ``scatters`` does not hide SCATTER). A hidden word has
at least :data:`MIN_HIDDEN` letters. Which strings are words is the caller's (the trick rules ask
WordNet for a noun lemma spelt exactly so: an inflection such as ``cats`` is no lemma).

:func:`hidden_rule` finds a group's hidden-word rule and :func:`hidden_evidence` says why a trick
fails it, over the look-ups of :class:`HiddenLookups` (the trick rules' WordNet ancestry). Pure: tests
pass an invented ``is_word``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from ocwtool.schema.text import match_form, word_forms

MIN_HIDDEN = 3  # hidden animals are often three letters (CAT, EMU, EEL): shorter ones are chance
SHOWN = 3  # hidden words named in a trick's evidence


class HiddenLookups(Protocol):
    """What the hidden-word rules look up (:class:`~ocwtool.generators.trick_rules.Ancestors`)."""

    def hidden(self, word: str) -> frozenset[str]: ...

    def near(self, word: str, depth: int = ...) -> frozenset[str]: ...

    def all_above(self, word: str) -> frozenset[str]: ...

    def label(self, name: str) -> str: ...


def hidden_words(clue: str, is_word: Callable[[str], bool]) -> frozenset[str]:
    """The words ``clue`` hides (see the module docstring), in :func:`match_form`."""
    form = match_form(clue)
    said = {form, *word_forms(clue), *(f for w in re.split(r"[^\w]+", clue) if w for f in word_forms(w))}
    found = set()
    for i in range(len(form)):
        for j in range(i + MIN_HIDDEN, len(form) + 1):
            piece = form[i:j]
            if piece not in said and piece.isalpha() and is_word(piece):
                found.add(piece)
    return frozenset(found)


def shared_word(hidden: Sequence[frozenset[str]]) -> str | None:
    """The word every clue hides (the longest, then the first alphabetically), or ``None``."""
    common = frozenset.intersection(*hidden) if hidden else frozenset()
    return min(common, key=lambda w: (-len(w), w)) if common else None


def where(clues: Sequence[str], found: Sequence[Iterable[str]]) -> str:
    """``sCATter, HAMLETter``: each clue with one word it hides (the longest, then alphabetical) in
    capitals, the rest in lower case."""
    parts = []
    for clue, words in zip(clues, found, strict=True):
        best = min(words, key=lambda w: (-len(w), w))
        form = match_form(clue)
        at = form.find(best)
        parts.append(form[:at] + best.upper() + form[at + len(best) :])
    return ", ".join(parts)


def hides(word: str, hidden: Iterable[str]) -> str:
    """``KETTLE hides ETTLE, KETTL`` or ``KETTLE hides no word``: a trick's evidence."""
    shown = sorted(hidden, key=lambda w: (-len(w), w))
    if not shown:
        return f"{match_form(word).upper()} hides no word"
    more = f" (+{len(shown) - SHOWN} more)" if len(shown) > SHOWN else ""
    return f"{match_form(word).upper()} hides {', '.join(w.upper() for w in shown[:SHOWN])}{more}"


def hidden_rule(clues: Sequence[str], look: HiddenLookups, depth: int) -> tuple[str, str, str] | None:
    """``(kind, key, text)`` of the group's rule: the same word hidden in every clue (``hidden``),
    else the closest category, within ``depth`` steps, every clue hides a kind of (``hidden_kind``)."""
    found = [look.hidden(c) for c in clues]
    if not all(found):
        return None
    same = shared_word(found)
    if same is not None:
        return "hidden", same, f"hides {same.upper()} ({where(clues, [[same]] * len(clues))})"
    for steps in range(1, depth + 1):
        near = [frozenset().union(*(look.near(h, steps) for h in hs)) for hs in found]
        shared = frozenset.intersection(*near)
        if shared:
            key = min(shared)  # deterministic: the smallest synset id
            members = [[h for h in hs if key in look.near(h, steps)] for hs in found]
            return (
                "hidden_kind",
                key,
                f"hides a kind of {look.label(key)} (WordNet {key}: {where(clues, members)})",
            )
    return None


def hidden_evidence(kind: str, key: str, word: str, look: HiddenLookups) -> str:
    """What ``word`` hides instead, and whether it is the member itself, said outright."""
    told = hides(word, look.hidden(word))
    if kind == "hidden":
        itself = "; it is the word itself, not hidden" if key in word_forms(word) else ""
        return f"; {told}, not {key.upper()}{itself}"
    label = look.label(key)
    outright = (
        f"; it is a kind of {label} itself, said outright, not hidden" if key in look.all_above(word) else ""
    )
    return f"; {told}, none a kind of {label}{outright}"
