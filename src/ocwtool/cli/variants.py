"""``ocwtool build-variants``: OCW-Randomized and OCW-WordNet from a workspace store."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.options import none_unless_given, typed_options
from ocwtool.cli.progress import progress_option
from ocwtool.names import ALL, EXTENDED, SPLITS, VARIANT_KINDS
from ocwtool.progress import Progress

if TYPE_CHECKING:
    from ocwtool.generators.build import VariantRequest


@click.command("build-variants")
@click.option(
    "--kind",
    type=click.Choice((*VARIANT_KINDS, EXTENDED, ALL)),
    default=ALL,
    show_default=True,
    help="Which variant to build ('all': randomized and wordnet; extended only when named).",
)
@click.option(
    "--split",
    type=click.Choice((*sorted(SPLITS), ALL)),  # alphabetical: as this --help always listed them
    default=None,
    help="Puzzles to use (default as published: randomized test, wordnet all; "
    "'all' includes puzzles without a split).",
)
@click.option(
    "--seed",
    type=click.IntRange(-(2**63), 2**63 - 1),
    default=42,
    show_default=True,
    help="Random seed (a 64-bit integer: it is stored in each variant's lineage).",
)
@click.option("--source", default="ocw", show_default=True, help="Input store: puzzles/<SOURCE>.jsonl.")
@click.option("--fallback", is_flag=True, help="WordNet, ours: complete short walls from hypernyms.")
@click.option("--dedupe", is_flag=True, help="WordNet, ours: no string twice on a wall.")
@click.option("--shuffle", is_flag=True, help="WordNet, ours: shuffle the 16 clues (published: unshuffled).")
@click.option(
    "--lexicon",
    default=None,
    help="WordNet, ours: a `wn` lexicon such as oewn:2024 instead of WordNet 3.0 via NLTK.",
)
@click.option(
    "--trick-words",
    type=int,
    default=4,
    show_default=True,
    callback=none_unless_given,
    help="Extended only: trick words per board, 0 to 4 (only rule-verified ones are shown).",
)
@click.option(
    "--scorer",
    type=click.Choice(("auto", "herrings", "minilm", "wordnet")),
    default="auto",
    show_default=True,
    help="Extended: who says a candidate seems to fit a group (auto: a red-herring model saved in "
    "models/, else MiniLM if installed, else WordNet).",
)
@click.option(
    "--ocw-json",
    is_flag=True,
    help="Also write variants/<kind>.ocw.json in the published OCW JSON variant format.",
)
@progress_option
@pass_app
@typed_options("ocwtool.generators.build:VariantRequest")
def build_variants_cmd(
    app: AppContext, /, request: VariantRequest, scorer: str, ocw_json: bool, progress: Progress
) -> None:
    """Build OCW-Randomized, OCW-WordNet or extended boards into variants/<kind>.jsonl with a summary.

    Randomized (OCW paper App. C.1.1, exact random-call order): each wall keeps its first group
    and takes three groups from three other walls of the same split; a stalled sampler restarts
    on a new stream and says so. WordNet (App. C.1.2, inferred rule): synonym groups from
    WordNet 3.0, ids easy_<wall id>. --fallback, --dedupe, --shuffle and --lexicon are ours,
    off by default. Extended (ours): each board plus up to --trick-words words of other boards
    that seem to fit a group (--scorer) but fail its checkable rule (shared prefix or suffix,
    same letters, WordNet category, homophones or anagrams with the [sound] extra); evidence per
    trick in lineage.params['tricks'].

    \b
    Examples:
      ocwtool build-variants
      ocwtool build-variants --kind randomized --split test --seed 42
      ocwtool build-variants --kind wordnet --fallback --shuffle --ocw-json
      ocwtool build-variants --kind randomized --source nyt --split all
      ocwtool build-variants --kind extended --trick-words 2
      ocwtool build-variants --kind extended --scorer wordnet
    """
    from ocwtool.cli.trick_scorer import choose_scorer
    from ocwtool.generators.build import KINDS, build_all, check_trick_words

    check_trick_words(request.kind, request.trick_words)  # before --kind all becomes one request per kind
    kinds = KINDS if request.kind == ALL else (request.kind,)  # --kind all: one request per kind
    requests = [replace(request, kind=kind) for kind in kinds]
    ws = app.workspace()
    fit = choose_scorer(scorer, ws.models_dir) if EXTENDED in kinds else None
    for summary in build_all(ws, requests, ocw_json=ocw_json, progress=progress, scorer=fit):
        for line in summary.stall_warnings():
            term.echo(line, err=True)
        for line in summary.describe():
            term.echo(line)
