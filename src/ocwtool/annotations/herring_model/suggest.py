"""``annotate suggest --model herrings-...``: the scorer's red herrings in the suggester's records.

A call replaces only the parts of a suggest record it computes (:mod:`.records`): with a scorer alone
the stored group labels stay.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ocwtool.annotations.herring_model.records import with_herrings
from ocwtool.annotations.herring_model.run import suggest_herrings
from ocwtool.annotations.heuristics import suggest_puzzle
from ocwtool.annotations.suggest import _suggestions
from ocwtool.progress import Progress, silent
from ocwtool.stores.annotations import SUGGEST, latest, read_records, write_records
from ocwtool.workspace import Workspace

DEFAULT_MIN_SCORE = 0.1  # on held-out CtD games about 16 % of clues, 2-3 a board (0.3: 1.4 %)


@dataclass(frozen=True)
class Suggested:
    """Where the suggestions went, for how many puzzles, the knowledge types, and the scorer's output."""

    path: Path
    puzzles: int
    kinds: Counter[str]
    model: str
    words: int
    themes: int


def suggest_with_scorer(
    ws: Workspace,
    herrings: str,
    sources: Sequence[str] = (),
    *,
    types: str | None = None,
    min_confidence: float | None = None,
    min_score: float = DEFAULT_MIN_SCORE,
    progress: Progress = silent,
) -> Suggested:
    """Suggest with the red-herring scorer ``herrings`` (and a types model, or the stored labels)."""
    puzzles = ws.puzzles(sources)
    path = ws.annotations_path(SUGGEST)
    typed = None
    if types is not None:
        typed = {
            r.puzzle_id: r for r in _suggestions(ws.models_dir, puzzles, types, min_confidence, progress)
        }
    model, found = suggest_herrings(ws.models_dir, herrings, puzzles, min_score)
    with ws.lock(ws.annotations_dir):  # read, merge and write suggest.jsonl with no writer between
        stored = latest(read_records(path))
        # the scorer alone: the stored group labels stay (the rules' for a puzzle without any)
        bases = typed if typed is not None else {p.id: stored.get(p.id) or suggest_puzzle(p) for p in puzzles}
        for pid, base in bases.items():
            stored[pid] = with_herrings(base, found[pid], model.tag)
        write_records(path, stored.values())
    kinds = Counter(g.label.kind.value for p in puzzles for g in stored[p.id].groups)
    n_words = sum(len(w) for w, _ in found.values())
    return Suggested(path, len(puzzles), kinds, model.tag, n_words, sum(len(c) for _, c in found.values()))
