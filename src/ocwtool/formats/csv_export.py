"""CSV export: one row per clue, in board order (spreadsheets, quick filtering).

Columns: ``puzzle_id, game, source, split, position, clue, group_index, group_id, connection,
level``. ``position`` is 1..16 on the puzzle's board 0 (:meth:`Puzzle.board`, never the solution
order); ``group_index`` is 1..4 in canonical
group order (a clue that appears twice is given to its groups in turn). A distractor (a word of no
group) is a row of its own with ``group_index``, ``group_id``, ``connection`` and ``level`` empty.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ocwtool.formats._common import group_of_position
from ocwtool.fsio import atomic_open
from ocwtool.safetext import write_csv
from ocwtool.schema.models import Puzzle

COLUMNS = (
    "puzzle_id",
    "game",
    "source",
    "split",
    "position",
    "clue",
    "group_index",
    "group_id",
    "connection",
    "level",
)


def rows(puzzles: Sequence[Puzzle]) -> Iterator[dict[str, Any]]:
    """The CSV rows of ``puzzles`` as dicts keyed by :data:`COLUMNS`."""
    for p in puzzles:
        owners = group_of_position(p.clues, [g.clues for g in p.groups])
        for pos, (clue, k) in enumerate(zip(p.clues, owners, strict=True), start=1):
            if k == len(p.groups):
                yield {**_row(p, pos, clue), "group_index": "", "group_id": "", "connection": "", "level": ""}
                continue
            g = p.groups[k]
            yield {
                "puzzle_id": p.id,
                "game": p.game.value,
                "source": p.source,
                "split": p.split.value if p.split else "",
                "position": pos,
                "clue": clue,
                "group_index": k + 1,
                "group_id": g.id,
                "connection": g.connection,
                "level": "" if g.level is None else g.level,
            }


def _row(p: Puzzle, pos: int, clue: str) -> dict[str, Any]:
    split = p.split.value if p.split else ""
    return {
        "puzzle_id": p.id,
        "game": p.game.value,
        "source": p.source,
        "split": split,
        "position": pos,
        "clue": clue,
    }


def export_file(puzzles: Sequence[Puzzle], path: Path, extras: dict[str, Any]) -> None:
    """Atomically write the CSV (UTF-8, header row, ``\\r\\n`` line ends as RFC 4180 says), formula-safe:
    a text cell starting with ``=``, ``+``, ``-``, ``@``, tab or CR gets a ``'`` in front
    (:func:`ocwtool.safetext.csv_cell`, docs/formats.md)."""
    with atomic_open(path, "w") as fh:
        write_csv(fh, COLUMNS, rows([p.as_shown() for p in puzzles]))
