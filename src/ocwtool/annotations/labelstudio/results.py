"""Label Studio results <-> ocwtool item records, and the file interop (JSON export / import).

A Label Studio annotation's ``result[]`` holds one item per filled control of the labelling config
(:mod:`ocwtool.annotations.labelstudio.config`): ``knowledge_<k>`` (+ ``combined_<k>``) per group,
``herring_<n>`` (+ ``herring_why_<n>``) per clue, ``red_herring_categories`` and ``note``. Files
exported before that config (several choices in ``knowledge_<k>`` = Combined, red herrings as
``red_herring_words`` text lines) are still read.

Annotators travel as Label Studio users: ``completed_by`` is a user object with an e-mail (or an
id resolved through ``meta.annotators``); the ocwtool annotator is the e-mail's mapped name (see
:func:`annotator_for_email`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ocwtool.annotations.herrings import numbered_clues
from ocwtool.annotations.interop.text import (
    label_from_names,
    label_names,
    parse_category,
    parse_herrings,
    stamp,
)
from ocwtool.annotations.labelstudio.config import COMBINED, GROUPS, group_choice
from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import GroupLabel, ItemRecord, RedHerringWord
from ocwtool.schema.models import Puzzle

Result = dict[str, Any]
_NUMBERED = re.compile(r"^(knowledge|combined|herring|herring_why)_(\d+)$")


def _choices(name: str, to: str, values: list[str]) -> Result:
    return {"id": name, "from_name": name, "to_name": to, "type": "choices", "value": {"choices": values}}


def _text(name: str, to: str, lines: list[str]) -> Result:
    return {"id": name, "from_name": name, "to_name": to, "type": "textarea", "value": {"text": lines}}


def record_result(puzzle: Puzzle, rec: ItemRecord) -> list[Result]:
    """The ``result[]`` of an annotation (or prediction) saying what ``rec`` says."""
    labels = {g.group_id: g.label for g in rec.groups}
    out: list[Result] = []
    for k, g in enumerate(puzzle.groups, start=1):
        if (label := labels.get(g.id)) is None:
            continue
        single = len(label.types) == 1
        out.append(_choices(f"knowledge_{k}", f"group_{k}", label_names(label) if single else [COMBINED]))
        if not single:
            out.append(_choices(f"combined_{k}", f"group_{k}", label_names(label)))
    group_no = {g.id: k for k, g in enumerate(puzzle.groups, start=1)}
    for w in rec.red_herring_words:
        out.append(
            _choices(
                f"herring_{w.clue_number}", f"clue_{w.clue_number}", [group_choice(group_no[w.fits_group])]
            )
        )
        if w.reason:
            out.append(_text(f"herring_why_{w.clue_number}", f"clue_{w.clue_number}", [w.reason]))
    cats = [
        f"{','.join(map(str, c.clue_numbers))}: {c.theme}".rstrip(": ") for c in rec.red_herring_categories
    ]
    if cats:
        out.append(_text("red_herring_categories", "wall", cats))
    if rec.note:
        out.append(_text("note", "wall", [rec.note]))
    return out


def _values(item: Mapping[str, Any]) -> list[str]:
    value = item.get("value") or {}
    raw = value.get("choices", value.get("text", []))
    return [str(v) for v in (raw if isinstance(raw, list) else [raw])]


def _gather(result: list[Any]) -> tuple[dict[str, dict[int, list[str]]], dict[str, list[str]]]:
    """Numbered controls (kind -> number -> values) and the free-text ones (name -> lines)."""
    numbered: dict[str, dict[int, list[str]]] = {}
    texts: dict[str, list[str]] = {}
    for item in result:
        name = str(item.get("from_name", ""))
        if m := _NUMBERED.fullmatch(name):
            numbered.setdefault(m[1], {})[int(m[2])] = _values(item)
        else:
            texts[name] = [line for v in _values(item) for line in v.splitlines() if line.strip()]
    return numbered, texts


def _labels(puzzle: Puzzle, numbered: dict[str, dict[int, list[str]]], where: str) -> list[GroupLabel]:
    out = []
    for k, names in sorted(numbered.get("knowledge", {}).items()):
        if not 1 <= k <= GROUPS or not names:
            continue
        if names == [COMBINED]:
            parts = numbered.get("combined", {}).get(k, [])
            if len(parts) < 2:
                raise AnnotationError(
                    f"{where}: group {k} is Combined but names {len(parts)} parts (need 2+)"
                )
            names = parts
        out.append(GroupLabel(group_id=puzzle.groups[k - 1].id, label=label_from_names(names, where)))
    return out


def _words(puzzle: Puzzle, numbered: dict[str, dict[int, list[str]]], where: str) -> list[RedHerringWord]:
    clues = numbered_clues(puzzle)
    out = []
    for n, picks in sorted(numbered.get("herring", {}).items()):
        groups = [k for k in range(1, GROUPS + 1) if group_choice(k) in picks]
        if not 1 <= n <= len(clues) or len(groups) != 1 or clues[n - 1].group == groups[0] - 1:
            raise AnnotationError(f"{where}: red herring of clue {n}: {picks} is not one other group")
        why = " ".join(numbered.get("herring_why", {}).get(n, [])).strip()
        fits = puzzle.groups[groups[0] - 1].id
        out.append(RedHerringWord(clue=clues[n - 1].text, clue_number=n, fits_group=fits, reason=why))
    return out


def record_from_result(
    puzzle: Puzzle, result: list[Any], *, annotator: str, created_at: Any, cancelled: bool, where: str
) -> ItemRecord:
    """The item record an annotation's ``result[]`` says (``AnnotationError`` naming the problem)."""
    numbered, texts = _gather(result)
    if any(len(v) > 1 for v in numbered.get("knowledge", {}).values()):  # older export: several = Combined
        numbered["combined"] = {k: v for k, v in numbered["knowledge"].items() if len(v) > 1}
        numbered["knowledge"] = {k: [COMBINED] if len(v) > 1 else v for k, v in numbered["knowledge"].items()}
    legacy, _ = parse_herrings(puzzle, texts.get("red_herring_words", []), [], where)
    cats = tuple(parse_category(puzzle, line, where) for line in texts.get("red_herring_categories", []))
    labelled = not cancelled
    return ItemRecord(
        annotator=annotator,
        puzzle_id=puzzle.id,
        status="labelled" if labelled else "skipped",
        groups=tuple(_labels(puzzle, numbered, where)) if labelled else (),
        red_herring_words=(*_words(puzzle, numbered, where), *legacy) if labelled else (),
        red_herring_categories=cats if labelled else (),
        note="\n".join(texts.get("note", [])),
        created_at=stamp(created_at, where),
        guideline_version=GUIDELINE_VERSION,
    )


def annotator_for_email(email: str, emails: Mapping[str, str] | None = None) -> str:
    """The ocwtool annotator of a Label Studio user: the name mapped to this e-mail in
    ``[labelstudio.annotators]``, else the e-mail's local part (lower case, ``_.-`` kept)."""
    for name, mapped in (emails or {}).items():
        if mapped.casefold() == email.casefold():
            return name
    return re.sub(r"[^a-z0-9_.-]", "-", email.split("@")[0].lower()).strip("-._") or "labelstudio-user"


def email_for_annotator(name: str, emails: Mapping[str, str] | None = None) -> str:
    """The Label Studio e-mail of an ocwtool annotator (mapped, else ``name@ocwtool.invalid``)."""
    return (emails or {}).get(name) or f"{name}@ocwtool.invalid"
