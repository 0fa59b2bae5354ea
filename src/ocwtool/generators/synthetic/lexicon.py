"""What the rules of synthetic boards look words up in, built once from WordNet's noun taxonomy.

* ``vocab``: the clue words, single lower-case ASCII noun lemmas of 3-10 letters;
* ``below[s]``: the vocabulary words that are lemmas of some synset strictly below synset ``s``
  (hyponyms and instance hyponyms, transitively): the members of a "kinds of" group;
* ``parent[s]``: the first synset whose hyponym ``s`` is (its hypernym), for the near misses;
* ``compounds``: every noun lemma with its spaces and underscores removed (``fire_station`` ->
  ``firestation``), to check "X + partner" compounds.

Pure: tests build one from an invented :class:`~ocwtool.resources.wordnet_nouns.NounTaxonomy`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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


def build_lexicon(taxonomy: NounTaxonomy) -> Lexicon:
    """The lexicon of ``taxonomy`` (every synset's ``below`` computed once, bottom up)."""
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
    return Lexicon(vocab, below, labels, parent, compounds, taxonomy.description)


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
