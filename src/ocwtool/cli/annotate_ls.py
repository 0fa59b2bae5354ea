"""``ocwtool annotate ls push|pull|status``: drive a running Label Studio server (``serve``, which
starts a local one, is in :mod:`ocwtool.cli.annotate_ls_serve`)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

import click

from ocwtool.annotations.annotators import check_annotator, latest_suggestions
from ocwtool.annotations.labelstudio import decoys, plan, sync, tricks
from ocwtool.annotations.labelstudio.pulled import not_imported_error
from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.progress import progress_option
from ocwtool.names import SPLITS
from ocwtool.progress import Progress
from ocwtool.stores.pushes import append_push

if TYPE_CHECKING:
    from label_studio_sdk import LabelStudio

    from ocwtool.annotations.labelstudio.client import LabelStudioSettings
    from ocwtool.annotations.labelstudio.plan import PushReport
    from ocwtool.schema.annotations import ItemRecord
    from ocwtool.schema.models import Puzzle
    from ocwtool.workspace import Workspace


def _connect(ws: Workspace) -> tuple[LabelStudio, LabelStudioSettings]:
    from ocwtool.annotations.labelstudio.accounts import with_local_server
    from ocwtool.annotations.labelstudio.client import connect

    # Unset URL or token: those of the server `annotate ls serve` runs for this workspace.
    settings = with_local_server(ws.settings.labelstudio, ws.labelstudio_accounts_path)
    return connect(settings), settings


def _links(client: LabelStudio, settings: LabelStudioSettings, project_id: int) -> str:
    """Each annotator's tab and next task (printed after push and status)."""
    from ocwtool.annotations.labelstudio.links import links

    return links(client, settings, project_id)


@click.group("ls")
def ls_cmd() -> None:
    """Label Studio, for real: serve it, push tasks, pull annotations, show the status.

    The server and token come from LABEL_STUDIO_URL / LABEL_STUDIO_API_KEY or the [labelstudio]
    table of ocwtool.toml (url, token, project title, annotators = {name = "e-mail"}), else from
    the local server `serve` runs for the workspace. Needs the extra: pip install 'ocwtool[labelstudio]'.

    \b
    Examples:
      ocwtool annotate ls serve
      ocwtool annotate ls push --source nyt --sample 50 --seed 1 --annotator alice --annotator bob --overlap 2
      ocwtool annotate ls pull
      ocwtool annotate ls status
    """


@ls_cmd.command("push")
@click.option(
    "--source", "sources", multiple=True, metavar="NAME", help="Puzzle store (repeatable; default: all)."
)
@click.option("--split", type=click.Choice(SPLITS), help="Only puzzles of this split.")
@click.option("--sample", type=int, help="Push a seeded random sample of this many puzzles.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sample and assignment.")
@click.option(
    "--annotator", "annotators", multiple=True, metavar="NAME", help="Assign tasks to NAME (repeatable)."
)
@click.option(
    "--overlap", type=int, default=1, show_default=True, help="Annotators per task (2+ for agreement)."
)
@click.option(
    "--batch-size", type=click.IntRange(1), default=100, show_default=True, help="Tasks per import call."
)
@click.option(
    "--model-version", default="ocwtool-suggest", show_default=True, help="Model version of the predictions."
)
@click.option("--no-predictions", is_flag=True, help="Do not attach the `annotate suggest` pre-labels.")
@progress_option
@pass_app
def push_cmd(
    app: AppContext,
    sources: tuple[str, ...],
    split: str | None,
    sample: int | None,
    seed: int,
    annotators: tuple[str, ...],
    overlap: int,
    batch_size: int,
    model_version: str,
    no_predictions: bool,
    progress: Progress,
) -> None:
    """Create or update the project and push puzzles as tasks (idempotent).

    Puzzles already pushed are left alone; those changed in ocwtool since are reported. The suggest
    pre-labels go as predictions; up to 4 decoys per puzzle (mined from play by `annotate decoys`,
    else the scorer's) and the proposed trick words of its extended board (build-variants --kind
    extended) go for annotators to confirm or reject. Each task gets --overlap of the --annotator
    names (task field "assigned", a Data Manager tab "ocwtool: NAME" each: printed with the next task).

    \b
    Examples:
      ocwtool annotate ls push --split test --sample 40 --seed 7 --annotator alice --annotator bob --overlap 2
    """
    for name in annotators:
        check_annotator(name)
    ws = app.workspace()
    chosen = plan.select(ws.puzzles(sources), split, sample, seed)
    suggestions = {} if no_predictions else latest_suggestions(ws.annotations_dir)
    client, settings = _connect(ws)
    report = sync.push(
        client,
        settings,
        chosen,
        annotators=annotators,
        overlap=overlap,
        seed=seed,
        suggestions=suggestions,
        model_version=model_version,
        batch_size=batch_size,
        progress=progress,
        **_to_confirm(ws, chosen, suggestions),
    )
    _pushed(ws, client, settings, report, chosen)


def _to_confirm(ws: Workspace, chosen: list[Puzzle], suggestions: dict[str, ItemRecord]) -> dict[str, Any]:
    """The tasks' decoys and the proposed trick words of the puzzles' extended boards."""
    boards = [b for kind in ws.variants().values() for b in kind]
    return {
        "decoys": decoys.decoys_for(chosen, decoys.mined_records(ws.annotations_dir), suggestions),
        "tricks": tricks.tricks_for(chosen, boards),
    }


def _pushed(
    ws: Workspace,
    client: LabelStudio,
    settings: LabelStudioSettings,
    report: PushReport,
    chosen: list[Puzzle],
) -> None:
    """Say what was pushed, with the links, and note it (``annotate agreement --pushed`` reports over it)."""
    term.echo(f"{report.render()}\n{_links(client, settings, report.project_id)}")
    append_push(ws.labelstudio_pushes_path, settings.project, [p.id for p in chosen], dt.datetime.now(dt.UTC))


@ls_cmd.command("pull")
@click.option(
    "--allow-skipped",
    is_flag=True,
    help="Exit 0 even when some annotations cannot be imported (they stay listed by `ls status`).",
)
@progress_option
@pass_app
def pull_cmd(app: AppContext, allow_skipped: bool, progress: Progress) -> None:
    """Append the project's annotations to annotations/<annotator>.jsonl (idempotent).

    Users map to annotators by e-mail ([labelstudio.annotators], else the e-mail's local part).
    An annotation that cannot be imported (a Combined group with one part, a task whose puzzle
    changed since the push, ...) is listed as needing attention, and the pull exits 1 after
    importing the others, unless --allow-skipped.

    \b
    Examples:
      ocwtool annotate ls pull && ocwtool annotate agreement --pushed
      ocwtool annotate ls pull --allow-skipped --no-progress > pull.log
    """
    from ocwtool.annotations.labelstudio import sync

    ws = app.workspace()
    client, settings = _connect(ws)
    puzzles = {p.id: p for p in ws.puzzles()}
    report = sync.pull(client, settings, puzzles, ws.annotations_dir, progress)
    term.echo(report.render())
    if report.unimported and not allow_skipped:
        raise not_imported_error(len(report.unimported))


@ls_cmd.command("status")
@progress_option
@pass_app
def status_cmd(app: AppContext, progress: Progress) -> None:
    """Tasks, annotations per annotator, what a pull would add, and changed tasks; then each
    annotator's tab and the next task they have to label.

    \b
    Examples:
      ocwtool annotate ls status
    """
    from ocwtool.annotations.labelstudio import sync

    ws = app.workspace()
    client, settings = _connect(ws)
    puzzles = {p.id: p for p in ws.puzzles()}
    report = sync.status(client, settings, puzzles, ws.annotations_dir, progress)
    term.echo(f"{report.render()}\n{_links(client, settings, report.project_id)}")
