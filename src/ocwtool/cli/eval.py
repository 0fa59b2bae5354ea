"""``ocwtool eval``: score predictions or run a baseline on a workspace or a release."""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.paths import InputPath
from ocwtool.cli.progress import progress_option
from ocwtool.names import BASELINES, CLUSTERERS, RULE_NAMES, SPLIT_CHOICES
from ocwtool.progress import Progress, track

if TYPE_CHECKING:
    from ocwtool.evaluation.gold import GoldSet
    from ocwtool.evaluation.report import EvalRequest
    from ocwtool.evaluation.scorer import Options


@dataclass(frozen=True)
class EvalArgs:
    """The options of ``ocwtool eval``, one typed field per option (click fills them in by name)."""

    release: Path | None
    use_workspace: bool
    split: str
    source: str | None
    predictions: tuple[Path, ...]
    baseline: str | None
    transcripts: tuple[Path, ...]
    rules: str | None
    seeds: int
    clusterer: str
    corrected: bool
    accent_fold: bool
    allow_missing: bool
    only_answered: bool
    bertscore_model: Path | None
    bertscore_layers: int
    bertscore_baseline: Path | None
    run_dir: Path | None
    compare: Path | None
    compare_baseline: str | None
    annotations: Path | None
    annotator: str | None
    cutoff: dt.datetime | None
    breakdown: bool
    per_wall: bool
    include_flagged: bool
    bootstrap: int
    json_out: Path | None
    plot: Path | None

    def scorer_options(self) -> Options:
        """What the scorer needs: WD mode, accent folding, BERTScore, missing walls."""
        from ocwtool.evaluation.scorer import Options

        return Options(
            corrected=self.corrected,
            accent_fold=self.accent_fold,
            bertscore_model=self.bertscore_model,
            bertscore_layers=self.bertscore_layers,
            bertscore_baseline=self.bertscore_baseline,
            allow_missing=self.allow_missing,
        )

    def label(self) -> str:
        """The report name's label: the baseline, else the first prediction file's stem."""
        if self.baseline:
            return self.baseline
        if self.run_dir is not None:
            return self.run_dir.name.replace("-", "_")
        return Path(self.predictions[0]).stem if self.predictions else "run"


def _with_args(func: Callable[[AppContext, EvalArgs, Progress], None]) -> Callable[..., None]:
    """Hand the command one :class:`EvalArgs` instead of click's keyword arguments."""

    @functools.wraps(func)
    def command(app: AppContext, /, progress: Progress, **params: Any) -> None:
        args = EvalArgs(**params)
        if args.run_dir is not None:
            from ocwtool.evaluation.run_folder import read_run_facts

            settings = read_run_facts(args.run_dir).get("settings") or {}
            args = _run_defaults(args, click.get_current_context(), settings)
            _note_other_workspace(app, args, settings.get("workspace"))
        func(app, args, progress)

    return command


def _run_defaults(args: EvalArgs, ctx: click.Context, settings: Mapping[str, Any]) -> EvalArgs:
    """``--run``: the run's own release, source and split (its run.json ``settings``) unless given
    as options."""
    from click.core import ParameterSource

    from ocwtool.evaluation.run_folder import run_scope

    given = {
        name
        for name in ("release", "use_workspace", "source", "split")
        if ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT)
    }
    if given & {"release", "use_workspace"}:
        given.add("release")  # --workspace scores the workspace even when the run played a release
    taken = {k: v for k, v in run_scope(settings).items() if k not in given}
    if not taken:
        return args
    click.echo(
        "scoring the run's puzzles (its run.json): " + ", ".join(f"{k} {v}" for k, v in taken.items()),
        err=True,
    )
    release = taken.get("release")
    return dataclasses.replace(
        args,
        release=Path(release) if release else args.release,
        source=taken.get("source", args.source),
        split=taken.get("split", args.split),
    )


def _note_other_workspace(app: AppContext, args: EvalArgs, played: str | None) -> None:
    """A run that played the puzzles of workspace ``played``, scored against another workspace: say
    so (the wall ids may match while the puzzles differ)."""
    if args.release is not None or not played:
        return
    here = app.workspace().root.resolve()
    if Path(played).resolve() != here:
        click.echo(
            f"note: the run played the puzzles of workspace {played}; scoring against {here} "
            f"(give -w {played} to score on its own)",
            err=True,
        )


@click.command("eval")
@click.option("--release", type=InputPath(file_okay=False), help="Evaluate on a built release folder.")
@click.option(
    "--workspace", "use_workspace", is_flag=True, help="Evaluate on the workspace's puzzles (default)."
)
@click.option(
    "--split", type=click.Choice(SPLIT_CHOICES), default="test", show_default=True, help="Which puzzles."
)
@click.option("--source", help="Workspace store (puzzles/ or variants/ NAME.jsonl) or release config.")
@click.option(
    "--predictions",
    type=InputPath(),
    multiple=True,
    help="Prediction file (OCW JSON, JSONL, or records with raw model text; Connecting the Dots "
    "results/<model>.json or human answer sheet .csv), or a folder of *_predictions.json. Repeat for seeds.",
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
@click.option(
    "--rules",
    type=click.Choice(RULE_NAMES, case_sensitive=False),
    help="Rules to replay --transcripts under (default: each transcript's own).",
)
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
    "--cutoff",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="Break down by puzzle date before / on or after this date (training-data contamination).",
)
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
@_with_args
def eval_cmd(app: AppContext, args: EvalArgs, progress: Progress) -> None:
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
    """
    if args.transcripts:
        _replay(app, args)
        return
    from ocwtool.errors import EvaluationError
    from ocwtool.evaluation.checks import NothingScored

    golds = _golds(app, args, sectioned=args.source is None)
    several = args.source is None and len(golds.sections) > 1
    sections = golds.sections if several else {args.source or "": golds}
    unscored = []
    for name, part in sections.items():
        try:
            _evaluate(app, args, part, name if several else None, progress)
        except NothingScored as exc:
            if not several:
                raise
            unscored.append(f"{name}: {exc}")
    if len(unscored) == len(sections):
        raise EvaluationError("nothing to score in any store or config: " + " | ".join(unscored))
    for note in unscored:
        click.echo(f"not scored: {note}", err=True)


def _evaluate(
    app: AppContext, args: EvalArgs, golds: GoldSet, section: str | None, progress: Progress
) -> None:
    """Score one store or config (``section``; None: the only one) and write its report."""
    from ocwtool.evaluation.report import render, report_name, run_evaluation, save_report

    if args.run_dir is not None:  # a run with --limit played only the first boards
        from ocwtool.evaluation.run_folder import played_walls

        golds.walls = played_walls(golds.walls, args.run_dir)
    label = f"{args.baseline or 'eval'} seeds"
    request = _request(app, args, golds)
    report = run_evaluation(golds.walls, request, progress=lambda seeds: track(seeds, label, progress))
    if args.run_dir is not None:
        from ocwtool.evaluation.run_folder import read_run_facts

        report["llm"] = read_run_facts(args.run_dir)
    if section is not None:
        report["inputs"]["source"] = section
        click.echo(f"== {section}: {report['inputs']['puzzles']} puzzle(s) ==")
    click.echo(render(report, show_breakdowns=args.breakdown) + ("\n" if section else ""))
    for warning in report.get("warnings", ()):  # after the table, where it is read
        click.echo(f"Warning: {warning}", err=True)
    if args.plot is not None:  # before saving: a report of several runs loses its per-wall rows then
        _plot(args, report, golds, request, section)
    source = section or args.source
    out = args.json_out or app.workspace().runs_dir / report_name(args.label(), args.split, source)
    if args.json_out is not None and section is not None:
        out = out.with_name(f"{out.stem}-{section}{out.suffix}")
    save_report(report, out, per_wall=args.per_wall)
    click.echo(f"Wrote {out}", err=True)


def _plot(
    args: EvalArgs, report: dict[str, Any], golds: GoldSet, request: EvalRequest, section: str | None
) -> None:
    from ocwtool.report.single import write_eval_figures

    assert args.plot is not None
    paths = write_eval_figures(
        report,
        args.plot / section if section else args.plot,
        golds.walls,
        label=args.label(),
        source=section or args.source,
        split=args.split,
        types=request.types,
        facts=request.facts,
        cutoff=request.cutoff,
    )
    click.echo(f"Drew {len(paths) // 2} figures (SVG and PNG) in {args.plot}", err=True)


def _replay(app: AppContext, args: EvalArgs) -> None:
    from ocwtool.evaluation.game.board import Board
    from ocwtool.evaluation.game.replay import BoardStore
    from ocwtool.evaluation.game.score import evaluate_transcripts, render_games
    from ocwtool.evaluation.report import report_name
    from ocwtool.fsio import write_json

    def boards() -> BoardStore:
        golds = _golds(app, args)
        return BoardStore({g.wall_id: Board.from_gold(g) for g in golds.walls}, golds.skipped)

    report = evaluate_transcripts(args.transcripts, args.rules, boards, accent_fold=args.accent_fold)
    click.echo(render_games(report))
    label = "games_" + Path(args.transcripts[0]).stem.replace("-", "_")
    out = args.json_out or app.workspace().runs_dir / report_name(label, args.split, args.source)
    write_json(out, report)
    click.echo(f"Wrote {out}", err=True)


def _request(app: AppContext, args: EvalArgs, golds: GoldSet) -> EvalRequest:
    from ocwtool.evaluation.report import EvalRequest

    return EvalRequest(
        predictions=_run_files(args.run_dir) + list(args.predictions),
        baseline=args.baseline,
        seeds=args.seeds,
        clusterer=args.clusterer,
        options=args.scorer_options(),
        compare=args.compare,
        compare_baseline=args.compare_baseline,
        types=_types(app, args),
        n_boot=args.bootstrap,
        skipped=golds.skipped,
        only_answered=args.only_answered,
        facts=_facts(app, args),
        cutoff=args.cutoff.date() if args.cutoff else None,
        unfinished=_unfinished(app, args),
    )


def _run_files(run_dir: Path | None) -> list[Path]:
    if run_dir is None:
        return []
    from ocwtool.evaluation.run_folder import run_predictions

    return run_predictions(run_dir)


def _facts(app: AppContext, args: EvalArgs) -> Any:
    """Dates, contestants' results and red herrings per puzzle, for --breakdown, --cutoff and --plot."""
    if not (args.breakdown or args.cutoff or args.plot):
        return None
    from ocwtool.evaluation.facets import release_facts, workspace_facts

    if args.release is not None:
        return release_facts(args.release)
    return workspace_facts(app.workspace(), args.annotator)


def _unfinished(app: AppContext, args: EvalArgs) -> dict[str, list[str]]:
    """Walls of the workspace's label stores left mid-way, whose labels the breakdowns leave out
    (the types, unless they come from --annotations; the red herrings of --breakdown/--cutoff/--plot)."""
    facts = args.breakdown or args.cutoff or args.plot
    if args.release is not None or (args.annotations is not None and not facts):
        return {}
    from ocwtool.annotations.store import read_all, unfinished

    left = unfinished(read_all(app.workspace().annotations_dir))
    return {n: ids for n, ids in left.items() if args.annotator is None or n == args.annotator}


def _golds(app: AppContext, args: EvalArgs, sectioned: bool = False) -> GoldSet:
    from ocwtool.errors import EvaluationError
    from ocwtool.evaluation.gold import release_golds, workspace_golds

    if args.release is not None and args.use_workspace:
        raise EvaluationError("choose --release DIR or --workspace, not both")
    if args.release is not None:
        return release_golds(args.release, args.split, args.source, args.include_flagged, sectioned)
    return workspace_golds(app.workspace(), args.split, args.source, args.include_flagged)


def _types(app: AppContext, args: EvalArgs) -> dict[str, list[str]] | None:
    from ocwtool.evaluation.stats import find_type_map, load_type_map

    if args.annotations is not None:
        return load_type_map(args.annotations)
    if args.annotator is not None:
        from ocwtool.evaluation.facets import annotator_types

        return annotator_types(app.workspace().annotations_dir, args.annotator)
    return find_type_map(args.release, None if args.release else app.workspace())
