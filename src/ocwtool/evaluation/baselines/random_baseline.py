"""The random baseline: a uniformly random partition of each wall into 4 groups of 4."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ocwtool.evaluation.baselines.common import Groups
from ocwtool.evaluation.scorer import GROUPS, SIZE, GoldWall


class RandomBaseline:
    """Seeded per (run, wall): the result does not depend on which other walls are scored."""

    def prepare(self, golds: Sequence[GoldWall]) -> None:
        return None

    def group(self, wall: GoldWall, words: list[str], seed: int) -> Groups:
        # A string seed is hashed with SHA-512 by `random`, so it is stable across processes.
        order = random.Random(f"random-baseline/{seed}/{wall.wall_id}").sample(words, len(words))
        return tuple(tuple(order[i * SIZE : (i + 1) * SIZE]) for i in range(GROUPS))
