"""The puzzles a report covers: a source, a split, a list of ids, or what was pushed to Label Studio.

``annotate agreement`` over the whole workspace counts coverage against every group it holds
("groups 28/4652" for a team given 10 boards); over a scope it counts against the scope's groups
and only the labels of its puzzles. Pure functions: the CLI reads the files.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ocwtool.errors import InputError
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle, in_split

Stores = Mapping[str, Mapping[str, ItemRecord]]


def id_list(text: str) -> list[str]:
    """Puzzle ids, one per line (blank lines and ``#`` comments ignored), in file order."""
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return list(dict.fromkeys(line for line in lines if line))


def in_scope(
    puzzles: Sequence[Puzzle], split: str | None, ids: Sequence[str] | None, named_by: str
) -> list[Puzzle]:
    """The ``puzzles`` of ``split`` (all when None) whose id is in ``ids`` (all when None).

    An id that is not a puzzle of ``puzzles`` is an error (``named_by`` says where the ids came from).
    """
    if ids is not None:
        have = {p.id for p in puzzles}
        missing = [pid for pid in ids if pid not in have]
        if missing:
            shown = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
            raise InputError(
                f"{named_by}: {len(missing)} of {len(ids)} puzzle ids are not in the selected stores: {shown}"
            )
        wanted = set(ids)
        puzzles = [p for p in puzzles if p.id in wanted]
    return list(puzzles) if split is None else in_split(puzzles, split)


def restrict(stores: Stores, puzzles: Sequence[Puzzle]) -> dict[str, dict[str, ItemRecord]]:
    """Each annotator's records of ``puzzles`` only (annotators with none left out)."""
    ids = {p.id for p in puzzles}
    kept = {name: {pid: r for pid, r in recs.items() if pid in ids} for name, recs in stores.items()}
    return {name: recs for name, recs in kept.items() if recs}
