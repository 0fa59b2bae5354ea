"""The game as ocwtool's engine plays it (``ocwtool.evaluation.game``), in plain Python.

An island copy: this package ships inside an exported verifiers environment that imports nothing
from ocwtool, so the rules and the state machine are written again here, field for field and move
for move; ``tests/training/test_verifiers_island.py`` plays the same moves through both and checks
the outcomes are equal, and that these rule tables equal ocwtool's.

Interactive rules take :meth:`Game.guess` (4 words); ``oneshot`` takes one :meth:`Game.submit`
(4 groups of 4). ``only-connect`` is played as its wall (the naming step is not part of this game).
"""

from __future__ import annotations

import string
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

GROUPS = 4
SIZE = 4
_PUNCTUATION = str.maketrans("", "", string.punctuation)


@dataclass(frozen=True)
class Rules:
    """One rule set (the fields of ``ocwtool.evaluation.game.rules.Rules`` that the game reads)."""

    name: str
    summary: str
    max_mistakes: int | None = 4
    lives_after_found: int = 0
    one_away: bool = True
    repeat_costs_mistake: bool = False
    max_invalid: int | None = 5
    auto_last_group: bool = False
    matching: str = "casefold"
    word_repeats_in_guess: bool = False
    oneshot: bool = False
    name_connections: bool = False  # Only Connect: connections are not shown (named after the wall)
    max_moves: int = 100


RULES: dict[str, Rules] = {
    r.name: r
    for r in (
        Rules("nyt", "4 mistakes; 'one away' feedback; repeats refused free; 5 invalid guesses end the game"),
        Rules(
            "missed-connections",
            "Todd et al. 2024: 5 mistakes; repeats cost a mistake; won once 3 groups are found",
            max_mistakes=5,
            repeat_costs_mistake=True,
            auto_last_group=True,
            matching="todd",
            word_repeats_in_guess=True,
        ),
        Rules(
            "only-connect",
            "the Only Connect wall: free guesses until 2 groups are found, then 3 lives",
            max_mistakes=3,
            lives_after_found=2,
            one_away=False,
            repeat_costs_mistake=True,
            auto_last_group=True,
            name_connections=True,
        ),
        Rules(
            "oneshot",
            "one answer of 4 groups, no feedback",
            max_mistakes=None,
            one_away=False,
            max_invalid=None,
            oneshot=True,
        ),
    )
}


def casefold_key(word: str) -> str:
    """Default matching: Unicode NFKC, whitespace collapsed, case folded."""
    return " ".join(unicodedata.normalize("NFKC", word).split()).casefold()


def todd_key(word: str) -> str:
    """Todd et al.'s matching: ASCII punctuation removed, stripped, upper-cased."""
    return word.translate(_PUNCTUATION).strip().upper()


MATCHERS: dict[str, Callable[[str], str]] = {"casefold": casefold_key, "todd": todd_key}


@dataclass(frozen=True)
class Puzzle:
    """One bundled puzzle: groups in canonical order, the board shown (never solution order)."""

    wall_id: str
    groups: tuple[tuple[str, ...], ...]
    board: tuple[str, ...]
    connections: tuple[str, ...] = ()
    levels: tuple[int, ...] | None = None
    distractors: tuple[str, ...] = ()


@dataclass(frozen=True)
class Feedback:
    kind: str  # correct, one-away, wrong, invalid, repeat, game-over
    message: str
    over: bool = False


@dataclass(frozen=True)
class Outcome:
    """The result of one game, as ``ocwtool eval`` reports it per game. ``near``: gold groups some
    valid wrong guess (or oneshot group) held 3 of the 4 words of, told or not (sorted)."""

    won: bool
    found: tuple[int, ...]
    mistakes: int
    invalid: int
    repeats: int
    moves: int
    near: tuple[int, ...] = ()

    @property
    def groups_solved(self) -> int:
        return len(self.found)

    @property
    def score(self) -> float:
        """1/4 per group found (lechmazur/nyt-connections)."""
        return len(self.found) / GROUPS

    def weighted(self, levels: Sequence[int] | None) -> int | None:
        """Levels 1-4 of the found groups summed (Samadarshi et al.), for boards with levels."""
        return None if levels is None else sum(levels[k] + 1 for k in self.found)


@dataclass
class _State:
    remaining: list[str]
    found: list[int] = field(default_factory=list)
    seen: set[tuple[str, ...]] = field(default_factory=set)
    mistakes: int = 0
    invalid: int = 0
    repeats: int = 0
    moves: int = 0
    over: bool = False
    near: set[int] = field(default_factory=set)


class Game:
    """One game of ``puzzle`` under ``rules``, on the board the puzzle shows."""

    def __init__(self, puzzle: Puzzle, rules: Rules) -> None:
        self.puzzle, self.rules = puzzle, rules
        self._key = MATCHERS[rules.matching]
        self._gold = [Counter(self._key(w) for w in g) for g in puzzle.groups]
        self._s = _State(remaining=list(puzzle.board))

    @property
    def over(self) -> bool:
        return self._s.over

    @property
    def won(self) -> bool:
        return len(self._s.found) == GROUPS

    @property
    def remaining(self) -> tuple[str, ...]:
        return tuple(self._s.remaining)

    @property
    def found(self) -> tuple[int, ...]:
        return tuple(self._s.found)

    @property
    def mistakes_left(self) -> int | None:
        limit = self.rules.max_mistakes
        return None if limit is None else max(limit - self._s.mistakes, 0)

    @property
    def lives_active(self) -> bool:
        return len(self._s.found) >= self.rules.lives_after_found

    def outcome(self) -> Outcome:
        s = self._s
        return Outcome(
            self.won, tuple(s.found), s.mistakes, s.invalid, s.repeats, s.moves, tuple(sorted(s.near))
        )

    def guess(self, words: Sequence[str]) -> Feedback:
        """Play 4 words (interactive rules)."""
        if self.rules.oneshot:
            raise ValueError("oneshot rules take one full answer: use Game.submit(groups)")
        if self._s.over:
            return Feedback("game-over", "The game is over.", over=True)
        guess = tuple(words)
        self._s.moves += 1
        if not self._valid(guess):
            self._s.invalid += 1
            return self._end("invalid", "Invalid guess: give 4 different words that are still on the board.")
        key = tuple(sorted(self._key(w) for w in guess))
        repeat = key in self._s.seen
        self._s.seen.add(key)
        if repeat:
            self._s.repeats += 1
            if not self.rules.repeat_costs_mistake:
                return self._end("repeat", "Already guessed!")
        return self._judge(guess)

    def _valid(self, guess: tuple[str, ...]) -> bool:
        keys = [self._key(w) for w in guess]
        on_board = Counter(self._key(w) for w in self._s.remaining)
        if len(keys) != SIZE:
            return False
        if self.rules.word_repeats_in_guess:
            return all(k in on_board for k in keys)
        return not Counter(keys) - on_board

    def _judge(self, guess: tuple[str, ...]) -> Feedback:
        keys = Counter(self._key(w) for w in guess)
        best = max((sum((keys & g).values()), k) for k, g in enumerate(self._gold) if k not in self._s.found)
        if best[0] == SIZE:
            return self._reveal(best[1])
        if best[0] == SIZE - 1:
            self._s.near.add(best[1])
        self._s.mistakes += self.lives_active
        if self.rules.one_away and best[0] == SIZE - 1:
            return self._end("one-away", "One away...")
        return self._end("wrong", "Wrong.")

    def _reveal(self, k: int) -> Feedback:
        self._take(k)
        if self.rules.auto_last_group and len(self._s.found) == GROUPS - 1 and not self.puzzle.distractors:
            self._take(next(j for j in range(GROUPS) if j not in self._s.found))
        conn = self.puzzle.connections[k] if k < len(self.puzzle.connections) else ""
        name = "" if self.rules.name_connections else f" The connection: {conn}."
        return self._end("correct", f"Correct!{name}".rstrip())

    def _take(self, k: int) -> None:
        self._s.found.append(k)
        left = self._gold[k].copy()
        kept = []
        for w in self._s.remaining:
            if left[self._key(w)] > 0:
                left[self._key(w)] -= 1
            else:
                kept.append(w)
        self._s.remaining = kept

    def _end(self, kind: str, message: str) -> Feedback:
        s, r = self._s, self.rules
        s.over = (
            self.won
            or (r.max_mistakes is not None and s.mistakes >= r.max_mistakes)
            or (r.max_invalid is not None and s.invalid >= r.max_invalid)
            or s.moves >= r.max_moves
        )
        return Feedback(kind, message, s.over)

    def submit(self, groups: Sequence[Sequence[str]]) -> Feedback:
        """One full answer (``oneshot``): every exactly right group is found; the game ends. An
        answer that is not 4 groups of 4 board words counts as invalid (its right groups still count)."""
        if not self.rules.oneshot:
            raise ValueError(f"{self.rules.name} rules take guesses of 4 words: use Game.guess(words)")
        if self._s.over:
            return Feedback("game-over", "The game is over.", over=True)
        self._s.moves += 1
        answer = [tuple(g) for g in groups]
        board = Counter(self._key(w) for w in self.puzzle.board)
        malformed = len(answer) != GROUPS or any(len(g) != SIZE for g in answer)
        malformed |= bool(sum((Counter(self._key(w) for w in g) for g in answer), Counter()) - board)
        self._s.invalid += malformed
        for g in answer:
            keys = Counter(self._key(w) for w in g)
            hit = [k for k, gold in enumerate(self._gold) if keys == gold]
            if hit and hit[0] not in self._s.found and len(g) == SIZE:
                self._take(hit[0])
            elif len(g) == SIZE:
                self._s.near.update(
                    k for k, gold in enumerate(self._gold) if sum((keys & gold).values()) == SIZE - 1
                )
        self._s.over = True
        kind = "correct" if self.won else "invalid" if malformed else "wrong"
        return Feedback(kind, f"{len(self._s.found)} of {GROUPS} groups right.", over=True)
