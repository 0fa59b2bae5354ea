"""Red-herring figures of recorded games (``eval --transcripts``): each player's guesses in order.

The games are read as ``annotate decoys`` reads them (:func:`ocwtool.evaluation.plays.read_plays`:
matched to the workspace's puzzles by wall id, else by the clue set of the board a log carries), so
a log made on a board with other ids still meets its labels.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ocwtool.evaluation.herring_metrics import Game, HerringLabels, labelled_walls, player_metrics
from ocwtool.evaluation.plays import Puzzles, read_plays
from ocwtool.evaluation.scorer import GoldWall


def transcript_section(
    paths: Sequence[Path], puzzles: Puzzles, golds: Iterable[GoldWall], labels: HerringLabels
) -> dict[str, Any]:
    """The report's ``herrings`` for recorded games: one entry per player, in first-seen order."""
    games: dict[str, list[Game]] = {}
    for path in paths:
        for play in read_plays(path, puzzles).plays:
            games.setdefault(play.player, []).append(Game(play.wall_id, play.groups))
    walls = labelled_walls(golds, labels.records)
    return {
        "annotator": labels.annotator,
        "walls": len(walls),
        "players": [{"name": name, **player_metrics(walls, tried)} for name, tried in games.items()],
    }
