""" "Connecting the Dots" (Samadarshi et al.) gold files: ``{allwords, categories:{TITLE:[4 words]}}``.

A file holds a list of games, newest first (a single game object, or an object of games keyed by an
id, are also read). Per game: ``allwords`` is the starting board (-> :attr:`Puzzle.clues`), the
``categories`` keys are the connections in yellow..purple order (levels 0..3 from key order, flag
``LEVEL_FROM_ORDER``), ``exclude: true`` marks games used as few-shot examples (flag ``EXCLUDED``,
``NytMeta.exclude``). The published shape was not available to check; this module reads what is
described in SOURCES.md, plus an optional ``date`` (YYYY-MM-DD). With a date the id is
``nyt-YYYY-MM-DD`` (with NYT metadata); without one it is ``<source>-<n>`` with n = 1 for the
oldest game (the last in the list) or the key of an object of games. Other fields are kept in
``extras`` and written back.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ocwtool.errors import SchemaError
from ocwtool.fsio import write_json
from ocwtool.schema.formats import ImportResult
from ocwtool.schema.formats._common import (
    expect,
    expect_list,
    file_provenance,
    read_document,
)
from ocwtool.schema.models import Flag, Provenance, Puzzle, nyt_puzzle_id
from ocwtool.schema.nyt import DayGroups, build_puzzle

FORMAT = "connections-gold"
KNOWN = ("allwords", "categories", "exclude", "date")


# Import ---------------------------------------------------------------------------------------
def import_file(path: Path, source: str) -> ImportResult:
    """Read a gold file into NYT puzzles of ``source``."""
    return load_document(
        read_document(path), where=str(path), source=source, provenance=file_provenance(path, source)
    )


def load_document(doc: Any, *, where: str, source: str, provenance: Provenance | None = None) -> ImportResult:
    """Convert a parsed gold document (list, single game, or object of games)."""
    shape, keyed = _games(doc, where)
    prov = provenance or Provenance(source=source)
    extras: dict[str, Any] = {"format": FORMAT, "shape": shape, "order": [], "keys": {}, "fields": {}}
    puzzles = []
    for n, (key, raw) in enumerate(keyed):
        fallback = f"{source}-{key if shape == 'object' else len(keyed) - n}"
        puzzle = _load_game(
            raw,
            f"{where}: [{key!r}]" if shape == "object" else f"{where}: [{n}]",
            fallback,
            source,
            prov,
            extras,
        )
        extras["order"].append(puzzle.id)
        if shape == "object":
            extras["keys"][puzzle.id] = key
        puzzles.append(puzzle)
    excluded = sum(Flag.EXCLUDED in p.flags for p in puzzles)
    noun = "game" if excluded == 1 else "games"
    warnings = (f"{excluded} {noun} marked exclude (kept, flag excluded)",) if excluded else ()
    return ImportResult(puzzles=tuple(puzzles), warnings=warnings, extras=extras)


def _games(doc: Any, where: str) -> tuple[str, list[tuple[str, Any]]]:
    if isinstance(doc, list):
        return "list", [(str(i), g) for i, g in enumerate(doc)]
    game = expect(doc, dict, where, "a game {allwords, categories}, an array or an object of games")
    if "categories" in game:
        return "single", [("0", game)]
    return "object", list(game.items())


def _load_game(
    raw: Any, at: str, fallback_id: str, source: str, prov: Provenance, extras: dict[str, Any]
) -> Puzzle:
    game = expect(raw, dict, at, "a game object {allwords, categories}")
    words = expect_list(game.get("allwords"), 16, f"{at}: field 'allwords'", "an array of 16 strings")
    cats = expect(game.get("categories"), dict, f"{at}: field 'categories'", "an object TITLE -> 4 words")
    if len(cats) != 4:
        raise SchemaError(f"{at}: field 'categories': expected 4 categories, got {len(cats)}")
    date = _opt_date(game.get("date"), f"{at}: field 'date'")
    groups = [(title, _words(members, f"{at}: categories[{title!r}]")) for title, members in cats.items()]
    exclude = expect(game.get("exclude", False), bool, f"{at}: field 'exclude'", "true or false")
    clues = [expect(w, str, f"{at}: field 'allwords'", "an array of 16 strings") for w in words]
    day = DayGroups(
        date=date,
        groups=groups,
        board=clues,
        flags=(Flag.LEVEL_FROM_ORDER,),
        emoji=False,  # emoji boards are not detected in gold files (unchanged behaviour)
        exclude=exclude,
        puzzle_id=fallback_id,
    )
    pid = nyt_puzzle_id(date) if date else fallback_id
    unknown = {k: v for k, v in game.items() if k not in KNOWN}
    if unknown or "exclude" in game:
        extras["fields"][pid] = {**unknown, **({"exclude": exclude} if "exclude" in game else {})}
    return build_puzzle(day, source, prov, f"{at} ({pid})", SchemaError)


def _words(members: Any, at: str) -> list[str]:
    words = expect_list(members, 4, at, "an array of 4 strings")
    for w in words:
        expect(w, str, at, "an array of 4 strings")
    return words


def _opt_date(value: Any, at: str) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(expect(value, str, at, "a date YYYY-MM-DD"))
    except ValueError:
        raise SchemaError(f"{at}: expected a date YYYY-MM-DD, got {value!r}") from None


# Export ---------------------------------------------------------------------------------------
def export_file(puzzles: Sequence[Puzzle], path: Path, extras: dict[str, Any]) -> None:
    """Write puzzles as a gold file (indent 4)."""
    write_json(path, dump_document(puzzles, extras), indent=4)


def dump_document(puzzles: Sequence[Puzzle], extras: dict[str, Any] | None = None) -> Any:
    """The gold document: newest first (imported order when known), in the imported shape."""
    ex = extras if extras and extras.get("format") == FORMAT else {}
    rank = {pid: i for i, pid in enumerate(ex.get("order", []))}
    newest_first = sorted(puzzles, key=lambda p: -(p.nyt.date.toordinal() if p.nyt else 0))
    ordered = sorted(newest_first, key=lambda p: rank.get(p.id, len(rank)))
    games = [_dump_game(p, ex.get("fields", {}).get(p.id, {})) for p in ordered]
    shape = ex.get("shape", "list")
    if shape == "single" and len(games) == 1:
        return games[0]
    if shape == "object":
        keys = ex.get("keys", {})
        return {keys.get(p.id, p.id): g for p, g in zip(ordered, games, strict=True)}
    return games


def _dump_game(p: Puzzle, fields: dict[str, Any]) -> dict[str, Any]:
    game: dict[str, Any] = {
        "allwords": list(p.clues),
        "categories": {g.connection: list(g.clues) for g in p.groups},
    }
    if len(game["categories"]) != len(p.groups):
        raise SchemaError(f"record {p.id}: groups.connection: expected 4 distinct titles for this format")
    if p.nyt is not None and "date" not in fields:
        game["date"] = p.nyt.date.isoformat()
    excluded = Flag.EXCLUDED in p.flags or (p.nyt is not None and p.nyt.exclude)
    if excluded or "exclude" in fields:
        game["exclude"] = excluded
    return {**game, **{k: v for k, v in fields.items() if k != "exclude"}}
