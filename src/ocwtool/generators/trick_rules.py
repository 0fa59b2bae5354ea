"""The rules a group's trick word must fail: checked by spelling or by WordNet hyponymy.

A group has a checkable rule when all four of its clues share one (in their ``match_form``):

=========  ====================================================  ==============================
kind       the four clues ...                                    a trick word fails it when ...
=========  ====================================================  ==============================
prefix     start with the same 3+ letters                        it does not start with them
suffix     end with the same 3+ letters                          it does not end with them
hyponym    are all (first senses) below one WordNet synset,      none of its senses is below
           within :data:`DEPTH` hypernym steps                   that synset (at any depth)
=========  ====================================================  ==============================

Hidden words, compounds with a shared partner, anagrams and homophones of an existing board are
not detected here (their key is not recoverable from four clues without a lexicon of partners);
such groups' trick words are *proposed*, never verified.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ocwtool.resources.wordnet import SynsetInfo, WordNetBackend
from ocwtool.schema.text import match_form

MIN_AFFIX = 3
DEPTH = 2  # hypernym steps above a clue's senses where a shared category is looked for
SENSES = 3  # a word's first senses that count (WordNet lists the most frequent first)


@dataclass(frozen=True)
class TrickRule:
    """A group's checkable rule: ``kind`` (prefix, suffix, hyponym), ``key`` and its wording."""

    kind: str
    key: str
    text: str


class Ancestors:
    """Hypernym ancestry of words, cached (the one WordNet walk every score and check shares)."""

    def __init__(self, backend: WordNetBackend) -> None:
        self.backend = backend
        self._up: dict[str, frozenset[str]] = {}
        self._labels: dict[str, str] = {}

    def label(self, name: str) -> str:
        return self._labels.get(name, name)

    def senses(self, word: str) -> list[str]:
        found = self.backend.synsets(word) or self.backend.synsets(word.replace(" ", "_").lower())
        return [s.name for s in found[:SENSES]]

    def near(self, word: str, depth: int = DEPTH) -> frozenset[str]:
        """Synsets at most ``depth`` hypernym steps above ``word``'s first senses."""
        out: set[str] = set()
        frontier = self.senses(word)
        for _ in range(depth):
            frontier = [h.name for name in frontier for h in self._hypernyms(name)]
            out.update(frontier)
        return frozenset(out)

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
    """The group's checkable rule: a shared prefix, then suffix, then WordNet category."""
    forms = [match_form(c) for c in clues]
    prefix = _common_start(forms)
    if len(prefix) >= MIN_AFFIX:
        return TrickRule("prefix", prefix, f"starts with {prefix.upper()}")
    suffix = _common_start([f[::-1] for f in forms])[::-1]
    if len(suffix) >= MIN_AFFIX:
        return TrickRule("suffix", suffix, f"ends with {suffix.upper()}")
    for depth in range(1, DEPTH + 1):  # the closest shared category: the strictest rule
        shared = frozenset.intersection(*(ancestors.near(c, depth) for c in clues))
        if shared:
            key = min(shared)  # deterministic: the smallest synset id
            return TrickRule("hyponym", key, f"a kind of {ancestors.label(key)} (WordNet {key})")
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
    return rule.key not in ancestors.all_above(word)
