"""``ocwtool annotate decoys FILE...``: red herrings mined from play (library: ocwtool.evaluation.decoys)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.paths import InputPath
from ocwtool.cli.progress import progress_option
from ocwtool.progress import Progress


@click.command("decoys")
@click.argument("files", nargs=-1, required=True, type=InputPath(exists=True, dir_okay=False))
@click.option(
    "--annotator",
    default="play-decoys",
    show_default=True,
    help="Store the decoys as this annotator (annotations/NAME.jsonl), not a reserved one.",
)
@click.option(
    "--source",
    "sources",
    multiple=True,
    metavar="NAME",
    help="Match plays to puzzles/NAME.jsonl only (repeatable; default: every store).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@progress_option
@pass_app
def decoys_cmd(
    app: AppContext,
    files: tuple[Path, ...],
    annotator: str,
    sources: tuple[str, ...],
    as_json: bool,
    progress: Progress,
) -> None:
    """Mine red herrings from records of play: the wrong groups players made.

    FILES are transcripts (`ocwtool play --out`, `ocwtool llm run`'s transcripts.jsonl, Todd et
    al.'s results/*_results.json) or answers (`eval --predictions` files, `llm run`'s
    predictions-epoch-N.jsonl, Connecting the Dots results/<model>.json and human sheets
    expert.csv / beginner.csv). Puzzles are matched as `ocwtool eval` matches them.

    A wrong group of three clues of one group and one other (an intruder) makes that clue a
    red-herring word toward that group; two pairs (a swap, direction unknown) and a group across
    three or more groups made by two or more players (a false group) become red-herring
    categories. Each gets a score, the share of the puzzle's players that made the mistake, and
    its evidence: the players per file (name and sha256). Running again on the same files adds
    nothing; new files add their evidence to what is stored. Words off the wall, unknown puzzles
    and malformed answers are counted by cause, never mined.

    \b
    Examples:
      ocwtool annotate decoys gpt4o.json claude3.5sonnet.json expert.csv beginner.csv
      ocwtool annotate decoys results/IterativeGPTSolver_gpt-4_cot-False_results.json --source nyt
      ocwtool annotate decoys runs/llm/gpt-4o-nyt-test/transcripts.jsonl --annotator llm-decoys
    """
    from ocwtool.evaluation.decoys import mine_decoys, render_run, run_json

    ws = app.workspace()
    run = mine_decoys(ws, files, annotator=annotator, sources=sources, progress=progress)
    if as_json:
        term.echo_json(json.dumps(run_json(run), indent=2))
        return
    for line in render_run(run, ws.rel(run.saved.path)):
        term.echo(line)
