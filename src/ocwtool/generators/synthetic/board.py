"""One synthetic board from (seed, index) alone, so that any slice of a run can be made anywhere.

Board ``i`` is anchored on rule ``order[i]`` of a seeded permutation of every usable rule (so
boards start from different rules, and a run makes at most as many boards as there are rules); its
three other rules, members and designed red herrings come from ``random.Random(f"{seed}:{i}")``.
A draw that fails (too few words left once the other rules' words are removed, no near miss for a
red herring, a failed check) is redrawn, up to :data:`ATTEMPTS` times; after a quarter of them
the anchor itself is redrawn every tenth draw (a rule that holds most words of the others, such as
a domain above other categories, anchors no board).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ocwtool.errors import InputError
from ocwtool.generators.synthetic.rules import Rule, RuleBook, near_miss
from ocwtool.generators.synthetic.verify import GROUP_SIZE, clashes, problems

ATTEMPTS = 200
N_GROUPS = 4
MAX_RED_HERRINGS = 4


@dataclass(frozen=True)
class Herring:
    """A clue of group ``group`` designed to look as if it fits group ``fits`` (0-based), and why."""

    clue: str
    group: int
    fits: int
    reason: str


@dataclass(frozen=True)
class Board:
    """A verified board: its rules, their members (lower case, group order), its red herrings."""

    index: int
    rules: tuple[Rule, ...]
    members: tuple[tuple[str, ...], ...]
    herrings: tuple[Herring, ...]
    order: tuple[str, ...]  # the 16 clues as shown


def anchor_order(book: RuleBook, seed: int) -> list[int]:
    """The seeded permutation of rule positions whose ``i``-th entry anchors board ``i``."""
    order = list(range(len(book.rules)))
    random.Random(f"{seed}:anchors").shuffle(order)
    return order


def make_board(book: RuleBook, anchor: int, seed: int, index: int, herrings: int) -> Board:
    """Board ``index``, anchored on rule position ``anchor``; ``InputError`` if no draw passes."""
    rng = random.Random(f"{seed}:{index}")
    for attempt in range(ATTEMPTS):
        if attempt >= ATTEMPTS // 4 and attempt % 10 == 0:  # this anchor shares too many words
            anchor = rng.randrange(len(book.rules))
        drawn = _draw(book, anchor, rng, _wanted(herrings, attempt))
        board = _fill(book, *drawn, rng, index) if drawn is not None else None
        if board is not None:
            return board
    rule = book.rules[anchor]
    raise InputError(
        f"board {index + 1} (anchored on rule {rule.id}) could not be made in {ATTEMPTS} draws; "
        "try another seed"
    )


def _wanted(herrings: int, attempt: int) -> int:
    """Red herrings asked of draw ``attempt``: all of them for the first half of the draws, then
    one fewer every :data:`ATTEMPTS` // 8 draws (``--red-herrings`` is a most per board)."""
    half = ATTEMPTS // 2
    return herrings if attempt < half else max(0, herrings - 1 - (attempt - half) // (ATTEMPTS // 8))


def _draw(
    book: RuleBook, anchor: int, rng: random.Random, wanted: int
) -> tuple[list[Rule], list[Herring]] | None:
    """Four rules, the anchor first; rule ``j`` (j = 1..3) is, while red herrings are wanted, one
    whose words include a near miss of rule ``j - 1``: that word is planned as a red herring.
    A fourth red herring (in group 0, near rule 3) is planned from the anchor's words."""
    rules = [book.rules[anchor]]
    planned: list[Herring] = []
    for j in range(1, N_GROUPS):
        if len(planned) < min(wanted, N_GROUPS - 1):
            found = _herring_rule(book, rules, rng)
            if found is None:
                return None
            rule, word, reason = found
            planned.append(Herring(word.upper(), j, j - 1, reason))
        else:
            rule = book.rules[rng.randrange(len(book.rules))]
            if rule in rules:
                return None
        rules.append(rule)
    if wanted == MAX_RED_HERRINGS:
        last = _near_in(book, rules[-1], book.pools[rules[0].id], rng)
        if last is None:
            return None
        planned.append(Herring(last[0].upper(), 0, N_GROUPS - 1, last[1]))
    return rules, planned


def _herring_rule(book: RuleBook, rules: list[Rule], rng: random.Random) -> tuple[Rule, str, str] | None:
    """A new rule holding a near miss of ``rules[-1]``, with that word and why it is one."""
    candidates = book.near_candidates(rules[-1])
    for word in rng.sample(candidates, min(len(candidates), 20)):
        homes = [book.rules[k] for k in book.by_word.get(word, ()) if book.rules[k] not in rules]
        reason = near_miss(book.lexicon, rules[-1], word)
        if homes and reason is not None:
            return rng.choice(homes), word, reason
    return None


def _near_in(book: RuleBook, rule: Rule, pool: Sequence[str], rng: random.Random) -> tuple[str, str] | None:
    near = [(w, r) for w in pool if (r := near_miss(book.lexicon, rule, w)) is not None]
    return rng.choice(near) if near else None


def _fill(
    book: RuleBook, rules: list[Rule], planned: list[Herring], rng: random.Random, index: int
) -> Board | None:
    pools = [_exclusive(book, rules, k) for k in range(N_GROUPS)]
    members: list[list[str]] = [[] for _ in rules]
    for h in planned:
        word = h.clue.lower()
        if word not in pools[h.group] or clashes(word, [w for g in members for w in g]):
            return None
        members[h.group].append(word)
    for k, pool in enumerate(pools):
        for word in rng.sample(pool, len(pool)):
            if len(members[k]) == GROUP_SIZE:
                break
            if not clashes(word, [w for g in members for w in g]):
                members[k].append(word)
        if len(members[k]) < GROUP_SIZE:
            return None
    shown = [w.upper() for g in members for w in g]
    rng.shuffle(shown)
    if problems(shown, rules, book.satisfies):
        return None
    return Board(index, tuple(rules), tuple(tuple(g) for g in members), tuple(planned), tuple(shown))


def _exclusive(book: RuleBook, rules: Sequence[Rule], k: int) -> list[str]:
    """Rule ``k``'s words that satisfy none of the other rules."""
    others = [r for j, r in enumerate(rules) if j != k]
    return [w for w in book.pools[rules[k].id] if not any(book.satisfies(r, w) for r in others)]
