"""OCW JSON (``{season_to_walls_map, dataset:[walls]}``, schema in ALGORITHMS.md), both ways.

Import keeps the file's wall and group ids, ``words`` as :attr:`Puzzle.clues` and the group order.
``words`` that are the groups concatenated (the 618-wall pre-release file: every wall) are recorded as
``board_order`` ``solution``, so no player is shown them; other ``words`` are the file's own board
(``starting``). Export writes ``words`` as stored, so the published order round-trips.
``human_performance: {}`` means "not recorded" (``None``) and is written back as ``{}``. A clue
written as a JSON number (``8.5``) is read as its JSON text (``"8.5"``), flagged ``NUMERIC_CLUE`` and
reported; export writes it as a string. What the puzzles cannot hold is kept in ``extras``: the
season map in its original form (flat ints with or without ``"0"``, or ``{num_walls, start_date,
end_date}``), the key order, the wall order and unknown fields, so import then export gives back an
equal document. Export recomputes ``num_walls`` from the walls written (so a subset is consistent),
rebuilds ``gt_connections`` and ``overall_human_performance`` from the groups, and writes no split
(OCW JSON has none: one file per split).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ocwtool.errors import SchemaError
from ocwtool.formats import ImportResult
from ocwtool.formats._common import (
    clue_text,
    expect,
    expect_list,
    file_provenance,
    read_document,
)
from ocwtool.fsio import write_json
from ocwtool.schema.board import BoardOrder, order_of
from ocwtool.schema.models import (
    Flag,
    Game,
    Group,
    HumanPerformance,
    OcwMeta,
    Provenance,
    Puzzle,
    content_flags,
    sorted_flags,
)
from ocwtool.schema.records import build_model, puzzle_from_dict

FORMAT = "ocw"
GROUP_KEYS = ("group_1", "group_2", "group_3", "group_4")
DOC_KEYS = ["season_to_walls_map", "dataset"]
# ``distractors`` (ocwtool's, issue #27): words of no group, also in ``words``; absent when there are none.
WALL_KEYS = [
    "wall_id",
    "season",
    "episode",
    "words",
    "distractors",
    "gt_connections",
    "groups",
    "overall_human_performance",
]
GROUP_FIELDS = ["group_id", "gt_words", "gt_connection", "human_performance"]
HP_KEYS = ["grouping", "connection"]


# Import ---------------------------------------------------------------------------------------
def import_file(path: Path, source: str) -> ImportResult:
    """Read an OCW JSON file into puzzles of ``source`` (provenance: file name and sha256)."""
    return load_document(
        read_document(path), where=str(path), source=source, provenance=file_provenance(path, source)
    )


def load_document(doc: Any, *, where: str, source: str, provenance: Provenance | None = None) -> ImportResult:
    """Convert a parsed OCW JSON document; ``where`` (e.g. the file name) prefixes every error."""
    top = expect(doc, dict, where, "an object with 'season_to_walls_map' and 'dataset'")
    if "dataset" not in top:
        raise SchemaError(f"{where}: missing field 'dataset' (expected an array of walls)")
    walls = expect_list(top["dataset"], None, f"{where}: field 'dataset'", "an array of walls")
    prov = provenance or Provenance(source=source)
    puzzles: list[Puzzle] = []
    warnings: list[str] = []
    extras = _document_extras(top, walls)
    for i, raw in enumerate(walls):
        puzzle, notes = _load_wall(raw, f"{where}: dataset[{i}]", source, prov, extras)
        puzzles.append(puzzle)
        warnings.extend(notes)
    warnings.extend(_check_season_map(top.get("season_to_walls_map"), puzzles, where))
    return ImportResult(puzzles=tuple(puzzles), warnings=tuple(warnings), extras=extras)


def _document_extras(top: dict[str, Any], walls: list[Any]) -> dict[str, Any]:
    first_wall = walls[0] if walls and isinstance(walls[0], dict) else {}
    groups = first_wall.get("groups") if isinstance(first_wall.get("groups"), dict) else {}
    first_group: Any = next(iter(groups.values()), {}) if groups else {}
    first_hp = first_group.get("human_performance") if isinstance(first_group, dict) else None
    return {
        "format": FORMAT,
        "season_to_walls_map": top.get("season_to_walls_map"),
        "has_season_map": "season_to_walls_map" in top,
        "document_fields": {k: v for k, v in top.items() if k not in DOC_KEYS},
        "key_order": {
            "document": list(top),
            "wall": list(first_wall) or WALL_KEYS,
            "group": list(first_group) if isinstance(first_group, dict) and first_group else GROUP_FIELDS,
            "human_performance": list(first_hp) if isinstance(first_hp, dict) and first_hp else HP_KEYS,
        },
        "wall_order": [w.get("wall_id") for w in walls if isinstance(w, dict)],
        "wall_fields": {},
        "group_fields": {},
        "overall_human_performance": {},
    }


def _load_wall(
    raw: Any, where: str, source: str, prov: Provenance, extras: dict[str, Any]
) -> tuple[Puzzle, list[str]]:
    wall = expect(raw, dict, where, "a wall object")
    wall_id = expect(wall.get("wall_id"), str, f"{where}: field 'wall_id'", "a string")
    at = f"{where} (wall {wall_id})"
    numeric: list[Any] = []
    distractors = _distractors(wall, at, numeric)
    raw_words = _list16(wall, "words", at, len(distractors))
    words = [_clue(v, f"{at}: words[{k}]", numeric) for k, v in enumerate(raw_words)]
    groups = _load_groups(wall.get("groups"), at, numeric, extras)
    _check_words(words, groups, at, distractors)
    flags = content_flags(words, [g.connection for g in groups])
    notes = _wall_notes(wall, groups, at, wall_id, extras)
    if numeric:
        flags.add(Flag.NUMERIC_CLUE)
        shown = ", ".join(sorted({repr(v) for v in numeric}))
        notes.append(f"wall {wall_id}: numeric clue {shown} read as text (flag numeric_clue)")
    _keep_unknown(wall, WALL_KEYS, extras["wall_fields"], wall_id)
    data = {
        "id": wall_id,
        "game": Game.OCW,
        "source": source,
        "clues": words,
        "board_order": order_of(words, [g.clues for g in groups], BoardOrder.STARTING, distractors),
        "distractors": distractors,
        "groups": groups,
        "flags": sorted_flags(flags),
        "ocw": {"season": _opt_int(wall, "season", at), "episode": _opt_int(wall, "episode", at)},
        "provenance": prov,
    }
    return puzzle_from_dict(data, at), notes


def _check_words(words: list[str], groups: list[Group], at: str, distractors: Sequence[str] = ()) -> None:
    """``words`` must be the groups' 16 clues and the distractors (as a multiset); say which differ."""
    have, want = Counter(words), Counter([*(c for g in groups for c in g.clues), *distractors])
    if have != want:
        extra = ", ".join(repr(c) for c in sorted((have - want).elements()))
        missing = ", ".join(repr(c) for c in sorted((want - have).elements()))
        also = " and the distractors" if distractors else ""
        raise SchemaError(
            f"{at}: field 'words': expected the 16 gt_words of the groups{also}; "
            f"not in any group: {extra or 'none'}; missing: {missing or 'none'}"
        )


def _list16(wall: dict[str, Any], key: str, at: str, extra: int = 0) -> list[Any]:
    what = f"an array of {16 + extra} clues" + (f" (16 and {extra} distractors)" if extra else "")
    return expect_list(wall.get(key), 16 + extra, f"{at}: field '{key}'", what)


def _distractors(wall: dict[str, Any], at: str, numeric: list[Any]) -> list[str]:
    """The wall's optional ``distractors``: words of no group (up to 4), also listed in ``words``."""
    if "distractors" not in wall:
        return []
    items = expect_list(wall["distractors"], None, f"{at}: field 'distractors'", "an array of words")
    return [_clue(v, f"{at}: distractors[{k}]", numeric) for k, v in enumerate(items)]


def _clue(value: Any, where: str, numeric: list[Any]) -> str:
    text, was_number = clue_text(value, where)
    if was_number:
        numeric.append(value)
    return text


def _opt_int(wall: dict[str, Any], key: str, at: str) -> int | None:
    value = wall.get(key)
    if value is None:
        return None
    result: int = expect(value, int, f"{at}: field '{key}'", "an integer or null")
    return result


def _load_groups(raw: Any, at: str, numeric: list[Any], extras: dict[str, Any]) -> list[Group]:
    groups = expect(raw, dict, f"{at}: field 'groups'", "an object group_1..group_4")
    if list(groups) != list(GROUP_KEYS):
        raise SchemaError(
            f"{at}: field 'groups': expected keys {', '.join(GROUP_KEYS)}, got {', '.join(groups)}"
        )
    return [_load_group(groups[key], f"{at}: groups.{key}", numeric, extras) for key in GROUP_KEYS]


def _load_group(raw: Any, at: str, numeric: list[Any], extras: dict[str, Any]) -> Group:
    group = expect(raw, dict, at, "a group object")
    gid = expect(group.get("group_id"), str, f"{at}.group_id", "a string")
    words = expect_list(group.get("gt_words"), 4, f"{at}.gt_words", "an array of 4 clues")
    connection = expect(group.get("gt_connection"), str, f"{at}.gt_connection", "a string")
    _keep_unknown(group, GROUP_FIELDS, extras["group_fields"], gid)
    return build_model(
        Group,
        at,
        id=gid,
        clues=tuple(_clue(v, f"{at}.gt_words[{k}]", numeric) for k, v in enumerate(words)),
        connection=connection,
        human_performance=_load_hp(group.get("human_performance"), f"{at}.human_performance"),
    )


def _load_hp(raw: Any, at: str) -> HumanPerformance | None:
    if raw is None or raw == {}:
        return None
    hp = expect(raw, dict, at, "an object {grouping, connection} or {}")
    values = []
    for key in HP_KEYS:
        value = hp.get(key)
        if value not in (0, 1) or isinstance(value, bool):
            raise SchemaError(f"{at}.{key}: expected 0 or 1, got {value!r}")
        values.append(value)
    return HumanPerformance(grouping=values[0], connection=values[1])


def _keep_unknown(obj: dict[str, Any], known: list[str], store: dict[str, Any], key: str) -> None:
    unknown = {k: v for k, v in obj.items() if k not in known}
    if unknown:
        store[key] = unknown


def _wall_notes(
    wall: dict[str, Any], groups: list[Group], at: str, wall_id: str, extras: dict[str, Any]
) -> list[str]:
    notes = []
    if wall.get("gt_connections") != [g.connection for g in groups]:
        notes.append(f"{at}: gt_connections differ from the groups' gt_connection; export rebuilds them")
    overall = wall.get("overall_human_performance")
    if overall != overall_human_performance(groups):
        extras["overall_human_performance"][wall_id] = overall
    return notes


def _check_season_map(season_map: Any, puzzles: list[Puzzle], where: str) -> list[str]:
    if season_map is None:
        return []
    at = f"{where}: field 'season_to_walls_map'"
    expect(season_map, dict, at, "an object season -> count or {num_walls, start_date, end_date}")
    counts = _season_counts(puzzles)
    notes = []
    for key, value in season_map.items():
        stated = value.get("num_walls") if isinstance(value, dict) else value
        if not isinstance(stated, int) or not key.isdigit():
            raise SchemaError(f"{at}.{key}: expected a wall count (integer) for a numbered season")
        if stated != counts.get(int(key), 0):
            notes.append(f"{at}: season {key} lists {stated} walls, the file has {counts.get(int(key), 0)}")
    return notes


def _season_counts(puzzles: Sequence[Puzzle]) -> Counter[int]:
    return Counter(p.ocw.season for p in puzzles if p.ocw is not None and p.ocw.season is not None)


# Export ---------------------------------------------------------------------------------------
def export_file(puzzles: Sequence[Puzzle], path: Path, extras: dict[str, Any]) -> None:
    """Write puzzles as an OCW JSON file (4-space indented, like the published files)."""
    write_json(path, dump_document(puzzles, extras), indent=4)


def dump_document(puzzles: Sequence[Puzzle], extras: dict[str, Any] | None = None) -> dict[str, Any]:
    """The OCW JSON document of ``puzzles``; ``extras`` (from import) restores form and key order."""
    ex = extras if extras and extras.get("format") == FORMAT else {}
    order = ex.get("key_order", {})
    walls = [_dump_wall(p, ex, order) for p in _in_file_order(puzzles, ex.get("wall_order", []))]
    doc: dict[str, Any] = {"dataset": walls, **ex.get("document_fields", {})}
    if ex.get("has_season_map", True):
        doc["season_to_walls_map"] = season_map(puzzles, ex.get("season_to_walls_map"))
    return _ordered(doc, order.get("document", DOC_KEYS))


def _in_file_order(puzzles: Sequence[Puzzle], wall_order: list[str]) -> list[Puzzle]:
    rank = {wid: i for i, wid in enumerate(wall_order)}
    return sorted(puzzles, key=lambda p: rank.get(p.id, len(rank)))


def _dump_wall(p: Puzzle, ex: dict[str, Any], order: dict[str, list[str]]) -> dict[str, Any]:
    meta = p.ocw or OcwMeta()
    overall = ex.get("overall_human_performance", {})
    wall: dict[str, Any] = {
        "wall_id": p.id,
        "season": meta.season,
        "episode": meta.episode,
        "words": list(p.clues),
        **({"distractors": list(p.distractors)} if p.distractors else {}),
        "gt_connections": list(p.connections),
        "groups": {key: _dump_group(g, ex, order) for key, g in zip(GROUP_KEYS, p.groups, strict=True)},
        "overall_human_performance": overall.get(p.id, overall_human_performance(p.groups)),
        **ex.get("wall_fields", {}).get(p.id, {}),
    }
    return _ordered(wall, order.get("wall", WALL_KEYS))


def _dump_group(g: Group, ex: dict[str, Any], order: dict[str, list[str]]) -> dict[str, Any]:
    hp: dict[str, Any] = {}
    if g.human_performance is not None:
        values = {"grouping": g.human_performance.grouping, "connection": g.human_performance.connection}
        hp = _ordered(values, order.get("human_performance", HP_KEYS))
    group = {
        "group_id": g.id,
        "gt_words": list(g.clues),
        "gt_connection": g.connection,
        "human_performance": hp,
        **ex.get("group_fields", {}).get(g.id, {}),
    }
    return _ordered(group, order.get("group", GROUP_FIELDS))


def overall_human_performance(groups: Sequence[Group]) -> dict[str, Any]:
    """Per-wall summary rebuilt from the groups: ``{grouping: [4], connections: [4]}``.

    A wall with no recorded performance gets ``{}``; a missing group's entries are ``null``.
    """
    hps = [g.human_performance for g in groups]
    if all(hp is None for hp in hps):
        return {}
    return {
        "grouping": [None if hp is None else hp.grouping for hp in hps],
        "connections": [None if hp is None else hp.connection for hp in hps],
    }


def season_map(puzzles: Sequence[Puzzle], original: Any = None) -> dict[str, Any]:
    """``season_to_walls_map`` for ``puzzles`` in the form of ``original`` (default: flat counts).

    Counts are always recomputed; seasons of the original map keep their place (count 0 if no
    wall is written, as the published ``"0": 0``) and dates; new seasons are appended in order.
    """
    counts = _season_counts(puzzles)
    base = dict(original) if isinstance(original, dict) else {}
    keys = list(base) + [str(s) for s in sorted(counts) if str(s) not in base]
    dated = any(isinstance(v, dict) for v in base.values())
    if not dated:
        return {k: counts.get(int(k), 0) for k in keys}
    out: dict[str, Any] = {}
    for k in keys:
        entry = dict(base.get(k) or _dates(puzzles, int(k)))
        entry["num_walls"] = counts.get(int(k), 0)
        out[k] = _ordered(entry, ["num_walls", "start_date", "end_date"])
    return out


def _dates(puzzles: Sequence[Puzzle], season: int) -> dict[str, Any]:
    days = sorted(p.ocw.air_date for p in puzzles if p.ocw and p.ocw.season == season and p.ocw.air_date)
    fmt = "%d/%m/%Y"
    return {
        "start_date": days[0].strftime(fmt) if days else None,
        "end_date": days[-1].strftime(fmt) if days else None,
    }


def _ordered(obj: dict[str, Any], order: list[str]) -> dict[str, Any]:
    """``obj`` with keys in ``order`` first (those present), then the rest as they come."""
    head = {k: obj[k] for k in order if k in obj}
    return {**head, **{k: v for k, v in obj.items() if k not in head}}
