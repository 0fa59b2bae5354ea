"""The Hugging Face ``eric27n/NYT-Connections`` table: one row per word, CSV or parquet.

Columns: ``Game ID, Puzzle Date, Word, Group Name, Group Level, Starting Row, Starting Column``.
Rows of one game share ``Game ID``; ``Group Level`` 0..3 (yellow..purple) forms the groups (members
in row order), ``Starting Row``/``Starting Column`` (1..4) place each word on the starting board,
which becomes :attr:`Puzzle.clues`. Ids are ``nyt-YYYY-MM-DD`` from ``Puzzle Date``; a ``Game ID``
that is not the public number of that date is reported (the date wins). A missing ``Word`` (what
the table holds for picture cards) is read as ``""``, so the day is flagged ``picture`` and
``empty_member`` by the one picture-day rule of :mod:`ocwtool.schema.nyt`. A game whose rows do
not form 4 levels of 4 words is an error naming the game and its rows.
"""

from __future__ import annotations

import csv
import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ocwtool.errors import InputError, SchemaError
from ocwtool.formats import ImportResult
from ocwtool.formats._common import file_provenance
from ocwtool.formats.sniff import Sample
from ocwtool.schema.models import Flag, Provenance, Puzzle, nyt_number
from ocwtool.schema.nyt import DayGroups, build_puzzle

FORMAT = "nyt-rows"
COLUMNS = ("Game ID", "Puzzle Date", "Word", "Group Name", "Group Level", "Starting Row", "Starting Column")


def looks_like(sample: Sample) -> bool:
    """A CSV or parquet table with the dataset's seven columns."""
    return sample.kind in ("csv", "parquet") and set(COLUMNS) <= set(sample.columns)


def import_file(path: Path, source: str) -> ImportResult:
    """Read the table (``.parquet``, else CSV) into NYT puzzles of ``source``."""
    rows = _read_parquet(path) if path.suffix.lower() == ".parquet" else _read_csv(path)
    return load_rows(rows, where=str(path), source=source, provenance=file_provenance(path, source))


def _read_csv(path: Path) -> list[dict[str, Any]]:
    try:
        with path.open(encoding="utf-8-sig", newline="") as fh:
            reader = csv.DictReader(fh)
            _check_columns(reader.fieldnames or (), str(path))
            return [dict(r) for r in reader]
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    except (UnicodeDecodeError, csv.Error) as exc:
        raise InputError(f"{path}: not a readable UTF-8 CSV file ({exc})") from None


def _read_parquet(path: Path) -> list[dict[str, Any]]:
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(path)
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: not a readable parquet file ({exc})") from None
    _check_columns(table.column_names, str(path))
    rows: list[dict[str, Any]] = table.select(list(COLUMNS)).to_pylist()
    return rows


def _check_columns(names: Sequence[str], where: str) -> None:
    missing = [c for c in COLUMNS if c not in names]
    if missing:
        raise SchemaError(f"{where}: missing column(s) {', '.join(missing)}; expected {', '.join(COLUMNS)}")


def load_rows(
    rows: Sequence[dict[str, Any]], *, where: str, source: str, provenance: Provenance | None = None
) -> ImportResult:
    """Group rows by game and build one puzzle per game (first appearance order)."""
    prov = provenance or Provenance(source=source)
    games: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for i, row in enumerate(rows):
        games.setdefault(_int(row.get("Game ID"), f"{where}: row {i + 2}: Game ID"), []).append((i + 2, row))
    puzzles: list[Puzzle] = []
    warnings: list[str] = []
    seen: dict[str, int] = {}
    for game_id, game_rows in games.items():
        puzzle, notes = _game(game_id, game_rows, f"{where}: game {game_id}", source, prov)
        if puzzle.id in seen:
            raise SchemaError(
                f"{where}: games {seen[puzzle.id]} and {game_id} have the same date {puzzle.id[4:]}"
            )
        seen[puzzle.id] = game_id
        puzzles.append(puzzle)
        warnings.extend(notes)
    pictures = sum(Flag.PICTURE in p.flags for p in puzzles)
    if pictures:
        warnings.append(f"{pictures} picture puzzle(s) kept (flag picture)")
    return ImportResult(puzzles=tuple(puzzles), warnings=tuple(warnings), extras={"format": FORMAT})


def _game(
    game_id: int, rows: list[tuple[int, dict[str, Any]]], at: str, source: str, prov: Provenance
) -> tuple[Puzzle, list[str]]:
    dates = {str(r.get("Puzzle Date") or "").strip() for _, r in rows}
    if len(dates) != 1:
        raise SchemaError(f"{at}: rows {_lines(rows)} give {len(dates)} different dates {sorted(dates)}")
    date = _date(dates.pop(), at)
    levels: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for line, row in rows:
        levels.setdefault(_int(row.get("Group Level"), f"{at}: row {line}: Group Level"), []).append(
            (line, row)
        )
    if sorted(levels) != [0, 1, 2, 3] or any(len(v) != 4 for v in levels.values()):
        shape = {k: len(v) for k, v in sorted(levels.items())}
        raise SchemaError(f"{at}: rows {_lines(rows)}: expected levels 0-3 with 4 words each, got {shape}")
    groups = [(_title(levels[k]), [_word(r) for _, r in levels[k]]) for k in range(4)]
    board, notes = _board(rows, at)
    if game_id != nyt_number(date):
        notes.append(f"{at}: Game ID {game_id} is not the number of {date} (#{nyt_number(date)}); date kept")
    day = DayGroups(date=date, groups=groups, board=board, emoji=None)
    return build_puzzle(day, source, prov, at, SchemaError), notes


def _board(rows: list[tuple[int, dict[str, Any]]], at: str) -> tuple[list[str] | None, list[str]]:
    """The starting board from the row/column of each word (None when positions are incomplete)."""
    placed: dict[int, str] = {}
    for line, row in rows:
        r = _int(row.get("Starting Row"), f"{at}: row {line}: Starting Row")
        c = _int(row.get("Starting Column"), f"{at}: row {line}: Starting Column")
        if not (1 <= r <= 4 and 1 <= c <= 4) or (r - 1) * 4 + c - 1 in placed:
            return None, [f"{at}: starting positions incomplete or repeated; board = groups concatenated"]
        placed[(r - 1) * 4 + c - 1] = _word(row)
    return [placed[k] for k in range(16)], []


def _title(rows: list[tuple[int, dict[str, Any]]]) -> str:
    return str(rows[0][1].get("Group Name") or "").strip()


def _word(row: dict[str, Any]) -> str:
    value = row.get("Word")
    return "" if value is None else str(value).strip()


def _int(value: Any, at: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise SchemaError(f"{at}: expected an integer, got {value!r}") from None


def _date(text: str, at: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise SchemaError(f"{at}: Puzzle Date: expected YYYY-MM-DD, got {text!r}") from None


def _lines(rows: list[tuple[int, dict[str, Any]]]) -> str:
    return f"{rows[0][0]}-{rows[-1][0]}"
