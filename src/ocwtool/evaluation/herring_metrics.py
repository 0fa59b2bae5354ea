"""How often a player falls for the labelled red herrings: fixation, first mistakes, trap claims.

Pure: labels and answers in, figures out (docs/evaluation.md, "Red herrings", gives the formulas).

* A **decoy** is a labelled clue ``c`` with the group ``F`` it fits (``red_herring_words``:
  ``clue_number`` and ``fits_group``). A wrong group ``G`` (4 clues of the board that are not a gold
  group) **takes the decoy toward F** when ``c`` is in ``G``, ``c`` is not in ``F``, and ``G`` holds
  at least two clues of ``F``: the player put the decoy with F's clues.
* The **fixation rate** of a player is the share of its wrong groups that take some decoy toward the
  group it fits. Its **chance rate** is the same share expected of random wrong groups of the same
  shape on the same boards: for each wrong group, among all 4-clue sets of that board whose counts
  per gold group are the same multiset (e.g. 3+1, 2+2, 2+1+1, 1+1+1+1), the share that take a decoy;
  then the mean over the player's wrong groups. Exact (at most 1820 sets per board), no sampling.
* The **first mistake** of a game is its first wrong group, in the order the player gave them
  (answer order for one-shot answers); the share of games with a mistake whose first one takes a
  decoy, against the same chance share for that group.
* A **trap claim** names 4 clues as a trap group, or ``()`` for "N/A". With Connections Eval's rule
  it is right when the 4 clues lie inside one labelled trap group (a trap of 5 or more clues accepts
  any 4 of them) and take at most 2 clues of any one gold group, or when "N/A" is claimed on a board
  with no trap group; a right claim earns 2 points, a wrong one none. As there, a claim made with an
  answer that is not 4 groups of 4 using every clue once is **forfeited**: it counts as a claim and
  earns nothing. Only the first claim of an answer is judged.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ocwtool.schema import herring_tiers as tiers
from ocwtool.schema.traps import trap_groups

if TYPE_CHECKING:
    from ocwtool.evaluation.scorer import GoldWall
    from ocwtool.schema.annotations import ItemRecord

TRAP_POINTS = 2  # Connections Eval's bonus for a right trap claim
Group = tuple[str, ...]


def _key(word: str) -> str:
    return word.strip().casefold()


@dataclass(frozen=True)
class LabelledWall:
    """One wall's gold groups (clues keyed case-folded) with its labels: ``decoys`` as (clue, index of
    the gold group it fits), ``traps`` as clue sets."""

    groups: tuple[frozenset[str], ...]
    decoys: frozenset[tuple[str, int]]
    traps: tuple[frozenset[str], ...] = ()
    group_ids: tuple[str, ...] = ()  # for the breakdowns: knowledge types are labelled per group id
    levels: tuple[int, ...] | None = None

    @classmethod
    def of(
        cls,
        groups: Sequence[Sequence[str]],
        decoys: Iterable[tuple[str, int]] = (),
        traps: Iterable[Iterable[str]] = (),
        group_ids: Sequence[str] = (),
        levels: Sequence[int] | None = None,
    ) -> LabelledWall:
        return cls(
            tuple(frozenset(_key(w) for w in g) for g in groups),
            frozenset((_key(c), k) for c, k in decoys),
            tuple(frozenset(_key(w) for w in t) for t in traps),
            tuple(group_ids),
            tuple(levels) if levels is not None else None,
        )

    @functools.cached_property
    def board(self) -> tuple[str, ...]:
        return tuple(sorted(w for g in self.groups for w in g))

    @functools.cached_property
    def group_of(self) -> dict[str, int]:
        return {w: k for k, g in enumerate(self.groups) for w in g}

    def shape(self, group: frozenset[str]) -> tuple[int, ...]:
        """How many clues ``group`` takes of each gold group, largest first (3+1 -> (3, 1))."""
        return tuple(sorted(Counter(self.group_of[w] for w in group).values(), reverse=True))

    def takes_decoy(self, group: frozenset[str]) -> bool:
        """``group`` holds a decoy and at least two clues of the group that decoy fits."""
        return self.decoy_target(group) is not None

    def decoy_target(self, group: frozenset[str]) -> int | None:
        """The gold group ``group`` takes a decoy toward (the first by index), or None."""
        return min(
            (
                k
                for clue, k in self.decoys
                if clue in group and self.group_of.get(clue) != k and len(group & self.groups[k]) >= 2
            ),
            default=None,
        )

    def toward(self, group: frozenset[str]) -> int:
        """The gold group a wrong group is attributed to: the one it takes a decoy toward, else the
        one it holds most clues of (the first by index on a tie)."""
        target = self.decoy_target(group)
        if target is not None:
            return target
        counts = Counter(self.group_of[w] for w in group)
        return min(counts, key=lambda k: (-counts[k], k))

    def chance(self, shape: tuple[int, ...]) -> float:
        """Share of the board's 4-clue sets of this shape that take a decoy (exact enumeration)."""
        return _chance(self, shape)

    def partitions(self, answer: Sequence[Sequence[str]]) -> bool:
        """``answer`` is 4 groups of 4 that use every clue of the board once (a valid submission)."""
        words = [_key(w) for g in answer for w in g]
        whole = len(answer) == len(self.groups) and all(len(g) == 4 for g in answer)
        return whole and len(words) == len(set(words)) == len(self.board) and set(words) == set(self.board)

    def wrong_groups(self, answer: Iterable[Sequence[str]]) -> list[frozenset[str]]:
        """The answer's wrong groups, in its order: 4 distinct clues of the board, not a gold group."""
        out = []
        for g in answer:
            group = frozenset(_key(w) for w in g)
            if len(group) == 4 == len(g) and group <= self.group_of.keys() and group not in self.groups:
                out.append(group)
        return out


@functools.lru_cache(maxsize=16384)  # a few shapes per wall: every wall of the NYT archive
def _chance(wall: LabelledWall, shape: tuple[int, ...]) -> float:
    sets = [frozenset(s) for s in itertools.combinations(wall.board, 4)]
    same = [s for s in sets if wall.shape(s) == shape]
    return sum(wall.takes_decoy(s) for s in same) / len(same) if same else 0.0


def claim_is_right(wall: LabelledWall, claim: Sequence[str]) -> bool:
    """Connections Eval's trap-claim rule (module notes): ``()`` claims "N/A"."""
    if not claim:
        return not wall.traps
    group = frozenset(_key(w) for w in claim)
    if len(group) != 4 or len(claim) != 4 or not group <= wall.group_of.keys():
        return False
    if max(wall.shape(group)) > 2:  # a real group with one clue swapped is not a trap
        return False
    return any(group <= trap for trap in wall.traps)


@dataclass(frozen=True)
class Game:
    """One player's answer to one wall: its groups in order and its trap claim (None: none made)."""

    wall_id: str
    groups: Sequence[Sequence[str]]
    claim: Sequence[str] | None = None


def _rate(part: float, whole: int) -> float | None:
    return round(part / whole, 6) if whole else None


@dataclass
class _Tally:
    """One player's counts so far (see :func:`player_metrics`)."""

    games: int = 0
    wrong: int = 0
    fixated: int = 0
    chance: float = 0.0
    mistaken: int = 0
    first_decoy: int = 0
    first_chance: float = 0.0
    claims: int = 0
    right: int = 0
    forfeited: int = 0

    def add(self, wall: LabelledWall, game: Game) -> None:
        self.games += 1
        groups = wall.wrong_groups(game.groups)
        self.wrong += len(groups)
        self.fixated += sum(wall.takes_decoy(g) for g in groups)
        self.chance += sum(wall.chance(wall.shape(g)) for g in groups)
        if groups:
            self.mistaken += 1
            self.first_decoy += wall.takes_decoy(groups[0])
            self.first_chance += wall.chance(wall.shape(groups[0]))
        if game.claim is not None:
            self.claims += 1
            valid = wall.partitions(game.groups)
            self.forfeited += not valid
            self.right += valid and claim_is_right(wall, game.claim)

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "fixation": {
                "wrong_groups": self.wrong,
                "fixated": self.fixated,
                "rate": _rate(self.fixated, self.wrong),
                "chance": _rate(self.chance, self.wrong),
            },
            "first_mistake": {
                "games": self.mistaken,
                "decoy": self.first_decoy,
                "rate": _rate(self.first_decoy, self.mistaken),
                "chance": _rate(self.first_chance, self.mistaken),
            },
            "trap_claims": {
                "claims": self.claims,
                "right": self.right,
                "accuracy": _rate(self.right, self.claims),
                "points": TRAP_POINTS * self.right,
                "forfeited": self.forfeited,
            },
        }


def player_metrics(walls: Mapping[str, LabelledWall], games: Iterable[Game]) -> dict[str, Any]:
    """Fixation, first mistakes and trap claims of one player's ``games`` on the labelled ``walls``
    (games on other walls are not counted)."""
    tally = _Tally()
    for game in games:
        wall = walls.get(game.wall_id)
        if wall is not None:
            tally.add(wall, game)
    return tally.as_json()


def labelled_walls(golds: Iterable[GoldWall], records: Mapping[str, ItemRecord]) -> dict[str, LabelledWall]:
    """The scored walls one annotator finished labelling (a record without red herrings says none),
    with its decoys (``fits_group`` a group id of the wall) and trap groups."""
    out = {}
    for gold in golds:
        rec = records.get(gold.wall_id)
        if rec is None or rec.status != "labelled":
            continue
        index = {gid: k for k, gid in enumerate(gold.group_ids)}
        decoys = [(w.clue, index[w.fits_group]) for w in rec.red_herring_words if w.fits_group in index]
        traps = [c.clues for c in trap_groups(gold.groups, rec.red_herring_categories)]
        out[gold.wall_id] = LabelledWall.of(gold.groups, decoys, traps, gold.group_ids, gold.levels)
    return out


def label_order(stores: Mapping[str, Mapping[str, ItemRecord]]) -> list[str]:
    """Annotators in the default order: adjudicated, then people (by name), then labels mined from
    play (``play-decoys`` first), then the suggester's (:mod:`ocwtool.schema.herring_tiers`)."""
    return tiers.label_order(stores)


def has_herrings(records: Iterable[ItemRecord]) -> bool:
    """Some finished record holds red-herring words or decoy categories."""
    return any(tiers.labelled(rec) for rec in records)


@dataclass(frozen=True)
class LabelSet:
    """One label set as an evaluation used it: its tier, whose labels, on how many scored walls."""

    annotator: str
    tier: str
    labels: str  # ``adjudicated by carol``, ``mined from play`` (:func:`tiers.describe`)
    walls: int

    def as_json(self) -> dict[str, Any]:
        return {"annotator": self.annotator, "tier": self.tier, "labels": self.labels, "walls": self.walls}


@dataclass(frozen=True)
class HerringLabels:
    """The red herrings an evaluation uses: a finished record per scored wall, each from the label
    set ``origin`` names (default: ``annotator``, one set; several: the default order per wall)."""

    annotator: str  # the label set, or the sets used joined by ", " in the default order
    records: Mapping[str, ItemRecord]
    chosen: bool = False  # named with ``--herrings`` (else the default order)
    origin: Mapping[str, str] = field(default_factory=dict)  # wall id -> its label set
    kinds: Mapping[str, str] = field(default_factory=dict)  # label set -> its tier (its whole store)

    def sets(self) -> list[LabelSet]:
        """The label sets used, in the default order, each with the walls it labelled."""
        walls: dict[str, dict[str, ItemRecord]] = {}
        for pid, rec in self.records.items():
            walls.setdefault(self.origin.get(pid, self.annotator), {})[pid] = rec
        kinds = {n: self.kinds.get(n) or tiers.tier(n, recs) for n, recs in walls.items()}
        return [
            LabelSet(n, kinds[n], tiers.describe(n, walls[n], kinds[n]), len(walls[n]))
            for n in sorted(walls, key=lambda n: tiers.rank(n, kinds[n]))
        ]


def choose_labels(
    stores: Mapping[str, Mapping[str, ItemRecord]], wall_ids: Iterable[str], wanted: str | None = None
) -> HerringLabels | None:
    """The red herrings an evaluation uses on the scored walls, or None when they hold none:
    ``wanted``'s finished records, else per wall the first set of the default order that labelled
    it (:func:`ocwtool.schema.herring_tiers.per_wall`: a wall whose adjudicator kept no red herring
    has none)."""
    ids = set(wall_ids)
    if wanted is not None:
        recs = {pid: r for pid, r in stores.get(wanted, {}).items() if pid in ids and r.status == "labelled"}
        kinds = {wanted: tiers.tier(wanted, stores.get(wanted, {}))}
        return HerringLabels(wanted, recs, True, kinds=kinds) if has_herrings(recs.values()) else None
    walls = tiers.per_wall(stores, ids)
    origin = {pid: pairs[0][0] for pid, pairs in walls.items()}
    records = {pid: pairs[0][1] for pid, pairs in walls.items()}
    if not has_herrings(records.values()):
        return None
    kinds = {n: tiers.tier(n, stores[n]) for n in set(origin.values())}
    names = sorted(kinds, key=lambda n: tiers.rank(n, kinds[n]))
    return HerringLabels(", ".join(names), records, origin=origin, kinds=kinds)
