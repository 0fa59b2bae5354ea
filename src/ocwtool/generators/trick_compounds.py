"""Compounds with a shared partner, for the trick-word rules: ``Box ___`` (kite, seat, room, file)
and ``___ball`` groups, checked against WordNet's noun lemmas.

A compound is a noun lemma of two parts: written apart (``box_kite``, ``fire-station``) or closed
(``football``: ``foot`` + ``ball``, both nouns of 3+ letters). Compounds are compared in their
letters only (``boxkite``). :func:`build_compounds` is pure: tests give it invented lemmas.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ocwtool.errors import ResourceError
from ocwtool.resources.wordnet_nouns import open_nouns

MIN_PART = 3  # letters in each part of a closed compound (shorter splits are chance: "a"+"corn")
SEPARATORS = re.compile(r"[_\- ]+")


@dataclass(frozen=True)
class Compounds:
    """Compound nouns in letters only, and per word the partners it makes one with."""

    words: frozenset[str]
    heads: dict[str, frozenset[str]]  # tail -> the heads P with P + tail a compound
    tails: dict[str, frozenset[str]]  # head -> the tails P with head + P a compound
    description: str

    def shared(self, forms: Iterable[str], before: bool) -> frozenset[str]:
        """The partners every form makes a compound with (``before``: the partner comes first)."""
        index = self.heads if before else self.tails
        found = [index.get(f, frozenset()) for f in forms]
        return frozenset.intersection(*found) if found else frozenset()


def build_compounds(lemmas: Iterable[str], description: str) -> Compounds:
    """The compounds among ``lemmas`` (WordNet lemma names, any case)."""
    names = {name.lower() for name in lemmas}
    single = {n for n in names if n.isalpha()}
    heads: dict[str, set[str]] = defaultdict(set)
    tails: dict[str, set[str]] = defaultdict(set)
    words = set()
    for name in names:
        parts = [p for p in SEPARATORS.split(name) if p]
        if len(parts) == 2 and all(p.isalpha() for p in parts):
            pairs = [(parts[0], parts[1])]
        elif len(parts) == 1 and name in single:
            pairs = [(name[:i], name[i:]) for i in range(MIN_PART, len(name) - MIN_PART + 1)]
            pairs = [(a, b) for a, b in pairs if a in single and b in single]
        else:
            continue
        for head, tail in pairs:
            heads[tail].add(head)
            tails[head].add(tail)
            words.add(head + tail)
    return Compounds(
        frozenset(words),
        {k: frozenset(v) for k, v in heads.items()},
        {k: frozenset(v) for k, v in tails.items()},
        description,
    )


def try_compounds() -> Compounds | None:
    """The compounds of the WordNet nouns NLTK would read, or ``None`` when they cannot be read
    (the compound rules are then left out)."""
    try:
        taxonomy = open_nouns()
    except ResourceError:
        return None
    lemmas = (lemma for s in taxonomy.synsets.values() for lemma in s.lemmas)
    return build_compounds(lemmas, f"{taxonomy.description} nouns")
