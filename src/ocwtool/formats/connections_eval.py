"""Connections Eval (matsonj/eval-connections, MIT): ``inputs/connections_puzzles.yml``.

``puzzles:`` is a list of ``{id, date, difficulty, words[16], groups: [{name, color, words[4]}],
canonical?, valid_trap_groups?}``. ``words`` is the board shown to the model (-> :attr:`Puzzle.clues`);
``color`` gives the level (yellow 0 .. purple 3); groups are stored yellow..purple.

Ids: a puzzle whose ``id`` is the public NYT number of its ``date`` gets ``nyt-YYYY-MM-DD``. The file's
older puzzles carry their own ids with dates that do not match them (two share one date), so such a
puzzle is imported *undated* as ``<source>-<id>`` and linked to a dated NYT puzzle by its clue set
when the workspace has one (see :mod:`ocwtool.acquisition.nyt_linking`); its ``date`` and
``difficulty`` stay in ``extras``.

``valid_trap_groups`` are human-reviewed red herrings (words that look like a group but are not).
They become annotation records of annotator ``connections-eval``: one decoy category per trap group
(:class:`~ocwtool.schema.annotations.RedHerringCategory`, clue numbers on the board); a listed group
that breaks the definition of :mod:`ocwtool.schema.traps` is left out with a warning. An empty list
means *reviewed, no traps* (a labelled record without red herrings); an absent key means *not
reviewed* (no record).

:func:`dump_document` writes the same shape back: the NYT puzzles with ``id`` (the NYT number, or the
number an undated puzzle was imported with), ``date``, ``words`` (the board), ``groups`` and, for
every puzzle one annotator's labelled record covers, ``valid_trap_groups`` (its categories that are
trap groups). Importing what it wrote gives the same puzzle ids, boards and annotation records.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ocwtool.errors import SchemaError
from ocwtool.formats import ImportResult
from ocwtool.formats._common import expect, expect_list, file_provenance
from ocwtool.formats.sniff import Sample
from ocwtool.fsio import read_text
from ocwtool.safeparse import loads_yaml
from ocwtool.schema.annotations import ItemRecord, RedHerringCategory
from ocwtool.schema.models import Game, Provenance, Puzzle, nyt_number
from ocwtool.schema.nyt import DayGroups, build_puzzle
from ocwtool.schema.traps import gold_groups, trap_group_problem, trap_groups

FORMAT = "connections-eval"
ANNOTATOR = "connections-eval"
GUIDELINE = "connections-eval valid_trap_groups"
LEVELS = {"yellow": 0, "green": 1, "blue": 2, "purple": 3}
COLOURS = {level: colour for colour, level in LEVELS.items()}


def looks_like(sample: Sample) -> bool:
    """A YAML (or JSON) document ``{puzzles: [{words, groups: [{color, ...}]}]}``."""
    doc = sample.doc
    if not isinstance(doc, dict) or not isinstance(doc.get("puzzles"), list) or not doc["puzzles"]:
        return False
    first = doc["puzzles"][0]
    return isinstance(first, dict) and "groups" in first and "words" in first


def import_file(path: Path, source: str) -> ImportResult:
    """Read the YAML file into NYT puzzles of ``source`` plus red-herring annotation records."""
    doc = loads_yaml(read_text(path), str(path))
    mtime = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC)
    return load_document(
        doc, where=str(path), source=source, provenance=file_provenance(path, source), at=mtime
    )


def load_document(
    doc: Any, *, where: str, source: str, provenance: Provenance | None = None, at: dt.datetime | None = None
) -> ImportResult:
    """Convert the parsed document; ``at`` stamps the annotation records (default: the epoch)."""
    root = expect(doc, dict, where, "an object {puzzles: [...]}")
    items = expect_list(root.get("puzzles"), None, f"{where}: field 'puzzles'", "a list of puzzles")
    prov = provenance or Provenance(source=source)
    stamp = at or dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
    puzzles: list[Puzzle] = []
    records: list[ItemRecord] = []
    warnings: list[str] = []
    extras: dict[str, Any] = {"format": FORMAT, "fields": {}}
    seen: dict[str, int] = {}
    for i, raw in enumerate(items):
        puzzle, fields = _puzzle(raw, f"{where}: puzzles[{i}]", source, prov)
        if puzzle.id in seen:
            raise SchemaError(f"{where}: puzzles[{i}]: {puzzle.id} repeats puzzles[{seen[puzzle.id]}]")
        seen[puzzle.id] = i
        puzzles.append(puzzle)
        extras["fields"][puzzle.id] = fields
        if "valid_trap_groups" in raw:
            rec, notes = _traps(raw["valid_trap_groups"], puzzle, f"{where}: puzzles[{i}]", stamp)
            records.append(rec)
            warnings.extend(notes)
    warnings.extend(_summary(puzzles, records))
    return ImportResult(tuple(puzzles), tuple(warnings), extras, annotations=tuple(records))


def _puzzle(raw: Any, at: str, source: str, prov: Provenance) -> tuple[Puzzle, dict[str, Any]]:
    entry = expect(raw, dict, at, "a puzzle object {id, date, words, groups}")
    number = expect(entry.get("id"), int, f"{at}: field 'id'", "an integer")
    date = _date(entry.get("date"), f"{at}: field 'date'")
    at = f"{at} (id {number})"
    words = [
        str(w) for w in expect_list(entry.get("words"), 16, f"{at}: field 'words'", "a list of 16 words")
    ]
    groups = expect_list(entry.get("groups"), 4, f"{at}: field 'groups'", "a list of 4 groups")
    parsed = sorted((_group(g, f"{at}: groups[{k}]") for k, g in enumerate(groups)), key=lambda g: g[0])
    if [lv for lv, _, _ in parsed] != [0, 1, 2, 3]:
        raise SchemaError(f"{at}: field 'groups': expected the colours yellow, green, blue, purple once each")
    dated = date is not None and number == nyt_number(date)
    day = DayGroups(
        date=date if dated else None,
        groups=[(name, ws) for _, name, ws in parsed],
        board=words,
        emoji=None,
        puzzle_id=f"{source}-{number}",
    )
    fields = {k: _plain(entry[k]) for k in ("id", "date", "difficulty", "canonical") if k in entry}
    return build_puzzle(day, source, prov, at, SchemaError), fields


def _group(raw: Any, at: str) -> tuple[int, str, list[str]]:
    group = expect(raw, dict, at, "a group {name, color, words}")
    colour = str(group.get("color", "")).strip().lower()
    if colour not in LEVELS:
        raise SchemaError(f"{at}: field 'color': expected yellow, green, blue or purple, got {colour!r}")
    words = expect_list(group.get("words"), 4, f"{at}: field 'words'", "a list of 4 words")
    return LEVELS[colour], str(group.get("name", "")), [str(w) for w in words]


def _date(value: Any, at: str) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise SchemaError(f"{at}: expected a date YYYY-MM-DD, got {value!r}") from None


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date) else value


def _traps(raw: Any, puzzle: Puzzle, at: str, stamp: dt.datetime) -> tuple[ItemRecord, list[str]]:
    """The annotation record of one puzzle's reviewed trap groups (trap words must be on the board)."""
    traps = expect_list(raw if raw is not None else [], None, f"{at}: valid_trap_groups", "a list of groups")
    categories, notes = [], []
    for k, trap in enumerate(traps):
        words = [str(w) for w in expect_list(trap, None, f"{at}: valid_trap_groups[{k}]", "a list of words")]
        problem = trap_group_problem(gold_groups(puzzle), words)
        numbers = clue_numbers(puzzle.clues, words)
        if problem is not None or numbers is None:
            notes.append(f"{at}: trap group {words} {problem}; left out")
            continue
        categories.append(RedHerringCategory(clue_numbers=tuple(numbers), clues=tuple(words)))
    note = "Connections Eval valid_trap_groups (human-reviewed)" if traps else "reviewed: no trap groups"
    record = ItemRecord(
        annotator=ANNOTATOR,
        puzzle_id=puzzle.id,
        red_herring_categories=tuple(categories),
        note=note,
        created_at=stamp,
        guideline_version=GUIDELINE,
    )
    return record, notes


def clue_numbers(clues: Sequence[str], words: Sequence[str]) -> list[int] | None:
    """1-based board positions of ``words`` (each position used once), or None if one is missing."""
    free = Counter(clues)
    out = []
    for w in words:
        if free[w] <= 0:
            return None
        free[w] -= 1
        out.append(next(n for n, c in enumerate(clues, start=1) if c == w and n not in out))
    return out


def _summary(puzzles: Sequence[Puzzle], records: Sequence[ItemRecord]) -> list[str]:
    notes = []
    undated = sum(p.nyt is None for p in puzzles)
    if undated:
        notes.append(
            f"{undated} puzzle(s) whose id is not the NYT number of their date imported undated "
            "(linked to dated puzzles by clue set when the workspace has them)"
        )
    traps = sum(bool(r.red_herring_categories) for r in records)
    notes.append(
        f"red herrings (annotator {ANNOTATOR}): {traps} puzzle(s) with trap groups, "
        f"{len(records) - traps} reviewed without, {len(puzzles) - len(records)} not reviewed"
    )
    return notes


def dump_document(puzzles: Sequence[Puzzle], records: Mapping[str, ItemRecord]) -> str:
    """The YAML of the NYT ``puzzles`` (OCW walls have no place in it) with the trap groups of
    ``records`` (puzzle id -> one annotator's record): a labelled record gives ``valid_trap_groups``
    (``[]`` when it has none), no record leaves the key out (not reviewed)."""
    import yaml

    items = [_entry(p, records.get(p.id)) for p in puzzles if p.game is Game.NYT]
    return str(yaml.safe_dump({"puzzles": items}, sort_keys=False, allow_unicode=True, width=1_000_000))


def _entry(puzzle: Puzzle, record: ItemRecord | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": _number(puzzle)}
    if puzzle.nyt is not None:
        entry["date"] = puzzle.nyt.date
    entry["words"] = list(puzzle.clues)
    entry["groups"] = [
        {"name": g.connection, "color": COLOURS[k if g.level is None else g.level], "words": list(g.clues)}
        for k, g in enumerate(puzzle.groups)
    ]
    if record is not None and record.status == "labelled":
        traps = trap_groups(gold_groups(puzzle), record.red_herring_categories)
        entry["valid_trap_groups"] = [list(c.clues) for c in traps]
    return entry


def _number(puzzle: Puzzle) -> int:
    """The integer ``id``: the NYT number, else the one an undated puzzle's id ends with."""
    if puzzle.nyt is not None:
        return puzzle.nyt.number
    tail = puzzle.id.rsplit("-", 1)[-1]
    if not tail.isdigit():
        raise SchemaError(
            f"{puzzle.id}: no NYT date and no number at the end of its id; Connections Eval needs an "
            "integer id (export the dated puzzles only, with --source)"
        )
    return int(tail)
