"""``ocwtool import``, ``ocwtool export`` and ``ocwtool info``.

The ``--format`` choices come from the ``IMPORTERS``/``EXPORTERS`` tables of
``ocwtool.formats``, read only when a command is used (module level stays click + stdlib).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.options import typed_options
from ocwtool.cli.paths import InputPath
from ocwtool.names import LLM_RULES, SPLITS, TRAINING_EXPORTS

if TYPE_CHECKING:
    from ocwtool.acquisition.files import ImportReport
    from ocwtool.training.chat_export import ChatRequest
    from ocwtool.workspace import Workspace


class RegistryChoice(click.Choice):  # type: ignore[type-arg]
    """A case-insensitive ``click.Choice`` over the keys of a format table (plus ``extra`` names),
    looked up on first use."""

    def __init__(self, table: str, extra: Sequence[str] = ()) -> None:
        self._table = table
        self._extra = tuple(extra)
        super().__init__((), case_sensitive=False)

    @property  # type: ignore[override]
    def choices(self) -> Sequence[str]:
        from ocwtool import formats

        table: dict[str, Any] = getattr(formats, self._table)
        return (*self._extra, *table)

    @choices.setter
    def choices(self, value: Any) -> None:  # click's __init__ assigns; the table is the truth
        pass


@click.command("import")
@click.argument("file", type=InputPath())
@click.option(
    "-f",
    "--format",
    "fmt",
    default="auto",
    show_default=True,
    type=RegistryChoice("IMPORTERS", extra=("auto",)),
    help="Input format (any case); auto detects it from the file.",
)
@click.option(
    "-s", "--source", help="Store name: writes puzzles/<source>.jsonl (default: the format's store, above)."
)
@click.option("--split", type=click.Choice(SPLITS), help="Mark every imported puzzle with this split.")
@click.option(
    "--allow-empty",
    is_flag=True,
    help="Accept a file with no puzzles (replaces the store with an empty one).",
)
@pass_app
def import_cmd(
    app: AppContext, file: Path, fmt: str, source: str | None, split: str | None, allow_empty: bool
) -> None:
    """Import FILE into the workspace as a canonical puzzle store.

    Without --format the format is detected from the file; a file that does not fit the --format
    given gets a hint naming the format it looks like. The store is puzzles/<source>.jsonl, by
    default the format's store: ocw for OCW JSON, nyt for the NYT archive (the store `scrape nyt
    --source both` writes too), else its origin (nyt-archive-text: nyt-archive, nyt-rows: nyt-hf,
    connections-*: the format's name, todd-puzzles: todd; jsonl and hf keep the records' sources).
    The import replaces the store (re-importing is idempotent), except a scraped one under a default
    name (give --source); document-level details needed to export the file back unchanged
    go to puzzles/<source>.meta.json. Undated NYT boards (Connecting the Dots gold, older Connections
    Eval puzzles) take the date and id of a dated NYT puzzle already in the workspace with the same
    clues and groups (matched / unmatched are reported). Red herrings a file carries (Connections
    Eval trap groups) go to annotations/<annotator>.jsonl. Warnings go to stderr.
    A file with no puzzles is refused (it would empty the store) unless --allow-empty is given.

    \b
    Examples:
      ocwtool import onlyconnect.json                       # format detected: ocw
      ocwtool import connections.json --format nyt-archive   # store: nyt
      ocwtool import Connections_Data.csv --format NYT-ROWS  # HF eric27n/NYT-Connections
      ocwtool import connections_puzzles.yml                # Connections Eval, linked by clues
      ocwtool import puzzle_data.json --format todd-puzzles
      ocwtool import test.json --format ocw --source ocw-test --split test
    """
    from ocwtool.acquisition.files import import_into
    from ocwtool.schema.models import Split

    ws = app.workspace()
    chosen = Split(split) if split else None
    _show_import(import_into(ws, file, fmt, source, chosen, allow_empty=allow_empty), ws, fmt, file)


def _show_import(report: ImportReport, ws: Workspace, fmt: str, file: Path) -> None:
    """Warnings, the format detected, links, labels and notes to stderr; the counts to stdout."""
    for warning in report.warnings:
        term.echo(f"Warning: {warning}", err=True)
    if fmt.lower() == "auto":
        term.echo(f"Detected format: {report.fmt}", err=True)
    for line in report.links.lines():
        term.echo(line, err=True)
    for annotator, n in report.annotations.items():
        term.echo(f"Wrote {n} annotation record(s) of annotator {annotator}", err=True)
    if report.boards.get("solution"):
        term.echo(_solution_note(report.boards["solution"], report.count), err=True)
    if report.replaced_old is not None:
        old = ws.rel(report.replaced_old)
        term.echo(
            f"note: removed {old}, the old name of store {report.source}: this import replaced it", err=True
        )
    flags = ", ".join(f"{k} {v}" for k, v in report.flags.items()) or "none"
    store = ws.rel(report.store)
    term.echo(
        f"Imported {report.count} puzzles from {file} into {store} "
        f"({_plural(len(report.warnings), 'warning')}; flags: {flags})"
    )


def _solution_note(n: int, total: int) -> str:
    return (
        f"Board order: {n} of {total} puzzles list their clues in solution order (no published "
        "starting board); players, baselines and releases are shown a seeded shuffle instead "
        "(docs/evaluation.md, 'Board order')"
    )


@dataclass(frozen=True)
class ChatOptions:
    """The options of ``export`` that only chat-jsonl takes (None: not given)."""

    prompt: str | None = None
    rules: str | None = None
    seed: int | None = None
    release: Path | None = None
    config: str | None = None

    def given(self) -> list[str]:
        return [f"--{f.name}" for f in fields(self) if getattr(self, f.name) is not None]

    def chat_only(self) -> list[str]:
        """The options given that only chat-jsonl takes (--release also makes a verifiers-env)."""
        return [name for name in self.given() if name != "--release"]


EXPORT_EXAMPLES = """\b
Examples:
  ocwtool export --format ocw --source ocw --out onlyconnect.json
  ocwtool export --format hf --out puzzles.parquet
  ocwtool export --format csv --game nyt
  ocwtool export --format ocw --source ocw --split test --out test.json
  ocwtool export --format chat-jsonl --source nyt --split train
  ocwtool export --format chat-jsonl --split train --rules nyt --seed 3
  ocwtool export --format chat-jsonl --release releases/ocw-1.0.0 --config ocw --split train
  ocwtool export --format verifiers-env --source nyt envs/nyt-connections/
  ocwtool export --format verifiers-env --release releases/ocw-1.0.0 envs/ocw/
"""
VERIFIERS_ENV = "verifiers-env"  # a package folder, not a puzzle file: ocwtool.training.verifiers_export
CHAT_JSONL = "chat-jsonl"


@click.command("export", epilog=EXPORT_EXAMPLES)
@click.option(
    "-f",
    "--format",
    "fmt",
    required=True,
    type=RegistryChoice("EXPORTERS", extra=TRAINING_EXPORTS),
    help="Output format (any case); verifiers-env: a verifiers environment package (a folder).",
)
@click.option(
    "-s",
    "--source",
    "sources",
    multiple=True,
    help="Store(s) to export (default: all); with --release, its config(s). Repeatable.",
)
@click.option(
    "-o", "--out", type=click.Path(path_type=Path), help="Output file (verifiers-env: a new folder)."
)
@click.option("--game", type=click.Choice(("ocw", "nyt")), help="Only puzzles of this game.")
@click.option("--split", type=click.Choice(SPLITS), help="Only puzzles of this split (a subset).")
@click.option(
    "--prompt", help="chat-jsonl: bundled prompt (default: the paper's for the game; `ocwtool llm prompts`)."
)
@click.option(
    "--rules",
    type=click.Choice(LLM_RULES),
    help="chat-jsonl: oneshot (default; one answer) or nyt, missed-connections, only-connect (a game).",
)
@click.option("--seed", type=click.IntRange(0), help="chat-jsonl: board seed (default 0: board 0).")
@click.option(
    "--release",
    type=InputPath(exists=True, file_okay=False),
    help="chat-jsonl, verifiers-env: read a built release folder instead of the workspace's stores.",
)
@click.option("--config", help="chat-jsonl: the release config to read (default: all).")
@click.argument("out_arg", metavar="[OUT]", required=False, type=click.Path(path_type=Path))
@pass_app
@typed_options(ChatOptions, "chat")
def export_cmd(
    app: AppContext,
    /,
    fmt: str,
    sources: tuple[str, ...],
    out: Path | None,
    game: str | None,
    split: str | None,
    out_arg: Path | None,
    chat: ChatOptions,
) -> None:
    """Export puzzle stores to a file (default: exports/<source>.<ext> in the workspace); OUT is
    the same as --out.

    With a single --source, details kept by its import (e.g. the OCW season map form) are used, so
    an imported file comes back equal. CSV is formula-safe: a text cell starting with = + - @ (or a
    tab or CR) gets a ' in front, so spreadsheets show it as text (undoing it: docs/formats.md).

    chat-jsonl writes supervised fine-tuning conversations (default: exports/<source>.chat.jsonl):
    a bundled prompt about each puzzle, its board a seeded shuffle (never the solution order), and
    the gold answer as the assistant's; under game rules one guess per assistant turn, the engine's
    feedback between. verifiers-env writes a verifiers environment package into the new folder OUT:
    its load_environment(config, split, rules) plays the bundled puzzles one-shot or one guess per
    turn, rewarded by the figures `ocwtool eval` gives; it imports nothing from ocwtool
    (docs/training.md).
    """
    from ocwtool.acquisition.files import export_to

    out = _one_out(out, out_arg)
    if fmt.lower() == VERIFIERS_ENV:
        return _export_env(app, sources, out, chat, game or split)
    if fmt.lower() == CHAT_JSONL:
        return _export_chat(app, _chat_request(chat, sources, game, split), out)
    if chat.release is not None:
        raise click.UsageError(f"--release works with --format {' or '.join(TRAINING_EXPORTS)} only")
    if given := chat.chat_only():
        raise click.UsageError(f"{', '.join(given)} only apply to --format {CHAT_JSONL}")
    if out is not None and out.is_dir():
        raise click.UsageError(f"{out} is a folder; --format {fmt} writes a file")
    ws = app.workspace()
    report = export_to(ws, fmt, sources, out, game=game, split=split)
    target = ws.rel(report.path)
    term.echo(f"Exported {report.count} puzzles from {', '.join(report.sources)} to {target}")


def _chat_request(
    chat: ChatOptions, sources: tuple[str, ...], game: str | None, split: str | None
) -> ChatRequest:
    """The chat-jsonl request of the command's options (a --config names the release config)."""
    from ocwtool.training.chat_export import ChatRequest

    return ChatRequest(
        prompt=chat.prompt,
        rules=chat.rules or "oneshot",
        seed=chat.seed or 0,
        split=split or "all",
        sources=(chat.config,) if chat.config else sources,
        game=game,
        release=chat.release,
    )


def _export_chat(app: AppContext, request: ChatRequest, out: Path | None) -> None:
    """Conversations to ``out`` (default: exports/<source or config>.chat.jsonl), notes to stderr."""
    from ocwtool.training.chat_export import export_chat

    ws = app.workspace()
    label = request.sources[0] if len(request.sources) == 1 else "all"
    target = out or ws.export_path(f"{label}.chat.jsonl")
    report = export_chat(ws, request, target)
    for note in report.notes:
        term.echo(f"Note: {note}", err=True)
    prompts = ", ".join(f"{name} {n}" for name, n in report.prompts.items())
    term.echo(
        f"Exported {report.conversations} conversations of {report.puzzles} puzzles "
        f"(prompts: {prompts}; rules {request.rules}, seed {request.seed}) to {ws.rel(target)}"
    )


def _one_out(out: Path | None, out_arg: Path | None) -> Path | None:
    if out is not None and out_arg is not None:
        raise click.UsageError("give the output once: --out or OUT, not both")
    return out or out_arg


def _export_env(
    app: AppContext, sources: tuple[str, ...], out: Path | None, chat: ChatOptions, subset: str | None
) -> None:
    """The verifiers environment package: every split of the stores or the release's configs."""
    from ocwtool.training.verifiers_export import export_verifiers_env

    if out is None:
        raise click.UsageError(f"--format {VERIFIERS_ENV} needs the folder to write: OUT or --out")
    if given := chat.chat_only():
        raise click.UsageError(f"{', '.join(given)} only apply to --format {CHAT_JSONL}")
    release = chat.release
    if subset is not None:
        raise click.UsageError(f"--format {VERIFIERS_ENV} bundles every split and game; drop --split/--game")
    ws = None if release is not None else app.workspace()
    report = export_verifiers_env(out, workspace=ws, release=release, sources=sources)
    for config, splits in report.counts.items():
        term.echo(f"  {config}: " + ", ".join(f"{s} {n}" for s, n in splits.items()), err=True)
    term.echo(f"Exported {report.total} puzzles as a verifiers environment to {out} (docs/training.md)")


@click.command("info")
@click.option("-s", "--source", "sources", multiple=True, help="Store(s) to describe (default: all).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@pass_app
def info_cmd(app: AppContext, sources: tuple[str, ...], as_json: bool) -> None:
    """Show what the workspace holds: puzzles per source, season/year and split, and flags found
    (duplicate clues, blank connections, picture puzzles, stored flags).

    \b
    Examples:
      ocwtool info
      ocwtool -w my-dataset info --json
    """
    from ocwtool.info import render, summarize

    ws = app.workspace()
    if not sources and not ws.store_names():
        term.echo(f"Workspace {ws.root} has no puzzles yet; import some: ocwtool import FILE --format ocw")
        return
    summary = summarize(ws.stores(sources))
    if as_json:
        term.echo_json(json.dumps(summary, indent=2))
    else:
        term.echo(render(summary, str(ws.root)))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
