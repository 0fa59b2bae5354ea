"""The NYT Connections community archive: ``[{id, date, answers:[{level, group, members[4]}]}]``.

Puzzles are keyed on ``date`` (the archive's own ``id`` counter drifts): id ``nyt-YYYY-MM-DD``,
groups ``nyt-YYYY-MM-DD_<k>`` (k = 1..4, yellow..purple), ``NytMeta.number`` from the date.

* ``level`` 0..3 orders the groups; ``level: -1`` (from 2025-09-20 on) means "use list order":
  levels are then the list positions and the puzzle is flagged ``LEVEL_FROM_ORDER``.
* The archive has no starting board, so :attr:`Puzzle.clues` is **the four groups concatenated**,
  yellow..purple, members in archive order (alphabetical). It is not the published display order.
* Picture days are kept and flagged ``PICTURE`` (``NytMeta.picture``) by the one picture-day rule of
  :func:`ocwtool.schema.nyt.picture_reason`: days listed in the packaged ``nyt_facts.json`` (e.g.
  alt-text members) and any day with empty members (``EMPTY_MEMBER``, often with ``DUPLICATE_CLUE``
  since all 16 are ``""``). Nothing is dropped; each is reported.
* The archive ``id`` (and an answer order that differs from the level order) is kept in ``extras``
  so that export gives back the same list.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ocwtool.errors import SchemaError
from ocwtool.formats import ImportResult
from ocwtool.formats._common import (
    expect,
    expect_list,
    file_provenance,
    read_document,
    refuse_distractors,
)
from ocwtool.fsio import write_json
from ocwtool.schema.models import Flag, Provenance, Puzzle
from ocwtool.schema.nyt import DayGroups, build_puzzle, picture_days, picture_reason

FORMAT = "nyt-archive"
LEVEL_FROM_ORDER = -1


# Import ---------------------------------------------------------------------------------------
def import_file(path: Path, source: str) -> ImportResult:
    """Read an archive file into NYT puzzles of ``source``."""
    return load_document(
        read_document(path), where=str(path), source=source, provenance=file_provenance(path, source)
    )


def load_document(doc: Any, *, where: str, source: str, provenance: Provenance | None = None) -> ImportResult:
    """Convert a parsed archive list; errors name the entry index, date and field."""
    entries = expect_list(doc, None, where, "an array of {id, date, answers}")
    prov = provenance or Provenance(source=source)
    extras: dict[str, Any] = {"format": FORMAT, "archive_ids": {}, "answer_order": {}}
    puzzles: list[Puzzle] = []
    warnings: list[str] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(entries):
        puzzle, notes = _load_entry(raw, f"{where}: [{i}]", source, prov, extras)
        day = puzzle.id
        if day in seen:
            raise SchemaError(f"{where}: [{i}]: date {day[4:]} appears twice (first at [{seen[day]}])")
        seen[day] = i
        puzzles.append(puzzle)
        warnings.extend(notes)
    warnings.extend(_summary_notes(puzzles))
    return ImportResult(puzzles=tuple(puzzles), warnings=tuple(warnings), extras=extras)


def _load_entry(
    raw: Any, at: str, source: str, prov: Provenance, extras: dict[str, Any]
) -> tuple[Puzzle, list[str]]:
    entry = expect(raw, dict, at, "an object {id, date, answers}")
    date = _date(entry.get("date"), f"{at}: field 'date'")
    at = f"{at} ({date.isoformat()})"
    answers = expect_list(entry.get("answers"), 4, f"{at}: field 'answers'", "an array of 4 groups")
    parsed = [_answer(a, f"{at}: answers[{k}]") for k, a in enumerate(answers)]
    levels = [lv for lv, _, _ in parsed]
    order = _canonical_order(levels, at)
    if order != [0, 1, 2, 3]:
        extras["answer_order"][date.isoformat()] = levels
    if entry.get("id") is not None:
        extras["archive_ids"][date.isoformat()] = entry["id"]
    day = DayGroups(
        date=date,
        groups=[parsed[i][1:] for i in order],
        flags=(Flag.LEVEL_FROM_ORDER,) if LEVEL_FROM_ORDER in levels else (),
        emoji=False,  # emoji boards are not detected in archive files (unchanged behaviour)
    )
    puzzle = build_puzzle(day, source, prov, at, SchemaError)
    return puzzle, _picture_notes(puzzle)


def _date(value: Any, at: str) -> dt.date:
    text = expect(value, str, at, "a date YYYY-MM-DD")
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise SchemaError(f"{at}: expected a date YYYY-MM-DD, got {text!r}") from None


def _answer(raw: Any, at: str) -> tuple[int, str, list[str]]:
    """``(level, title, members)`` of one answer object."""
    answer = expect(raw, dict, at, "an object {level, group, members}")
    level = expect(answer.get("level"), int, f"{at}.level", "an integer -1..3")
    title = expect(answer.get("group"), str, f"{at}.group", "a string")
    members = expect_list(answer.get("members"), 4, f"{at}.members", "an array of 4 strings")
    for k, m in enumerate(members):
        expect(m, str, f"{at}.members[{k}]", "a string")
    return level, title, members


def _canonical_order(levels: list[int], at: str) -> list[int]:
    """Indices of the answers in yellow..purple order."""
    if all(lv == LEVEL_FROM_ORDER for lv in levels):
        return [0, 1, 2, 3]
    if sorted(levels) != [0, 1, 2, 3]:
        raise SchemaError(f"{at}: field 'level': expected 0, 1, 2, 3 once each or all -1, got {levels}")
    return sorted(range(4), key=lambda i: levels[i])


def _picture_notes(p: Puzzle) -> list[str]:
    assert p.nyt is not None
    reason = picture_reason(p.nyt.date, [c for g in p.groups for c in g.clues])
    if reason is None:
        return []
    if Flag.EMPTY_MEMBER in p.flags:
        return [f"{p.nyt.date}: picture puzzle with empty members kept (flags picture, empty_member)"]
    return [f"{p.nyt.date}: picture puzzle kept ({reason}; flag picture)"]


def _summary_notes(puzzles: list[Puzzle]) -> list[str]:
    notes = []
    by_order = sum(Flag.LEVEL_FROM_ORDER in p.flags for p in puzzles)
    if by_order:
        notes.append(f"{_puzzles(by_order)} level -1: levels taken from list order (flag level_from_order)")
    days = sorted(p.nyt.date for p in puzzles if p.nyt is not None)
    have = set(days)
    missing = [days[0] + dt.timedelta(n) for n in range((days[-1] - days[0]).days + 1)] if days else []
    missing = [d for d in missing if d not in have]
    if missing:
        shown = ", ".join(d.isoformat() for d in missing[:10]) + (" ..." if len(missing) > 10 else "")
        known = sum(d.isoformat() in picture_days() for d in missing)
        notes.append(
            f"{_days(len(missing))} missing between {days[0]} and {days[-1]} "
            f"({known} of them known picture days): {shown}"
        )
    return notes


def _puzzles(n: int) -> str:
    return "1 puzzle has" if n == 1 else f"{n} puzzles have"


def _days(n: int) -> str:
    return "1 day" if n == 1 else f"{n} days"


# Export ---------------------------------------------------------------------------------------
def export_file(puzzles: Sequence[Puzzle], path: Path, extras: dict[str, Any]) -> None:
    """Write puzzles as an archive list (4-space indented)."""
    write_json(path, dump_document(puzzles, extras), indent=4)


def dump_document(puzzles: Sequence[Puzzle], extras: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The archive list of ``puzzles`` (by date); ``extras`` restores archive ids and answer order."""
    ex = extras if extras and extras.get("format") == FORMAT else {}
    refuse_distractors(puzzles, "nyt-archive")
    dated = []
    for p in puzzles:
        if p.nyt is None:
            raise SchemaError(f"record {p.id}: nyt.date: expected an NYT puzzle with a date for this format")
        dated.append((p.nyt.date, p))
    return [_dump_entry(p, ex) for _, p in sorted(dated, key=lambda dp: dp[0])]


def _dump_entry(p: Puzzle, ex: dict[str, Any]) -> dict[str, Any]:
    assert p.nyt is not None
    day = p.nyt.date.isoformat()
    by_order = Flag.LEVEL_FROM_ORDER in p.flags
    answers = [
        {"level": LEVEL_FROM_ORDER if by_order else k, "group": g.connection, "members": list(g.clues)}
        for k, g in enumerate(p.groups)
    ]
    levels = ex.get("answer_order", {}).get(day)
    if levels:
        answers = [answers[lv] for lv in levels]
    return {"id": ex.get("archive_ids", {}).get(day, p.nyt.number), "date": day, "answers": answers}
