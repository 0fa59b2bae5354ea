""" "Connecting the Dots" answer files (``results/<model>.json``) as predictions, as published.

Each record is ``{allwords, reason, categories, malformed, score, ...}``: no wall id, so a record is
matched to a puzzle by normalised clue set (:func:`~ocwtool.schema.keys.clue_key` of ``allwords``).
``categories`` maps a name to the model's words; the files hold groups of 3 or 5 words, empty
groups, and answers that are a plain string. A group earns credit only when it is exactly 4 words,
each a different clue of the wall (matched case-insensitively; a word reused from an earlier
group is counted, as their scorer credits such a group); any other group
becomes 4 empty slots (always wrong) and is counted by cause.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.scorer import GROUPS, SIZE, Prediction
from ocwtool.schema.keys import clue_key
from ocwtool.schema.text import match_form


def is_ctd_answers(records: Sequence[Any]) -> bool:
    """Do these records look like a Connecting the Dots answer file?"""
    return bool(records) and all(
        isinstance(r, dict) and "allwords" in r and "categories" in r for r in records
    )


@dataclass
class CtdAnswers:
    """Predictions made from an answer file, and the groups that could earn no credit, by cause."""

    predictions: list[Prediction] = field(default_factory=list)
    issues: Counter[str] = field(default_factory=Counter)
    unmatched: int = 0


def load_ctd_answers(
    records: Sequence[Any], clues_by_wall: Mapping[str, Sequence[str]], where: str
) -> CtdAnswers:
    """Predictions for the walls whose clue set matches a record's ``allwords``."""
    _refuse_scored_gold(records, where)
    by_key = {clue_key(clues): wid for wid, clues in clues_by_wall.items()}
    out = CtdAnswers()
    for rec in records:
        wid = by_key.get(clue_key(str(rec["allwords"]).split(", ")))
        if wid is None:
            out.unmatched += 1
            continue
        groups = _groups(rec["categories"], clues_by_wall[wid], out.issues)
        out.predictions.append(Prediction(wall_id=wid, groups=groups))
    if records and not out.predictions:
        raise EvaluationError(
            f"{where}: none of its {len(records)} answers matches an evaluated puzzle by clue set"
        )
    return out


def _refuse_scored_gold(records: Sequence[Any], where: str) -> None:
    """Their ``results/expert.json``/``novice.json`` hold each game's gold groups and a human score
    (no model reply): scored as answers, every group would be credited."""
    if records and all("score" in r and not {"reason", "malformed"} & r.keys() for r in records):
        raise EvaluationError(
            f"{where}: its records hold a game's groups and a score but no model reply (no `reason` or "
            "`malformed`), like Connecting the Dots results/expert.json and novice.json, which list the "
            "gold groups, not answers; score the human answer sheets (scoring/scripts/expert.csv, "
            "beginner.csv) instead"
        )


def _groups(categories: Any, clues: Sequence[str], issues: Counter[str]) -> tuple[tuple[str, ...], ...]:
    if not isinstance(categories, dict):
        issues["answer_not_groups"] += 1
        return tuple(("",) * SIZE for _ in range(GROUPS))
    return answer_groups(list(categories.values()), clues, issues)


def answer_groups(
    groups: Sequence[Any], clues: Sequence[str], issues: Counter[str]
) -> tuple[tuple[str, ...], ...]:
    """Four groups of the wall's own clues: a group that is not exactly 4 different clues of the wall
    becomes 4 empty slots (always wrong) and its cause is counted in ``issues``."""
    left = Counter(match_form(c) for c in clues)
    canonical = {match_form(c): c for c in clues}
    out: list[tuple[str, ...]] = []
    for words in groups:
        cause = _invalid(words, left)
        if cause:
            issues[cause] += 1
            out.append(("",) * SIZE)
            continue
        if any(left[match_form(w)] <= 0 for w in words):
            issues["word_reused"] += 1  # counted; a reused word does not void an exact group
        for w in words:
            left[match_form(w)] -= 1
        out.append(tuple(canonical[match_form(w)] for w in words))
    if len(out) > GROUPS:
        issues["extra_groups"] += len(out) - GROUPS
    out = out[:GROUPS] + [("",) * SIZE] * (GROUPS - len(out))
    return tuple(out)


def _invalid(words: Any, left: Counter[str]) -> str | None:
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        return "group_not_a_list"
    if len(words) != SIZE:
        return f"group_of_{len(words)}"
    need = Counter(match_form(w) for w in words)
    if any(k not in left for k in need):
        return "word_not_on_wall"
    if any(n > 1 for n in need.values()):
        return "word_twice_in_group"
    return None
