"""``ocwtool llm``: run language models on the puzzles through inspect-ai (the ``[llm]`` extra)."""

from __future__ import annotations

import datetime as dt
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.options import after_cutoff_option, day, split_option, typed_options
from ocwtool.cli.paths import InputPath
from ocwtool.names import LLM_RULES, PROTOCOLS

if TYPE_CHECKING:
    from ocwtool.llm.runner import LlmRunRequest
    from ocwtool.workspace import Workspace


@click.group("llm")
def llm_cmd() -> None:
    """Run language models on the puzzles (inspect-ai: any provider it supports).

    \b
    Examples:
      ocwtool llm run --model openai/gpt-4o --source nyt --split test --epochs 3 --cache
      ocwtool llm prompts
    """


@dataclass(frozen=True)
class RunOptions:
    """The options of ``ocwtool llm run``, one typed field each (click fills them in by name)."""

    model: str
    release: Path | None
    source: str | None
    split: str
    protocol: str
    rules: str | None
    prompt: str | None
    epochs: int
    limit: int | None
    cutoff: dt.date | None
    after_cutoff: str | None
    newest: int | None
    cache: bool
    name: str | None
    model_base_url: str | None
    max_connections: int | None
    attempt_timeout: int | None
    max_retries: int | None
    max_tokens: int | None
    no_progress: bool
    allow_errors: bool

    def request(self, workspace: Workspace) -> LlmRunRequest:
        """The runner's request: the release's puzzles (else the workspace's), the protocol with its
        rules (default: ``oneshot`` for one-shot play, ``nyt`` for interactive), the limits."""
        from ocwtool.llm.inputs import Protocol, PuzzleSource
        from ocwtool.llm.runner import LlmRunRequest

        rules = self.rules or ("oneshot" if self.protocol == "oneshot" else "nyt")
        puzzles = PuzzleSource(
            workspace=None if self.release else workspace,
            release=self.release,
            source=self.source,
            split=self.split,
            since=self.since(workspace),
            newest=self.newest,
        )
        return LlmRunRequest(
            model=self.model,
            source=puzzles,
            protocol=Protocol(self.protocol, rules, self.prompt),
            epochs=self.epochs,
            limit=self.limit,
            cache=self.cache,
            name=self.name,
            model_base_url=self.model_base_url,
            max_connections=self.max_connections,
            attempt_timeout=self.attempt_timeout,
            max_retries=self.max_retries,
            max_tokens=self.max_tokens,
            display="rich" if not self.no_progress and sys.stderr.isatty() else "none",
        )

    def since(self, workspace: Workspace) -> dt.date | None:
        """The date the run's puzzles start at: ``--cutoff``, or ``--after-cutoff``'s model's."""
        from ocwtool.evaluation.cutoffs import chosen_cutoff  # deferred: the table's model (pydantic)

        chosen = chosen_cutoff(self.cutoff, self.after_cutoff, workspace.settings.cutoffs)
        return chosen.date if chosen is not None else None


@llm_cmd.command("run")
@click.option(
    "--model", required=True, help="inspect-ai model: PROVIDER/MODEL (openai/gpt-4o, ollama/llama3, ...)."
)
@click.option(
    "--release",
    type=InputPath(file_okay=False, resolve_path=True),
    help="Play a built release folder (recorded as an absolute path, so `eval --run` finds it anywhere).",
)
@click.option("--source", help="Workspace store or release config (ocw, nyt, ...).")
@split_option("test", "Which puzzles.")
@click.option(
    "--protocol", type=click.Choice(PROTOCOLS), default="oneshot", show_default=True, help="How to play."
)
@click.option(
    "--rules",
    type=click.Choice(LLM_RULES),
    help="Game rules (interactive: nyt, missed-connections, only-connect; default nyt; oneshot: oneshot).",
)
@click.option("--prompt", help="Prompt name (default: the paper's for the game; see `ocwtool llm prompts`).")
@click.option(
    "--epochs", type=click.IntRange(1), default=1, show_default=True, help="Epochs (seeds: word order)."
)
@click.option("--limit", type=click.IntRange(1), help="Only the first N puzzles.")
@click.option(
    "--cutoff",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    callback=day,
    help="Only puzzles published on or after this date (undated ones are left out and counted).",
)
@after_cutoff_option()
@click.option("--newest", type=click.IntRange(0), help="Only the N most recently published puzzles.")
@click.option("--cache", is_flag=True, help="Cache responses (a rerun or resume pays nothing twice).")
@click.option(
    "--name",
    help="Run folder name under runs/llm/: letters, digits, '.', '_', '-' (default: from model, source, "
    "split, protocol and, for interactive play, rules).",
)
@click.option("--model-base-url", help="Base URL of the provider (e.g. a local OpenAI-compatible server).")
@click.option("--max-connections", type=click.IntRange(1), help="Concurrent requests to the provider.")
@click.option("--attempt-timeout", type=click.IntRange(1), help="Seconds before one request is retried.")
@click.option("--max-retries", type=click.IntRange(0), help="Retries per request (default: inspect's).")
@click.option(
    "--max-tokens",
    type=click.IntRange(1),
    help="Longest reply in tokens (default: the prompt's own, e.g. 144 for the OCW paper's few-shot "
    "prompt; raise it for reasoning models, whose thinking counts). Recorded with the run.",
)
@click.option("--no-progress", is_flag=True, help="Hide inspect's progress display.")
@click.option(
    "--allow-errors",
    is_flag=True,
    help="Exit 0 even when games errored (the run stays incomplete; running it again retries them).",
)
@pass_app
@typed_options(RunOptions, "options")
def run_cmd(app: AppContext, /, options: RunOptions) -> None:
    """Play the puzzles with a model; write the inspect log, transcripts and per-epoch predictions
    under runs/llm/<run>/, and print usage and cost (prices: [llm.prices] in ocwtool.toml).
    Running the same command again resumes an interrupted run and retries games that errored
    (a run with errored games is incomplete and exits 1 unless --allow-errors); an identical run
    already going in that folder is waited for (`ocwtool --no-wait llm run ...`: refused instead).
    Score it with `ocwtool eval --run`.

    \b
    Examples:
      ocwtool llm run --model openai/gpt-4o --source nyt --split test --epochs 3 --cache
      ocwtool llm run --model anthropic/claude-sonnet-4-0 --release releases/ocw-1.0 --source ocw
      ocwtool llm run --model openai/gpt-4o --source nyt --protocol interactive --rules nyt --limit 20
      ocwtool llm run --model openai/o3-mini --source ocw --max-tokens 4000
      ocwtool llm run --model openai/gpt-4o --source nyt --split all --after-cutoff gpt-4o --newest 50
      ocwtool --no-wait llm run --model openai/gpt-4o --source nyt --allow-errors
      ocwtool eval --run runs/llm/openai_gpt-4o-nyt-test-oneshot --compare-baseline random
    """
    from ocwtool.errors import LlmError
    from ocwtool.llm.folders import INCOMPLETE
    from ocwtool.llm.inputs import require_inspect
    from ocwtool.llm.prices import load_prices

    require_inspect()
    from ocwtool.llm.runner import run_llm

    ws = app.workspace()
    request = options.request(ws)
    if scope := request.source.played(options.after_cutoff)[1]:
        term.echo(scope, err=True)
    run = run_llm(request, ws, load_prices(ws.settings.llm))
    term.echo(summary(run))
    if run.status == INCOMPLETE and not options.allow_errors:
        raise LlmError(incomplete_message(run.manifest))


def incomplete_message(manifest: dict[str, Any]) -> str:
    """Why a run with errored games fails, and the two ways on."""
    return (
        f"{manifest['errored_samples']} of {manifest['samples']} games errored "
        f"({manifest.get('first_error')}); the run is incomplete: run the same command again to "
        "retry them, or pass --allow-errors to accept it as it is"
    )


def summary(run: Any) -> str:
    """A few lines: status, samples, usage, cost, and what to run next."""
    m = run.manifest
    cost = "no price in ocwtool.toml [llm.prices]" if run.cost is None else f"${run.cost:.4f}"
    u = run.usage
    return "\n".join(
        [
            f"{run.folder.name}: {run.status} ({run.resumed}), {m['samples']} games, "
            f"{m['errored_samples']} errored",
            f"prompt {m['prompt']['name']} v{m['prompt']['version']} (sha256 {m['prompt']['sha256'][:12]})",
            f"paid calls {u.calls} ({u.input_tokens} in / {u.output_tokens} out tokens), "
            f"cache reads {u.cached_calls}, cost {cost}",
            f"inspect log: {run.log_file}",
            f"score it: ocwtool eval --run {run.folder}",
        ]
    )


@llm_cmd.command("prompts")
def prompts_cmd() -> None:
    """List the bundled prompts with version, sha256 and source.

    \b
    Examples:
      ocwtool llm prompts
    """
    from ocwtool.llm.prompts import load_prompts

    for spec in load_prompts().values():
        term.echo(f"{spec.name} v{spec.version} ({spec.protocol}) sha256 {spec.sha256[:12]}  {spec.source}")
