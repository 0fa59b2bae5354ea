"""The red-herring scorer's figure for measured difficulty: per group, the strongest pull toward it of
a clue of another group (``annotate train --task red-herrings`` makes the scorer; without one,
difficulty is measured by the players alone).

Each board is scored on its own (one :func:`score_puzzles` call per board), and its texts' MiniLM
vectors are encoded batch-independently (:class:`~ocwtool.resources.minilm.EachEncoder`, on one
thread: safe in ``generate``'s forked workers), so its figures do not depend on the other boards of a
run, worker or shard.
"""

from __future__ import annotations

from pathlib import Path

from ocwtool.annotations.herring_model.model import HerringModel, load
from ocwtool.annotations.herring_model.run import embedder_for
from ocwtool.annotations.herring_model.score import score_puzzles
from ocwtool.annotations.prelabel.features import Embedder
from ocwtool.evaluation.difficulty import HerringPulls
from ocwtool.resources.minilm import EachEncoder
from ocwtool.schema.models import Puzzle


def herring_pulls(model: HerringModel, embedder: Embedder | None = None) -> HerringPulls:
    """A function giving a board's strongest pull toward each group (group order), 0-1."""
    shared = embedder_for(model.feature_sets, embedder or Embedder(EachEncoder()))

    def pulls(puzzle: Puzzle) -> tuple[float, ...]:
        scored = score_puzzles(model, [puzzle], shared)[0]
        return tuple(
            max((p for (_, other), p in scored.pulls.items() if other == k), default=0.0)
            for k in range(len(puzzle.groups))
        )

    return pulls


def load_pulls(models: Path, spec: str) -> tuple[HerringPulls, str]:
    """The saved scorer ``spec`` (``herrings-NAME`` or ``herrings-NAME@VERSION``) from ``models``, as
    pulls, with its name and version."""
    model = load(models, spec)
    return herring_pulls(model), model.tag
