"""Board order: which order a player sees the 16 clues in, so that it never gives the solution away.

Most sources publish no starting board: the OCW file's ``words``, ocdb.cc pages and the NYT community
archive list the clues group by group, in solution order. Cutting such a list into fours solves every
wall. So a puzzle records where its clue order comes from (:class:`BoardOrder`), and every consumer
shows :func:`shown_board` instead of the stored order:

* **board 0** (``seed`` 0): the puzzle's own board when it has a real one (``starting``: the source
  published the board players saw, e.g. the NYT endpoint's ``position``s; ``shuffled``: a board
  ocwtool shuffled before, e.g. a release's), else the seeded shuffle of seed 0;
* **board k** (``seed`` k > 0, e.g. LLM epoch k + 1 or a baseline's seed k): always the seeded shuffle.

The seeded shuffle, documented in docs/evaluation.md and stable across Python versions, is
``random.Random(f"{wall_id}:{seed}").sample(words, 16)`` of the clues in canonical group order;
should the result be in solution order (its four rows are the four groups), the next try uses
``f"{wall_id}:{seed}:{k}"`` for k = 1, 2, ... So no board shown is ever in solution order, and every
board is reproducible from the wall id and the seed alone.

A board with ``k`` distractors (words of no group) shows 16 + k words: the shuffle samples the clues in
canonical group order followed by the distractors in stored order (``sample(words, 16 + k)``; for k = 0
exactly the 16-clue shuffle above), drawn again only when four of its rows of four are the groups.
It is uniform otherwise, so a word's position says nothing about whether it is a distractor. A
stored board (``starting``/``shuffled``) also gives them away when its last k words are the
distractors (a board that merely appended them, :func:`gives_away`): such a board is never shown.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from enum import StrEnum

GROUP_SIZE = 4
MAX_TRIES = 64  # a board of 16 equal clues is in solution order whatever the shuffle: stop there


class BoardOrder(StrEnum):
    """Where a puzzle's stored clue order comes from."""

    STARTING = "starting"  # the source published the board players saw (NYT positions)
    SHUFFLED = "shuffled"  # ocwtool's seeded shuffle of seed 0 (what a release ships)
    SOLUTION = "solution"  # the groups in order, or an order of unknown origin: never shown as is


def rows(words: Sequence[str], size: int = GROUP_SIZE) -> list[tuple[str, ...]]:
    """``words`` cut into consecutive rows of ``size``."""
    return [tuple(words[i : i + size]) for i in range(0, len(words), size)]


def in_solution_order(
    words: Sequence[str], groups: Sequence[Sequence[str]], distractors: Sequence[str] = ()
) -> bool:
    """Do the rows of ``words`` (cut into fours) hold exactly the groups, in any order of rows and
    of words within a row? Such a board gives the solution to anyone who reads it row by row. With
    ``distractors`` the groups may be any four of its rows."""
    if len(words) != sum(len(g) for g in groups) + len(distractors):
        return False
    want = Counter(tuple(sorted(g)) for g in groups)
    have = Counter(tuple(sorted(r)) for r in rows(words) if len(r) == GROUP_SIZE)
    return not want - have


def gives_away(
    words: Sequence[str], groups: Sequence[Sequence[str]], distractors: Sequence[str] = ()
) -> bool:
    """Would this stored board give the solution away: in solution order, or (with distractors)
    ending with them, as a board that appended the distractors to the clues does?"""
    if in_solution_order(words, groups, distractors):
        return True
    tail = words[len(words) - len(distractors) :]
    return (
        bool(distractors)
        and len(words) == sum(len(g) for g in groups) + len(distractors)
        and (Counter(tail) == Counter(distractors))
    )


def gives_away_shipped(
    words: Sequence[str], groups: Sequence[Sequence[str]], wall_id: str, distractors: Sequence[str] = ()
) -> bool:
    """:func:`gives_away`, except for the seeded shuffle of seed 0 (what a release ships): it is
    uniform, so its distractors end it by chance as often as any k words do, which gives nothing away."""
    if not gives_away(words, groups, distractors):
        return False
    return in_solution_order(words, groups, distractors) or tuple(words) != shuffled_board(
        groups, wall_id, 0, distractors
    )


def hideable(groups: Sequence[Sequence[str]]) -> bool:
    """Can any board of these groups avoid solution order? Not when all four groups are the same
    words (e.g. a picture day whose 16 clues are all empty)."""
    return len({tuple(sorted(g)) for g in groups}) > 1


def board_seed(wall_id: str, seed: int, attempt: int = 0) -> str:
    """The documented seed string of a wall's shuffle (``attempt`` > 0 after a solution-order draw)."""
    return f"{wall_id}:{seed}" if attempt == 0 else f"{wall_id}:{seed}:{attempt}"


def shuffled_board(
    groups: Sequence[Sequence[str]], wall_id: str, seed: int, distractors: Sequence[str] = ()
) -> tuple[str, ...]:
    """The seeded shuffle of the clues (canonical group order in, then the distractors), never in
    solution order."""
    words = [w for g in groups for w in g] + list(distractors)
    order = words
    for attempt in range(MAX_TRIES):
        order = random.Random(board_seed(wall_id, seed, attempt)).sample(words, len(words))
        if not in_solution_order(order, groups, distractors):
            break
    return tuple(order)


def shown_board(
    clues: Sequence[str],
    groups: Sequence[Sequence[str]],
    wall_id: str,
    seed: int = 0,
    real: bool = True,
    distractors: Sequence[str] = (),
) -> tuple[str, ...]:
    """The board a player sees for ``seed``: for seed 0, ``clues`` when they are a real board
    (``real``) and not in solution order; otherwise the seeded shuffle (distractors included)."""
    if seed == 0 and real and clues and not gives_away(clues, groups, distractors):
        return tuple(clues)
    return shuffled_board(groups, wall_id, seed, distractors)


def order_of(
    clues: Sequence[str],
    groups: Sequence[Sequence[str]],
    claimed: BoardOrder | None,
    distractors: Sequence[str] = (),
) -> BoardOrder:
    """What an importer or generator records: ``claimed`` (``starting`` for a published board,
    ``shuffled`` for a generator's shuffle) unless the clues are in solution order, or nothing is
    claimed: then ``solution``, and players see the seeded shuffle instead."""
    if claimed is None or claimed is BoardOrder.SOLUTION or gives_away(clues, groups, distractors):
        return BoardOrder.SOLUTION
    return claimed
