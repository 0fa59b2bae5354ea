"""``annotate suggest``: pre-label the workspace's puzzles into ``annotations/suggest.jsonl``, by the
heuristic rules (:mod:`ocwtool.annotations.heuristics`) or by a trained pre-labeller whose fallback they are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from ocwtool.annotations.herring_model.records import keep_scored
from ocwtool.annotations.heuristics import suggest_all
from ocwtool.annotations.prelabel.labeller import Prelabeller, prelabel_puzzles
from ocwtool.annotations.prelabel.model import load_model
from ocwtool.progress import Progress, silent, track
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import SUGGEST, latest, read_records, write_records
from ocwtool.workspace import Workspace


def suggest_workspace(
    workspace: Workspace,
    sources: Sequence[str] = (),
    *,
    progress: Progress = silent,
    model: str | None = None,
    min_confidence: float | None = None,
) -> tuple[Path, int, Counter[str]]:
    """Suggest labels for the workspace's puzzles into ``annotations/suggest.jsonl``.

    With ``model`` (``NAME`` or ``NAME@VERSION`` of a model saved by ``annotate train``) the trained
    pre-labeller decides, the rules being its fallback. Earlier suggestions for other puzzles are
    kept; returns the store path, the number of puzzles suggested for, and how many groups got each
    knowledge type. ``progress("suggest", done, total)``.
    """
    puzzles = workspace.puzzles(sources)
    path = workspace.annotations_path(SUGGEST)
    fresh = _suggestions(workspace.models_dir, puzzles, model, min_confidence, progress)
    with workspace.lock(workspace.annotations_dir):  # earlier suggestions read and kept: none lost
        merged = latest(read_records(path))
        for rec in fresh:  # a scorer's red herrings stay
            merged[rec.puzzle_id] = keep_scored(rec, merged.get(rec.puzzle_id))
        write_records(path, merged.values())
    kinds = Counter(g.label.kind.value for p in puzzles for g in merged[p.id].groups)
    return path, len(puzzles), kinds


def _suggestions(
    models: Path, puzzles: list[Puzzle], model: str | None, min_confidence: float | None, progress: Progress
) -> list[ItemRecord]:
    if model is None:
        return list(suggest_all(track(puzzles, "suggest", progress)))
    prelabeller = Prelabeller(load_model(models, model), min_confidence)
    return prelabel_puzzles(puzzles, prelabeller, progress=progress)
