"""Reading predictions: OCW prediction JSON, JSONL, and raw model text matched against the clues.

Raw text is read by :func:`ocwtool.evaluation.rawtext.parse_model_text`: the answer is the LAST
complete grouping in the text (a draft inside a chain of thought does not count), each line is
scanned for the puzzle's OWN clues (``5, 6, 7, 8`` or ``$64,000`` stay one clue), a group of 3 or 5
words is kept as written and never credited, and everything that did not fit is counted per wall.

Raw text comes in a record's ``text`` field (JSON/JSONL), or as a ``.txt``/``.md`` file where each
answer follows a ``wall: <id>`` line. An answer names a trap group in a ``<traps>`` block of its text
(Connections Eval's one-shot format, which is left out of the grouping) or in a ``trap_claims`` field
(:mod:`ocwtool.evaluation.trapclaims`); Connections Eval's exchange logs are read whole
(:mod:`ocwtool.evaluation.ce_answers`). Accepted raw-text shapes (one group per line; chat preamble
lines are ignored)::

    Group 1: Danube, Rhine, Loire, Tagus — Rivers of Europe
    2. 5, 6, 7, 8 (Consecutive numbers)
    Card games: Snap; Bridge; Rummy; Whist
    [["Danube", "Rhine", "Loire", "Tagus"], ...]      (a JSON list of lists also works)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

from ocwtool.errors import EvaluationError, InputError
from ocwtool.evaluation.boundary import scorer_errors
from ocwtool.evaluation.ce_answers import is_ce_log, load_ce_log
from ocwtool.evaluation.checks import ISSUES, check_walls, fit_groups
from ocwtool.evaluation.ctd_answers import CtdAnswers, is_ctd_answers, load_ctd_answers
from ocwtool.evaluation.ctd_humans import is_ctd_humans, load_ctd_humans, read_rows
from ocwtool.evaluation.rawtext import ParsedAnswer, parse_model_text
from ocwtool.evaluation.scorer import ISSUE_EXAMPLES, Prediction, prediction_from_record
from ocwtool.evaluation.trapclaims import Claim, field_claim, text_claim, without_claims
from ocwtool.safeparse import loads_json

__all__ = ["LoadedPredictions", "ParsedAnswer", "load_prediction_file", "parse_model_text", "text_records"]

TEXT_FIELDS = ("text", "response", "output", "completion", "raw")


# ------------------------------------------------------------------------------ prediction files
class ParsingSummary(TypedDict, total=False):
    """Parsing issues of one prediction file, as the JSON report stores them: per wall for raw-text
    answers; for a file whose answers carry no wall id, ``kind`` names it and ``walls`` is empty."""

    totals: dict[str, int]
    walls: dict[str, dict[str, int]]
    kind: str


@dataclass
class LoadedPredictions:
    """Predictions of one file plus the parsing issues of its answers: per wall for raw-text answers
    (``text_issues``), or for the whole file (``file_issues``, named by ``file_kind``) for answer
    files matched by clue set, such as Connecting the Dots results and human answer sheets."""

    predictions: list[Prediction]
    text_issues: dict[str, dict[str, int]] = field(default_factory=dict)
    issues: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ISSUES, 0))
    file_issues: dict[str, int] | None = None
    file_kind: str = ""
    unknown_ids: list[str] = field(default_factory=list)  # the first walls not evaluated (file order)
    claims: dict[str, Claim] = field(default_factory=dict)  # wall id -> the answer's trap claim

    def drop(self, wall_id: str, flagged: bool) -> None:
        """Count a record of a wall not evaluated (a flagged one, or unknown: the first few named)."""
        self.issues["flagged_walls" if flagged else "unknown_walls"] += 1
        if not flagged and wall_id not in self.unknown_ids and len(self.unknown_ids) < ISSUE_EXAMPLES:
            self.unknown_ids.append(wall_id)

    def has_parsing_issues(self) -> bool:
        """Whether the report gets a ``parsing`` entry for this file."""
        return bool(self.text_issues) or self.file_issues is not None

    def totals(self) -> dict[str, int]:
        if self.file_issues is not None:
            return {"answers": len(self.predictions), **dict(sorted(self.file_issues.items()))}
        total: Counter[str] = Counter()
        for issues in self.text_issues.values():
            total.update(issues)
        return {"walls_from_text": len(self.text_issues), **dict(sorted(total.items()))}

    def parsing_summary(self) -> ParsingSummary:
        """The report's ``parsing`` entry for this file: totals and per-wall issue counts."""
        if self.file_issues is not None:
            return {"totals": self.totals(), "walls": {}, "kind": self.file_kind}
        return {"totals": self.totals(), "walls": self.text_issues}


_WALL_HEADER = re.compile(r"^\s*(?:#+\s*)?wall(?:[ _-]?id)?\s*[:=]\s*(\S+)\s*$", re.I)


def text_records(text: str, where: str) -> list[dict[str, Any]]:
    """A plain-text answers file: each answer follows a ``wall: <id>`` line (``## wall_id: <id>``
    works too); becomes ``{"wall_id", "text"}`` records for the raw-text parser."""
    records: list[dict[str, Any]] = []
    for line in text.splitlines():
        header = _WALL_HEADER.match(line)
        if header:
            records.append({"wall_id": header.group(1), "text": ""})
        elif records:
            records[-1]["text"] += line + "\n"
        elif line.strip():
            raise EvaluationError(f"{where}: text answers must start with a 'wall: <id>' line, got {line!r}")
    if not records:
        raise EvaluationError(f"{where}: no 'wall: <id>' lines found")
    return records


def _records(path: Path) -> list[Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise EvaluationError(f"{path}: cannot read predictions ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise EvaluationError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    if path.suffix in (".txt", ".md"):
        return text_records(text, str(path))
    if path.suffix == ".csv":  # "Connecting the Dots" human answers (scoring/scripts/expert.csv)
        return list(read_rows(text, str(path)))
    if path.suffix == ".jsonl":
        lines = enumerate(text.splitlines(), start=1)
        return [_parse(line, path, n) for n, line in lines if line.strip()]
    doc = _parse(text, path)
    if isinstance(doc, dict) and isinstance(doc.get("predictions"), list):
        return list(doc["predictions"])
    if not isinstance(doc, list):
        raise EvaluationError(f"{path}: expected a JSON list of predictions (or a .jsonl file)")
    return doc


def _parse(text: str, path: Path, line: int = 1) -> Any:
    """JSON of a prediction file (refusals of :mod:`ocwtool.safeparse` as ``EvaluationError``)."""
    try:
        return loads_json(text, str(path), line=line)
    except InputError as exc:
        raise EvaluationError(str(exc)) from None


def load_prediction_file(
    path: Path, clues_by_wall: Mapping[str, Sequence[str]], skipped: Collection[str] = ()
) -> LoadedPredictions:
    """Read OCW prediction JSON/JSONL; records with a ``text`` field are parsed as raw model text.

    Records for walls not evaluated are dropped and counted (``skipped``: flagged puzzles left out);
    structured groups of the wrong size and words off their wall are counted, never credited, and
    a file made for other walls is refused (:mod:`ocwtool.evaluation.checks`). A "Connecting the
    Dots" answer file is matched by clue set and counts its own groups without credit."""
    loaded = LoadedPredictions(predictions=[])
    records = _records(path)
    if is_ctd_answers(records):  # "Connecting the Dots" results/<model>.json: matched by clue set
        ctd = load_ctd_answers(records, clues_by_wall, str(path))
        return _from_ctd(ctd, "connecting-the-dots groups without credit")
    if is_ctd_humans(records):  # their human answer sheets: matched by the words of each answer
        ctd = load_ctd_humans(records, clues_by_wall, str(path))
        return _from_ctd(ctd, "connecting-the-dots human answers: repairs, groups without credit")
    if is_ce_log(records):  # Connections Eval's exchange logs: matched by board, with trap claims
        ce = load_ce_log(records, clues_by_wall, str(path))
        loaded = _from_ctd(ce, "connections-eval one-shot answers: issues, exchanges not read")
        loaded.claims = ce.claims
        return loaded
    for i, rec in enumerate(records):
        where = f"{path}: record {i}"
        wid = str(rec.get("wall_id", "")) if isinstance(rec, dict) else ""
        if isinstance(rec, dict) and "wall_id" in rec and wid not in clues_by_wall:
            loaded.drop(wid, flagged=wid in skipped)
            continue
        text_field = next((f for f in TEXT_FIELDS if isinstance(rec, dict) and f in rec), None)
        with scorer_errors():
            if text_field is None:
                loaded.predictions.append(prediction_from_record(fit_groups(rec, loaded.issues), where))
            else:
                loaded.predictions.append(_from_text(rec, text_field, clues_by_wall, where, loaded))
        _claim(rec, text_field, where, loaded)
    loaded.issues["words_not_on_wall"] = check_walls(path, loaded.predictions, clues_by_wall)
    return loaded


def _claim(rec: Any, text_field: str | None, where: str, out: LoadedPredictions) -> None:
    """The record's trap claim: its text's ``<traps>`` block, else its ``trap_claims`` field."""
    if not isinstance(rec, dict):
        return
    claim = text_claim(str(rec[text_field])) if text_field is not None else None
    if claim is None and "trap_claims" in rec:
        claim = field_claim(rec["trap_claims"], where)
    if claim is not None:
        out.claims[str(rec.get("wall_id", ""))] = claim


def _from_ctd(ctd: CtdAnswers, label: str) -> LoadedPredictions:
    """A Connecting the Dots answer file's predictions: wrong-size groups and words off the wall are
    already counted by cause, for the whole file (``file_issues``: their records carry no wall id),
    and became empty slots, so they are not counted again; records matching no evaluated wall are the
    only check left (``unknown_walls``)."""
    loaded = LoadedPredictions(predictions=ctd.predictions, file_issues=dict(ctd.issues), file_kind=label)
    loaded.issues["unknown_walls"] = ctd.unmatched
    return loaded


def _from_text(
    rec: dict[str, Any],
    text_field: str,
    clues: Mapping[str, Sequence[str]],
    where: str,
    out: LoadedPredictions,
) -> Prediction:
    wid = str(rec.get("wall_id", ""))
    if wid not in clues:
        raise EvaluationError(f"{where}: wall_id {wid!r} is not among the evaluated puzzles")
    parsed = parse_model_text(without_claims(str(rec[text_field])), clues[wid])
    out.text_issues[wid] = parsed.issues()
    base = prediction_from_record(
        {"wall_id": wid, "predicted_connections": rec.get("predicted_connections")}, where
    )
    return Prediction(wall_id=wid, groups=parsed.groups, connections=base.connections or parsed.connections)
