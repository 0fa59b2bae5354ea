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
from ocwtool.resources.cmudict import Pronunciations, parse_lines
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


def _sounds_alike(word: str) -> str:
    """An invented sound-alike spelling: ``h`` after the first letter (``bolan`` -> ``bholan``)."""
    return word[0] + "h" + word[1:]


def word_play_taxonomy(seed: int = 0) -> tuple[NounTaxonomy, Pronunciations]:
    """:func:`taxonomy` plus two categories of word play (200, 201: ``play_0``, ``play_1``, 8 words
    each) whose words have an invented sound-alike and an anagram (the word reversed), both filed
    under category 300 (``echo``); and a synset (400) holding two spellings of one word that sound
    alike (like ``colour``/``color``: one word, no homophone). The pronunciations spell each word
    letter by letter, the sound-alike as its original."""
    base = taxonomy(seed)
    synsets = dict(base.synsets)
    rng = random.Random(seed + 1)
    offset = 5000
    echoes = []
    lines = []
    for c in range(2):
        words = []
        for _ in range(8):
            word = "".join(rng.choice("bdgklmnprtv") + rng.choice("aeiou") for _ in range(3))
            synsets[offset] = NounSynset(offset, "noun.artifact", (word,), ())
            words.append(offset)
            phones = " ".join(word.upper())
            lines += [f"{word} {phones}", f"{_sounds_alike(word)} {phones}"]
            for other in (_sounds_alike(word), word[::-1]):
                synsets[offset + 1] = NounSynset(offset + 1, "noun.artifact", (other,), ())
                echoes.append(offset + 1)
                offset += 1
            offset += 1
        synsets[200 + c] = NounSynset(200 + c, "noun.artifact", (f"play_{c}",), tuple(words))
    synsets[300] = NounSynset(300, "noun.artifact", ("echo",), tuple(echoes))
    synsets[400] = NounSynset(400, "noun.artifact", ("tarvol", "tharvol"), ())
    lines += ["tarvol T A R V O L", "tharvol T A R V O L"]
    domain = synsets[2]
    synsets[2] = NounSynset(2, domain.lexname, domain.lemmas, (*domain.hyponyms, 200, 201, 300, 400))
    return NounTaxonomy(synsets, "invented-1"), parse_lines(lines, "invented-sounds")


def word_play_book(seed: int = 0) -> RuleBook:
    return rule_book(build_lexicon(*word_play_taxonomy(seed)))
