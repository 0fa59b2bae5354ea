"""The game state machine: guess -> feedback, under any :class:`~.rules.Rules`. Pure (no I/O).

    game = Game(board, get_rules("nyt"), order=board.shuffled(seed=0))
    fb = game.guess(["BASS", "PIKE", "SOLE", "CARP"])   # Feedback(kind=CORRECT, group=1, ...)
    game.view()      # what a player may see: remaining words, found groups, history, lives
    game.outcome()   # won, groups found, mistakes, invalid, repeats, moves

Interactive rules take :meth:`Game.guess` (4 words); ``oneshot`` takes one :meth:`Game.submit`
(4 groups of 4); ``only-connect`` then takes :meth:`Game.name_connections` once the wall is over.
A move after the game is over is answered with ``GAME_OVER`` and changes nothing.

A board with distractors (words of no group) plays the same under every rule set: a distractor
never completes a group (it matches no gold group), the game is won when the four groups are found
(the distractors stay on the board), and no last group reveals itself (``auto_last_group``): with
distractors left, the last four words are not implied.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ocwtool.evaluation.game.board import GROUPS, MATCHERS, SIZE, Board, guess_key
from ocwtool.evaluation.game.rules import Rules


def _overlap(guess: Counter[str], group: Counter[str]) -> int:
    """How many words of ``guess`` the group holds (``sum((guess & group).values())``, without
    building a Counter: the engine computes it for every group on every move)."""
    return sum(min(n, group[k]) for k, n in guess.items() if k in group)


class FeedbackKind(StrEnum):
    """What the player is told after a move."""

    CORRECT = "correct"  # a group found (oneshot: the whole answer is right)
    ONE_AWAY = "one-away"  # 3 of the 4 words share a group (only when the rules say so)
    WRONG = "wrong"
    INVALID = "invalid"  # not 4 words still on the board (oneshot: not 4 groups of 4 board words)
    REPEAT = "repeat"  # already guessed; refused without cost (rules with repeat_costs_mistake=False)
    GAME_OVER = "game-over"  # the move came after the end; nothing changed


@dataclass(frozen=True)
class Feedback:
    """The answer to one move.

    ``found``: gold group indices revealed by this move (an auto-revealed last group included);
    ``mistake``: a life was charged; ``repeat``: the same 4 words were guessed before (under
    ``missed-connections`` a repeat is still judged, and charged, like any guess); ``over``: the
    game ended with this move.
    """

    kind: FeedbackKind
    message: str
    found: tuple[int, ...] = ()
    mistake: bool = False
    repeat: bool = False
    over: bool = False


@dataclass(frozen=True)
class Outcome:
    """The result of one game. ``found``: gold group indices in the order they were found;
    ``near``: gold groups some valid wrong guess (or oneshot group) held 3 of the 4 words of, told or
    not (sorted; whether they were found later is in ``found``)."""

    won: bool
    found: tuple[int, ...]
    mistakes: int
    invalid: int
    repeats: int
    moves: int
    connections: tuple[str, ...] | None = None
    near: tuple[int, ...] = ()

    @property
    def groups_solved(self) -> int:
        return len(self.found)

    @property
    def solved(self) -> tuple[bool, ...]:
        """Per gold group (canonical order): was it found."""
        return tuple(k in self.found for k in range(GROUPS))

    @property
    def score(self) -> float:
        """1/4 per group found (lechmazur/nyt-connections)."""
        return len(self.found) / GROUPS

    def weighted(self, levels: Sequence[int] | None) -> int | None:
        """Levels 1-4 of the found groups summed (Samadarshi et al.), for boards with levels 0-3."""
        return None if levels is None else sum(levels[k] + 1 for k in self.found)


@dataclass(frozen=True)
class GameView:
    """Everything a player may see before its next move (never the hidden groups).

    ``found``: solved groups as (words, connection) in the order found; the connection is shown
    except under ``only-connect``, where it is what the player names afterwards. ``resolved``: the
    whole board's groups once an ``only-connect`` wall is over (the naming step's input).
    """

    rules: Rules
    remaining: tuple[str, ...]
    found: tuple[tuple[tuple[str, ...], str], ...]
    history: tuple[tuple[tuple[str, ...], FeedbackKind], ...]
    mistakes: int
    mistakes_left: int | None
    lives_active: bool
    over: bool
    resolved: tuple[tuple[str, ...], ...] = ()
    tried: frozenset[tuple[str, ...]] = frozenset()  # every valid guess so far, as the engine keys it

    def already_guessed(self, words: Sequence[str]) -> bool:
        """Whether these 4 words were guessed before (in any order, matched as the rules match)."""
        return guess_key(words, MATCHERS[self.rules.matching]) in self.tried


@dataclass
class _State:
    remaining: list[str]
    found: list[int] = field(default_factory=list)
    seen: set[tuple[str, ...]] = field(default_factory=set)
    history: list[tuple[tuple[str, ...], FeedbackKind]] = field(default_factory=list)
    mistakes: int = 0
    invalid: int = 0
    repeats: int = 0
    moves: int = 0
    over: bool = False
    connections: tuple[str, ...] | None = None
    near: set[int] = field(default_factory=set)


class Game:
    """One game of ``board`` under ``rules``; ``order`` is the board shown (default: board 0,
    ``board.shuffled(0)``, never the solution order)."""

    def __init__(self, board: Board, rules: Rules, order: Sequence[str] | None = None) -> None:
        self.board = board
        self.rules = rules
        self._key = MATCHERS[rules.matching]
        self._gold = [Counter(self._key(w) for w in g) for g in board.groups]
        words = list(order) if order is not None else list(board.shuffled(0))
        board_keys = Counter(
            self._key(w) for w in (*(w for g in board.groups for w in g), *board.distractors)
        )
        if Counter(self._key(w) for w in words) != board_keys:
            raise ValueError(f"order is not a permutation of the words of board {board.wall_id!r}")
        self._s = _State(remaining=words)

    # ------------------------------------------------------------------ state
    @property
    def over(self) -> bool:
        return self._s.over

    @property
    def won(self) -> bool:
        return len(self._s.found) == GROUPS

    @property
    def lives_active(self) -> bool:
        """Whether a wrong guess costs a life now (Only Connect: after two groups are found)."""
        return len(self._s.found) >= self.rules.lives_after_found

    @property
    def mistakes_left(self) -> int | None:
        limit = self.rules.max_mistakes
        return None if limit is None else max(limit - self._s.mistakes, 0)

    def outcome(self) -> Outcome:
        s = self._s
        return Outcome(
            self.won,
            tuple(s.found),
            s.mistakes,
            s.invalid,
            s.repeats,
            s.moves,
            s.connections,
            tuple(sorted(s.near)),
        )

    def view(self) -> GameView:
        s = self._s
        show = not self.rules.name_connections
        found = tuple((self.board.groups[k], self._connection(k) if show else "") for k in s.found)
        resolved = self.board.groups if s.over and self.rules.name_connections else ()
        return GameView(
            self.rules,
            tuple(s.remaining),
            found,
            tuple(s.history),
            s.mistakes,
            self.mistakes_left,
            self.lives_active,
            s.over,
            resolved,
            frozenset(s.seen),
        )

    def _connection(self, k: int) -> str:
        return self.board.connections[k] if k < len(self.board.connections) else ""

    # ------------------------------------------------------------------ moves
    def guess(self, words: Sequence[str]) -> Feedback:
        """Play 4 words (interactive rules). Raises ``ValueError`` under ``oneshot`` rules."""
        if self.rules.oneshot:
            raise ValueError("oneshot rules take one full answer: use Game.submit(groups)")
        if self._s.over:
            return Feedback(FeedbackKind.GAME_OVER, "The game is over.", over=True)
        guess = tuple(words)
        self._s.moves += 1
        if not self._valid(guess):
            return self._record(guess, self._invalid())
        key = guess_key(guess, self._key)
        repeat = key in self._s.seen
        self._s.seen.add(key)
        if repeat:
            self._s.repeats += 1
            if not self.rules.repeat_costs_mistake:
                return self._record(
                    guess, self._end(Feedback(FeedbackKind.REPEAT, "Already guessed!", repeat=True))
                )
        return self._record(guess, self._judge(guess, repeat))

    def _valid(self, guess: tuple[str, ...]) -> bool:
        keys = [self._key(w) for w in guess]
        on_board = Counter(self._key(w) for w in self._s.remaining)
        if len(keys) != SIZE:
            return False
        if self.rules.word_repeats_in_guess:  # Todd et al.: membership only
            return all(k in on_board for k in keys)
        return not Counter(keys) - on_board

    def _invalid(self) -> Feedback:
        self._s.invalid += 1
        msg = "Invalid guess: give 4 different words that are still on the board."
        return self._end(Feedback(FeedbackKind.INVALID, msg))

    def _judge(self, guess: tuple[str, ...], repeat: bool) -> Feedback:
        keys = Counter(self._key(w) for w in guess)
        best = max((_overlap(keys, g), k) for k, g in enumerate(self._gold) if k not in self._s.found)
        if best[0] == SIZE:
            return self._end(self._reveal(best[1], repeat))
        if best[0] == SIZE - 1:
            self._s.near.add(best[1])
        charged = self.lives_active
        self._s.mistakes += charged
        one_away = self.rules.one_away and best[0] == SIZE - 1
        kind = FeedbackKind.ONE_AWAY if one_away else FeedbackKind.WRONG
        msg = "One away..." if one_away else "Wrong."
        return self._end(Feedback(kind, msg, mistake=charged, repeat=repeat))

    def _reveal(self, k: int, repeat: bool = False) -> Feedback:
        found = [k]
        self._take(k)
        if self.rules.auto_last_group and len(self._s.found) == GROUPS - 1 and not self.board.distractors:
            last = next(j for j in range(GROUPS) if j not in self._s.found)
            self._take(last)
            found.append(last)
        name = "" if self.rules.name_connections else f" The connection: {self._connection(k)}."
        return Feedback(FeedbackKind.CORRECT, f"Correct!{name}".rstrip(), tuple(found), repeat=repeat)

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

    def _end(self, fb: Feedback) -> Feedback:
        s, r = self._s, self.rules
        over = (
            self.won
            or (r.max_mistakes is not None and s.mistakes >= r.max_mistakes)
            or (r.max_invalid is not None and s.invalid >= r.max_invalid)
            or s.moves >= r.max_moves
        )
        s.over = over
        return Feedback(fb.kind, fb.message, fb.found, fb.mistake, fb.repeat, over)

    def _record(self, guess: tuple[str, ...], fb: Feedback) -> Feedback:
        self._s.history.append((guess, fb.kind))
        return fb

    # ------------------------------------------------------------------ oneshot and naming
    def submit(self, groups: Sequence[Sequence[str]]) -> Feedback:
        """One full answer (``oneshot``): every exactly right group is found; the game ends.

        A group that is not 4 words of the board never earns credit; such an answer counts as invalid.
        """
        if not self.rules.oneshot:
            raise ValueError(f"{self.rules.name} rules take guesses of 4 words: use Game.guess(words)")
        if self._s.over:
            return Feedback(FeedbackKind.GAME_OVER, "The game is over.", over=True)
        self._s.moves += 1
        answer = [tuple(g) for g in groups]
        board = Counter(self._key(w) for w in self.board.words)
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
                    k for k, gold in enumerate(self._gold) if _overlap(keys, gold) == SIZE - 1
                )
        self._s.over = True
        kind = FeedbackKind.CORRECT if self.won else FeedbackKind.INVALID if malformed else FeedbackKind.WRONG
        msg = f"{len(self._s.found)} of {GROUPS} groups right."
        return Feedback(kind, msg, tuple(self._s.found), over=True)

    def name_connections(self, names: Sequence[str]) -> None:
        """The naming step (``only-connect``): one name per gold group, canonical order, after the wall."""
        if not self.rules.name_connections:
            raise ValueError(f"{self.rules.name} rules have no naming step")
        if not self._s.over:
            raise ValueError("name the connections after the wall is over")
        if len(names) != GROUPS:
            raise ValueError(f"expected {GROUPS} connection names, got {len(names)}")
        self._s.connections = tuple(str(n) for n in names)
