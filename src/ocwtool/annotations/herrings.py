"""Red-herring candidates with evidence, from WordNet senses, hypernyms and compound partners.

A group's *signature* is what three or more of its clues share: a compound partner (``___ BALL``),
a specific hypernym (``flower``), or the head noun of its connection. A clue of another group that
matches a signature, or shares a sense with one of the group's clues, is a red-herring word
candidate. A partner or hypernym shared by three or more clues across two or more groups, and not
the signature of any group, is a red-herring category candidate (a decoy theme).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from ocwtool.annotations.word_features import WordFeatures, features, partner_text, synset_word
from ocwtool.schema.annotations import RedHerringCategory, RedHerringWord
from ocwtool.schema.models import GROUP_SIZE, Puzzle

MAX_CATEGORIES = 3
Feature = tuple[str, object]


@dataclass(frozen=True)
class Clue:
    """A clue as the session numbers it: 1..16 in canonical group order."""

    number: int
    text: str
    group: int  # 0-based index into puzzle.groups


def numbered_clues(puzzle: Puzzle) -> list[Clue]:
    """The 16 clues numbered group by group (group 1 holds clues 1-4)."""
    return [
        Clue(k * GROUP_SIZE + j + 1, clue, k)
        for k, g in enumerate(puzzle.groups)
        for j, clue in enumerate(g.clues)
    ]


def _shared(feats: list[WordFeatures]) -> set[Feature]:
    counts = Counter(f for wf in feats for f in _signature_features(wf))
    return {f for f, n in counts.items() if n >= 3}


def _signature_features(wf: WordFeatures) -> set[Feature]:
    return {("partner", p) for p in wf.partners} | {("hyper", h) for h in wf.hypernyms}


def _describe(feature: Feature) -> str:
    kind, value = feature
    if kind == "partner":
        return f"forms a compound with {partner_text(value)}"  # type: ignore[arg-type]
    return f"is a kind of {synset_word(str(value))!r}"


def red_herring_words(puzzle: Puzzle) -> tuple[RedHerringWord, ...]:
    """Clues related to another group's clues, with the evidence (at most one entry per clue and group)."""
    clues = numbered_clues(puzzle)
    feats = {c.number: features(c.text) for c in clues}
    signatures = [
        _shared([feats[c.number] for c in clues if c.group == k]) for k in range(len(puzzle.groups))
    ]
    found: list[RedHerringWord] = []
    for clue in clues:
        mine = feats[clue.number]
        for k, group in enumerate(puzzle.groups):
            if k == clue.group:
                continue
            members = [c for c in clues if c.group == k]
            reason = _evidence(mine, signatures[k], members, feats)
            if reason:
                found.append(
                    RedHerringWord(
                        clue=clue.text,
                        clue_number=clue.number,
                        fits_group=group.id,
                        reason=f"{clue.text} {reason}",
                    )
                )
    return tuple(found)


def _evidence(
    mine: WordFeatures, signature: set[Feature], members: list[Clue], feats: dict[int, WordFeatures]
) -> str:
    hits = sorted(_signature_features(mine) & signature, key=str)
    if hits:
        like = [m.text for m in members if hits[0] in _signature_features(feats[m.number])]
        return f"{_describe(hits[0])} like {', '.join(like)} (WordNet)"
    synonyms = [m.text for m in members if mine.synsets & feats[m.number].synsets]
    if synonyms:
        return f"shares a WordNet sense with {', '.join(synonyms)}"
    return ""


def red_herring_categories(puzzle: Puzzle) -> tuple[RedHerringCategory, ...]:
    """Decoy themes: features shared by 3+ clues from 2+ groups that are no group's own signature."""
    clues = numbered_clues(puzzle)
    feats = {c.number: features(c.text) for c in clues}
    own: set[Feature] = set()
    for k in range(len(puzzle.groups)):
        own |= _shared([feats[c.number] for c in clues if c.group == k])
    holders: dict[Feature, list[Clue]] = defaultdict(list)
    for clue in clues:
        for f in _signature_features(feats[clue.number]):
            holders[f].append(clue)
    decoys = [
        (f, cs)
        for f, cs in holders.items()
        if f not in own and len(cs) >= 3 and len({c.group for c in cs}) >= 2
    ]
    decoys.sort(key=lambda item: (-len(item[1]), str(item[0])))
    return tuple(
        RedHerringCategory(
            clue_numbers=tuple(c.number for c in cs),
            clues=tuple(c.text for c in cs),
            theme=f"each {_describe(f)} (WordNet)",
        )
        for f, cs in decoys[:MAX_CATEGORIES]
    )
