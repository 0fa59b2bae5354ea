"""Decoys mined from play (pure): which wrong groups players made, and who made them.

A *play* is one player's game on one puzzle (the guesses it tried) or one-shot answer (its four
groups), read by :mod:`ocwtool.evaluation.plays`. Every tried group that is not a gold group is a
mistake, classified by how its four clues spread over the gold groups:

* 3 + 1, an *intruder*: the odd clue was pulled toward the group of the other three;
* 2 + 2, a *swap*: two pairs traded, the direction unknown (kept apart from intruders);
* 2 + 1 + 1 or 1 + 1 + 1 + 1, a *false group*: a theme across three or more groups.

A player counts once per puzzle and mistake, however often it made the mistake (repeated guesses,
several seeds or epochs of one player): ``exposed`` are the players of the puzzle whose play was read,
and the score of a mistake is the share of them that made it. A tried group that is not four
different clues of the puzzle (a word off the wall, a malformed group) is counted by cause and never
mined.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ocwtool.schema.models import GROUP_SIZE, Puzzle
from ocwtool.schema.text import match_form

Kind = Literal["intruder", "swap", "false_group"]
KINDS: tuple[Kind, ...] = ("intruder", "swap", "false_group")


@dataclass(frozen=True, order=True)
class Source:
    """A file of play: its name (no folder) and its content's sha256, which identifies it."""

    name: str
    sha256: str


@dataclass(frozen=True)
class Play:
    """One player's tries on one puzzle: the groups of its guesses in order, or its answer's groups."""

    wall_id: str
    player: str
    source: Source
    groups: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, order=True)
class Mistake:
    """One wrong group as the miner files it: its kind, the clue numbers (1-16, group by group) it
    is about, and for an intruder the 0-based gold group its clue was pulled toward."""

    kind: Kind
    clues: tuple[int, ...]
    toward: int | None = None


Players = dict[Source, set[str]]


@dataclass
class WallPlay:
    """Who played one puzzle (per file), and who made each mistake on it (per file)."""

    exposed: Players = field(default_factory=lambda: defaultdict(set))
    mistakes: dict[Mistake, Players] = field(default_factory=lambda: defaultdict(lambda: defaultdict(set)))

    def add(self, other: WallPlay) -> None:
        """Add another's players (the same file's players are unioned)."""
        for src, names in other.exposed.items():
            self.exposed[src] |= names
        for key, by in other.mistakes.items():
            for src, names in by.items():
                self.mistakes[key][src] |= names


@dataclass
class Mined:
    """Per puzzle id what its players did, and the tried groups not mined, by cause."""

    walls: dict[str, WallPlay] = field(default_factory=lambda: defaultdict(WallPlay))
    skipped: Counter[str] = field(default_factory=Counter)


def players_of(by: Mapping[Source, set[str]]) -> set[str]:
    """The distinct players over every file (one player read from two files counts once)."""
    return set().union(*by.values()) if by else set()


def classify(numbers: Sequence[int]) -> Mistake | None:
    """The mistake a group of four clue numbers makes; ``None`` for a gold group."""
    groups = Counter((n - 1) // GROUP_SIZE for n in numbers)
    spread = sorted(groups.values(), reverse=True)
    clues = tuple(sorted(numbers))
    if spread == [GROUP_SIZE]:
        return None
    if spread == [3, 1]:
        odd = next(n for n in numbers if groups[(n - 1) // GROUP_SIZE] == 1)
        return Mistake("intruder", (odd,), groups.most_common(1)[0][0])
    return Mistake("swap" if spread == [2, 2] else "false_group", clues)


class ClueIndex:
    """A puzzle's clues by matching form (:func:`~ocwtool.schema.text.match_form`), numbered group by
    group (group 1 holds clues 1-4, as the labelling session numbers them)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.numbers: dict[str, list[int]] = defaultdict(list)
        for k, group in enumerate(puzzle.groups):
            for j, clue in enumerate(group.clues):
                self.numbers[match_form(clue)].append(k * GROUP_SIZE + j + 1)

    def place(self, words: Sequence[str]) -> tuple[list[int] | None, str | None]:
        """The clue numbers of a tried group, or why it cannot be mined."""
        if len(words) != GROUP_SIZE or any(not str(w).strip() for w in words):
            return None, "malformed_group"
        free = {form: list(ns) for form, ns in self.numbers.items()}
        out = []
        for word in words:
            left = free.get(match_form(word))
            if left is None:
                return None, "word_not_on_wall"
            if not left:
                return None, "word_twice_in_group"
            out.append(left.pop(0))
        return out, None


def mine(puzzles: Mapping[str, Puzzle], plays: Iterable[Play]) -> Mined:
    """What the players of ``plays`` did on each puzzle; a play of a puzzle not in ``puzzles`` is
    counted as ``unknown_puzzle`` (readers match puzzles first; this guards the rest)."""
    out = Mined()
    index: dict[str, ClueIndex] = {}
    for play in plays:
        puzzle = puzzles.get(play.wall_id)
        if puzzle is None:
            out.skipped["unknown_puzzle"] += 1
            continue
        clues = index.setdefault(play.wall_id, ClueIndex(puzzle))
        _mine_play(play, clues, out)
    return out


def _mine_play(play: Play, clues: ClueIndex, out: Mined) -> None:
    placed = []
    for words in play.groups:
        numbers, cause = clues.place(words)
        if numbers is None:
            out.skipped[cause or "malformed_group"] += 1
        else:
            placed.append(numbers)
    if not placed:  # nothing readable: this player was not exposed to the puzzle's decoys
        out.skipped["play_without_a_group"] += 1
        return
    wall = out.walls[play.wall_id]
    wall.exposed[play.source].add(play.player)
    for numbers in placed:
        mistake = classify(numbers)
        if mistake is not None:
            wall.mistakes[mistake][play.source].add(play.player)
