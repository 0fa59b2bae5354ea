"""Heuristic pre-labels: a knowledge type per group with a stated reason, and red-herring candidates.

Rules give *strong* or *weak* evidence for one type each. Two or more strong types make a Combined
label; otherwise the strongest single type wins, in the order multiword, linguistic, encyclopedic,
semantic; with no evidence at all the group is called Associative ("no lexical, form or named-entity
cue"). Suggestions are stored as the annotator ``suggest`` and never mixed with human labels
(:func:`ocwtool.annotations.suggest.suggest_workspace` writes them; the trained pre-labeller uses these
rules as features and as its fallback).
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ocwtool.annotations.herrings import red_herring_categories, red_herring_words
from ocwtool.annotations.lexicon import wordnet
from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
from ocwtool.annotations.word_features import WordFeatures, features, partner_text, synset_word
from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel, KnowledgeType
from ocwtool.schema.models import Group, Puzzle
from ocwtool.stores.annotations import SUGGEST

STRONG, WEAK = 2, 1
ORDER = (
    KnowledgeType.MULTIWORD,
    KnowledgeType.LINGUISTIC,
    KnowledgeType.ENCYCLOPEDIC,
    KnowledgeType.SEMANTIC,
)
BLANK = re.compile(r"_{2,}|\b_\b|\.\.\.|…")
MULTIWORD_WORDS = re.compile(
    r"\b(words? (before|after)|precede[sd]?|follow(s|ed)?|compound|phrase|___)\b", re.I
)
LINGUISTIC_WORDS = re.compile(
    r"anagram|homophone|rhym|sound(s|ing)? like|letters?\b|hidden|palindrom|backwards?|reversed?|"
    r"spelled|spelt|starting with|start with|begin|ending (in|with)|ends? (in|with)|minus|\+|prefix|"
    r"suffix|vowel|consonant|abbreviat|initials|silent|syllable|pronounc|homograph|contain|"
    r"\b(starts?|ends?|beginnings?) of\b|\bplus (a )?(letter|[“\"][a-z]+[”\"])",
    re.I,
)
ENCYCLOPEDIC_WORDS = re.compile(
    r"\b(films?|movies?|songs?|bands?|albums?|authors?|novels?|books?|characters?|teams?|presidents?|"
    r"kings?|queens?|brands?|tv|shows?|singers?|actors?|actress(es)?|artists?|composers?|famous|cit(y|ies)|"
    r"capitals?|countries|states?|rivers?|planets?|musicals?|operas?|painters?|poets?|writers?|football|"
    r"players?|clubs?|olympic|emperors?|gods?|goddess(es)?|mythology|bibl(e|ical)|shakespeare|dickens|"
    r"beatles|disney|marvel|pok[eé]mon|star wars|harry potter|simpsons|companies|cars?|airlines?)\b",
    re.I,
)


# A quoted title (“SESAME STREET”) or a dotted abbreviation (N.B.A.) names a real-world thing.
TITLE = re.compile(r"[“\"][^”\"]+[”\"]|\b(?:[A-Z]\.){2,}")


@dataclass(frozen=True)
class Evidence:
    """One rule's finding: a type, how strong, and the reason shown to the annotator."""

    type: KnowledgeType
    strength: int
    reason: str


NO_CUE = "no lexical, form or named-entity cue found (fallback)"


def evidence(group: Group) -> list[Evidence]:
    """Every rule's findings for one group (the trained pre-labeller uses them as features)."""
    feats = [features(c) for c in group.clues]
    return [e for rule in _RULES for e in rule(group, feats)]


def suggest_label(group: Group) -> GroupLabel:
    """The suggested knowledge label of one group, with the reasons that decided it."""
    found = evidence(group)
    strong = {e.type for e in found if e.strength == STRONG}
    if len(strong) >= 2:
        chosen = [e for e in found if e.type in strong and e.strength == STRONG]
        label = KnowledgeLabel.of(*strong)
    elif found:
        best = max(found, key=lambda e: (e.strength, -ORDER.index(e.type)))
        chosen = [best]
        label = KnowledgeLabel.of(best.type)
    else:
        return GroupLabel(
            group_id=group.id, label=KnowledgeLabel.of(KnowledgeType.ASSOCIATIVE), reason=NO_CUE
        )
    return GroupLabel(group_id=group.id, label=label, reason="; ".join(e.reason for e in chosen))


def _multiword(group: Group, feats: list[WordFeatures]) -> Iterator[Evidence]:
    if BLANK.search(group.connection):
        yield Evidence(KnowledgeType.MULTIWORD, STRONG, f"blank in the connection {group.connection!r}")
    elif MULTIWORD_WORDS.search(group.connection):
        yield Evidence(
            KnowledgeType.MULTIWORD, STRONG, f"connection {group.connection!r} names a phrase pattern"
        )
    shared = Counter(p for f in feats for p in f.partners).most_common(1)
    if shared and shared[0][1] >= 3:
        partner, n = shared[0]
        yield Evidence(
            KnowledgeType.MULTIWORD, WEAK, f"{n} of 4 clues form compounds with {partner_text(partner)}"
        )


def _linguistic(group: Group, feats: list[WordFeatures]) -> Iterator[Evidence]:
    match = LINGUISTIC_WORDS.search(group.connection)
    if match:
        yield Evidence(
            KnowledgeType.LINGUISTIC, STRONG, f"connection mentions a form pattern ({match.group(0)!r})"
        )
    letters = [re.sub(r"[^a-z]", "", f.word) for f in feats]
    if all(letters) and len({"".join(sorted(w)) for w in letters}) == 1:
        yield Evidence(KnowledgeType.LINGUISTIC, STRONG, "the four clues are anagrams of each other")
    affix = _shared_affix(letters)
    if affix:
        yield Evidence(KnowledgeType.LINGUISTIC, WEAK, f"all clues share the letters {affix!r}")


def _shared_affix(words: list[str]) -> str | None:
    if not all(len(w) >= 4 for w in words):
        return None
    for size in (4, 3):
        if len({w[:size] for w in words}) == 1:
            return words[0][:size] + "-"
        if len({w[-size:] for w in words}) == 1:
            return "-" + words[0][-size:]
    return None


def _encyclopedic(group: Group, feats: list[WordFeatures]) -> Iterator[Evidence]:
    proper = [c for c, f in zip(group.clues, feats, strict=True) if f.proper]
    if len(proper) >= 3:
        names = ", ".join(proper)
        yield Evidence(
            KnowledgeType.ENCYCLOPEDIC,
            STRONG,
            f"{len(proper)} of 4 clues are named entities in WordNet ({names})",
        )
    match = ENCYCLOPEDIC_WORDS.search(group.connection)
    if match:
        yield Evidence(
            KnowledgeType.ENCYCLOPEDIC, WEAK, f"connection names a set of named things ({match.group(0)!r})"
        )
    inner = [w for w in group.connection.split()[1:] if w[:1].isupper() and not group.connection.isupper()]
    titled = TITLE.search(group.connection)
    if inner or titled:
        what = inner[0] if inner else (titled.group(0) if titled else "")
        yield Evidence(KnowledgeType.ENCYCLOPEDIC, WEAK, f"proper name or title in the connection ({what!r})")


def _semantic(group: Group, feats: list[WordFeatures]) -> Iterator[Evidence]:
    best, under = best_head(group.connection, feats)
    if len(under) >= 3:
        what = synset_word(best)
        yield Evidence(
            KnowledgeType.SEMANTIC,
            STRONG,
            f"{len(under)} clues are kinds of or synonyms of {what!r} (WordNet)",
        )
        return
    synonyms = synonym_pairs(feats)
    if synonyms >= 2:
        strength = STRONG if synonyms >= 3 else WEAK
        yield Evidence(
            KnowledgeType.SEMANTIC, strength, f"{synonyms} clue pairs share a WordNet sense (synonyms)"
        )
        return
    common = Counter(h for f in feats for h in f.hypernyms).most_common(1)
    if common and common[0][1] >= 3:
        yield Evidence(
            KnowledgeType.SEMANTIC,
            WEAK,
            f"{common[0][1]} clues share the hypernym {synset_word(common[0][0])!r}",
        )


def best_head(connection: str, feats: list[WordFeatures]) -> tuple[str, list[str]]:
    """The connection sense that covers most clues (as hypernym or shared sense), and those clues."""
    best, covered = "", list[str]()
    for sense in _connection_senses(connection):
        # Named instances of X (rivers: Danube) are encyclopedic, not semantic: leave them out.
        under = [f.word for f in feats if not f.proper and (sense in f.hypernyms or sense in f.synsets)]
        if len(under) > len(covered):
            best, covered = sense, under
    return best, covered


def synonym_pairs(feats: list[WordFeatures]) -> int:
    return sum(1 for i, a in enumerate(feats) for b in feats[i + 1 :] if a.synsets & b.synsets)


STOPWORDS = frozenset("the and for with from that this things thing words word kinds kind types type".split())  # noqa: SIM905


def _connection_senses(connection: str) -> tuple[str, ...]:
    """Senses the clues may be synonyms or kinds of: the connection's last two words as a WordNet
    compound (``card_game``), else every content word of the connection (all parts of speech)."""
    words = [w for w in re.findall(r"[a-z]+", connection.lower()) if len(w) >= 3 and w not in STOPWORDS]
    if len(words) >= 2:
        compound = wordnet().synsets("_".join(words[-2:]), pos="n")
        if compound:
            return tuple(s.name() for s in compound)
    return tuple(s.name() for w in words for s in wordnet().synsets(w))


_RULES = (_multiword, _linguistic, _encyclopedic, _semantic)


def suggest_puzzle(puzzle: Puzzle, now: dt.datetime | None = None) -> ItemRecord:
    """The ``suggest`` annotator's record for one puzzle: group labels and red-herring candidates."""
    return ItemRecord(
        annotator=SUGGEST,
        puzzle_id=puzzle.id,
        groups=tuple(suggest_label(g) for g in puzzle.groups),
        red_herring_words=red_herring_words(puzzle),
        red_herring_categories=red_herring_categories(puzzle),
        created_at=now or dt.datetime.now(dt.UTC),
        guideline_version=GUIDELINE_VERSION,
    )


def suggest_all(puzzles: Iterable[Puzzle], now: dt.datetime | None = None) -> Iterator[ItemRecord]:
    """Suggestions for many puzzles (one timestamp for the whole run)."""
    stamp = now or dt.datetime.now(dt.UTC)
    for puzzle in puzzles:
        yield suggest_puzzle(puzzle, stamp)
