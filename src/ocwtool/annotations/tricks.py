"""The trick words of extended boards and what became of them: verified, confirmed, proposed, rejected.

``build-variants --kind extended`` verifies a trick word by the rule of the group it seems to fit
(:mod:`ocwtool.schema.tricks`); where the group has no checkable rule the word is only *proposed*,
and people answer "belongs to no group?" (``annotate label --tricks``, or Label Studio's Confirm /
Reject). Their answers are :class:`~ocwtool.schema.annotations.TrickVerdict` labels in records of the
extended board (status ``answered``), one store per annotator. They are settled as the red herrings are
(:mod:`ocwtool.annotations.adjudicate_herrings`): over the people who answered (:data:`MIN_ANSWERS`
or more), a word all of them confirm is *confirmed*, a word all of them reject is *rejected*, and a
word they disagree on is put to an adjudicator (``annotate adjudicate``), whose decision
(``adjudicated-tricks.jsonl``) settles it. Until then, or with fewer answers, it stays *proposed*.

:func:`board_tricks` is what releases call: they ship ``verified`` and ``confirmed`` words only, each
with its evidence (:meth:`BoardTrick.to_json`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.herring_tiers import tier
from ocwtool.schema.models import Puzzle
from ocwtool.schema.tricks import TrickWord, trick_key, tricks_of
from ocwtool.stores.annotations import read_all, read_trick_adjudications

Status = Literal["verified", "confirmed", "proposed", "rejected"]
SHIPPED: tuple[Status, ...] = ("verified", "confirmed")
GUIDELINE_VERSION = "trick-words-1"  # of the answers, in the terminal and Label Studio
MIN_ANSWERS = 2  # as red herrings: agreement needs two people or more
Stores = Mapping[str, Mapping[str, ItemRecord]]
Answers = dict[tuple[str, str], dict[str, bool]]  # (board id, word key) -> annotator -> no group?


@dataclass(frozen=True)
class BoardTrick:
    """One trick word of a board, its status and its evidence: the generator's (the group it seems
    to fit, the score, the rule it fails) and people's (each annotator's answer, the adjudicator's)."""

    board: str
    trick: TrickWord
    status: Status
    answers: dict[str, bool] = field(default_factory=dict)
    adjudicator: str | None = None

    def to_json(self) -> dict[str, object]:
        return {
            **self.trick.model_dump(mode="json"),
            "status": self.status,
            "rule_status": self.trick.status,
            "answers": {n: "no group" if yes else "in a group" for n, yes in sorted(self.answers.items())},
            "adjudicator": self.adjudicator,
        }


def human_stores(stores: Stores) -> dict[str, Mapping[str, ItemRecord]]:
    """The stores of people (not the suggester's, not decoys mined from play)."""
    return {name: recs for name, recs in stores.items() if tier(name, recs) == "human"}


def answers_of(stores: Stores) -> Answers:
    """Every person's latest answer on each trick word, by board and word."""
    out: Answers = {}
    for name, records in sorted(stores.items()):
        for board_id, rec in records.items():
            if rec.status != "answered":
                continue
            for v in rec.trick_words:
                out.setdefault((board_id, trick_key(v.word)), {})[name] = v.no_group
    return out


def trick_marks(stores: Stores) -> dict[str, dict[str, str]]:
    """annotator -> ``<board id>#<word>`` -> ``no group`` / ``in a group`` (agreement's items)."""
    out: dict[str, dict[str, str]] = {}
    for (board_id, key), said in answers_of(stores).items():
        for name, yes in said.items():
            out.setdefault(name, {})[f"{board_id}#{key}"] = "no group" if yes else "in a group"
    return out


def decisions_of(decided: Mapping[str, ItemRecord]) -> dict[tuple[str, str], tuple[bool, str]]:
    """(board id, word key) -> (belongs to no group, adjudicator) from ``adjudicated-tricks``."""
    return {
        (board_id, trick_key(v.word)): (v.no_group, rec.annotator)
        for board_id, rec in decided.items()
        for v in rec.trick_words
    }


def settle(answers: Mapping[str, bool], min_answers: int = MIN_ANSWERS) -> Status:
    """A proposed word's status from people's answers alone (no adjudication)."""
    if len(answers) < min_answers or len(set(answers.values())) != 1:
        return "proposed"
    return "confirmed" if next(iter(answers.values())) else "rejected"


def disputed(answers: Mapping[str, bool], min_answers: int = MIN_ANSWERS) -> bool:
    """People disagree on it: an adjudicator decides."""
    return len(answers) >= min_answers and len(set(answers.values())) == 2


def statuses(
    boards: Sequence[Puzzle],
    stores: Stores,
    decided: Mapping[str, ItemRecord] | None = None,
    min_answers: int = MIN_ANSWERS,
) -> dict[str, tuple[BoardTrick, ...]]:
    """Each extended board's trick words with their status (pure; ``stores``: people's, see
    :func:`human_stores`; ``decided``: the adjudicated trick words by board)."""
    answers, decisions = answers_of(stores), decisions_of(decided or {})
    out: dict[str, tuple[BoardTrick, ...]] = {}
    for board in boards:
        found = []
        for t in tricks_of(board):
            said = answers.get((board.id, t.key), {})
            verdict = decisions.get((board.id, t.key))
            if t.status == "verified":
                found.append(BoardTrick(board.id, t, "verified", said))
            elif verdict is not None:
                found.append(
                    BoardTrick(board.id, t, "confirmed" if verdict[0] else "rejected", said, verdict[1])
                )
            else:
                found.append(BoardTrick(board.id, t, settle(said, min_answers), said))
        if found:
            out[board.id] = tuple(found)
    return out


def board_tricks(
    boards: Sequence[Puzzle], folder: Path, min_answers: int = MIN_ANSWERS
) -> dict[str, tuple[BoardTrick, ...]]:
    """:func:`statuses` over the annotation stores in ``folder`` (``annotations/``): board id -> its
    trick words (boards without any left out). Releases keep those whose status is in :data:`SHIPPED`."""
    return statuses(boards, human_stores(read_all(folder)), read_trick_adjudications(folder), min_answers)


def shipped(tricks: Sequence[BoardTrick]) -> tuple[BoardTrick, ...]:
    """The words a release may show on the board: verified by a rule or confirmed by people."""
    return tuple(t for t in tricks if t.status in SHIPPED)
