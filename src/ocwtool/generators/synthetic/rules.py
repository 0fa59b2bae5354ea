"""The rules that define the groups of a synthetic board, each checked by a lexicon look-up.

=========  =============  ================================================  ==========================
kind       key            a word satisfies it when                          a near miss (red herring)
=========  =============  ================================================  ==========================
hyponym    synset offset  it is a lemma of a synset strictly below it       a kind of its hypernym,
                                                                            not of it (same domain)
prefix     word p         it starts with p and has 3+ more letters           starts one letter off p
hidden     word h         it holds h strictly inside (not at either end)     holds h at an end
compound   word P         it + P is a WordNet noun (``foot`` + ``ball``)     P + it is one, it + P not
homophone  synset offset  it sounds like a lemma below it (CMUdict) and is  a lemma below it (a kind
                          not one itself (``place``: ``plaice``, a fish)    of it, not a sound-alike)
anagram    synset offset  its letters rearrange into a lemma below it and   a lemma below it
                          it is not one itself (``lemon``: no, a fruit;
                          ``stake``: ``steak``, a kind of meat)
=========  =============  ================================================  ==========================

Homophones and anagrams are the lexicon's (:mod:`.lexicon`): never a word sharing a synset with
the clue. Homophone rules need the pronouncing dictionary (the ``[sound]`` extra); without it there
are none. A rule is usable when it has between :data:`MIN_POOL` and :data:`MAX_POOL` words.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ocwtool.generators.synthetic.lexicon import Lexicon

KINDS = ("hyponym", "prefix", "hidden", "compound", "homophone", "anagram")
LIKE = {"homophone": "Sound like", "anagram": "Anagrams of"}  # the connection shown
MIN_POOL = 6
MAX_POOL = 400
KEY_LENGTHS = range(3, 6)  # letters in a prefix, hidden word or compound partner
EXTRA_LETTERS = 3  # a prefix's words go on for at least this many letters


@dataclass(frozen=True, order=True)
class Rule:
    """One checkable rule: ``kind`` (see :data:`KINDS`), ``key`` and the group's connection."""

    kind: str
    key: str
    connection: str

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.key}"


@dataclass(frozen=True)
class RuleBook:
    """Every usable rule with its words (sorted), over one lexicon."""

    lexicon: Lexicon
    rules: tuple[Rule, ...]
    pools: dict[str, tuple[str, ...]]
    by_word: dict[str, tuple[int, ...]]  # word -> positions of the rules whose pool holds it
    starts: dict[str, frozenset[str]]  # first letters -> vocabulary words
    fronts: dict[str, frozenset[str]]  # partner P -> words w with P + w a noun
    ends: dict[str, frozenset[str]]  # last letters -> vocabulary words
    _near: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    def satisfies(self, rule: Rule, word: str) -> bool:
        return satisfies(self.lexicon, rule, word)

    def near_candidates(self, rule: Rule) -> tuple[str, ...]:
        """Words that may be near misses of ``rule`` (a superset, sorted so that draws never depend
        on set order; :func:`near_miss` decides), computed once per rule."""
        if rule.id not in self._near:
            self._near[rule.id] = tuple(sorted(self._near_set(rule)))
        return self._near[rule.id]

    def _near_set(self, rule: Rule) -> set[str]:
        key = rule.key
        if rule.kind in LIKE:  # the real kinds of it
            return set(self.lexicon.below[int(key)])
        if rule.kind == "hyponym":
            up = self.lexicon.parent.get(int(key))
            found: set[str] = set(self.lexicon.below[up]) if up is not None else set()
        elif rule.kind == "prefix":
            found = {w for v in _one_off(key) for w in self.starts.get(v, ())}
        elif rule.kind == "hidden":
            found = set(self.starts.get(key, ())) | set(self.ends.get(key, ()))
        else:
            found = set(self.fronts.get(key, ()))
        return found


def _one_off(key: str) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return [key[:i] + c + key[i + 1 :] for i in range(len(key)) for c in letters if c != key[i]]


def satisfies(lex: Lexicon, rule: Rule, word: str) -> bool:
    """Whether ``word`` (lower case) satisfies ``rule``: the one check every board is verified by."""
    key = rule.key
    if rule.kind == "hyponym":
        return word in lex.below.get(int(key), frozenset())
    if rule.kind == "prefix":
        return word.startswith(key) and len(word) >= len(key) + EXTRA_LETTERS
    if rule.kind == "hidden":
        return key in word[1:-1] and _inside(word, key)
    if rule.kind == "compound":
        return word + key in lex.compounds
    if rule.kind in LIKE:
        below = lex.below.get(int(key), frozenset())
        others = lex.homophones if rule.kind == "homophone" else lex.anagrams
        return word not in below and any(p in below for p in others.get(word, ()))
    raise ValueError(f"unknown rule kind {rule.kind!r}")


def _inside(word: str, key: str) -> bool:
    start = word.find(key, 1)
    while start != -1:
        if start + len(key) < len(word):
            return True
        start = word.find(key, start + 1)
    return False


def near_miss(lex: Lexicon, rule: Rule, word: str) -> str | None:
    """Why ``word`` looks as if it fits ``rule`` while failing it (``None`` when it does not look so)."""
    if satisfies(lex, rule, word):
        return None
    key = rule.key
    if rule.kind in LIKE:
        if word not in lex.below[int(key)]:
            return None
        how = "a sound-alike" if rule.kind == "homophone" else "an anagram"
        return f"a kind of {lex.labels[int(key)]} itself, not {how} of one"
    if rule.kind == "hyponym":
        up = lex.parent.get(int(key))
        if up is None or word not in lex.below[up]:
            return None
        group = lex.labels[int(key)]
        return f"a kind of {lex.labels[up]}, like the {group} group, but not a kind of {group}"
    if rule.kind == "prefix":
        head = word[: len(key)]
        if len(word) >= len(key) + EXTRA_LETTERS and sum(a != b for a, b in zip(head, key, strict=True)) == 1:
            return f"starts with {head.upper()}, one letter off {key.upper()}"
        return None
    if rule.kind == "hidden":
        return f"has {key.upper()} at one end, not hidden inside" if key in word else None
    if key + word in lex.compounds:
        return f"{key.upper()}{word.upper()} is a word, but {word.upper()}{key.upper()} is not"
    return None


def rule_book(lex: Lexicon) -> RuleBook:
    """Every rule of every kind with a usable pool, in a fixed order (kind, then key)."""
    candidates: dict[Rule, Iterable[str]] = {}
    for offset, words in lex.below.items():
        candidates[Rule("hyponym", f"{offset:08d}", f"Kinds of {lex.labels[offset]}")] = words
    for kind, like in (("homophone", _like(lex, lex.homophones)), ("anagram", _like(lex, lex.anagrams))):
        for offset, found in like.items():
            candidates[Rule(kind, f"{offset:08d}", f"{LIKE[kind]} kinds of {lex.labels[offset]}")] = found
    keys = sorted(w for w in lex.vocab if len(w) in KEY_LENGTHS)
    by_kind = {"prefix": _prefixes(lex), "hidden": _hidden(lex), "compound": _compounds(lex)}
    for kind, index in by_kind.items():
        for key in keys:
            candidates[Rule(kind, key, _connection(kind, key))] = index.get(key, ())
    pools = {r.id: tuple(sorted(ws)) for r, ws in candidates.items()}
    usable = tuple(sorted(r for r in candidates if MIN_POOL <= len(pools[r.id]) <= MAX_POOL))
    by_word: dict[str, list[int]] = defaultdict(list)
    for k, r in enumerate(usable):
        for w in pools[r.id]:
            by_word[w].append(k)
    return RuleBook(
        lex,
        usable,
        {r.id: pools[r.id] for r in usable},
        {w: tuple(ks) for w, ks in by_word.items()},
        _affixes(lex, lambda w, n: w[:n]),
        {p: frozenset(ws) for p, ws in _fronts(lex).items()},
        _affixes(lex, lambda w, n: w[-n:]),
    )


def _like(lex: Lexicon, partners: dict[str, frozenset[str]]) -> dict[int, set[str]]:
    """Per synset: the words that are not below it but have a partner (a homophone, an anagram)
    below it."""
    by_partner: dict[str, set[str]] = defaultdict(set)
    for w, ps in partners.items():
        for p in ps:
            by_partner[p].add(w)
    keys = frozenset(by_partner)
    out: dict[int, set[str]] = {}
    for offset, words in lex.below.items():
        hits = keys & words  # iterates over the smaller of the two
        found = {w for p in hits for w in by_partner[p] if w not in words}
        if found:
            out[offset] = found
    return out


def _affixes(lex: Lexicon, cut: Callable[[str, int], str]) -> dict[str, frozenset[str]]:
    """Vocabulary words by their first (or last) 3 to 5 letters."""
    index: dict[str, set[str]] = defaultdict(set)
    for w in lex.vocab:
        for n in KEY_LENGTHS:
            index[cut(w, n)].add(w)
    return {k: frozenset(ws) for k, ws in index.items()}


def _prefixes(lex: Lexicon) -> dict[str, set[str]]:
    index: dict[str, set[str]] = defaultdict(set)
    for w in lex.vocab:
        for n in KEY_LENGTHS:
            if len(w) >= n + EXTRA_LETTERS:
                index[w[:n]].add(w)
    return index


def _hidden(lex: Lexicon) -> dict[str, set[str]]:
    index: dict[str, set[str]] = defaultdict(set)
    for w in lex.vocab:
        for n in KEY_LENGTHS:
            for i in range(1, len(w) - n):
                index[w[i : i + n]].add(w)
    return index


def _compounds(lex: Lexicon) -> dict[str, set[str]]:
    index: dict[str, set[str]] = defaultdict(set)
    for c in lex.compounds:
        for n in KEY_LENGTHS:
            if c[:-n] in lex.vocab:
                index[c[-n:]].add(c[:-n])
    return index


def _fronts(lex: Lexicon) -> dict[str, set[str]]:
    index: dict[str, set[str]] = defaultdict(set)
    for c in lex.compounds:
        for n in KEY_LENGTHS:
            if c[n:] in lex.vocab:
                index[c[:n]].add(c[n:])
    return index


def _connection(kind: str, key: str) -> str:
    return {"prefix": f"Start with {key.upper()}", "hidden": f"Hidden {key.upper()}"}.get(
        kind, f"___{key.upper()}"
    )
