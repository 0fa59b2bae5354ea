"""The red-herring scorer's side of ``annotate train``, ``evaluate`` and ``suggest`` (``--task
red-herrings`` / ``--model herrings-...``): what they print."""

from __future__ import annotations

import json

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext

TASKS = ("types", "red-herrings")
DEFAULT_ANNOTATOR = "play-decoys"


def train_herrings(
    app: AppContext,
    annotator: str,
    name: str | None,
    feature_sets: tuple[str, ...],
    split: tuple[float, int],
    traps: str,
    as_json: bool,
) -> None:
    """Train, save and print the held-out evaluation of a red-herring scorer."""
    from ocwtool.annotations.herring_model.evaluate import as_json as eval_json
    from ocwtool.annotations.herring_model.evaluate import render
    from ocwtool.annotations.herring_model.features import FEATURE_SETS, usable_sets
    from ocwtool.annotations.herring_model.run import train_workspace
    from ocwtool.annotations.herring_model.train import HerringOptions

    sets = (
        tuple(s for s in FEATURE_SETS if s in feature_sets)
        if feature_sets and "auto" not in feature_sets
        else usable_sets(FEATURE_SETS)
    )
    options = HerringOptions(name or f"herrings-{annotator}", sets, *split)
    result = train_workspace(app.workspace(), annotator, options, traps=traps)
    model = result.model
    term.echo(
        f"Saved {model.tag} to {result.path} ({model.n_puzzles} puzzles played, {model.n_pairs} clue-group "
        f"pairs in training, features {', '.join(model.feature_sets)}, data {model.data_hash[:12]})",
        err=as_json,
    )
    if as_json:
        term.echo(
            json.dumps(
                {"model": model.tag, "path": str(result.path), "red_herrings": eval_json(result.evaluation)},
                indent=2,
            )
        )
    else:
        term.echo(render(result.evaluation, annotator, traps))


def evaluate_herrings(
    app: AppContext, spec: str | None, annotator: str | None, min_players: int, traps: str, as_json: bool
) -> None:
    """Evaluate a saved red-herring scorer on its held-out puzzles."""
    from ocwtool.annotations.herring_model.evaluate import as_json as eval_json
    from ocwtool.annotations.herring_model.evaluate import render
    from ocwtool.annotations.herring_model.run import evaluate_workspace

    spec = spec or f"herrings-{annotator or DEFAULT_ANNOTATOR}"
    model, ev = evaluate_workspace(app.workspace(), spec, annotator, min_players, traps)
    if as_json:
        term.echo_json(json.dumps({"model": model.tag, "red_herrings": eval_json(ev)}, indent=2))
        return
    term.echo(f"{model.tag} (trained {model.created_at:%Y-%m-%d %H:%M} on {model.annotator})")
    term.echo(render(ev, annotator or model.annotator, traps))


def split_models(specs: tuple[str, ...], min_score: float | None) -> tuple[str | None, str | None]:
    """``--model`` values as (types model, red-herring scorer); at most one of each."""
    from ocwtool.annotations.herring_model.model import is_herring_spec

    herrings = [s for s in specs if is_herring_spec(s)]
    types = [s for s in specs if not is_herring_spec(s)]
    if len(herrings) > 1 or len(types) > 1:
        raise click.UsageError("give at most one types model and one herrings-... model to --model")
    if min_score is not None and not herrings:
        raise click.UsageError("--min-score needs a herrings-... --model")
    return (types[0] if types else None), (herrings[0] if herrings else None)


def suggest_scored(
    app: AppContext,
    sources: tuple[str, ...],
    types: str | None,
    herrings: str,
    min_confidence: float | None,
    min_score: float | None,
) -> None:
    """``annotate suggest`` with a red-herring scorer (and perhaps a types model)."""
    from ocwtool.annotations.herring_model.suggest import DEFAULT_MIN_SCORE, suggest_with_scorer

    score = DEFAULT_MIN_SCORE if min_score is None else min_score
    done = suggest_with_scorer(
        app.workspace(), herrings, sources, types=types, min_confidence=min_confidence, min_score=score
    )
    summary = ", ".join(f"{k} {n}" for k, n in done.kinds.most_common())
    term.echo(f"Wrote suggestions for {done.puzzles} puzzles to {done.path} ({summary})")
    term.echo(
        f"Red herrings by {done.model}: {done.words} clues scoring {score:.2f} or more, "
        f"{done.themes} decoy themes"
    )
