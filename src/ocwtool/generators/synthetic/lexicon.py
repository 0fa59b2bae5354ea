"""What the rules of synthetic boards look words up in, built once from WordNet's noun taxonomy.

* ``vocab``: the clue words, single lower-case ASCII noun lemmas of 3-10 letters;
* ``below[s]``: the vocabulary words that are lemmas of some synset strictly below synset ``s``
  (hyponyms and instance hyponyms, transitively): the members of a "kinds of" group;
* ``parent[s]``: the first synset whose hyponym ``s`` is (its hypernym), for the near misses;
* ``compounds``: every noun lemma with its spaces and underscores removed (``fire_station`` ->
  ``firestation``), to check "X + partner" compounds;
* ``homophones[w]``: the other vocabulary words that sound like ``w`` in the pronouncing dictionary
  (CMUdict, when given), ``anagrams[w]``: the other vocabulary words with ``w``'s letters; neither
  holds a word sharing a synset with ``w`` (``colour``/``color`` is one word spelt two ways).

Pure: tests build one from an invented :class:`~ocwtool.resources.wordnet_nouns.NounTaxonomy`.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ocwtool.resources.cmudict import Pronunciations
from ocwtool.resources.wordnet_nouns import NounSynset, NounTaxonomy

CLUE_WORD = re.compile(r"^[a-z]{3,10}$")


@dataclass(frozen=True)
class Lexicon:
    """Words and taxonomy the rules consult (see the module docstring)."""

    vocab: frozenset[str]
    below: dict[int, frozenset[str]]
    labels: dict[int, str]
    parent: dict[int, int]
    compounds: frozenset[str]
    description: str
    homophones: dict[str, frozenset[str]]
    anagrams: dict[str, frozenset[str]]
    sounds: str | None = None  # the pronouncing dictionary's description (provenance)


def build_lexicon(taxonomy: NounTaxonomy, sounds: Pronunciations | None = None) -> Lexicon:
    """The lexicon of ``taxonomy`` (every synset's ``below`` computed once, bottom up), with the
    homophones of ``sounds`` (none without it); anagrams need no dictionary."""
    synsets = taxonomy.synsets
    own = {o: frozenset(w for w in s.lemmas if CLUE_WORD.match(w)) for o, s in synsets.items()}
    below: dict[int, frozenset[str]] = {}
    parent: dict[int, int] = {}
    for offset in sorted(synsets):
        _closure(offset, synsets, own, below)
        for child in synsets[offset].hyponyms:
            parent.setdefault(child, offset)
    labels = {o: s.lemmas[0].replace("_", " ") for o, s in synsets.items()}
    compounds = frozenset(
        w.replace("_", "").replace("-", "").lower() for s in synsets.values() for w in s.lemmas
    )
    vocab = frozenset(w for words in own.values() for w in words)
    senses: dict[str, set[int]] = defaultdict(set)
    for o, words in own.items():
        for w in words:
            senses[w].add(o)
    letters = _partners(vocab, senses, lambda w: ["".join(sorted(w))])
    sound = _partners(vocab, senses, lambda w: sorted(sounds.sounds.get(w, ()))) if sounds else {}
    where = sounds.description if sounds else None
    return Lexicon(vocab, below, labels, parent, compounds, taxonomy.description, sound, letters, where)


def _partners(
    vocab: Iterable[str], senses: dict[str, set[int]], keys: Callable[[str], list[str]]
) -> dict[str, frozenset[str]]:
    """Words sharing a key (a sound, a sorted spelling) with another word of no common synset."""
    by_key: dict[str, set[str]] = defaultdict(set)
    for w in vocab:
        for k in keys(w):
            by_key[k].add(w)
    out: dict[str, frozenset[str]] = {}
    for words in by_key.values():
        for w in words:
            found = {v for v in words if v != w and not senses[v] & senses[w]}
            if found:
                out[w] = out.get(w, frozenset()) | found
    return out


def _closure(
    root: int,
    synsets: dict[int, NounSynset],
    own: dict[int, frozenset[str]],
    below: dict[int, frozenset[str]],
) -> frozenset[str]:
    """``below[root]``, filled in iteratively (the taxonomy is deep: no recursion)."""
    stack = [root]
    while stack:
        offset = stack[-1]
        if offset in below:
            stack.pop()
            continue
        todo = [c for c in synsets[offset].hyponyms if c in synsets and c not in below]
        if todo:
            stack.extend(todo)
            continue
        words: set[str] = set()
        for c in synsets[offset].hyponyms:
            if c in below:
                words |= own[c] | below[c]
        below[offset] = frozenset(words)
        stack.pop()
    return below[root]
