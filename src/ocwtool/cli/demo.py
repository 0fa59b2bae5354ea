"""``ocwtool demo``: run the whole pipeline offline on the bundled snapshot."""

from __future__ import annotations

from typing import Any

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.progress import progress_option
from ocwtool.progress import Progress


@click.command("demo")
@progress_option
@pass_app
def demo_cmd(app: AppContext, progress: Progress) -> None:
    """Run every stage offline on a bundled snapshot of original puzzles.

    A loopback server stands in for ocdb.cc, SMOCI, the NYT endpoint and the archive pages; the
    real scrapers crawl it, then the demo assigns splits, builds variants, pre-labels groups with
    `annotate suggest`, validates, runs SCRIPTED oracle and random players (not models) through
    the LLM runner on a loopback OpenAI-compatible server and scores them (needs the [llm] extra;
    skipped with a note without it), mines red herrings from their transcripts (annotator
    play-decoys, as `annotate decoys`), scores the baselines (with fixation on those decoys),
    builds and verifies a release (it ships the decoys), scores the baselines on it, and draws the
    report (reports/report.html, as `ocwtool report`). The
    workspace it leaves behind can be explored with the other commands. The demo refuses a
    workspace that already holds puzzles or captures (its invented puzzles would mix with them).

    \b
    Examples:
      ocwtool -w demo-workspace demo
      ocwtool demo                       # in the current folder, if it holds no data
      ocwtool -w demo-workspace info
    """
    from ocwtool.demo.run import run_demo
    from ocwtool.workspace import Workspace

    root = app.root
    rel = Workspace.at(root).rel
    term.echo(f"ocwtool demo in {root}")

    def echo(result: Any) -> None:
        term.echo(f"\n== {result.name} ({result.seconds:.1f} s)")
        for line in result.lines:
            term.echo(f"   {line}")
        for path in result.paths:
            term.echo(f"   wrote {rel(path)}")

    results = run_demo(root, progress=progress, echo=echo)
    total = sum(r.seconds for r in results)
    term.echo(f"\nDone: {len(results)} stages in {total:.1f} s. Explore it with: ocwtool -w {root} info")
    report = next((p for r in results for p in r.paths if p.suffix == ".html"), None)
    if report is not None:
        term.echo(f"Report: {report}")
