"""The boards a training environment deals: a workspace store's or a release config's split.

    load_boards(BoardSource(workspace=Path("ws"), source="nyt", split="train"))
    load_boards(BoardSource(release=Path("releases/nyt-1.0"), config="nyt", split="test"))

Puzzles flagged unscorable (pictures, emoji, ...) are left out as ``ocwtool eval`` leaves them out,
unless ``include_flagged``. Every refusal is a :class:`~ocwtool.errors.OcwError` saying how to fix it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ocwtool.errors import TrainingError
from ocwtool.evaluation.game.board import Board
from ocwtool.evaluation.gold import GoldSet, release_golds, workspace_golds
from ocwtool.names import SPLIT_CHOICES
from ocwtool.workspace import Workspace


@dataclass(frozen=True)
class BoardSource:
    """Where the boards come from: ``workspace`` (with its store ``source``, default every store) or
    ``release`` (with its ``config``, default every config), and the ``split``."""

    workspace: Path | None = None
    source: str | None = None
    release: Path | None = None
    config: str | None = None
    split: str = "test"
    include_flagged: bool = False

    def check(self) -> None:
        """Refuse an unknown split and a source that is not exactly one of workspace or release."""
        if self.split not in SPLIT_CHOICES:
            raise TrainingError(f"unknown split {self.split!r}; choose one of: {', '.join(SPLIT_CHOICES)}")
        if (self.workspace is None) == (self.release is None):
            raise TrainingError(
                "give the boards either as workspace=DIR (with source=STORE) or as release=DIR "
                "(with config=NAME), not both and not neither"
            )
        if self.workspace is not None and self.config is not None:
            raise TrainingError(
                "config= names a release config; with workspace=DIR choose a store with source="
            )
        if self.release is not None and self.source is not None:
            raise TrainingError(
                "source= names a workspace store; with release=DIR choose a config with config="
            )


def _golds(where: BoardSource) -> GoldSet:
    if where.release is not None:
        return release_golds(Path(where.release), where.split, where.config, where.include_flagged)
    assert where.workspace is not None
    workspace = Workspace.open(Path(where.workspace))
    with workspace.reading():  # one snapshot of the stores
        return workspace_golds(workspace, where.split, where.source, where.include_flagged)


def load_boards(where: BoardSource) -> list[Board]:
    """The boards of ``where`` in store order (each shown shuffled, never in solution order)."""
    where.check()
    return [Board.from_gold(g) for g in _golds(where).walls]
