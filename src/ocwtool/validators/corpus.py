"""What validation and releases look at: canonical puzzles plus variants, read from a workspace.

Also the shared predicate whether a puzzle belongs in a text release (wall keys are
:mod:`ocwtool.schema.keys`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ocwtool.errors import InputError
from ocwtool.schema.models import Puzzle, non_text_reasons
from ocwtool.store import read_puzzles, store_paths


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


def load_corpus(puzzles_dir: Path, variants_dir: Path, sources: Sequence[str] | None = None) -> Corpus:
    """Read ``puzzles/*.jsonl`` and ``variants/*.jsonl`` (only those of ``sources`` when given)."""
    paths = store_paths(puzzles_dir)
    if sources:
        known = {p.stem for p in paths}
        missing = [s for s in sources if s not in known]
        if missing:
            have = ", ".join(sorted(known)) or "none"
            raise InputError(f"no store for source {', '.join(missing)} in {puzzles_dir} (have: {have})")
        paths = [p for p in paths if p.stem in sources]
    puzzles = tuple(p for path in paths for p in read_puzzles(path))
    variants = {path.stem: _of_sources(read_puzzles(path), sources) for path in store_paths(variants_dir)}
    return Corpus(puzzles=puzzles, variants={k: v for k, v in variants.items() if v}, stores=tuple(paths))


def _of_sources(variants: list[Puzzle], sources: Sequence[str] | None) -> tuple[Puzzle, ...]:
    """The variants built from the chosen stores (``lineage.params["store"]``); all when no choice."""
    if not sources:
        return tuple(variants)
    return tuple(v for v in variants if v.lineage is not None and v.lineage.params.get("store") in sources)
