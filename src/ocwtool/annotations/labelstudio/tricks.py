"""Proposed trick words in a Label Studio task, for annotators to confirm or reject (pure).

A puzzle pushed to Label Studio shows the proposed trick words (:mod:`ocwtool.schema.tricks`) of its
extended board (a board of a variant made from it by ``build-variants --kind extended``): per slot
``t`` (1-4) the text ``trick_<t>`` (the word, the group it seems to fit, the score, the generator's
evidence) and ``trick_verdict_<t>`` (Confirm: it belongs to no group; Reject: it belongs to one).
The task stores them in its data (``tricks``), so a pull reads back which word of which board was
answered whatever the workspace holds by then. A pull turns the verdicts into one record per
extended board (its ``trick_words``), beside the record of the puzzle itself.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ocwtool.annotations.tricks import GUIDELINE_VERSION
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import ItemRecord, TrickVerdict
from ocwtool.schema.models import Puzzle
from ocwtool.schema.tricks import parent_of, proposed_tricks

MAX_TRICKS = 4  # as many as a board shows
CONFIRM, REJECT = "Confirm", "Reject"
_VERDICT = re.compile(r"^trick_verdict_(\d+)$")


@dataclass(frozen=True)
class Trick:
    """A proposed trick word of the extended board ``board``, seeming to fit group ``group`` (1-4)."""

    board: str
    word: str
    group: int
    group_id: str
    score: float
    evidence: str

    def line(self, puzzle: Puzzle, slot: int) -> str:
        """The text the screen shows for this word."""
        g = puzzle.groups[self.group - 1]
        return (
            f"Trick word {slot}: {self.word} → seems to fit Group {self.group} ({g.connection or g.id}), "
            f"score {self.score:.2f}: {self.evidence}"
        )


def tricks_for(puzzles: Sequence[Puzzle], boards: Sequence[Puzzle]) -> dict[str, tuple[Trick, ...]]:
    """puzzle id -> the proposed trick words of its extended board (puzzles without any left out)."""
    by_id = {p.id: p for p in puzzles}
    out: dict[str, tuple[Trick, ...]] = {}
    for board in boards:
        puzzle = by_id.get(parent_of(board) or "")
        if puzzle is None or puzzle.id in out:
            continue
        ids = [g.id for g in puzzle.groups]
        found = [
            Trick(board.id, t.word, ids.index(t.group) + 1, t.group, t.score, t.seems_to_fit)
            for t in proposed_tricks(board)
            if t.group in ids
        ]
        if found:
            out[puzzle.id] = tuple(found[:MAX_TRICKS])
    return out


def trick_data(puzzle: Puzzle, tricks: Sequence[Trick]) -> dict[str, Any]:
    """The trick-word fields of a task's data (every slot present; an empty one offers nothing)."""
    shown = list(tricks[:MAX_TRICKS])
    data: dict[str, Any] = {"tricks": [asdict(t) for t in shown]}
    for t in range(1, MAX_TRICKS + 1):
        filled = t <= len(shown)
        data[f"trick_{t}"] = shown[t - 1].line(puzzle, t) if filled else ""
        data[f"trick_{t}_verdicts"] = [{"value": CONFIRM}, {"value": REJECT}] if filled else []
    return data


def from_data(data: Mapping[str, Any]) -> list[Trick]:
    """The trick words a task was pushed with (none for tasks pushed without)."""
    raw = data.get("tricks")
    out = []
    for item in raw if isinstance(raw, list) else []:
        try:
            out.append(Trick(**item))
        except TypeError:  # not a record this module wrote: the slot reads as empty
            continue
    return out


def _verdicts(result: Sequence[Any]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for item in result:
        if m := _VERDICT.fullmatch(str(item.get("from_name", ""))):
            raw = (item.get("value") or {}).get("choices", [])
            out[int(m[1])] = [str(v) for v in (raw if isinstance(raw, list) else [raw])]
    return out


def trick_records(
    result: Sequence[Any], data: Mapping[str, Any], *, annotator: str, created_at: dt.datetime, where: str
) -> list[ItemRecord]:
    """One record per extended board whose words the annotation confirmed or rejected (a verdict on
    an empty slot raises ``AnnotationError``: the annotation then needs attention)."""
    tricks, by_board = from_data(data), dict[str, list[TrickVerdict]]()
    for t, verdict in sorted(_verdicts(result).items()):
        if not verdict:
            continue
        if not 1 <= t <= len(tricks):
            raise AnnotationError(f"{where}: trick word {t} answered, but the task shows no trick word {t}")
        trick = tricks[t - 1]
        answer = TrickVerdict(word=trick.word, seems_to_fit=trick.group_id, no_group=CONFIRM in verdict)
        by_board.setdefault(trick.board, []).append(answer)
    return [
        ItemRecord(
            annotator=annotator,
            puzzle_id=board,
            status="answered",
            trick_words=tuple(answers),
            created_at=created_at,
            guideline_version=GUIDELINE_VERSION,
        )
        for board, answers in by_board.items()
    ]
