"""Workspace entry points of the red-herring scorer: train and save, evaluate, suggest.

from ocwtool.annotations.herring_model.run import train_workspace
from ocwtool.annotations.herring_model.train import HerringOptions
from ocwtool.workspace import Workspace

options = HerringOptions("herrings-play-decoys", ("wordnet",))
result = train_workspace(Workspace.open("ws"), "play-decoys", options)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ocwtool.annotations.herring_model import evaluate as ev
from ocwtool.annotations.herring_model.features import usable_sets
from ocwtool.annotations.herring_model.model import HerringModel, load, save
from ocwtool.annotations.herring_model.records import Herrings
from ocwtool.annotations.herring_model.score import Scored, categories, score_puzzles, words
from ocwtool.annotations.herring_model.train import HerringOptions, played, train
from ocwtool.annotations.prelabel.features import Embedder
from ocwtool.annotations.prelabel.model import versions
from ocwtool.annotations.prelabel.run import annotator_records
from ocwtool.annotations.prelabel.train import game_key
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import store_path
from ocwtool.workspace import Workspace

TRAPS = "connections-eval"


@dataclass(frozen=True)
class HerringTrained:
    model: HerringModel
    path: Path
    evaluation: ev.HerringEvaluation


def embedder_for(sets: Sequence[str], embedder: Embedder | None = None) -> Embedder | None:
    """One encoder shared by the features and the themes (None without the ``embed`` set)."""
    return (embedder or Embedder()) if "embed" in usable_sets(sets) else None


def train_workspace(
    ws: Workspace,
    annotator: str,
    options: HerringOptions,
    sources: Sequence[str] = (),
    *,
    traps: str = TRAPS,
    embedder: Embedder | None = None,
) -> HerringTrained:
    """Train on the annotator's decoys, evaluate on the held-out games, save the next version."""
    puzzles = ws.puzzles(sources)
    items = played(puzzles, annotator_records(ws, annotator))
    if not items:
        raise AnnotationError(
            f"annotator {annotator!r} has no decoys mined from play of the workspace's puzzles"
        )
    embedder = embedder_for(options.feature_sets, embedder)
    version = (versions(ws.models_dir, options.name) or [0])[-1] + 1
    trap_games = frozenset(game_key(p.clues) for p in puzzles if p.id in _trap_records(ws, traps))
    model = train(items, annotator, options, version, embedder, trap_games)
    result = evaluate_model(ws, model, annotator, 1, traps, embedder)
    model = model.model_copy(update={"evaluation": ev.as_json(result)})
    return HerringTrained(model, save(ws.models_dir, model), result)


def _trap_records(ws: Workspace, traps: str) -> dict[str, ItemRecord]:
    return annotator_records(ws, traps) if store_path(ws.annotations_dir, traps).exists() else {}


def unseen(puzzles: Sequence[Puzzle], model: HerringModel) -> list[Puzzle]:
    """The puzzles whose game was not among the model's training games."""
    trained = {game_key(p.clues) for p in puzzles if p.id in set(model.train_puzzle_ids)}
    return [
        p for p in puzzles if p.id not in set(model.train_puzzle_ids) and game_key(p.clues) not in trained
    ]


def evaluate_model(
    ws: Workspace,
    model: HerringModel,
    reference: str,
    min_players: int = 1,
    traps: str = TRAPS,
    embedder: Embedder | None = None,
) -> ev.HerringEvaluation:
    """The model on its held-out puzzles against ``reference``'s decoys and ``traps``' trap groups."""
    embedder = embedder_for(model.feature_sets, embedder)
    puzzles = ws.puzzles()
    held = set(model.split.test_puzzle_ids)
    ref = annotator_records(ws, reference)
    scored = score_puzzles(model, [p for p in puzzles if p.id in held and p.id in ref], embedder)
    clue = ev.per_clue(scored, ref, min_players)
    trap_refs = _trap_records(ws, traps)
    fresh = [p for p in unseen(puzzles, model) if p.id in trap_refs]
    themes = {s.puzzle.id: categories(s, embedder) for s in score_puzzles(model, fresh, embedder)}
    reviewed, n_traps, found = ev.traps_found(themes, trap_refs)
    return ev.HerringEvaluation(
        min_players=min_players,
        trap_puzzles=reviewed,
        traps=n_traps,
        traps_found=found,
        **clue,  # type: ignore[arg-type]
    )


def evaluate_workspace(
    ws: Workspace,
    spec: str,
    reference: str | None = None,
    min_players: int = 1,
    traps: str = TRAPS,
    embedder: Embedder | None = None,
) -> tuple[HerringModel, ev.HerringEvaluation]:
    """A saved model evaluated on its held-out puzzles (reference: the annotator it learnt from)."""
    model = load(ws.models_dir, spec)
    return model, evaluate_model(ws, model, reference or model.annotator, min_players, traps, embedder)


def suggest_herrings(
    models: Path, spec: str, puzzles: Sequence[Puzzle], min_score: float, embedder: Embedder | None = None
) -> tuple[HerringModel, Mapping[str, Herrings]]:
    """Per puzzle id: the model's red-herring words (score >= ``min_score``) and decoy themes."""
    model = load(models, spec)
    embedder = embedder_for(model.feature_sets, embedder)
    scored: list[Scored] = score_puzzles(model, puzzles, embedder)
    return model, {s.puzzle.id: (words(model, s, min_score), categories(s, embedder)) for s in scored}
