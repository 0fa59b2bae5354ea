"""The boards a training environment deals: a workspace store's or a release config's split.

    load_boards(BoardSource(workspace=Path("ws"), source="nyt", split="train"))
    load_boards(BoardSource(release=Path("releases/nyt-1.0"), config="nyt", split="test"))

Puzzles flagged unscorable (pictures, emoji, ...) are left out as ``ocwtool eval`` leaves them out,
unless ``include_flagged``. A workspace's boards carry their labelled trap groups (``Board.traps``,
for the trap-claim reward), from the red-herring labels ``ocwtool eval`` uses: ``herrings``' set, else
per wall the first set of the default order; a release's carry none (eval does not read a release's
``red_herrings/`` tables yet). Every refusal is a :class:`~ocwtool.errors.OcwError` saying how to fix it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from ocwtool.errors import TrainingError
from ocwtool.evaluation.game.board import Board
from ocwtool.evaluation.gold import GoldSet, release_golds, workspace_golds
from ocwtool.evaluation.herring_metrics import choose_labels
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.names import SPLIT_CHOICES
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.traps import trap_groups
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
    herrings: str | None = None  # a workspace's red-herring label set (default: the default order)

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


def _workspace_boards(where: BoardSource) -> list[Board]:
    assert where.workspace is not None
    workspace = Workspace.open(Path(where.workspace))
    with workspace.reading():  # one snapshot of the stores and the labels
        golds = workspace_golds(workspace, where.split, where.source, where.include_flagged).walls
        chosen = choose_labels(workspace.herring_annotations(), (g.wall_id for g in golds), where.herrings)
    if chosen is None and where.herrings is not None:
        raise TrainingError(
            f"no red-herring labels named {where.herrings!r} on the {len(golds)} boards of split "
            f"{where.split!r}; leave herrings= out to use the default order"
        )
    records = {} if chosen is None else chosen.records
    return [_with_traps(g, records) for g in golds]


def _with_traps(gold: GoldWall, records: Mapping[str, ItemRecord]) -> Board:
    """The board with its labelled trap groups (None: its red herrings are not labelled)."""
    board, rec = Board.from_gold(gold), records.get(gold.wall_id)
    if rec is None or rec.status != "labelled":
        return board
    return replace(board, traps=tuple(c.clues for c in trap_groups(gold.groups, rec.red_herring_categories)))


def load_boards(where: BoardSource) -> list[Board]:
    """The boards of ``where`` in store order (each shown shuffled, never in solution order)."""
    where.check()
    if where.release is not None:
        golds: GoldSet = release_golds(Path(where.release), where.split, where.config, where.include_flagged)
        return [Board.from_gold(g) for g in golds.walls]
    return _workspace_boards(where)
