"""The trick-word parts of ``ocwtool annotate label --tricks`` and ``annotate adjudicate``."""

from __future__ import annotations

from collections.abc import Sequence

import click

from ocwtool.annotations.adjudicate_tricks import run_trick_adjudication
from ocwtool.annotations.terminal import ClickTerminal
from ocwtool.annotations.trick_review import run_tricks
from ocwtool.cli import term
from ocwtool.errors import InputError
from ocwtool.schema.models import Puzzle, in_split
from ocwtool.schema.tricks import tricks_of
from ocwtool.workspace import Workspace


def extended_boards(ws: Workspace, sources: Sequence[str], kinds: Sequence[str] = ()) -> list[Puzzle]:
    """The variant boards that carry trick words (of ``kinds`` when given), in file order."""
    return [b for boards in ws.variants(sources, kinds).values() for b in boards if tricks_of(b)]


def label_tricks(
    ws: Workspace,
    annotator: str,
    variant: str,
    scope: tuple[Sequence[str], str | None],
    others: tuple[object, ...] = (),
) -> None:
    """Put the proposed trick words of ``variants/<variant>.jsonl`` (of the sources and split of
    ``scope``) to the annotator; ``others``: the type-labelling options, which --tricks does not take."""
    if any(others):
        raise click.UsageError(
            "--tricks asks about trick words only: leave out --only-unlabelled, --suggest and --decoys"
        )
    sources, split = scope
    path = ws.rel(ws.variants_path(variant))
    boards = extended_boards(ws, sources, (variant,))
    if not boards:
        raise InputError(
            f"--tricks {variant}: {path} holds no boards with trick words; build them first: "
            f"ocwtool build-variants --kind extended"
        )
    boards = in_split(boards, split) if split is not None else boards
    term.echo(f"Proposed trick words of {path}: belongs to no group? (y confirm, n reject)")
    result = run_tricks(boards, ws.annotations_dir, annotator, ClickTerminal())
    term.echo(f"Saved the answers on {result.saved} board(s); {result.left} left in this pass.")
    if result.quit and result.left:
        term.echo("Run the same command again to resume.")


def adjudicate_tricks(ws: Workspace, adjudicator: str, sources: Sequence[str]) -> None:
    """Decide the disputed trick words of every variant with trick words (silent when there are none)."""
    boards = extended_boards(ws, sources)
    if not boards:
        return
    done, left = run_trick_adjudication(boards, ws.annotations_dir, adjudicator, ClickTerminal())
    if (done, left) != (0, 0):
        term.echo(f"Trick words: decided {done}; {left} left.")
