"""``ocwtool eval``: score predictions or run a baseline on a workspace or a release."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.progress import progress_option
from ocwtool.progress import Progress, track

SPLITS = ("train", "validation", "test", "all")
BASELINES = ("random", "wordnet", "minilm")  # = evaluation.baselines.BASELINES (kept light for --help)


@click.command("eval")
@click.option(
    "--release", type=click.Path(file_okay=False, path_type=Path), help="Evaluate on a built release folder."
)
@click.option(
    "--workspace", "use_workspace", is_flag=True, help="Evaluate on the workspace's puzzles (default)."
)
@click.option("--split", type=click.Choice(SPLITS), default="test", show_default=True, help="Which puzzles.")
@click.option("--source", help="Workspace store (puzzles/ or variants/ NAME.jsonl) or release config.")
@click.option(
    "--predictions",
    type=click.Path(path_type=Path),
    multiple=True,
    help="Prediction file (OCW JSON, JSONL, or records with raw model text), or a folder of "
    "*_predictions.json. Repeat for seeds.",
)
@click.option("--baseline", type=click.Choice(BASELINES), help="Run an offline baseline instead.")
@click.option(
    "--seeds", type=click.IntRange(1), default=16, show_default=True, help="Shuffle seeds (baselines)."
)
@click.option(
    "--clusterer",
    type=click.Choice(("kmeans-constrained", "assignment")),
    default="kmeans-constrained",
    show_default=True,
    help="Equal-size clustering for --baseline minilm (assignment: same objective, ~3x faster).",
)
@click.option(
    "--corrected", is_flag=True, help="Pair groups optimally for WD (default: the paper's positional WD)."
)
@click.option("--accent-fold", is_flag=True, help="Fold accents before ROUGE tokenizing.")
@click.option("--allow-missing", is_flag=True, help="Score walls without a prediction as empty answers.")
@click.option(
    "--bertscore-model", type=click.Path(file_okay=False, path_type=Path), help="Local BERTScore model."
)
@click.option(
    "--bertscore-layers", type=int, default=0, help="Layer of the BERTScore model (required with it)."
)
@click.option(
    "--bertscore-baseline", type=click.Path(dir_okay=False, path_type=Path), help="Rescale baseline .tsv."
)
@click.option(
    "--compare", type=click.Path(dir_okay=False, path_type=Path), help="Paired comparison with this file."
)
@click.option(
    "--annotations",
    type=click.Path(dir_okay=False, path_type=Path),
    help="group_id -> knowledge type (JSON/JSONL); default: the release's or workspace's labels.",
)
@click.option("--breakdown", is_flag=True, help="Also print found rates by season, NYT level and type.")
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
@progress_option
@pass_app
def eval_cmd(app: AppContext, /, progress: Progress, **opts: Any) -> None:
    """Score predictions (Task 1 grouping, Task 2 connections) or run a baseline, print a table and
    write a JSON report. Several --predictions files (e.g. 16 shuffle seeds) give mean and std.

    \b
    Examples:
      ocwtool eval --workspace --split test --baseline random
      ocwtool eval --release releases/ocw-1.0 --split test --predictions gpt4.json
      ocwtool eval --split all --baseline minilm --seeds 16 --json-out runs/minilm.json
      ocwtool eval --predictions a.json --compare b.json --annotations types.json --breakdown
    """
    from ocwtool.evaluation.metrics import Options
    from ocwtool.evaluation.report import EvalRequest, render, report_name, run_evaluation, save_report

    golds = _golds(app, opts)
    request = EvalRequest(
        predictions=opts["predictions"],
        baseline=opts["baseline"],
        seeds=opts["seeds"],
        clusterer=opts["clusterer"],
        options=Options(
            corrected=opts["corrected"],
            accent_fold=opts["accent_fold"],
            bertscore_model=opts["bertscore_model"],
            bertscore_layers=opts["bertscore_layers"],
            bertscore_baseline=opts["bertscore_baseline"],
            allow_missing=opts["allow_missing"],
        ),
        compare=opts["compare"],
        types=_types(app, opts),
        n_boot=opts["bootstrap"],
    )
    label = f"{opts['baseline'] or 'eval'} seeds"
    report = run_evaluation(golds.walls, request, progress=lambda seeds: track(seeds, label, progress))
    report["inputs"]["skipped"] = golds.skipped
    click.echo(render(report, show_breakdowns=opts["breakdown"]))
    out = opts["json_out"] or app.settings().runs_dir / report_name(
        _label(opts), opts["split"], opts["source"]
    )
    save_report(report, out, per_wall=opts["per_wall"])
    click.echo(f"Wrote {out}", err=True)


def _golds(app: AppContext, opts: dict[str, Any]) -> Any:
    from ocwtool.errors import EvaluationError
    from ocwtool.evaluation.gold import release_golds, workspace_golds

    if opts["release"] is not None and opts["use_workspace"]:
        raise EvaluationError("choose --release DIR or --workspace, not both")
    if opts["release"] is not None:
        return release_golds(opts["release"], opts["split"], opts["source"], opts["include_flagged"])
    return workspace_golds(app.settings(), opts["split"], opts["source"], opts["include_flagged"])


def _types(app: AppContext, opts: dict[str, Any]) -> Any:
    from ocwtool.evaluation.stats import find_type_map, load_type_map

    if opts["annotations"] is not None:
        return load_type_map(opts["annotations"])
    return find_type_map(opts["release"], None if opts["release"] else app.workspace)


def _label(opts: dict[str, Any]) -> str:
    if opts["baseline"]:
        return str(opts["baseline"])
    return Path(opts["predictions"][0]).stem if opts["predictions"] else "run"
