"""Todd et al. 2024, "Missed Connections" (gdrtodd/missed-connections-llms): ``data/puzzle_data.json``.

A JSON list of NYT games ``{id, answers: [{description, words[4], emoji, color}], difficulty}``;
``id`` n is NYT game n (published ``2023-06-12 + (n - 1)`` days), so puzzles get ``nyt-YYYY-MM-DD``
ids and line up with the other NYT stores. The colour hex gives the level (yellow 0 .. purple 3);
there is no starting board, so :attr:`Puzzle.clues` is the groups concatenated (members in file
order). Words keep their spelling (``RACE CAR`` where the NYT has ``RACECAR``; ``reconcile``
compares without spaces). Their run logs (``results/*_results.json``) are read by
``ocwtool eval --transcripts`` (:mod:`ocwtool.evaluation.game.todd`), not imported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ocwtool.errors import SchemaError
from ocwtool.formats import ImportResult
from ocwtool.formats._common import expect, expect_list, file_provenance, read_document
from ocwtool.formats.sniff import Sample
from ocwtool.schema.models import NYT_MAX_NUMBER, Flag, Provenance, Puzzle, nyt_date
from ocwtool.schema.nyt import DayGroups, build_puzzle

FORMAT = "todd-puzzles"
COLOUR_LEVELS = {"#fbd400": 0, "#69e352": 1, "#5492ff": 2, "#df7bea": 3}


def looks_like(sample: Sample) -> bool:
    """A JSON list of ``{id, answers: [{description, words, color}]}``."""
    recs = sample.records()
    return bool(recs) and all(
        isinstance(r, dict)
        and isinstance(r.get("answers"), list)
        and "id" in r
        and all(isinstance(a, dict) and "color" in a and "description" in a for a in r["answers"])
        for r in recs
    )


def import_file(path: Path, source: str) -> ImportResult:
    """Read ``puzzle_data.json`` into NYT puzzles of ``source``."""
    return load_document(
        read_document(path), where=str(path), source=source, provenance=file_provenance(path, source)
    )


def load_document(doc: Any, *, where: str, source: str, provenance: Provenance | None = None) -> ImportResult:
    """Convert the parsed list; errors name the record, its id and the field."""
    prov = provenance or Provenance(source=source)
    entries = expect_list(doc, None, where, "a list of {id, answers}")
    puzzles: list[Puzzle] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(entries):
        puzzle = _puzzle(raw, f"{where}: [{i}]", source, prov)
        if puzzle.id in seen:
            raise SchemaError(f"{where}: [{i}]: id repeats [{seen[puzzle.id]}] ({puzzle.id})")
        seen[puzzle.id] = i
        puzzles.append(puzzle)
    pictures = sum(Flag.PICTURE in p.flags for p in puzzles)
    notes = (f"{pictures} picture puzzle(s) kept (flag picture)",) if pictures else ()
    return ImportResult(tuple(puzzles), notes, {"format": FORMAT})


def _puzzle(raw: Any, at: str, source: str, prov: Provenance) -> Puzzle:
    entry = expect(raw, dict, at, "an object {id, answers}")
    number = expect(entry.get("id"), int, f"{at}: field 'id'", "an integer NYT game number")
    if not 1 <= number <= NYT_MAX_NUMBER:
        raise SchemaError(
            f"{at}: field 'id': expected a game number from 1 to {NYT_MAX_NUMBER}, got {number}"
        )
    at = f"{at} (id {number})"
    answers = expect_list(entry.get("answers"), 4, f"{at}: field 'answers'", "a list of 4 answers")
    parsed = sorted((_answer(a, f"{at}: answers[{k}]") for k, a in enumerate(answers)), key=lambda a: a[0])
    if [lv for lv, _, _ in parsed] != [0, 1, 2, 3]:
        raise SchemaError(f"{at}: field 'answers': expected the four colours once each")
    day = DayGroups(date=nyt_date(number), groups=[(d, ws) for _, d, ws in parsed], emoji=None)
    return build_puzzle(day, source, prov, at, SchemaError)


def _answer(raw: Any, at: str) -> tuple[int, str, list[str]]:
    answer = expect(raw, dict, at, "an answer {description, words, color}")
    colour = str(answer.get("color", "")).lower()
    if colour not in COLOUR_LEVELS:
        known = ", ".join(COLOUR_LEVELS)
        raise SchemaError(f"{at}: field 'color': expected one of {known}, got {colour!r}")
    words = expect_list(answer.get("words"), 4, f"{at}: field 'words'", "a list of 4 words")
    description = expect(answer.get("description", ""), str, f"{at}: field 'description'", "a string")
    return COLOUR_LEVELS[colour], description, [str(w) for w in words]
