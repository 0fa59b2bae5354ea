"""``ocwtool eval``: score predictions or run a baseline on a workspace or a release.

The command parses its options into an :class:`~ocwtool.evaluation.request.EvaluationRequest`,
runs :func:`ocwtool.evaluation.evaluate` and shows each event it yields.
"""

from __future__ import annotations

from pathlib import Path

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.options import (
    after_cutoff_option,
    day,
    none_unless_given,
    rules_option,
    split_option,
    typed_options,
)
from ocwtool.cli.paths import InputPath
from ocwtool.cli.progress import progress_option
from ocwtool.evaluation.request import EvaluationRequest, Event, GamesScored, Note, Scored, Unscored, Written
from ocwtool.names import BASELINES, CLUSTERERS
from ocwtool.progress import Progress


@click.command("eval")
@click.option("--release", type=InputPath(file_okay=False), help="Evaluate on a built release folder.")
@click.option(
    "--workspace", "use_workspace", is_flag=True, help="Evaluate on the workspace's puzzles (default)."
)
@split_option("test", "Which puzzles.", callback=none_unless_given)
@click.option("--source", help="Workspace store (puzzles/ or variants/ NAME.jsonl) or release config.")
@click.option(
    "--predictions",
    type=InputPath(),
    multiple=True,
    help="Prediction file (OCW JSON, JSONL, or records with raw model text; Connecting the Dots "
    "results/<model>.json or human answer sheet .csv; a Connections Eval exchange log .jsonl, with its "
    "trap claims), or a folder of *_predictions.json. Repeat for seeds.",
)
@click.option(
    "--run",
    "run_dir",
    type=InputPath(exists=True, file_okay=False),
    help="An `ocwtool llm run` folder: score its per-epoch predictions (epochs as seeds) on the "
    "release, source and split it played (from its run.json; options given here win).",
)
@click.option("--baseline", type=click.Choice(BASELINES), help="Run an offline baseline instead.")
@click.option(
    "--transcripts",
    type=InputPath(dir_okay=False),
    multiple=True,
    help="Replay recorded games (ocwtool transcript JSONL, or Todd et al.'s results/*_results.json) "
    "through the game engine: outcome agreement and game scores.",
)
@rules_option("Rules to replay --transcripts under (default: each transcript's own).")
@click.option(
    "--seeds", type=click.IntRange(1), default=16, show_default=True, help="Shuffle seeds (baselines)."
)
@click.option(
    "--clusterer",
    type=click.Choice(CLUSTERERS),
    default="kmeans-constrained",
    show_default=True,
    help="Equal-size clustering for --baseline minilm: KMeansConstrained(random_state=42) batched per "
    "seed (default), the same through the k-means-constrained package call by call (library: same "
    "labels, ~20x slower), or scipy assignment k-means (different starts, different results).",
)
@click.option(
    "--corrected", is_flag=True, help="Pair groups optimally for WD (default: the paper's positional WD)."
)
@click.option("--accent-fold", is_flag=True, help="Fold accents before ROUGE tokenizing.")
@click.option("--allow-missing", is_flag=True, help="Score walls without a prediction as empty answers.")
@click.option(
    "--only-answered",
    is_flag=True,
    help="Score just the walls every prediction file answered (says how many).",
)
@click.option("--bertscore-model", type=InputPath(file_okay=False), help="Local BERTScore model.")
@click.option(
    "--bertscore-layers", type=int, default=0, help="Layer of the BERTScore model (required with it)."
)
@click.option("--bertscore-baseline", type=InputPath(dir_okay=False), help="Rescale baseline .tsv.")
@click.option(
    "--compare",
    type=InputPath(exists=True),
    help="Paired comparison with this prediction file or `ocwtool llm run` folder.",
)
@click.option(
    "--compare-baseline", type=click.Choice(BASELINES), help="Paired comparison with a baseline (--seeds)."
)
@click.option(
    "--annotations",
    type=InputPath(dir_okay=False),
    help="group_id -> knowledge type (JSON/JSONL); default: the release's or workspace's labels.",
)
@click.option(
    "--annotator",
    help="Knowledge types and red herrings from this annotator only (e.g. an imported expert).",
)
@click.option(
    "--herrings",
    metavar="ANNOTATOR",
    help="Red-herring labels for the fixation, first-mistake and trap-claim figures ('adjudicated': "
    "the adjudicated ones; default, per wall: adjudicated, then people's, then play-decoys, then "
    "the suggester's; the first with any on that wall).",
)
@click.option(
    "--cutoff",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    callback=day,
    help="Break down by puzzle date before / on or after this date (training-data contamination); "
    "puzzles without a date are left out and counted.",
)
@after_cutoff_option()
@click.option("--newest", type=click.IntRange(0), help="Score only the N most recently published puzzles.")
@click.option(
    "--breakdown",
    is_flag=True,
    help="Also print found rates by season, NYT level, knowledge type, red herrings, date and contestants.",
)
@click.option(
    "--per-wall", is_flag=True, help="Keep per-wall scores of every run in the JSON (always for one run)."
)
@click.option(
    "--include-flagged",
    is_flag=True,
    help="Also score picture, emoji, media, excluded and empty-member puzzles.",
)
@click.option(
    "--bootstrap", type=click.IntRange(0), default=2000, show_default=True, help="Bootstrap resamples."
)
@click.option(
    "--json-out", type=click.Path(dir_okay=False, path_type=Path), help="Report file (default: runs/)."
)
@click.option(
    "--plot",
    type=click.Path(file_okay=False, path_type=Path),
    help="Also draw this evaluation's figures (leaderboard, breakdowns) into DIR as SVG and PNG.",
)
@progress_option
@pass_app
@typed_options(EvaluationRequest)
def eval_cmd(app: AppContext, /, request: EvaluationRequest, progress: Progress) -> None:
    """Score predictions (Task 1 grouping, Task 2 connections) or run a baseline, print a table and
    write a JSON report. Several --predictions files (e.g. 16 shuffle seeds) give mean and std.

    Without --source each workspace store (or release config) is scored and reported on its own,
    one table and one report file each (never one mean over OCW and NYT together). Predictions are
    checked against each wall's clues: groups of 3 or 5 words and words not on the wall never earn
    credit and are counted; a file made for other walls (e.g. original-wall answers on
    OCW-Randomized, which keeps the wall ids) is refused; an evaluation that scores nothing fails.
    --compare scores the walls every run answered and says how many.

    \b
    Examples:
      ocwtool eval --workspace --split test --baseline random
      ocwtool eval --release releases/ocw-1.0 --split test --predictions gpt4.json
      ocwtool eval --split all --baseline minilm --seeds 16 --json-out runs/minilm.json
      ocwtool eval --predictions a.json --compare b.json --annotations types.json --breakdown
      ocwtool eval --source nyt --predictions partial.json --only-answered
      ocwtool eval --transcripts IterativeGPTSolver_gpt-4_cot-False_results.json
      ocwtool eval --source ctd --split all --predictions expert.csv --only-answered
      ocwtool eval --run runs/llm/openai_gpt-4o-nyt-test-oneshot --compare-baseline random
      ocwtool eval --baseline wordnet --source nyt --cutoff 2024-04-01 --plot figures/
      ocwtool eval --source nyt --predictions gpt4o.json --after-cutoff gpt-4o --newest 200
      ocwtool eval --source ctd --split all --predictions gpt4o.json --herrings play-decoys
    """
    from ocwtool.evaluation import evaluate  # deferred: scoring loads numpy and the schema (pydantic)

    for event in evaluate(request, app.workspace, progress):
        _show(event)


def _show(event: Event) -> None:
    """One event of the evaluation: tables to stdout, notes and files written to stderr."""
    if isinstance(event, Note):
        term.echo(event.text, err=True)
    elif isinstance(event, Scored):
        _show_scored(event)
    elif isinstance(event, GamesScored):
        from ocwtool.evaluation.game.score import render_games
        from ocwtool.evaluation.herring_report import render_section

        term.echo(render_games(event.report))
        if event.report.get("herrings"):
            term.echo("\n" + render_section(event.report["herrings"]))
    elif isinstance(event, Written):
        term.echo(f"Wrote {event.path}", err=True)
    elif isinstance(event, Unscored):
        term.echo(f"not scored: {event.section}: {event.why}", err=True)


def _show_scored(event: Scored) -> None:
    """A section's table (headed by its name when there are several), its warnings after it, where
    they are read, and its figures (drawn before the report is saved: a report of several runs
    loses its per-wall rows then)."""
    from ocwtool.evaluation.pipeline import render

    report, section = event.report, event.section
    if section is not None:
        term.echo(f"== {section}: {report['inputs']['puzzles']} puzzle(s) ==")
    term.echo(render(report, show_breakdowns=event.request.breakdown) + ("\n" if section else ""))
    for warning in report.get("warnings", ()):
        term.echo(f"Warning: {warning}", err=True)
    if event.request.plot is not None:
        _plot(event, event.request.plot)


def _plot(event: Scored, folder: Path) -> None:
    from ocwtool.report.single import write_eval_figures

    request, scoring = event.request, event.scoring
    paths = write_eval_figures(
        event.report,
        folder / event.section if event.section else folder,
        event.walls,
        label=request.label(),
        source=event.section or request.source,
        split=request.the_split,
        types=scoring.types,
        facts=scoring.facts,
        cutoff=scoring.cutoff,
    )
    term.echo(f"Drew {len(paths) // 2} figures (SVG and PNG) in {folder}", err=True)
