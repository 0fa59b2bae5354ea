"""Label Studio files: tasks in the documented JSON export shape, and the labelling config beside them.

One task per puzzle with any record: ``id``, ``data``
(:func:`ocwtool.annotations.labelstudio.config.task_data`), ``annotations[]`` (one per human
annotator: ``completed_by`` as a user object with the annotator's e-mail, ``created_at``,
``was_cancelled`` for a skipped puzzle, ``result[]``) and ``predictions[]`` (the ``suggest``
pre-labels, ``model_version: ocwtool-suggest``). Reading accepts ``completed_by`` as a user object
(mapped by e-mail) or an id (named through ``meta.annotators``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ocwtool.annotations.annotators import check_annotator
from ocwtool.annotations.interop.text import puzzle_of
from ocwtool.annotations.labelstudio.config import labelling_config, task_data
from ocwtool.annotations.labelstudio.results import (
    annotator_for_email,
    email_for_annotator,
    record_from_result,
    record_result,
)
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import SUGGEST

SUGGEST_MODEL = "ocwtool-suggest"


def labelstudio_config() -> str:
    """The labelling config XML written beside exported tasks."""
    return labelling_config()


def _annotation(puzzle: Puzzle, rec: ItemRecord, tid: int, uid: int) -> dict[str, Any]:
    return {
        "id": tid * 1000 + uid,
        "completed_by": {"id": uid, "email": email_for_annotator(rec.annotator)},
        "created_at": rec.created_at.isoformat(),
        "updated_at": rec.created_at.isoformat(),
        "was_cancelled": rec.status == "skipped",
        "ground_truth": False,
        "lead_time": 0,
        "task": tid,
        "result": record_result(puzzle, rec),
    }


def to_labelstudio(
    puzzles: Sequence[Puzzle], stores: Mapping[str, Mapping[str, ItemRecord]]
) -> list[dict[str, Any]]:
    """Label Studio tasks (one per puzzle with any record), human annotations and suggest predictions."""
    users = {name: n for n, name in enumerate(sorted(n for n in stores if n != SUGGEST), start=1)}
    tasks = []
    for tid, puzzle in enumerate(puzzles, start=1):
        anns = [
            _annotation(puzzle, rec, tid, users[name])
            for name, recs in sorted(stores.items())
            if name != SUGGEST and (rec := recs.get(puzzle.id)) is not None
        ]
        sug = stores.get(SUGGEST, {}).get(puzzle.id)
        preds = [{"model_version": SUGGEST_MODEL, "result": record_result(puzzle, sug)}] if sug else []
        if anns or preds:
            meta = {"annotators": {str(v): k for k, v in users.items()}}
            tasks.append(
                {
                    "id": tid,
                    "data": task_data(puzzle),
                    "annotations": anns,
                    "predictions": preds,
                    "meta": meta,
                }
            )
    return tasks


def from_labelstudio(
    doc: Any, puzzles: Mapping[str, Puzzle], annotator: str | None = None
) -> list[ItemRecord]:
    """Item records from a Label Studio JSON export (a list of tasks)."""
    if not isinstance(doc, list):
        raise AnnotationError("Label Studio export: expected a JSON list of tasks")
    out = []
    for n, task in enumerate(doc, start=1):
        where = f"task {task.get('id', n)}"
        puzzle = puzzle_of(task.get("data", {}).get("puzzle_id"), puzzles, where)
        meta = task.get("meta") or {}
        for ann in task.get("annotations", []):
            name = check_annotator(annotator or _user(ann.get("completed_by"), meta))
            out.append(
                record_from_result(
                    puzzle,
                    ann.get("result") or [],
                    annotator=name,
                    created_at=ann.get("updated_at") or ann.get("created_at"),
                    cancelled=bool(ann.get("was_cancelled")),
                    where=f"{where} annotation {ann.get('id', '?')}",
                    data=task.get("data"),
                )
            )
    return out


def _user(completed_by: Any, meta: Mapping[str, Any]) -> str:
    if isinstance(completed_by, dict):
        mapped = (meta.get("annotators") or {}).get(str(completed_by.get("id")))
        email = completed_by.get("email")
        return (
            annotator_for_email(str(email))
            if email
            else str(mapped or f"labelstudio-{completed_by.get('id')}")
        )
    mapped = (meta.get("annotators") or {}).get(str(completed_by))
    return str(mapped) if mapped else f"labelstudio-{completed_by}"
