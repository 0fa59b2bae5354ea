"""Predictions checked against the walls they name, so a score cannot silently mislead (pure).

* A structured group that is not exactly 4 words is scored as its first 3 words and an empty slot:
  it can never equal a gold group (a 5-word group is not cut to 4 and credited), while the words it
  did place still count for AMI/ARI/FMS/WD. Counted as ``wrong_size_groups``.
* Words that are not among the wall's clues (compared lower-cased, as the scorer does) can never
  be part of a correct group; they are counted as ``words_not_on_wall``.
* Records for walls that are not evaluated are dropped and counted: ``flagged_walls`` (left out
  as picture, emoji, media, excluded or empty-member puzzles; ``--include-flagged`` scores them)
  and ``unknown_walls``; the same for structured and raw-text answers.
* A file whose words are mostly not on the walls it names was made for other walls (e.g. answers
  to the original OCW walls scored on OCW-Randomized, which keeps their wall ids): refused.
* A file whose groups are, on most walls, the clues as stored or shown cut into fours (rows in
  order) was made from a board that gave the solution away, or by a player that read rows: warned
  (:func:`rows_warning`), never refused, since a real solver may group exactly so on a few walls.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.scorer import GROUPS, SIZE, GoldWall, Prediction
from ocwtool.schema.board import rows

OTHER_WALLS_SHARE = 0.5  # more than this share of the predicted words off their walls: refused
OTHER_WALLS_MIN_WORDS = 8
ROWS_SHARE = 0.5  # more than this share of a file's answered walls cut into fours: warned
ISSUES = ("wrong_size_groups", "words_not_on_wall", "flagged_walls", "unknown_walls")


class NothingScored(EvaluationError):
    """No prediction names an evaluated wall (``eval`` skips such a store when it scores several)."""


def fit_groups(rec: Any, issues: dict[str, int]) -> Any:
    """A structured record whose 4 groups may hold 3 or 5 words, made scorable without credit."""
    groups = rec.get("predicted_groups") if isinstance(rec, dict) else None
    if not (isinstance(groups, list) and len(groups) == GROUPS and all(isinstance(g, list) for g in groups)):
        return rec
    fitted = []
    for g in groups:
        if len(g) != SIZE:
            issues["wrong_size_groups"] += 1
        fitted.append(list(scorable_group(g)))
    return {**rec, "predicted_groups": fitted}


def scorable_group(group: Sequence[str]) -> tuple[str, ...]:
    """A group as the scorer sees it: 4 words as given; any other size its first 3 words and empty
    slots, so it can never equal a gold group (a 5-word group is not cut to 4 and credited)."""
    if len(group) == SIZE:
        return tuple(group)
    kept = list(group[: SIZE - 1])
    return tuple(kept + [""] * (SIZE - len(kept)))


def off_wall_words(pred: Prediction, clues: Sequence[str]) -> tuple[int, int]:
    """(words placed, words not among ``clues``) of one prediction; empty slots are not words."""
    if pred.groups is None:
        return 0, 0
    known = {c.lower() for c in clues}
    words = [w for g in pred.groups for w in g if w]
    return len(words), sum(w.lower() not in known for w in words)


def check_walls(path: Path, preds: Sequence[Prediction], clues: Mapping[str, Sequence[str]]) -> int:
    """Words not on their walls in ``preds``; refuses a file made for other walls."""
    placed = off = 0
    for p in preds:
        n, bad = off_wall_words(p, clues[p.wall_id])
        placed, off = placed + n, off + bad
    if placed >= OTHER_WALLS_MIN_WORDS and off > OTHER_WALLS_SHARE * placed:
        raise EvaluationError(
            f"{path}: {off} of {placed} predicted words are not on the walls they name "
            f"({len(preds)} walls): these predictions were made for other walls. Wall ids alone do not "
            "tell walls apart: OCW-Randomized keeps the original wall ids, so answers to the original "
            "walls scored on it (or the reverse) look like this. Score the file on the puzzles it "
            "was made for (--source or --release config)."
        )
    return off


def nothing_scored(files: Sequence[str], n_walls: int, issues: Sequence[Mapping[str, int]]) -> NothingScored:
    """The error when no prediction of any file names an evaluated wall."""
    unknown = sum(i.get("unknown_walls", 0) for i in issues)
    flagged = sum(i.get("flagged_walls", 0) for i in issues)
    why = [f"{unknown} prediction(s) name walls not evaluated"] if unknown else []
    if flagged:
        why.append(f"{flagged} name flagged puzzles left out (--include-flagged scores them)")
    return NothingScored(
        f"nothing to score: {', '.join(files)} answers none of the {n_walls} evaluated puzzles"
        + (f" ({'; '.join(why)})" if why else "")
        + "; check --source, --split and the wall ids"
    )


def _folded(groups: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    return [tuple(w.casefold() for w in g) for g in groups]


def cut_into_rows(pred: Prediction, gold: GoldWall) -> bool:
    """Are ``pred``'s groups, in order, the wall's clues cut into fours: its groups one after
    another (the solution order of the OCW file and the archives) or its stored board?"""
    if pred.groups is None:
        return False
    answer = _folded(pred.groups)
    solution = rows([w for g in gold.groups for w in g])
    return answer in (_folded(solution), _folded(rows(gold.words)))


def rows_warning(name: str, preds: Sequence[Prediction], golds: Mapping[str, GoldWall]) -> str | None:
    """The warning for a file whose groups are the clues cut into fours on most answered walls."""
    answered = [p for p in preds if p.groups is not None and p.wall_id in golds]
    cut = sum(cut_into_rows(p, golds[p.wall_id]) for p in answered)
    if not answered or cut <= ROWS_SHARE * len(answered):
        return None
    return (
        f"{name}: on {cut} of {len(answered)} walls the predicted groups are the clues cut into fours "
        "in the order the puzzle stores or shows them; if they were read off a board in solution "
        "order, they are not a valid result (see 'Board order' in docs/evaluation.md)"
    )
