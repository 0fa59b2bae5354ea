"""Workspace entry points of the pre-labeller: train and save a model, evaluate a saved one.

from ocwtool.annotations.prelabel.run import train_workspace
from ocwtool.annotations.prelabel.train import TrainOptions
from ocwtool.workspace import Workspace

ws = Workspace.open("my-dataset")
result = train_workspace(ws, "ctd-expert", TrainOptions("types-ctd-expert", ("text", "wordnet")))
print(result.path, render(result.evaluation))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ocwtool.annotations.annotators import check_annotator
from ocwtool.annotations.herring_eval import HerringScore, score_herrings
from ocwtool.annotations.prelabel.evaluate import Evaluation, as_json, evaluate
from ocwtool.annotations.prelabel.features import Embedder
from ocwtool.annotations.prelabel.labeller import Prelabeller
from ocwtool.annotations.prelabel.model import PrelabelModel, load_model, save_model, versions
from ocwtool.annotations.prelabel.train import Example, TrainOptions, examples, train
from ocwtool.errors import AnnotationError
from ocwtool.progress import Progress, silent
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import latest, read_records
from ocwtool.workspace import Workspace


@dataclass(frozen=True)
class TrainResult:
    """A saved model, where it is, its held-out evaluation, and labels without a known puzzle."""

    model: PrelabelModel
    path: Path
    evaluation: Evaluation
    orphans: int


def annotator_records(ws: Workspace, annotator: str) -> dict[str, ItemRecord]:
    """The annotator's latest record per puzzle (error when the annotator has no store)."""
    check_annotator(annotator, human=False)
    path = ws.annotations_path(annotator)
    if not path.exists():
        raise AnnotationError(f"no labels of annotator {annotator!r} ({path} does not exist)")
    return latest(read_records(path))


def labelled_examples(
    ws: Workspace, annotator: str, sources: Sequence[str] = ()
) -> tuple[list[Example], int]:
    """The annotator's labelled groups joined with the workspace's puzzles."""
    found, orphans = examples(ws.puzzles(sources), annotator_records(ws, annotator))
    if not found:
        raise AnnotationError(f"annotator {annotator!r} labelled no group of the workspace's puzzles")
    return found, orphans


def train_workspace(
    ws: Workspace,
    annotator: str,
    options: TrainOptions,
    sources: Sequence[str] = (),
    *,
    embedder: Embedder | None = None,
    progress: Progress = silent,
) -> TrainResult:
    """Train on the annotator's labels, evaluate on the held-out games, save the next version."""
    items, orphans = labelled_examples(ws, annotator, sources)
    embedder = embedder or Embedder()  # one encoder for training and the held-out evaluation
    folder = ws.models_dir
    with ws.lock(folder):  # a second training waits, then takes the next version
        version = (versions(folder, options.name) or [0])[-1] + 1
        model = train(items, annotator, options, version, embedder=embedder, progress=progress)
        held = set(model.split.test_puzzle_ids)
        ev = _evaluate(model, items, held, None, embedder, progress)
        model = model.model_copy(update={"evaluation": as_json(ev)})
        return TrainResult(model, save_model(folder, model), ev, orphans)


def _evaluate(
    model: PrelabelModel,
    items: Sequence[Example],
    held: set[str],
    min_confidence: float | None,
    embedder: Embedder | None,
    progress: Progress,
) -> Evaluation:
    games = {e.game for e in items if e.puzzle_id in held}
    held_out = [e for e in items if e.game in games]
    if not held_out:
        raise AnnotationError(f"none of the held-out games of {model.tag} has labels here")
    prelabeller = Prelabeller(model, min_confidence, embedder)
    decisions = prelabeller.decide([e.group for e in held_out], progress)
    train_kinds = [e.kind for e in items if e.game not in games]
    return evaluate(held_out, decisions, train_kinds, prelabeller.threshold)


def evaluate_workspace(
    ws: Workspace,
    spec: str,
    annotator: str | None = None,
    min_confidence: float | None = None,
    *,
    embedder: Embedder | None = None,
    progress: Progress = silent,
) -> tuple[PrelabelModel, Evaluation]:
    """Evaluate a saved model on its held-out games against ``annotator`` (default: its own)."""
    model = load_model(ws.models_dir, spec)
    items, _ = labelled_examples(ws, annotator or model.annotator)
    ev = _evaluate(model, items, set(model.split.test_puzzle_ids), min_confidence, embedder, progress)
    return model, ev


def herring_workspace(ws: Workspace, reference: str, sources: Sequence[str] = ()) -> HerringScore:
    """The rules' red-herring suggestions scored against the annotator ``reference``'s traps."""
    puzzles: list[Puzzle] = ws.puzzles(sources)
    return score_herrings(puzzles, annotator_records(ws, reference))
