"""Label Studio results <-> ocwtool item records, and the file interop (JSON export / import).

A Label Studio annotation's ``result[]`` holds one item per filled control of the labelling config
(:mod:`ocwtool.annotations.labelstudio.config`): ``knowledge_<k>`` (+ ``combination_<k>``) per group,
``herring_<n>`` (+ ``herring_why_<n>``) per clue, ``decoy_verdict_<d>`` per suggested decoy (the
decoys themselves are in the task's data), ``trap_groups``, ``red_herring_categories`` and ``note``.
A confirmed decoy becomes a red-herring word; a trap group becomes a red-herring category when it
keeps Connections Eval's rule (:mod:`ocwtool.schema.traps`), and is reported, not imported, when it
breaks it. Annotations of the earlier configs are still read: a Combined group's parts ticked in
``combined_<k>``, several choices in ``knowledge_<k>`` (= Combined), red herrings as
``red_herring_words`` text lines.

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
from ocwtool.annotations.labelstudio.config import COMBINED, CONFIRM, GROUPS, PLUS, group_choice
from ocwtool.annotations.labelstudio.decoys import Decoy, from_data, source_text
from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import GroupLabel, ItemRecord, RedHerringCategory, RedHerringWord
from ocwtool.schema.models import Puzzle
from ocwtool.schema.traps import gold_groups, trap_group_problem

Result = dict[str, Any]
_NUMBERED = re.compile(r"^(knowledge|combination|combined|herring|herring_why|decoy_verdict)_(\d+)$")


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
            out.append(_choices(f"combination_{k}", f"group_{k}", [PLUS.join(label_names(label))]))
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
            parts = _parts(numbered, k)
            if len(parts) < 2:
                raise AnnotationError(
                    f"{where}: group {k} is Combined but names {len(parts)} parts (need 2+)"
                )
            names = parts
        out.append(GroupLabel(group_id=puzzle.groups[k - 1].id, label=label_from_names(names, where)))
    return out


def _parts(numbered: dict[str, dict[int, list[str]]], k: int) -> list[str]:
    """A Combined group's types: its combination (one choice, ``A + B``), else the earlier config's
    ticked parts."""
    if chosen := numbered.get("combination", {}).get(k):
        return [part for value in chosen for part in value.split(PLUS)]
    return numbered.get("combined", {}).get(k, [])


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


def _confirmed(
    puzzle: Puzzle, numbered: dict[str, dict[int, list[str]]], decoys: list[Decoy], where: str
) -> tuple[list[RedHerringWord], list[str]]:
    """The decoys the annotator confirmed, as red-herring words; verdicts on no decoy are reported."""
    out, problems = [], []
    for d, verdict in sorted(numbered.get("decoy_verdict", {}).items()):
        if CONFIRM not in verdict:
            continue
        if not 1 <= d <= len(decoys):
            problems.append(f"{where}: decoy {d} confirmed, but the task shows no decoy {d}")
            continue
        decoy = decoys[d - 1]
        why = f"confirmed decoy (score {decoy.score:.2f}, {source_text(decoy.source)}): {decoy.evidence}"
        fits = puzzle.groups[decoy.group - 1].id
        out.append(RedHerringWord(clue=decoy.text, clue_number=decoy.clue, fits_group=fits, reason=why))
    return out, problems


def _traps(puzzle: Puzzle, lines: list[str], where: str) -> tuple[list[RedHerringCategory], list[str]]:
    """Trap-group lines as categories; a line that is no trap group is reported with the reason."""
    out, problems = [], []
    for line in lines:
        try:
            cat = parse_category(puzzle, line, where)
        except AnnotationError:
            expected = "'<clue>,<clue>,<clue>,<clue>: theme' (4 or more distinct clue numbers or texts)"
            problems.append(f"{where}: trap group {line!r}: expected {expected}")
            continue
        if (why := trap_group_problem(gold_groups(puzzle), cat.clues)) is not None:
            problems.append(f"{where}: trap group {line!r} {why}")
        else:
            out.append(cat)
    return out, problems


def _union(words: list[RedHerringWord]) -> tuple[RedHerringWord, ...]:
    """One word per clue and group (the first: a clue's own pick before a confirmed decoy)."""
    seen: dict[tuple[int, str], RedHerringWord] = {}
    for w in words:
        seen.setdefault((w.clue_number, w.fits_group), w)
    return tuple(seen.values())


def read_result(
    puzzle: Puzzle,
    result: list[Any],
    *,
    annotator: str,
    created_at: Any,
    cancelled: bool,
    where: str,
    data: Mapping[str, Any] | None = None,
) -> tuple[ItemRecord, list[str]]:
    """The item record an annotation's ``result[]`` says (``data``: its task's data, which holds the
    decoys it showed), and what of it was not imported and why (trap groups that break the rule).
    An annotation that cannot be read at all raises ``AnnotationError`` naming the problem."""
    numbered, texts = _gather(result)
    if any(len(v) > 1 for v in numbered.get("knowledge", {}).values()):  # older export: several = Combined
        numbered["combined"] = {k: v for k, v in numbered["knowledge"].items() if len(v) > 1}
        numbered["knowledge"] = {k: [COMBINED] if len(v) > 1 else v for k, v in numbered["knowledge"].items()}
    legacy, _ = parse_herrings(puzzle, texts.get("red_herring_words", []), [], where)
    decoys, problems = _confirmed(puzzle, numbered, from_data(data or {}), where)
    traps, dropped = _traps(puzzle, texts.get("trap_groups", []), where)
    cats = [parse_category(puzzle, line, where) for line in texts.get("red_herring_categories", [])]
    labelled = not cancelled
    record = ItemRecord(
        annotator=annotator,
        puzzle_id=puzzle.id,
        status="labelled" if labelled else "skipped",
        groups=tuple(_labels(puzzle, numbered, where)) if labelled else (),
        red_herring_words=_union([*_words(puzzle, numbered, where), *legacy, *decoys]) if labelled else (),
        red_herring_categories=(*traps, *cats) if labelled else (),
        note="\n".join(texts.get("note", [])),
        created_at=stamp(created_at, where),
        guideline_version=GUIDELINE_VERSION,
    )
    return record, (problems + dropped if labelled else [])


def record_from_result(
    puzzle: Puzzle,
    result: list[Any],
    *,
    annotator: str,
    created_at: Any,
    cancelled: bool,
    where: str,
    data: Mapping[str, Any] | None = None,
) -> ItemRecord:
    """:func:`read_result`, strict: anything that cannot be imported raises ``AnnotationError``."""
    record, problems = read_result(
        puzzle,
        result,
        annotator=annotator,
        created_at=created_at,
        cancelled=cancelled,
        where=where,
        data=data,
    )
    if problems:
        raise AnnotationError(problems[0])
    return record


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
