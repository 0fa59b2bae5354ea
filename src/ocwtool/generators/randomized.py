"""OCW-Randomized: rebuild each wall from its own first group and three groups of three other walls.

Faithful to the paper's ``scripts/build_random_test_set.py`` (OCW, App. C.1.1), including the exact
stream of random calls, so seed 42 over the same walls in the same order gives the published walls:

* one ``random.Random(seed)`` (equivalent to the script's module-level ``random.seed(42)``);
* walls in input order; ``group_1`` kept; for each of slots 2..4 rejection-sample
  ``wall = choice(sorted(all wall ids - seen_walls))`` then ``group = choice(that wall's groups 2..4)``,
  accepted only if the group id was never used before (anywhere) and none of its clues (exact,
  case-sensitive) is already on the new wall; ``seen_walls`` starts as {this wall} and grows with each
  accepted source wall (so the 4 groups come from 4 different walls);
* then the 16 clues are rebuilt in group order and ``shuffle``-d.

Ours (the script has none): the script loops forever when no acceptable candidate is left (possible
near the end, since N x 3 slots are filled from exactly N x 3 candidates). After every
``check_every`` consecutive rejections we test -- without drawing random numbers, so the stream is
untouched -- whether any acceptable candidate exists; if none does, the run restarts from scratch on
the stream ``random.Random(f"{seed}:restart:{n}")`` and the stall is reported, never silent.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ocwtool.errors import GenerationError
from ocwtool.schema.board import BoardOrder, order_of
from ocwtool.schema.models import Group, Lineage, Provenance, Puzzle, sorted_flags

GENERATOR_VERSION = "1"
SLOTS = 3


@dataclass(frozen=True)
class RandomizedResult:
    """The rebuilt walls, the seed asked for, the stream actually used and every stall met."""

    puzzles: tuple[Puzzle, ...]
    seed: int
    stream: str
    restarts: int
    draws: int
    stalls: tuple[str, ...] = field(default=())


_Built = tuple[list[tuple[str, Group]], list[str]]


class _Stall(Exception):
    """No acceptable candidate is left for a slot (the original script would loop forever)."""


@dataclass
class _Pool:
    """The candidate groups of one run: walls by id, their sorted ids, what is used so far."""

    walls: dict[str, Puzzle]
    sorted_ids: list[str]
    used_groups: set[str] = field(default_factory=set)
    draws: int = 0


def stream_name(seed: int, restart: int) -> str:
    """The seed of a run's random stream: ``seed`` itself, then ``"<seed>:restart:<n>"``."""
    return str(seed) if restart == 0 else f"{seed}:restart:{restart}"


def randomize(
    puzzles: Sequence[Puzzle], seed: int = 42, *, max_restarts: int = 20, check_every: int = 64
) -> RandomizedResult:
    """Rebuild every puzzle as described in the module docstring; ``GenerationError`` if it cannot."""
    _check_input(puzzles)
    stalls: list[str] = []
    for restart in range(max_restarts + 1):
        stream = stream_name(seed, restart)
        rng = random.Random(seed if restart == 0 else stream)
        pool = _Pool({p.id: p for p in puzzles}, sorted(p.id for p in puzzles))
        try:
            built = [_rebuild(p, pool, rng, check_every) for p in puzzles]
        except _Stall as stall:
            then = f"restarting with stream {stream_name(seed, restart + 1)}"
            stalls.append(f"stream {stream}: {stall}; {then if restart < max_restarts else 'giving up'}")
            continue
        out = tuple(_finish(p, got, pool, (seed, stream)) for p, got in zip(puzzles, built, strict=True))
        return RandomizedResult(out, seed, stream, restart, pool.draws, tuple(stalls))
    raise GenerationError(
        f"the randomized sampler stalled {max_restarts + 1} times (seed {seed}); "
        f"try another --seed. Last: {stalls[-1]}"
    )


def _check_input(puzzles: Sequence[Puzzle]) -> None:
    if len(puzzles) < 4:
        raise GenerationError(
            f"randomizing needs at least 4 puzzles (groups come from 4 walls), got {len(puzzles)}"
        )
    ids = [p.id for p in puzzles]
    if len(set(ids)) != len(ids):
        dup = sorted({i for i in ids if ids.count(i) > 1})[0]
        raise GenerationError(f"puzzle id {dup!r} appears twice in the input; wall ids must be unique")


def _rebuild(p: Puzzle, pool: _Pool, rng: random.Random, check_every: int) -> _Built:
    """One new wall: (source wall, group) for its own first group, then one accepted draw per slot;
    then its 16 clues shuffled -- before the next wall's draws, as in the script's stream."""
    chosen = [(p.id, p.groups[0])]
    words = set(p.groups[0].clues)
    # sorted(all ids - seen_walls), kept up to date instead of re-sorted each draw: same list.
    choices = [w for w in pool.sorted_ids if w != p.id]
    for slot in range(2, 2 + SLOTS):
        rejected = 0
        while True:
            wall_id = rng.choice(choices)
            group = rng.choice(pool.walls[wall_id].groups[1:])
            pool.draws += 1
            if group.id not in pool.used_groups and not any(c in words for c in group.clues):
                break
            rejected += 1
            if rejected % check_every == 0 and not _any_fits(pool, choices, words):
                raise _Stall(f"wall {p.id!r} slot group_{slot}: no unused group from another wall fits")
        pool.used_groups.add(group.id)
        words.update(group.clues)
        chosen.append((wall_id, group))
        choices = [w for w in choices if w != wall_id]
    clues = [c for _, g in chosen for c in g.clues]
    rng.shuffle(clues)
    return chosen, clues


def _any_fits(pool: _Pool, choices: list[str], words: set[str]) -> bool:
    return any(
        g.id not in pool.used_groups and not any(c in words for c in g.clues)
        for w in choices
        for g in pool.walls[w].groups[1:]
    )


def _finish(p: Puzzle, built: _Built, pool: _Pool, seeds: tuple[int, str]) -> Puzzle:
    """The new wall as a puzzle: lineage, metadata inherited from the original wall.

    Flags are the union of the four contributing walls' flags: conservative (a flag may concern a
    group that was not taken), so a validator still sees e.g. a numeric clue that moved walls."""
    got, clues = built
    groups = [g for _, g in got]
    source = f"{p.game.value}-randomized"
    seed, stream = seeds
    params = {"stream": stream, "source_walls": ",".join(w for w, _ in got[1:])}
    return Puzzle(
        id=p.id,
        game=p.game,
        source=source,
        clues=tuple(clues),
        groups=(groups[0], groups[1], groups[2], groups[3]),
        board_order=order_of(clues, [g.clues for g in groups], BoardOrder.SHUFFLED),
        split=p.split,
        flags=sorted_flags(f for w, _ in got for f in pool.walls[w].flags),
        ocw=p.ocw,
        nyt=p.nyt,
        provenance=Provenance(source=source, parser_version=GENERATOR_VERSION),
        lineage=Lineage(
            kind="randomized", seed=seed, parents=(p.id, *(g.id for g in groups[1:])), params=params
        ),
    )
