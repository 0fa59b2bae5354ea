"""``ocwtool annotate``: label knowledge types and red herrings, suggest, agree, adjudicate, interop."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ocwtool.annotations.scope import id_list, in_scope, restrict
from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.paths import InputPath
from ocwtool.cli.progress import progress_option
from ocwtool.errors import InputError
from ocwtool.fsio import read_text
from ocwtool.names import SPLITS
from ocwtool.progress import Progress
from ocwtool.stores.pushes import pushed_puzzles

if TYPE_CHECKING:
    from ocwtool.annotations.herring_review import DecoySource
    from ocwtool.annotations.session import LabelSession, SessionResult
    from ocwtool.schema.annotations import ItemRecord
    from ocwtool.schema.models import Puzzle
    from ocwtool.workspace import Workspace

FORMAT_CHOICES = click.Choice(["labelstudio", "argilla", "jsonl"])
EXPORT_CHOICES = click.Choice([*FORMAT_CHOICES.choices, "connections-eval"])


def source_option(f: click.decorators.FC) -> click.decorators.FC:
    """``--source NAME`` (repeatable): puzzle stores to use; all of ``puzzles/`` by default."""
    return click.option(
        "--source",
        "sources",
        multiple=True,
        metavar="NAME",
        help="Puzzle store puzzles/NAME.jsonl to use (repeatable; default: all).",
    )(f)


@click.group("annotate")
def annotate_cmd() -> None:
    """Label knowledge types and red herrings; suggest, mine decoys from play, agree, adjudicate, interop.

    Labels live in annotations/<annotator>.jsonl (append-only); adjudicated.jsonl holds decisions.
    The guidelines ship with ocwtool (ocwtool/data/annotation_guidelines.md).

    \b
    Examples:
      ocwtool annotate suggest
      ocwtool annotate label --annotator alice --suggest
      ocwtool annotate agreement
      ocwtool annotate train --annotator ctd-expert && ocwtool annotate suggest --model types-ctd-expert
      ocwtool annotate decoys gpt4o.json expert.csv
    """


@annotate_cmd.command("label")
@click.option("--annotator", required=True, help="Your annotator name (lower case, e.g. alice).")
@source_option
@click.option("--split", type=click.Choice(SPLITS), help="Only puzzles of this split.")
@click.option(
    "--only-unlabelled", is_flag=True, help="Show only puzzles you have not labelled (incl. skipped)."
)
@click.option(
    "--suggest", "with_suggest", is_flag=True, help="Show the suggester's pre-label; Enter accepts it."
)
@click.option(
    "--decoys",
    "decoys_from",
    metavar="NAME",
    help="Decoys to confirm: a store mined from play (annotate decoys), suggest (the red-herring "
    "scorer's) or none. Default: play-decoys when it has decoys, else suggest's scored ones.",
)
@click.option(
    "--tricks",
    "tricks_of",
    metavar="VARIANT",
    help="Instead of labelling types: answer 'belongs to no group?' (y/n) for each proposed trick "
    "word of the boards of variants/VARIANT.jsonl (build-variants --kind extended).",
)
@pass_app
def label_cmd(
    app: AppContext,
    annotator: str,
    sources: tuple[str, ...],
    split: str | None,
    only_unlabelled: bool,
    with_suggest: bool,
    decoys_from: str | None,
    tricks_of: str | None,
) -> None:
    """Label puzzles in the terminal: one key per group's knowledge type, then red herrings.

    Keys: s semantic, a associative, e encyclopedic, m multiword, l linguistic, c combined (then the
    keys of its parts and Enter); then y/n to each suggested decoy (up to 4, highest score first,
    with evidence; y saves it as your red-herring word); r red-herring word, h red-herring
    category, t trap group (4+ clues across 2+ groups, at most 2 from one), Enter saves the puzzle;
    u undo, k skip, n note, q quit, ? help. Each group's label is saved the moment it is given; run
    it again to resume (inside a wall left mid-way). Ends with your coverage of --source, --split.

    With --tricks VARIANT, each extended board with proposed trick words (no rule could verify them)
    is shown with each such word, the group it seems to fit and why: y it belongs to no group
    (confirm), n it belongs to a group (reject); u undo, k skip the board, q quit. Answers are saved
    per board; run it again to go on with the boards left.

    \b
    Examples:
      ocwtool annotate label --annotator alice
      ocwtool annotate label --annotator bob --source nyt --split test --only-unlabelled --suggest
      ocwtool annotate decoys games.jsonl && ocwtool annotate label --annotator carol --decoys play-decoys
      ocwtool build-variants --kind extended && ocwtool annotate label --annotator dan --tricks extended
    """
    from ocwtool.annotations.annotators import check_annotator

    check_annotator(annotator)
    ws = app.workspace()
    if tricks_of is not None:
        from ocwtool.cli.annotate_tricks import label_tricks

        label_tricks(ws, annotator, tricks_of, (sources, split), (only_unlabelled, with_suggest, decoys_from))
        return
    _label_types(ws, annotator, sources, split, only_unlabelled, with_suggest, decoys_from)


def _label_types(
    ws: Workspace,
    annotator: str,
    sources: tuple[str, ...],
    split: str | None,
    only_unlabelled: bool,
    with_suggest: bool,
    decoys_from: str | None,
) -> None:
    """The labelling session over the puzzles of --source and --split, then the coverage."""
    from ocwtool.annotations.session import LabelSession
    from ocwtool.annotations.terminal import ClickTerminal
    from ocwtool.schema.models import in_split

    puzzles = ws.puzzles(sources)
    if split is not None:
        puzzles = in_split(puzzles, split)
    suggestions = _suggestions(ws.annotations_dir) if with_suggest else None
    session = LabelSession(
        puzzles,
        ws.annotations_dir,
        annotator,
        ClickTerminal(),
        only_unlabelled=only_unlabelled,
        suggestions=suggestions,
        decoys=_decoys(ws.annotations_dir, decoys_from),
    )
    _show_labelling(session, session.run(), f"source {', '.join(sources) or 'all'}, split {split or 'all'}")


def _suggestions(folder: Path) -> dict[str, ItemRecord]:
    """The suggester's latest pre-labels (saying how to make some when there are none)."""
    from ocwtool.annotations.annotators import latest_suggestions

    suggestions = latest_suggestions(folder)
    if not suggestions:
        term.echo("No suggestions yet; run `ocwtool annotate suggest` first to see pre-labels.", err=True)
    return suggestions


def _decoys(folder: Path, name: str | None) -> DecoySource | None:
    """The decoys to confirm (``--decoys``), named once before the first puzzle."""
    from ocwtool.annotations.annotators import check_annotator
    from ocwtool.annotations.decoys.shown import TOP
    from ocwtool.annotations.herring_review import NONE, decoy_source

    if name is not None and name != NONE:
        check_annotator(name, human=False)
    decoys = decoy_source(folder, name)
    if decoys is not None:
        term.echo(
            f"Decoys from {decoys.name}: up to {TOP} a puzzle, highest score first (y confirm, n reject)"
        )
    return decoys


def _show_labelling(session: LabelSession, result: SessionResult, selection: str) -> None:
    """What the session saved, the coverage of the selection, and how to resume; exit 130 when it
    was interrupted."""
    if result.interrupted:
        term.echo("\nInterrupted; the groups labelled so far are kept.", err=True)
    term.echo(f"Saved {result.labelled}, skipped {result.skipped}; {result.remaining} left in this pass.")
    term.echo(session.coverage(selection))
    if result.quit and result.remaining:
        term.echo("Run the same command again to resume.")
    if result.interrupted:
        # Not ctx.exit(130): ocwtool.cli.main runs click with standalone_mode=False, which drops it.
        raise SystemExit(130)


@annotate_cmd.command("suggest")
@source_option
@click.option(
    "--model",
    "model_specs",
    multiple=True,
    metavar="NAME[@VERSION]",
    help="A model saved by `annotate train`: a types pre-labeller (rules as fallback) and/or a "
    "herrings-... red-herring scorer (repeatable).",
)
@click.option(
    "--min-confidence",
    type=click.FloatRange(0, 1),
    help="With --model: fall back below this (default: model's).",
)
@click.option(
    "--min-score",
    type=click.FloatRange(0, 1),
    help="With a herrings-... model: write clues scoring at least this (default 0.1; 0: every clue).",
)
@progress_option
@pass_app
def suggest_cmd(
    app: AppContext,
    sources: tuple[str, ...],
    model_specs: tuple[str, ...],
    min_confidence: float | None,
    min_score: float | None,
    progress: Progress,
) -> None:
    """Pre-label every group with a knowledge type, a stated reason and (with --model) a confidence.

    Rules: a blank ___ in the connection -> Multiword; letter, sound or anagram patterns ->
    Linguistic; named entities -> Encyclopedic; WordNet synonyms or shared hypernyms -> Semantic;
    otherwise Associative. With --model, a pre-labeller trained on expert labels decides; below
    its confidence threshold, or when a feature set it needs is missing, the rules decide, and the
    confidence is then the rules' precision measured on the training games. Red-herring candidates
    come with WordNet or compound-partner evidence. Written to annotations/suggest.jsonl (annotator
    "suggest"), never mixed with human labels.

    With a herrings-... model (`annotate train --task red-herrings`) every clue scoring at least
    --min-score becomes a red herring with its score and the group it is pulled toward, and decoy
    themes come with scores; the rules' cues stay in the reasons. A call keeps what it does not
    compute (stored knowledge types, the scorer's red herrings).

    \b
    Examples:
      ocwtool annotate suggest
      ocwtool annotate suggest --source nyt
      ocwtool annotate suggest --model types-ctd-expert --min-confidence 0.6
      ocwtool annotate suggest --model types-ctd-expert --model herrings-play-decoys --min-score 0.2
    """
    from ocwtool.annotations.suggest import suggest_workspace
    from ocwtool.cli.annotate_herrings import split_models, suggest_scored

    model, herrings = split_models(model_specs, min_score)
    if min_confidence is not None and model is None:
        raise click.UsageError("--min-confidence needs --model")
    if herrings is not None:
        suggest_scored(app, sources, model, herrings, min_confidence, min_score)
        return
    path, count, kinds = suggest_workspace(
        app.workspace(), sources, progress=progress, model=model, min_confidence=min_confidence
    )
    summary = ", ".join(f"{k} {n}" for k, n in kinds.most_common())
    term.echo(f"Wrote suggestions for {count} puzzles to {path} ({summary})")


@annotate_cmd.command("agreement")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--with-suggest", is_flag=True, help="Count the suggester as one more annotator.")
@source_option
@click.option("--split", type=click.Choice(SPLITS), help="Only puzzles of this split.")
@click.option(
    "--puzzles",
    "puzzles_file",
    type=InputPath(exists=True, dir_okay=False),
    help="Only the puzzles whose ids FILE lists (one per line; # comments).",
)
@click.option(
    "--pushed",
    is_flag=True,
    help="Only the puzzles `annotate ls push` pushed to the Label Studio project of ocwtool.toml.",
)
@pass_app
def agreement_cmd(
    app: AppContext,
    as_json: bool,
    with_suggest: bool,
    sources: tuple[str, ...],
    split: str | None,
    puzzles_file: Path | None,
    pushed: bool,
) -> None:
    """Cohen's kappa per annotator pair, Krippendorff's alpha, per-type confusion and coverage.

    Red herrings: per-clue kappa and alpha (marked or not), and per pair the mean best-match
    Jaccard of the annotators' trap groups (docs/annotations.md says exactly how). With --source,
    --split, --puzzles or --pushed only the labels of those puzzles count, and coverage is out of
    their groups (else out of every group of the workspace).

    \b
    Examples:
      ocwtool annotate agreement
      ocwtool annotate agreement --with-suggest --json
      ocwtool annotate agreement --pushed
      ocwtool annotate agreement --source nyt --split test
    """
    import json

    from ocwtool.annotations import agreement as agr

    ws = app.workspace()
    stores = ws.annotations(include_suggest=with_suggest)
    scoped = bool(sources or split or puzzles_file or pushed)
    chosen = _agreement_scope(ws, sources, split, puzzles_file, pushed) if scoped else _all_puzzles(ws)
    if scoped:
        stores = restrict(stores, chosen)
    total = sum(len(p.groups) for p in chosen)
    report = agr.agreement(stores, total_groups=total, puzzles={p.id: p for p in chosen})
    if as_json:
        term.echo_json(json.dumps(agr.as_json(report), indent=2))
    else:
        term.echo(agr.render(report))


def _all_puzzles(ws: Workspace) -> list[Puzzle]:
    return ws.puzzles() if ws.store_names() else []


def _agreement_scope(
    ws: Workspace, sources: tuple[str, ...], split: str | None, puzzles_file: Path | None, pushed: bool
) -> list[Puzzle]:
    """The puzzles of --source/--split, narrowed to the --puzzles file's ids and the pushed ones."""
    chosen = in_scope(ws.puzzles(sources), split, None, "")
    if puzzles_file is not None:
        chosen = in_scope(chosen, None, id_list(read_text(puzzles_file)), str(puzzles_file))
    if pushed:
        project, log = ws.settings.labelstudio.project, ws.rel(ws.labelstudio_pushes_path)
        ids = pushed_puzzles(ws.labelstudio_pushes_path, project)
        if not ids:
            raise InputError(
                f"nothing was pushed to the Label Studio project {project!r} from this workspace "
                f"({log} has no push of it); run `ocwtool annotate ls push` first"
            )
        chosen = in_scope(chosen, None, ids, log)
    return chosen


@annotate_cmd.command("adjudicate")
@click.option("--annotator", required=True, help="Your name as adjudicator.")
@source_option
@pass_app
def adjudicate_cmd(app: AppContext, annotator: str, sources: tuple[str, ...]) -> None:
    """Decide the groups human annotators disagree on; decisions go to annotations/adjudicated.jsonl.

    Only disputed groups without a decision are shown. Releases use the adjudicated label, else the
    annotators' consensus. Then the red herrings of puzzles two or more people finished: decoy words
    and trap groups every one of them marked are kept; each one only some marked is asked (y keep,
    n drop, k skip the puzzle, q quit); the kept ones go to annotations/adjudicated-herrings.jsonl.
    Last, the proposed trick words of extended boards that people answered differently (y belongs to
    no group, n belongs to a group); the decisions go to annotations/adjudicated-tricks.jsonl.

    \b
    Examples:
      ocwtool annotate adjudicate --annotator carol
    """
    from ocwtool.annotations.adjudicate import adjudicate_all
    from ocwtool.annotations.annotators import check_annotator
    from ocwtool.annotations.terminal import ClickTerminal

    check_annotator(annotator)
    ws = app.workspace()
    (done, left), herrings = adjudicate_all(
        ws.puzzles(sources), ws.annotations_dir, annotator, ClickTerminal()
    )
    term.echo(f"Decided {done}; {left} disputed groups left.")
    if herrings is not None and herrings != (0, 0):
        term.echo(f"Red herrings: decided {herrings[0]} puzzle(s); {herrings[1]} left.")
    if herrings is not None:  # None: the adjudicator quit before the red herrings
        from ocwtool.cli.annotate_tricks import adjudicate_tricks

        adjudicate_tricks(ws, annotator, sources)


@annotate_cmd.command("export")
@click.option("--format", "fmt", type=EXPORT_CHOICES, required=True, help="Output format.")
@click.option(
    "--annotator",
    help="Export only this annotator (default: every human annotator; connections-eval: connections-eval).",
)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write here (default: stdout).")
@source_option
@pass_app
def export_cmd(
    app: AppContext, fmt: str, annotator: str | None, out: Path | None, sources: tuple[str, ...]
) -> None:
    """Export labels for Label Studio (tasks + config XML), Argilla (records) or as JSONL, or one
    annotator's trap groups as Connections Eval YAML (valid_trap_groups).

    With --out, Label Studio's labelling config is written beside the tasks as FILE.config.xml.
    Suggestions are included as Label Studio predictions / Argilla suggestions when present.
    --format connections-eval writes the NYT puzzles with the trap groups of --annotator (default
    connections-eval); `ocwtool import FILE` reads it back unchanged.

    \b
    Examples:
      ocwtool annotate export --format labelstudio --out tasks.json
      ocwtool annotate export --format argilla --annotator alice --out alice.json
      ocwtool annotate export --format jsonl > labels.jsonl
      ocwtool annotate export --format connections-eval --out traps.yml
    """
    from ocwtool.annotations.annotators import check_annotator
    from ocwtool.annotations.interop.exchange import export_labels, write_export

    ws = app.workspace()
    stores = ws.annotations(include_suggest=fmt != "jsonl")
    if fmt == "connections-eval":
        annotator = annotator or "connections-eval"
    if annotator:
        check_annotator(annotator, human=False)
        stores = {k: v for k, v in stores.items() if k in (annotator, "suggest")}
    exported = export_labels(fmt, ws.puzzles(sources), stores)
    if out is None:
        term.echo_json(exported.text, nl=False)  # JSON or JSONL: the same data
        return
    write_export(ws, out, exported)
    term.echo(f"Wrote {out}" + "".join(f" and {out.name}{s}" for s in exported.sidecars), err=True)


@annotate_cmd.command("import")
@click.argument("file", type=InputPath(exists=True, dir_okay=False))
@click.option(
    "--format",
    "fmt",
    type=click.Choice([*FORMAT_CHOICES.choices, "connections-taxonomy"]),
    required=True,
    help="Input format (connections-taxonomy: the Connecting the Dots expert types, as ctd-expert).",
)
@click.option("--annotator", help="Store every imported label under this name.")
@pass_app
def import_cmd(app: AppContext, file: Path, fmt: str, annotator: str | None) -> None:
    """Import labels exported from Label Studio, Argilla or ocwtool JSONL into annotations/.

    Records already in a store are skipped, so importing twice changes nothing. With
    --format connections-taxonomy, the published game_with_knowledge_taxonomy.json of "Connecting
    the Dots" is matched to the workspace's puzzles by clue set and stored as annotator ctd-expert.

    \b
    Examples:
      ocwtool annotate import export.json --format labelstudio --annotator alice
      ocwtool annotate import records.json --format argilla
      ocwtool annotate import game_with_knowledge_taxonomy.json --format connections-taxonomy
    """
    if fmt == "connections-taxonomy":
        _import_taxonomy(app, file, annotator)
        return
    from ocwtool.annotations.annotators import check_annotator
    from ocwtool.annotations.interop.exchange import import_labels, save_imported
    from ocwtool.fsio import read_text

    if annotator:
        check_annotator(annotator)
    ws = app.workspace()
    puzzles = {p.id: p for p in ws.puzzles()}
    records = import_labels(fmt, read_text(file), puzzles, annotator, str(file))
    added = save_imported(ws.annotations_dir, records)
    parts = ", ".join(f"{name} {n}" for name, n in added.items()) or "nothing"
    term.echo(f"Imported {len(records)} records from {file} (new: {parts})")


def _import_taxonomy(app: AppContext, file: Path, annotator: str | None) -> None:
    from ocwtool.annotations.annotators import check_annotator
    from ocwtool.annotations.interop.ctd_taxonomy import ANNOTATOR, taxonomy_records
    from ocwtool.annotations.interop.exchange import save_imported
    from ocwtool.fsio import read_json

    name = check_annotator(annotator or ANNOTATOR)
    ws = app.workspace()
    result = taxonomy_records(read_json(file), ws.puzzles(), str(file), name)
    for warning in result.warnings:
        term.echo(f"Warning: {warning}", err=True)
    if result.unmatched:
        shown = ", ".join(str(n) for n in result.unmatched[:10]) + (
            " ..." if len(result.unmatched) > 10 else ""
        )
        term.echo(
            f"Warning: {len(result.unmatched)} games match no puzzle of the workspace: [{shown}]", err=True
        )
    added = save_imported(ws.annotations_dir, result.records)
    term.echo(
        f"Matched {result.matched} of {result.games} games; {len(result.records)} records for {name} "
        f"(new: {added.get(name, 0)}; {result.unlabelled_groups} groups published without a type)"
    )


def _add_subcommands() -> None:
    from ocwtool.cli.annotate_decoys import decoys_cmd
    from ocwtool.cli.annotate_ls import ls_cmd
    from ocwtool.cli.annotate_ls_serve import serve_cmd
    from ocwtool.cli.annotate_model import evaluate_cmd, train_cmd

    ls_cmd.add_command(serve_cmd)
    for command in (ls_cmd, train_cmd, evaluate_cmd, decoys_cmd):
        annotate_cmd.add_command(command)


_add_subcommands()
