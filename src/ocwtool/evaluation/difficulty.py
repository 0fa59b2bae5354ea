"""Measured difficulty of a board: the baseline players play it, the red-herring scorer (when given)
scores it, and the figures bin each group and the board into the four NYT levels.

Figures of one group ``g``:

* per player ``p`` (the WordNet and MiniLM similarity players): ``m_p(g)``, the mistakes ``p`` made
  before it found ``g`` in one game under the ``nyt`` rules on board 0 (the stored order), 0-3; 4
  when it did not find ``g`` before its fourth mistake ended the game (so ``m_p(g) < 4`` is "solved");
* ``herring(g)`` (only with a red-herring scorer): the strongest pull toward ``g`` of a clue of another
  group, 0-1 (a group that attracts decoys is harder to isolate).

The group's score is the mean of ``m_p(g) / 4`` over the players and ``herring(g)``: 0 when every
player found it first, 1 when none found it (and the scorer sees a sure decoy). The board's score is
the mean of its groups' scores.

**Board levels** bin the board's score by :data:`CUTS` into levels 0-3 (yellow, green, blue,
purple): the level is the number of cuts the score is above. The cuts are fixed (so a board's level
depends on that board alone: shards and ``--level`` filters see the same levels); they were chosen so
that 300 boards of seed 3 with 4 red herrings asked, measured by WordNet and MiniLM, fall into near
quarters. Levels are comparable between runs measured by the same players and scorer (recorded with
the figures).

**Group levels** are NYT's: one group of each level on every board, yellow the group with the lowest
score and purple the highest (a tie goes to the group whose sorted, case-folded clues come first, so
the stored order of the groups never decides). Version 1 binned each group's own score by the cuts,
which gave boards of four purples, a ``weighted`` score (levels summed, 0-10) that was no longer out of
10, and levels that did not order the MiniLM player's finds (300 boards of seed 3: it found 21 % of
yellow groups, 16 % of green, 21 % of blue, 0 % of purple; docs/generate.md has the figures).

Every figure depends on the board alone (one game per player, no shared batch), so the same board
gets the same figures in any run, shard or process.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ocwtool.errors import InputError
from ocwtool.evaluation.game.board import Board
from ocwtool.evaluation.game.engine import Game
from ocwtool.evaluation.game.players import Player
from ocwtool.evaluation.game.rules import get_rules
from ocwtool.schema.models import Puzzle

DIFFICULTY_VERSION = "2"
LEVELS = ("yellow", "green", "blue", "purple")
CUTS = (0.5625, 0.75, 0.875)
MISTAKES = 4  # the nyt rules' mistakes: a group not found by then counts this many
PLACES = 4  # figures are rounded to this many decimals before binning (no float noise in levels)

HerringPulls = Callable[[Puzzle], tuple[float, ...]]
"""A board's strongest pull toward each of its groups (group order), 0-1."""


@dataclass(frozen=True)
class Difficulty:
    """One board's figures and levels (see the module docstring)."""

    mistakes: dict[str, tuple[int, ...]]  # player name -> per group (group order)
    herring: tuple[float, ...] | None
    group_scores: tuple[float, ...]
    score: float
    group_levels: tuple[int, ...]
    level: int

    @property
    def solved(self) -> dict[str, tuple[bool, ...]]:
        """Per player, per group: found under the nyt rules."""
        return {name: tuple(m < MISTAKES for m in ms) for name, ms in self.mistakes.items()}

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "level": self.level,
            "level_name": LEVELS[self.level],
            "score": self.score,
            "group_levels": list(self.group_levels),
            "group_scores": list(self.group_scores),
            "mistakes_before_found": {k: list(v) for k, v in self.mistakes.items()},
        }
        if self.herring is not None:
            out["herring_pull"] = list(self.herring)
        return out


def level_of(score: float) -> int:
    """The level (0-3) of a group's or board's score."""
    return sum(round(score, PLACES) > cut for cut in CUTS)


def parse_levels(text: str) -> frozenset[int]:
    """``yellow,purple`` or ``0,3`` (names or numbers, any case) as levels; ``InputError`` otherwise."""
    found = set()
    for part in (p.strip().lower() for p in text.split(",")):
        if part in LEVELS:
            found.add(LEVELS.index(part))
        elif part in {"0", "1", "2", "3"}:
            found.add(int(part))
        else:
            raise InputError(f"--level {text}: {part!r} is not a level; use {', '.join(LEVELS)} or 0-3")
    return frozenset(found)


def mistakes_before_found(puzzle: Puzzle, player: Player) -> tuple[int, ...]:
    """Per group: the mistakes ``player`` made before finding it under the nyt rules (board 0, the
    stored order), :data:`MISTAKES` when the game ended first."""
    board = Board(puzzle.id, tuple(g.clues for g in puzzle.groups), puzzle.connections, clues=puzzle.clues)
    game = Game(board, get_rules("nyt"), puzzle.clues)
    player.start(game.view(), 0)
    before = [MISTAKES] * len(puzzle.groups)
    mistakes = 0
    while not game.over:
        feedback = game.guess(list(player.guess(game.view())))
        for k in feedback.found:
            before[k] = mistakes
        mistakes += feedback.mistake
    return tuple(before)


def measure(puzzle: Puzzle, players: Sequence[Player], herring: HerringPulls | None = None) -> Difficulty:
    """The board's figures and levels, from one game per player and the scorer's pulls."""
    mistakes = {p.name: mistakes_before_found(puzzle, p) for p in players}
    pulls = tuple(round(x, PLACES) for x in herring(puzzle)) if herring is not None else None
    return from_figures(puzzle, mistakes, pulls)


def from_figures(
    puzzle: Puzzle, mistakes: dict[str, tuple[int, ...]], pulls: tuple[float, ...] | None = None
) -> Difficulty:
    """The levels the players' ``mistakes`` (and the scorer's ``pulls``) give ``puzzle``: pure, so a
    benchmark can re-level boards by any subset of the figures without playing them again."""
    scores = []
    for k in range(len(puzzle.groups)):
        terms = [ms[k] / MISTAKES for ms in mistakes.values()] + ([pulls[k]] if pulls else [])
        scores.append(round(sum(terms) / len(terms), PLACES) if terms else 0.0)
    score = round(sum(scores) / len(scores), PLACES)
    ranks = group_ranks(scores, [g.clues for g in puzzle.groups])
    return Difficulty(mistakes, pulls, tuple(scores), score, ranks, level_of(score))


def group_ranks(scores: Sequence[float], clues: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """Each group's NYT level on its board: its rank by score, 0 the lowest; ties by sorted clues."""
    order = sorted(range(len(scores)), key=lambda k: (scores[k], sorted(c.casefold() for c in clues[k])))
    ranks = [0] * len(scores)
    for rank, k in enumerate(order):
        ranks[k] = rank
    return tuple(ranks)


class Measurer:
    """Measures boards one by one with the same players and scorer (``herring_model``: the scorer's
    name and version, recorded with the figures)."""

    def __init__(
        self, players: Sequence[Player], herring: HerringPulls | None = None, herring_model: str | None = None
    ) -> None:
        if not players and herring is None:
            raise InputError("difficulty needs at least one player or a red-herring scorer")
        self.players = tuple(players)
        self.herring = herring
        self.herring_model = herring_model

    def __call__(self, puzzles: Sequence[Puzzle]) -> list[Difficulty]:
        self.prepare(puzzles)
        return [measure(p, self.players, self.herring) for p in puzzles]

    def prepare(self, puzzles: Sequence[Puzzle]) -> None:
        """The players' resources loaded and their per-word data of all ``puzzles`` computed at once
        (each word's on its own: the figures are the same); with none, loads only (before forking)."""
        for player in self.players:
            prepare = getattr(player, "prepare", None)
            if prepare is not None:
                prepare([c for p in puzzles for c in p.clues])

    def describe(self) -> dict[str, object]:
        """How the figures were made: what a level means is only comparable between equal ones."""
        return {
            "version": DIFFICULTY_VERSION,
            "players": [p.name for p in self.players],
            "rules": "nyt",
            "herring_model": self.herring_model,
            "cuts": list(CUTS),
            "group_levels": "rank within the board",
            "levels": list(LEVELS),
        }
