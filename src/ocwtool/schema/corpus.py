"""What validation and releases look at: canonical puzzles plus variants (``Workspace.corpus()`` reads it).

Also the shared predicate whether a puzzle belongs in a text release (wall keys are
:mod:`ocwtool.schema.keys`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ocwtool.schema.models import Puzzle, non_text_reasons


def is_text(p: Puzzle) -> bool:
    """Does the puzzle belong in a text-only release (no picture, emoji or excluded board)?"""
    return not non_text_reasons(p)


def parent_index(puzzles: Iterable[Puzzle]) -> dict[str, Puzzle]:
    """Puzzle id *and* group id -> puzzle: variant lineages name parent walls or parent groups
    (OCW-Randomized lists its own wall, then the ids of the three groups it borrowed)."""
    index: dict[str, Puzzle] = {}
    for p in puzzles:
        for g in p.groups:
            index.setdefault(g.id, p)
    for p in puzzles:
        index[p.id] = p
    return index


@dataclass(frozen=True)
class Corpus:
    """Canonical puzzles (every source store) and variants by kind, as validation sees them."""

    puzzles: tuple[Puzzle, ...]
    variants: dict[str, tuple[Puzzle, ...]] = field(default_factory=dict)
    stores: tuple[Path, ...] = ()

    def all_records(self) -> Iterable[tuple[str, Puzzle]]:
        """``(config, puzzle)`` pairs: canonical under their game, variants under ``<game>_<kind>``."""
        for p in self.puzzles:
            yield p.game.value, p
        for kind, items in sorted(self.variants.items()):
            for p in items:
                yield f"{p.game.value}_{kind}", p
