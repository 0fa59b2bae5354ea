"""``ocwtool annotate train`` and ``annotate evaluate``: the pre-labeller that learns from experts."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from ocwtool.annotations.herring_model.model import is_herring_spec
from ocwtool.cli import term
from ocwtool.cli.annotate_herrings import evaluate_herrings, train_herrings
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.progress import progress_option
from ocwtool.progress import Progress

if TYPE_CHECKING:
    from ocwtool.annotations.prelabel.run import TrainResult

TRAPS = "connections-eval"


def _feature_sets(chosen: tuple[str, ...]) -> tuple[str, ...]:
    """The named sets, or every set whose backend is installed (``auto``)."""
    from ocwtool.annotations.prelabel.features import FEATURE_SETS, check_sets, unavailable

    if chosen and "auto" not in chosen:
        return check_sets(chosen)
    return tuple(s for s in FEATURE_SETS if s not in unavailable(FEATURE_SETS))


def _herrings(app: AppContext, traps: str, as_json: bool) -> dict[str, object] | None:
    """Red-herring scores against ``traps`` when that annotator has a store (else a note on stderr)."""
    from ocwtool.annotations import herring_eval
    from ocwtool.annotations.prelabel.run import herring_workspace

    ws = app.workspace()
    if not ws.annotations_path(traps).exists():
        term.echo(f"(no labels of {traps!r}: red-herring suggestions not scored)", err=True)
        return None
    score = herring_workspace(ws, traps)
    if not as_json:
        term.echo(herring_eval.render(score, traps))
    return herring_eval.as_json(score)


TASK_OPTION = click.option(
    "--task",
    type=click.Choice(["types", "red-herrings"]),
    default="types",
    show_default=True,
    help="Knowledge types, or how likely players are to pull each clue toward another group.",
)


@click.command("train")
@TASK_OPTION
@click.option(
    "--annotator", required=True, help="Learn from this annotator's labels (e.g. ctd-expert, play-decoys)."
)
@click.option(
    "--name",
    help="Model name (default: types-ANNOTATOR or herrings-ANNOTATOR); each training saves a new version.",
)
@click.option(
    "--features",
    "feature_sets",
    multiple=True,
    type=click.Choice(["auto", "text", "wordnet", "embed"]),
    help="Feature set (repeatable; default auto: text, wordnet, and embed when [embed] is installed).",
)
@click.option(
    "--holdout",
    type=click.FloatRange(0.05, 0.5),
    default=0.2,
    show_default=True,
    help="Share of games held out.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the split by game.")
@click.option(
    "--min-confidence",
    type=click.FloatRange(0, 1),
    default=0.5,
    show_default=True,
    help="Below this probability suggest falls back to the rules.",
)
@click.option(
    "--source", "sources", multiple=True, metavar="NAME", help="Puzzle store (repeatable; default: all)."
)
@click.option("--traps", default=TRAPS, show_default=True, help="Score red herrings against this annotator.")
@click.option("--json", "as_json", is_flag=True, help="Print the evaluation as JSON.")
@progress_option
@pass_app
def train_cmd(
    app: AppContext,
    task: str,
    annotator: str,
    name: str | None,
    feature_sets: tuple[str, ...],
    holdout: float,
    seed: int,
    min_confidence: float,
    sources: tuple[str, ...],
    traps: str,
    as_json: bool,
    progress: Progress,
) -> None:
    """Train a knowledge-type pre-labeller on an annotator's labels and save it in models/.

    The games are split with --seed into training and held-out games (--holdout); the model
    (logistic regression over connection words and patterns, WordNet relations and the rules'
    findings, and sentence embeddings with the [embed] extra) is fitted on the training games,
    then accuracy, Cohen's kappa and per-type F1 on the held-out games are printed beside the
    rules alone and the majority class. Saved as models/NAME/vN.json (plain JSON).

    With --task red-herrings it learns from decoys mined from play (`annotate decoys`) how likely
    players are to pull each clue toward each other group, and prints the held-out per-clue
    ROC-AUC, precision at 2 and the trap groups of --traps found.

    \b
    Examples:
      ocwtool annotate train --annotator ctd-expert
      ocwtool annotate train --annotator ctd-expert --features text --features wordnet --seed 3
      ocwtool annotate suggest --model types-ctd-expert
      ocwtool annotate train --task red-herrings --annotator play-decoys
    """
    from ocwtool.annotations.prelabel.run import train_workspace
    from ocwtool.annotations.prelabel.train import TrainOptions

    if task == "red-herrings":
        train_herrings(app, annotator, name, feature_sets, (holdout, seed), traps, as_json)
        return
    options = TrainOptions(
        name or f"types-{annotator}", _feature_sets(feature_sets), holdout, seed, min_confidence
    )
    result = train_workspace(app.workspace(), annotator, options, sources, progress=progress)
    _show_training(app, result, traps, as_json)


def _show_training(app: AppContext, result: TrainResult, traps: str, as_json: bool) -> None:
    """Where the model went and its held-out evaluation (a table, or JSON with the red herrings)."""
    from ocwtool.annotations.prelabel.evaluate import as_json as eval_json
    from ocwtool.annotations.prelabel.evaluate import render

    model = result.model
    term.echo(
        f"Saved {model.tag} to {result.path} ({model.n_groups} groups, "
        f"features {', '.join(model.feature_sets)}, data {model.data_hash[:12]})",
        err=as_json,
    )
    if result.orphans:
        term.echo(f"({result.orphans} labelled groups have no puzzle in the workspace; left out)", err=True)
    if not as_json:
        term.echo(render(result.evaluation))
    herrings = _herrings(app, traps, as_json)
    if as_json:
        out = {"model": model.tag, "path": str(result.path), "types": eval_json(result.evaluation)}
        term.echo_json(json.dumps({**out, "red_herrings": herrings}, indent=2))


@click.command("evaluate")
@TASK_OPTION
@click.option(
    "--model",
    "spec",
    metavar="NAME[@VERSION]",
    help="A model saved by annotate train (needed for types; red herrings: herrings-ANNOTATOR).",
)
@click.option("--annotator", help="Reference labels (default: the annotator the model learnt from).")
@click.option(
    "--min-players",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Red herrings: a clue is a decoy when this many players pulled it.",
)
@click.option("--min-confidence", type=click.FloatRange(0, 1), help="Threshold (default: the model's).")
@click.option("--traps", default=TRAPS, show_default=True, help="Score red herrings against this annotator.")
@click.option("--json", "as_json", is_flag=True, help="Print the evaluation as JSON.")
@progress_option
@pass_app
def evaluate_cmd(
    app: AppContext,
    task: str,
    spec: str | None,
    annotator: str | None,
    min_players: int,
    min_confidence: float | None,
    traps: str,
    as_json: bool,
    progress: Progress,
) -> None:
    """Evaluate a saved pre-labeller on the games it held out, and the red-herring suggestions.

    With --task red-herrings (or a herrings-... model): the scorer's per-clue ROC-AUC (beside the
    rules and MiniLM alone), precision at 2 per puzzle against --annotator's decoys, and the trap
    groups of --traps found, on held-out puzzles only.

    \b
    Examples:
      ocwtool annotate evaluate --model types-ctd-expert
      ocwtool annotate evaluate --model types-ctd-expert@1 --min-confidence 0.7 --json
      ocwtool annotate evaluate --task red-herrings --annotator play-decoys --min-players 2
    """
    from ocwtool.annotations.prelabel.evaluate import as_json as eval_json
    from ocwtool.annotations.prelabel.evaluate import render
    from ocwtool.annotations.prelabel.run import evaluate_workspace

    if task == "red-herrings" or (spec and is_herring_spec(spec)):
        evaluate_herrings(app, spec, annotator, min_players, traps, as_json)
        return
    if spec is None:
        raise click.UsageError("--model is required for --task types (e.g. --model types-ctd-expert)")
    model, ev = evaluate_workspace(app.workspace(), spec, annotator, min_confidence, progress=progress)
    if not as_json:
        term.echo(f"{model.tag} (trained {model.created_at:%Y-%m-%d %H:%M} on {model.annotator})")
        term.echo(render(ev))
    herrings = _herrings(app, traps, as_json)
    if as_json:
        term.echo_json(
            json.dumps({"model": model.tag, "types": eval_json(ev), "red_herrings": herrings}, indent=2)
        )
