"""Adjudication of proposed trick words people disagree on (``annotate adjudicate``).

As for red herrings (:mod:`ocwtool.annotations.adjudicate_herrings`): a proposed word that two or more
people answered, all alike, is settled without asking (:func:`ocwtool.annotations.tricks.settle`); a
word some confirmed ("belongs to no group") and some rejected is put to the adjudicator (``y`` it
belongs to no group, ``n`` it belongs to a group, ``k`` skip, ``q`` quit). Each decision is appended to
``annotations/adjudicated-tricks.jsonl`` as the board's record (with the board's earlier decisions),
and a word decided before is not asked again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ocwtool.annotations.session import Clock, utc_now
from ocwtool.annotations.terminal import Terminal, ask_yes_no, settle_each
from ocwtool.annotations.trick_review import trick_text
from ocwtool.annotations.tricks import GUIDELINE_VERSION, BoardTrick, board_tricks, disputed
from ocwtool.schema.annotations import ItemRecord, TrickVerdict
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import append_trick_adjudication, read_trick_adjudications


@dataclass(frozen=True)
class TrickDispute:
    """A proposed word of a board that people answered differently."""

    board: Puzzle
    trick: BoardTrick


def trick_disputes(boards: Sequence[Puzzle], folder: Path) -> list[TrickDispute]:
    """The undecided disputed words, board by board."""
    by_id = {b.id: b for b in boards}
    return [
        TrickDispute(by_id[bid], t)
        for bid, tricks in board_tricks(boards, folder).items()
        for t in tricks
        if t.status == "proposed" and disputed(t.answers)
    ]


def _decide(term: Terminal, case: TrickDispute, progress: str) -> bool | None:
    t = case.trick
    term.show(f"[{progress}] {case.board.id}\n{trick_text(case.board, t.trick, '1/1')}")
    for name, yes in sorted(t.answers.items()):
        term.show(f"  {name}: {'belongs to no group' if yes else 'belongs to a group'}")
    return ask_yes_no(term, "Belongs to no group? [y n | k skip, q quit]: ")


def _save(folder: Path, case: TrickDispute, no_group: bool, adjudicator: str, clock: Clock) -> None:
    before = read_trick_adjudications(folder).get(case.board.id)
    t = case.trick.trick
    verdict = TrickVerdict(word=t.word, seems_to_fit=t.group, no_group=no_group)
    names = ", ".join(sorted(case.trick.answers))
    record = ItemRecord(
        annotator=adjudicator,
        puzzle_id=case.board.id,
        status="answered",
        trick_words=(*(before.trick_words if before else ()), verdict),
        note=f"adjudicated trick words of {names}",
        created_at=clock(),
        guideline_version=GUIDELINE_VERSION,
    )
    append_trick_adjudication(folder, record)


def run_trick_adjudication(
    boards: Sequence[Puzzle], folder: Path, adjudicator: str, term: Terminal, clock: Clock = utc_now
) -> tuple[int, int]:
    """Decide every undecided disputed trick word; return (decided now, still open)."""
    todo = trick_disputes(boards, folder)
    done, _quit = settle_each(
        todo,
        lambda case, at: _decide(term, case, at),
        lambda case, yes: _save(folder, case, yes, adjudicator, clock),
    )
    return done, len(todo) - done
