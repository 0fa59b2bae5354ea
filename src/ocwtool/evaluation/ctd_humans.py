"""Human answers of "Connecting the Dots" (``scoring/scripts/expert.csv``, ``beginner.csv``) as predictions.

One CSV row per game a person played: ``Name, Annotated?, Categories Correct, Total Points, Game
Number, Input``. ``Input`` holds the four groups the person submitted as a Python list literal
(``[[' BUTTON', ' LAUGH', ...], ...]``, words padded with spaces, groups of 3 or 5 words happen).
Some literals are broken (a quote missing) and some groups are one comma-joined string: those are
read tolerantly (groups split at brackets, an ``I`` or ``l`` typed for ``[`` after ``],`` taken
as the bracket, words split at commas, quotes and spaces stripped) and counted as ``input_repaired``.

``Game Number`` is the authors' own numbering, not a wall id, so a row is matched to the wall that
holds most of its words: at least :data:`MIN_SHARED` of them, and no other wall as many (a person's
typo does not lose the game). A row matching no wall is counted as unmatched. Groups then earn
credit exactly as model answers do (:func:`~ocwtool.evaluation.ctd_answers.answer_groups`). The
rows' own scores (``Categories Correct``, ``Total Points``) are not used.
"""

from __future__ import annotations

import ast
import csv
import io
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.ctd_answers import CtdAnswers, answer_groups
from ocwtool.evaluation.scorer import Prediction
from ocwtool.schema.keys import MIN_IDENTIFYING_CLUES
from ocwtool.schema.text import match_form

COLUMNS = ("Game Number", "Input")
MIN_SHARED = MIN_IDENTIFYING_CLUES  # words a row must share with a wall to be matched to it
_BRACKET = re.compile(r"[\[\]]")
_TYPED_BRACKET = re.compile(r"(?<=\])(\s*,\s*)[Il](?=')")  # "], I'WORD'": an I or l typed for "["


def is_ctd_humans(records: Sequence[Any]) -> bool:
    """Do these records look like rows of a Connecting the Dots human answer CSV?"""
    return bool(records) and all(isinstance(r, dict) and all(c in r for c in COLUMNS) for r in records)


def read_rows(text: str, where: str) -> list[dict[str, str]]:
    """The rows of a human answer CSV; refuses a CSV without the ``Game Number`` and ``Input`` columns."""
    reader = csv.DictReader(io.StringIO(text.removeprefix("\ufeff")))  # a spreadsheet's BOM
    missing = [c for c in COLUMNS if c not in (reader.fieldnames or ())]
    if missing:
        raise EvaluationError(
            f"{where}: a CSV of answers needs the columns {', '.join(COLUMNS)} "
            f"(a Connecting the Dots human answer file); missing: {', '.join(missing)}"
        )
    return list(reader)


def parse_input(text: str) -> tuple[list[list[str]], bool]:
    """The groups of one ``Input`` cell (words stripped) and whether it had to be repaired: a broken
    literal read tolerantly, or a group written as one comma-joined string (``['CORN, MAPLE, ...']``)."""
    try:
        value = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        value = None
    if not (
        isinstance(value, list)
        and all(isinstance(g, list) and all(isinstance(w, str) for w in g) for g in value)
    ):
        return _tolerant(text), True
    joined = [len(g) == 1 and "," in g[0] for g in value]
    groups = [_words(g[0]) if j else [w.strip() for w in g] for g, j in zip(value, joined, strict=True)]
    return groups, any(joined)


def _words(chunk: str) -> list[str]:
    return [w for w in (t.strip().strip("'\"").strip() for t in chunk.split(",")) if w]


def _tolerant(text: str) -> list[list[str]]:
    text = _TYPED_BRACKET.sub(r"\1[", text)
    return [words for words in map(_words, _BRACKET.split(text)) if words]


def _best_wall(words: Sequence[str], index: Mapping[str, Sequence[str]]) -> str | None:
    shared: Counter[str] = Counter()
    for key in {match_form(w) for w in words}:
        shared.update(index.get(key, ()))
    top = shared.most_common(2)
    if not top or top[0][1] < MIN_SHARED or (len(top) > 1 and top[1][1] == top[0][1]):
        return None
    return top[0][0]


def load_ctd_humans(
    records: Sequence[Any], clues_by_wall: Mapping[str, Sequence[str]], where: str
) -> CtdAnswers:
    """Predictions for the walls that hold most of each row's words (see the module notes)."""
    index: dict[str, list[str]] = {}
    for wid, clues in clues_by_wall.items():
        for key in {match_form(c) for c in clues} - {""}:  # a picture's empty clue identifies nothing
            index.setdefault(key, []).append(wid)
    out = CtdAnswers()
    for rec in records:
        groups, repaired = parse_input(str(rec["Input"]))
        out.issues["input_repaired"] += repaired
        wall = _best_wall([w for g in groups for w in g], index)
        if wall is None:
            out.unmatched += 1
            continue
        out.predictions.append(
            Prediction(wall_id=wall, groups=answer_groups(groups, clues_by_wall[wall], out.issues))
        )
    out.issues = +out.issues  # drop zero counts
    if records and not out.predictions:
        raise EvaluationError(
            f"{where}: none of its {len(records)} human answers shares {MIN_SHARED} words with an "
            "evaluated puzzle (score it against the Connecting the Dots games it was played on)"
        )
    return out
