"""An invented noun taxonomy for the synthetic-board tests: enough rules of every kind to make
boards, with no WordNet installed. Words are made of random letters from a fixed seed; a few
invented compounds give the compound rules their partners."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from ocwtool.evaluation.game.players import PlayerBase
from ocwtool.evaluation.game.similarity_players import SimilarityPlayer
from ocwtool.generators.synthetic.lexicon import build_lexicon
from ocwtool.generators.synthetic.rules import RuleBook, rule_book
from ocwtool.resources.wordnet_nouns import NounSynset, NounTaxonomy

N_CATEGORIES = 40
PER_CATEGORY = 9
PARTNERS = ("zorb", "quil", "vext")
PREFIXES = ("trop", "skel")  # words starting with these make prefix rules
HIDDEN = ("gnyx", "jaff")  # words holding these inside make hidden-word rules


def _letters(rng: random.Random, low: int, high: int) -> str:
    return "".join(rng.choice("abcdefghiklmnoprstuw") for _ in range(rng.randint(low, high)))


def _word(rng: random.Random) -> str:
    """A random word; one in four starts with a prefix or holds a hidden word."""
    roll = rng.random()
    if roll < 0.12:
        return rng.choice(PREFIXES) + _letters(rng, 3, 5)
    if roll < 0.25:
        return _letters(rng, 1, 3) + rng.choice(HIDDEN) + _letters(rng, 1, 3)
    return _letters(rng, 5, 9)


def taxonomy(seed: int = 0) -> NounTaxonomy:
    """Root 1 -> 4 domains (2..5) -> 40 categories (100..) -> 9 word synsets each (1000..); plus
    the partners and compounds ``<word>zorb`` etc. as their own synsets."""
    rng = random.Random(seed)
    synsets: dict[int, NounSynset] = {}
    offset = 1000
    categories = []
    for c in range(N_CATEGORIES):
        words = []
        for _ in range(PER_CATEGORY):
            synsets[offset] = NounSynset(offset, "noun.artifact", (_word(rng),), ())
            words.append(offset)
            offset += 1
        cat = 100 + c
        synsets[cat] = NounSynset(cat, "noun.artifact", (f"cat_{c}",), tuple(words))
        categories.append(cat)
    for d in range(4):
        synsets[2 + d] = NounSynset(2 + d, "noun.artifact", (f"domain_{d}",), tuple(categories[d::4]))
    heads = [w for s in list(synsets.values()) for w in s.lemmas if "_" not in w]
    for key in PREFIXES + HIDDEN:
        synsets[offset] = NounSynset(offset, "noun.artifact", (key,), ())
        offset += 1
    for k, partner in enumerate(PARTNERS):
        synsets[offset] = NounSynset(offset, "noun.artifact", (partner,), ())
        offset += 1
        for head in rng.sample(heads, 12):
            synsets[offset] = NounSynset(offset, "noun.artifact", (head + partner,), ())
            offset += 1
        synsets[offset] = NounSynset(offset, "noun.artifact", (partner + heads[k],), ())
        offset += 1
    synsets[1] = NounSynset(1, "noun.Tops", ("entity",), (2, 3, 4, 5))
    return NounTaxonomy(synsets, "invented-1")


def book(seed: int = 0) -> RuleBook:
    return rule_book(build_lexicon(taxonomy(seed)))


def _bigrams(word: str) -> set[str]:
    return {word[i : i + 2] for i in range(len(word) - 1)}


def _shared_bigrams(words: Sequence[str]) -> npt.NDArray[np.float64]:
    """Invented "WordNet" similarity: the Jaccard overlap of two words' letter pairs."""
    grams = [_bigrams(w.lower()) for w in words]
    return np.array([[len(a & b) / max(1, len(a | b)) for b in grams] for a in grams])


def _shared_letters(words: Sequence[str]) -> npt.NDArray[np.float64]:
    """Invented "MiniLM" similarity: the Jaccard overlap of two words' letters (a weaker cue)."""
    sets = [set(w.lower()) for w in words]
    return np.array([[len(a & b) / len(a | b) for b in sets] for a in sets])


def invented_players() -> dict[str, Callable[[], PlayerBase]]:
    """Stand-ins for the WordNet and MiniLM players (which know no invented word): same strategy,
    invented similarities."""
    return {
        "wordnet": lambda: SimilarityPlayer("wordnet", _shared_bigrams),
        "minilm": lambda: SimilarityPlayer("minilm", _shared_letters),
    }
