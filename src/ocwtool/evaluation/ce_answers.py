"""Connections Eval's exchange logs (``logs/connections_eval_<time>.jsonl``) as predictions.

Each line is one JSON object. An exchange (``message`` ``Exchange logged``) carries ``model``,
``puzzle_id`` (the file's own puzzle number), ``request`` (the prompt: the board follows
``Available words:``, or sits in ``<puzzle>...</puzzle>``), ``response`` (the reply), ``result``
(``ONESHOT_...`` for a one-shot answer) and, for one-shot answers, ``trap_claims``. Other lines (the
run summary) are no answers. Its puzzle numbers are not ocwtool's ids, so a one-shot answer is matched
to a puzzle by the clue set of its board, as Connecting the Dots answers are. Its groups are read from
the reply's ``<answer>`` block by the raw-text rule (:mod:`ocwtool.evaluation.rawtext`), its trap
claim from the ``<traps>`` block, else from ``trap_claims`` (:mod:`ocwtool.evaluation.trapclaims`).
Exchanges of the classic mode (one guess at a time) are counted, not read: they are games, not
answers. A puzzle answered twice keeps its first answer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.ctd_answers import CtdAnswers
from ocwtool.evaluation.rawtext import parse_model_text
from ocwtool.evaluation.scorer import Prediction
from ocwtool.evaluation.trapclaims import Claim, answer_text, field_claim, text_claim
from ocwtool.schema.keys import clue_key

EXCHANGE = "Exchange logged"
_BOARD = re.compile(r"<puzzle>(.*?)</puzzle>|Available words:[ \t]*([^\n]+)", re.I | re.S)


def is_ce_log(records: Sequence[Any]) -> bool:
    """Do these records look like a Connections Eval exchange log?"""
    exchanges = [r for r in records if isinstance(r, dict) and r.get("message") == EXCHANGE]
    return bool(exchanges) and all({"puzzle_id", "request", "response"} <= r.keys() for r in exchanges)


@dataclass
class CeAnswers(CtdAnswers):
    """Predictions of a log's one-shot answers, their trap claims by wall, and what was not read."""

    claims: dict[str, Claim] = field(default_factory=dict)


def _board(request: Any) -> list[str] | None:
    found = _BOARD.search(str(request))
    if found is None:
        return None
    return [w.strip() for w in (found.group(1) or found.group(2)).split(",") if w.strip()]


def load_ce_log(records: Sequence[Any], clues_by_wall: Mapping[str, Sequence[str]], where: str) -> CeAnswers:
    """Predictions and trap claims of the one-shot answers whose board matches an evaluated puzzle."""
    by_key = {clue_key(clues): wid for wid, clues in clues_by_wall.items()}
    out = CeAnswers()
    exchanges = [
        (i, r) for i, r in enumerate(records) if isinstance(r, dict) and r.get("message") == EXCHANGE
    ]
    for i, rec in exchanges:
        if not str(rec.get("result", "")).startswith("ONESHOT"):
            out.issues["classic_exchanges"] += 1
            continue
        board = _board(rec["request"])
        wid = by_key.get(clue_key(board)) if board else None
        if wid is None:
            out.unmatched += 1
        elif any(p.wall_id == wid for p in out.predictions):
            out.issues["repeated_puzzles"] += 1
        else:
            _answer(rec, wid, clues_by_wall[wid], f"{where}: line {i + 1}", out)
    if not out.predictions:
        raise EvaluationError(
            f"{where}: none of its {len(exchanges)} exchanges is a one-shot answer to an evaluated puzzle "
            "(boards matched by clue set)"
        )
    return out


def _answer(rec: Mapping[str, Any], wid: str, clues: Sequence[str], where: str, out: CeAnswers) -> None:
    """One one-shot answer: its groups (parsing issues counted) and its trap claim."""
    response = str(rec["response"])
    parsed = parse_model_text(answer_text(response), clues)
    out.issues.update({k: v for k, v in parsed.issues().items() if v})
    out.predictions.append(Prediction(wall_id=wid, groups=parsed.groups))
    claim = text_claim(response)
    if claim is None and "trap_claims" in rec:
        claim = field_claim(rec["trap_claims"], where)
    if claim is not None:
        out.claims[wid] = claim
