"""Label Studio interop: tasks in the documented JSON export shape, and the labelling config XML.

One task per puzzle: ``id``, ``data`` (the wall text, each group's connection and clues),
``annotations[]`` (one per human annotator: ``completed_by``, ``created_at``, ``was_cancelled`` for
a skipped puzzle, ``result[]`` items with ``from_name``/``to_name``/``type``/``value``) and
``predictions[]`` (the ``suggest`` pre-labels). Knowledge types are ``Choices`` named
``knowledge_<k>`` (several choices = Combined); red herrings and notes are ``TextArea`` results.
Annotator names travel in ``meta.annotators`` (Label Studio user id -> name).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ocwtool.annotations.herrings import numbered_clues
from ocwtool.annotations.interop_text import (
    herring_lines,
    label_from_names,
    label_names,
    parse_herrings,
    puzzle_of,
    stamp,
)
from ocwtool.annotations.store import SUGGEST, check_annotator
from ocwtool.annotations.taxonomy import BY_TYPE, GUIDELINE_VERSION
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import BASE_TYPES, GroupLabel, ItemRecord
from ocwtool.schema.models import Puzzle


def labelstudio_config() -> str:
    """The labelling config XML for the exported tasks."""
    choices = "".join(f'<Choice value="{BY_TYPE[t].name}"/>' for t in BASE_TYPES)
    blocks = [
        f'  <Text name="group_{k}" value="$group_{k}"/>\n'
        f'  <Choices name="knowledge_{k}" toName="group_{k}" choice="multiple" showInline="true" '
        'required="true">'
        f"{choices}</Choices>"
        for k in range(1, 5)
    ]
    return (
        "<View>\n"
        '  <Header value="$puzzle_id"/>\n'
        '  <Text name="wall" value="$wall"/>\n' + "\n".join(blocks) + "\n"
        "  <Header value=\"Red herrings: one per line, 'clue -> group: why' and 'c1,c2,c3: decoy theme'\"/>\n"
        '  <TextArea name="red_herring_words" toName="wall" rows="3"/>\n'
        '  <TextArea name="red_herring_categories" toName="wall" rows="2"/>\n'
        '  <TextArea name="note" toName="wall" rows="1"/>\n'
        "</View>\n"
    )


def _ls_data(puzzle: Puzzle) -> dict[str, Any]:
    clues = numbered_clues(puzzle)
    data: dict[str, Any] = {"puzzle_id": puzzle.id, "wall": "  ".join(f"{c.number} {c.text}" for c in clues)}
    for k, g in enumerate(puzzle.groups, start=1):
        mine = ", ".join(f"{c.number} {c.text}" for c in clues if c.group == k - 1)
        data[f"group_{k}"] = f"{g.connection}: {mine}"
        data[f"group_{k}_id"] = g.id
    return data


def _ls_result(puzzle: Puzzle, rec: ItemRecord) -> list[dict[str, Any]]:
    labels = {g.group_id: g.label for g in rec.groups}
    result: list[dict[str, Any]] = []
    for k, g in enumerate(puzzle.groups, start=1):
        if g.id in labels:
            value = {"choices": label_names(labels[g.id])}
            result.append(
                {
                    "id": f"k{k}",
                    "from_name": f"knowledge_{k}",
                    "to_name": f"group_{k}",
                    "type": "choices",
                    "value": value,
                }
            )
    words, cats = herring_lines(puzzle, rec)
    for name, text in (
        ("red_herring_words", words),
        ("red_herring_categories", cats),
        ("note", [rec.note] if rec.note else []),
    ):
        if text:
            result.append(
                {
                    "id": name,
                    "from_name": name,
                    "to_name": "wall",
                    "type": "textarea",
                    "value": {"text": text},
                }
            )
    return result


def to_labelstudio(
    puzzles: Sequence[Puzzle], stores: Mapping[str, Mapping[str, ItemRecord]]
) -> list[dict[str, Any]]:
    """Label Studio tasks (one per puzzle with any record), human annotations and suggest predictions."""
    users = {name: n for n, name in enumerate(sorted(n for n in stores if n != SUGGEST), start=1)}
    tasks = []
    for tid, puzzle in enumerate(puzzles, start=1):
        anns = [
            {
                "id": tid * 1000 + users[name],
                "completed_by": users[name],
                "created_at": rec.created_at.isoformat(),
                "updated_at": rec.created_at.isoformat(),
                "was_cancelled": rec.status == "skipped",
                "ground_truth": False,
                "lead_time": 0,
                "task": tid,
                "result": _ls_result(puzzle, rec),
            }
            for name, recs in sorted(stores.items())
            if name != SUGGEST and (rec := recs.get(puzzle.id)) is not None
        ]
        sug = stores.get(SUGGEST, {}).get(puzzle.id)
        preds = [{"model_version": "ocwtool-suggest", "result": _ls_result(puzzle, sug)}] if sug else []
        if anns or preds:
            meta = {
                "annotators": {str(v): k for k, v in users.items()},
                "guideline_version": GUIDELINE_VERSION,
            }
            tasks.append(
                {"id": tid, "data": _ls_data(puzzle), "annotations": anns, "predictions": preds, "meta": meta}
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
            name = annotator or _ls_user(ann.get("completed_by"), meta)
            out.append(_ls_record(puzzle, ann, check_annotator(name), meta, where))
    return out


def _ls_user(completed_by: Any, meta: Mapping[str, Any]) -> str:
    if isinstance(completed_by, dict):
        email = str(completed_by.get("email") or completed_by.get("id"))
        return re.sub(r"[^a-z0-9_.-]", "-", email.split("@")[0].lower())
    mapped = (meta.get("annotators") or {}).get(str(completed_by))
    return str(mapped) if mapped else f"labelstudio-{completed_by}"


def _ls_record(
    puzzle: Puzzle, ann: Mapping[str, Any], name: str, meta: Mapping[str, Any], where: str
) -> ItemRecord:
    groups: list[GroupLabel] = []
    texts: dict[str, list[str]] = {"red_herring_words": [], "red_herring_categories": [], "note": []}
    for item in ann.get("result", []):
        source, value = str(item.get("from_name", "")), item.get("value", {})
        if source.startswith("knowledge_") and source[10:].isdigit() and 1 <= int(source[10:]) <= 4:
            gid = puzzle.groups[int(source[10:]) - 1].id
            groups.append(GroupLabel(group_id=gid, label=label_from_names(value.get("choices", []), where)))
        elif source in texts:
            texts[source] = [line for t in value.get("text", []) for line in str(t).splitlines()]
    words, cats = parse_herrings(puzzle, texts["red_herring_words"], texts["red_herring_categories"], where)
    skipped = bool(ann.get("was_cancelled"))
    return ItemRecord(
        annotator=name,
        puzzle_id=puzzle.id,
        status="skipped" if skipped else "labelled",
        groups=() if skipped else tuple(groups),
        red_herring_words=() if skipped else words,
        red_herring_categories=() if skipped else cats,
        note="\n".join(texts["note"]),
        created_at=stamp(ann.get("created_at"), where),
        guideline_version=str(meta.get("guideline_version") or GUIDELINE_VERSION),
    )
