""" "Connecting the Dots" (Samadarshi et al.) gold: ``[{allwords, categories:{TITLE:[4 words]}}]``.

The published ``gold_data.json`` (442 games; also ``scoring/scripts/gold_data.json``) writes
``allwords`` as ONE string, the 16 clues joined by ``", "`` (a JSON array is read too), and a
category's words as an array or, once, as ``{"Words": [...]}``. A file holds a list of games, newest
first (a single game object, or an object of games keyed by an id, are also read). Per game:
``allwords`` is the board their prompts listed (-> :attr:`Puzzle.clues`; in the published file it is
the groups one after another, so ``board_order`` is ``solution`` and players see the seeded shuffle).
Export writes ``allwords`` as stored: their scorer and answer files key games by that string. The
``categories`` keys are the connections in yellow..purple order (levels 0..3 from key order, flag
``LEVEL_FROM_ORDER``), ``exclude: true`` marks games used as few-shot examples (kept: flag ``EXCLUDED``,
``NytMeta.exclude``). An optional ``date`` (YYYY-MM-DD, not in the published file) gives the id
``nyt-YYYY-MM-DD`` and NYT metadata; otherwise the id is ``<source>-<n>`` with n = 1 for the oldest
game (the last in the list) or the key of an object of games.

Export writes the published shape (``allwords`` as one string), so the authors' own
``score_models.py`` reads it; what the import saw (an ``allwords`` array, a ``{"Words": ...}``
category, other fields) is kept in ``extras`` and written back unchanged.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ocwtool.errors import SchemaError
from ocwtool.formats import ImportResult
from ocwtool.formats._common import expect, file_provenance, read_document, refuse_distractors
from ocwtool.formats.ctd_common import (
    SEPARATOR,
    category_words,
    excluded_warning,
    game_puzzle,
    split_allwords,
)
from ocwtool.fsio import write_json
from ocwtool.schema.models import Flag, Provenance, Puzzle, nyt_puzzle_id

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
    extras: dict[str, Any] = {
        "format": FORMAT,
        "shape": shape,
        "order": [],
        "keys": {},
        "fields": {},
        "allwords_arrays": [],
        "wrapped": {},
    }
    puzzles = []
    for n, (key, raw) in enumerate(keyed):
        fallback = f"{source}-{key if shape == 'object' else len(keyed) - n}"
        at = f"{where}: [{key!r}]" if shape == "object" else f"{where}: [{n}]"
        puzzle = _load_game(raw, at, fallback, source, prov, extras)
        extras["order"].append(puzzle.id)
        if shape == "object":
            extras["keys"][puzzle.id] = key
        puzzles.append(puzzle)
    return ImportResult(puzzles=tuple(puzzles), warnings=excluded_warning(puzzles), extras=extras)


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
    board, joined = split_allwords(game.get("allwords"), at)
    if len(board) != 16:
        raise SchemaError(f"{at}: field 'allwords': expected 16 clues, got {len(board)}")
    cats = expect(game.get("categories"), dict, f"{at}: field 'categories'", "an object TITLE -> 4 words")
    if len(cats) != 4:
        raise SchemaError(f"{at}: field 'categories': expected 4 categories, got {len(cats)}")
    date = _opt_date(game.get("date"), f"{at}: field 'date'")
    words = {title: category_words(v, f"{at}: categories[{title!r}]") for title, v in cats.items()}
    exclude = expect(game.get("exclude", False), bool, f"{at}: field 'exclude'", "true or false")
    pid = nyt_puzzle_id(date) if date else fallback_id
    puzzle = game_puzzle(
        [(t, w.words) for t, w in words.items()],
        board,
        exclude=exclude,
        pid=fallback_id,
        source=source,
        provenance=prov,
        at=at,
        date=date,
    )
    _remember(extras, pid, game, joined, [t for t, w in words.items() if w.wrapped])
    return puzzle


def _remember(
    extras: dict[str, Any], pid: str, game: dict[str, Any], joined: bool, wrapped: list[str]
) -> None:
    unknown = {k: v for k, v in game.items() if k not in KNOWN}
    if unknown or "exclude" in game:
        extras["fields"][pid] = {**unknown, **({"exclude": game["exclude"]} if "exclude" in game else {})}
    if not joined:
        extras["allwords_arrays"].append(pid)
    if wrapped:
        extras["wrapped"][pid] = wrapped


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
    refuse_distractors(puzzles, "connections-gold")
    rank = {pid: i for i, pid in enumerate(ex.get("order", []))}
    newest_first = sorted(puzzles, key=lambda p: -(p.nyt.date.toordinal() if p.nyt else 0))
    ordered = sorted(newest_first, key=lambda p: rank.get(p.id, len(rank)))
    games = [_dump_game(p, ex) for p in ordered]
    shape = ex.get("shape", "list")
    if shape == "single" and len(games) == 1:
        return games[0]
    if shape == "object":
        keys = ex.get("keys", {})
        return {keys.get(p.id, p.id): g for p, g in zip(ordered, games, strict=True)}
    return games


def _dump_game(p: Puzzle, ex: dict[str, Any]) -> dict[str, Any]:
    fields = ex.get("fields", {}).get(p.id, {})
    wrapped = set(ex.get("wrapped", {}).get(p.id, ()))
    array = p.id in ex.get("allwords_arrays", ())
    if not array and any(SEPARATOR in c for c in p.clues):
        clue = next(c for c in p.clues if SEPARATOR in c)
        raise SchemaError(
            f"record {p.id}: clue {clue!r} holds ', ', which a ', '-joined allwords string cannot hold; "
            "leave this puzzle out (--source) or export another format"
        )
    game: dict[str, Any] = {
        "allwords": list(p.clues) if array else SEPARATOR.join(p.clues),
        "categories": {
            g.connection: {"Words": list(g.clues)} if g.connection in wrapped else list(g.clues)
            for g in p.groups
        },
    }
    if len(game["categories"]) != len(p.groups):
        raise SchemaError(f"record {p.id}: groups.connection: expected 4 distinct titles for this format")
    if p.nyt is not None and "date" not in fields:
        game["date"] = p.nyt.date.isoformat()
    excluded = Flag.EXCLUDED in p.flags or (p.nyt is not None and p.nyt.exclude)
    if excluded or "exclude" in fields:
        game["exclude"] = excluded
    return {**game, **{k: v for k, v in fields.items() if k != "exclude"}}
