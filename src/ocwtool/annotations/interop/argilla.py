"""Argilla interop: records shaped like ``rg.Record.to_dict()`` plus the dataset settings.

One record per puzzle: ``id``, ``fields`` (``wall`` and ``group_<k>`` texts), ``metadata``
(puzzle and group ids, guideline version, ``created_at_<annotator>``), ``responses`` keyed by
question name with one ``{"value", "user_id", "status"}`` per annotator, and ``suggestions`` (the
``suggest`` pre-labels, ``agent: ocwtool-suggest``). Questions: ``knowledge_<k>`` (multi-label over
the five base types; two or more = Combined), ``red_herring_words``, ``red_herring_categories`` and
``note`` (text). ``user_id`` carries the ocwtool annotator name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ocwtool.annotations.annotators import check_annotator
from ocwtool.annotations.herrings import numbered_clues
from ocwtool.annotations.interop.text import herring_lines, label_from_names, parse_herrings, puzzle_of, stamp
from ocwtool.annotations.taxonomy import BY_TYPE, GUIDELINE_VERSION
from ocwtool.annotations.taxonomy import GUIDELINES_RESOURCE as GUIDELINES
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import BASE_TYPES, GroupLabel, ItemRecord
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import SUGGEST

TEXT_QUESTIONS = ("red_herring_words", "red_herring_categories", "note")


def argilla_settings() -> dict[str, Any]:
    """Dataset settings (fields and questions) matching the exported records."""
    labels = {t.value: BY_TYPE[t].name for t in BASE_TYPES}
    return {
        "guidelines": f"ocwtool annotation guidelines {GUIDELINE_VERSION} (ocwtool/data/{GUIDELINES})",
        "fields": [{"name": "wall", "type": "text"}]
        + [{"name": f"group_{k}", "type": "text"} for k in range(1, 5)],
        "questions": [
            {"name": f"knowledge_{k}", "type": "multi_label_selection", "labels": labels} for k in range(1, 5)
        ]
        + [{"name": q, "type": "text", "required": False} for q in TEXT_QUESTIONS],
    }


def _fields(puzzle: Puzzle) -> dict[str, str]:
    clues = numbered_clues(puzzle)
    out = {"wall": "  ".join(f"{c.number} {c.text}" for c in clues)}
    for k, g in enumerate(puzzle.groups, start=1):
        out[f"group_{k}"] = f"{g.connection}: " + ", ".join(
            f"{c.number} {c.text}" for c in clues if c.group == k - 1
        )
    return out


def _answers(puzzle: Puzzle, rec: ItemRecord) -> dict[str, Any]:
    labels = {g.group_id: g.label for g in rec.groups}
    out: dict[str, Any] = {
        f"knowledge_{k}": [t.value for t in labels[g.id].types]
        for k, g in enumerate(puzzle.groups, start=1)
        if g.id in labels
    }
    words, cats = herring_lines(puzzle, rec)
    for name, lines in (("red_herring_words", words), ("red_herring_categories", cats)):
        if lines:
            out[name] = "\n".join(lines)
    if rec.note:
        out["note"] = rec.note
    return out


def to_argilla(puzzles: Sequence[Puzzle], stores: Mapping[str, Mapping[str, ItemRecord]]) -> dict[str, Any]:
    """``{"settings": ..., "records": [...]}`` for every puzzle with a record."""
    records = []
    for puzzle in puzzles:
        humans = {n: r[puzzle.id] for n, r in sorted(stores.items()) if n != SUGGEST and puzzle.id in r}
        sug = stores.get(SUGGEST, {}).get(puzzle.id)
        if not humans and sug is None:
            continue
        metadata: dict[str, Any] = {"puzzle_id": puzzle.id, "guideline_version": GUIDELINE_VERSION}
        metadata |= {f"group_{k}_id": g.id for k, g in enumerate(puzzle.groups, start=1)}
        responses: dict[str, list[dict[str, Any]]] = {}
        for name, rec in humans.items():
            metadata[f"created_at_{name}"] = rec.created_at.isoformat()
            status = "discarded" if rec.status == "skipped" else "submitted"
            for question, value in _answers(puzzle, rec).items():
                responses.setdefault(question, []).append({"value": value, "user_id": name, "status": status})
            if rec.status == "skipped":
                responses.setdefault("note", []).append(
                    {"value": rec.note, "user_id": name, "status": status}
                )
        suggestions = {
            q: {"value": v, "agent": "ocwtool-suggest", "score": None}
            for q, v in (_answers(puzzle, sug) if sug else {}).items()
        }
        records.append(
            {
                "id": puzzle.id,
                "fields": _fields(puzzle),
                "metadata": metadata,
                "responses": responses,
                "suggestions": suggestions,
            }
        )
    return {"settings": argilla_settings(), "records": records}


def from_argilla(doc: Any, puzzles: Mapping[str, Puzzle], annotator: str | None = None) -> list[ItemRecord]:
    """Item records from exported Argilla records (``{"records": [...]}`` or a bare list)."""
    records = doc.get("records") if isinstance(doc, dict) else doc
    if not isinstance(records, list):
        raise AnnotationError('Argilla records: expected a JSON list of records or {"records": [...]}')
    out = []
    for n, record in enumerate(records, start=1):
        meta = record.get("metadata") or {}
        where = f"record {record.get('id', n)}"
        puzzle = puzzle_of(meta.get("puzzle_id", record.get("id")), puzzles, where)
        by_user: dict[str, dict[str, Any]] = {}
        for question, answers in (record.get("responses") or {}).items():
            for answer in answers:
                by_user.setdefault(str(answer.get("user_id")), {})[question] = answer
        for user, answers in by_user.items():
            name = check_annotator(annotator or user)
            out.append(
                _record(puzzle, name, answers, stamp(meta.get(f"created_at_{user}"), where), meta, where)
            )
    return out


def _record(
    puzzle: Puzzle, name: str, answers: Mapping[str, Any], when: Any, meta: Mapping[str, Any], where: str
) -> ItemRecord:
    skipped = any(a.get("status") == "discarded" for a in answers.values())
    groups = [
        GroupLabel(group_id=g.id, label=label_from_names(answers[f"knowledge_{k}"]["value"], where))
        for k, g in enumerate(puzzle.groups, start=1)
        if f"knowledge_{k}" in answers and not skipped
    ]
    text = {q: str(answers[q]["value"]).splitlines() if q in answers else [] for q in TEXT_QUESTIONS}
    words, cats = parse_herrings(puzzle, text["red_herring_words"], text["red_herring_categories"], where)
    return ItemRecord(
        annotator=name,
        puzzle_id=puzzle.id,
        status="skipped" if skipped else "labelled",
        groups=tuple(groups),
        red_herring_words=() if skipped else words,
        red_herring_categories=() if skipped else cats,
        note="\n".join(text["note"]),
        created_at=when,
        guideline_version=str(meta.get("guideline_version") or GUIDELINE_VERSION),
    )
