"""Per-word lexical features for the suggester, computed once per word from WordNet (cached).

* ``synsets``: the synset names of the word (its senses);
* ``hypernyms``: hypernyms and instance hypernyms up to :data:`HYPER_LEVELS` levels above each
  sense, keeping only specific ones (``min_depth >= MIN_DEPTH``: "flower" yes, "entity" no);
* ``proper``: the most frequent sense is a named instance (Danube, Mars) or capitalised;
* ``partners``: compound partners, ``("after", "ball")`` when ``word_ball``/``wordball`` is a
  WordNet lemma (the word fills ``___ BALL``), ``("before", "fire")`` for ``fire_word``/``fireword``.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from ocwtool.annotations.lexicon import wordnet

HYPER_LEVELS = 3
MIN_DEPTH = 5
MAX_SENSES = 8
MIN_PART = 3
# Closed-compound "parts" that are really suffixes (goodness, payment): not compound partners.
SUFFIX_LIKE = frozenset(
    "ness ment ship hood ism ist ity ion ing ers ery ful less ous ure ant ent ate".split()  # noqa: SIM905
)
Partner = tuple[str, str]


@dataclass(frozen=True)
class WordFeatures:
    """What the suggester knows about one clue."""

    word: str
    synsets: frozenset[str]
    hypernyms: frozenset[str]
    proper: bool
    partners: frozenset[Partner]


def normalise(clue: str) -> str:
    """WordNet lemma form: lower case, spaces and hyphens as ``_``, other punctuation dropped."""
    text = re.sub(r"[\s\-]+", "_", clue.strip().lower())
    return re.sub(r"[^a-z0-9_']", "", text).strip("_")


@functools.cache
def compound_index() -> dict[str, frozenset[Partner]]:
    """word -> compound partners, from WordNet's open (``fire_alarm``) and closed (``football``) lemmas."""
    names = {n.lower() for n in wordnet().all_lemma_names()}
    nouns = {n.lower() for n in wordnet().all_lemma_names(pos="n")}  # closed-compound parts: nouns only
    parts: dict[str, set[Partner]] = defaultdict(set)
    for name in names:
        pieces = re.split(r"[_-]", name)
        if len(pieces) == 2 and all(pieces):
            parts[pieces[0]].add(("after", pieces[1]))
            parts[pieces[1]].add(("before", pieces[0]))
        elif len(pieces) == 1 and len(name) >= 2 * MIN_PART:
            for i in range(MIN_PART, len(name) - MIN_PART + 1):
                head, tail = name[:i], name[i:]
                if head in nouns and tail in nouns and tail not in SUFFIX_LIKE:
                    parts[head].add(("after", tail))
                    parts[tail].add(("before", head))
    return {w: frozenset(p) for w, p in parts.items()}


@functools.cache
def features(clue: str) -> WordFeatures:
    """Features of one clue (cached: a word's features do not depend on its puzzle)."""
    word = normalise(clue)
    senses = wordnet().synsets(word) if word else []
    hypers: set[str] = set()
    for sense in senses[:MAX_SENSES]:
        hypers.update(_hypernyms(sense))
    return WordFeatures(
        word=word,
        synsets=frozenset(s.name() for s in senses),
        hypernyms=frozenset(hypers),
        proper=bool(senses) and _is_proper(senses[0], word),
        partners=compound_index().get(word, frozenset()),
    )


def _hypernyms(sense: Any) -> set[str]:
    found: set[str] = set()
    frontier = [sense]
    for _ in range(HYPER_LEVELS):
        frontier = [h for s in frontier for h in (*s.hypernyms(), *s.instance_hypernyms())]
        # Verb hierarchies are shallow: the depth filter that drops "entity" would drop them all.
        found.update(h.name() for h in frontier if h.pos() == "v" or h.min_depth() >= MIN_DEPTH)
    return found


def _is_proper(sense: Any, word: str) -> bool:
    if sense.instance_hypernyms():
        return True
    return any(lemma.name().lower() == word and lemma.name()[:1].isupper() for lemma in sense.lemmas())


def synset_word(name: str) -> str:
    """Readable head word of a synset name (``flower.n.01`` -> ``flower``)."""
    return name.split(".")[0].replace("_", " ")


def partner_text(partner: Partner) -> str:
    """``("after", "ball")`` -> ``___ BALL``; ``("before", "fire")`` -> ``FIRE ___``."""
    side, word = partner
    word = word.replace("_", " ").upper()
    return f"___ {word}" if side == "after" else f"{word} ___"
