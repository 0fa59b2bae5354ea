""" "Connecting the Dots" games with their knowledge taxonomy, read as puzzles.

The published ``game_with_knowledge_taxonomy.json`` is a list of 442 games ``{allwords,
reasoning_annotation: [4 records]}``; each record is ``{Categories, "Words in Category" (a
Python-literal list in a string), "Knowledge Type", Complexity, "Based On"}`` in yellow..purple
order. This format reads the games (board from ``allwords``, ids ``<source>-<n>`` as in
``connections-gold``); the labels themselves are imported with ``ocwtool annotate import FILE
--format connections-taxonomy`` (annotator ``ctd-expert``, see
:mod:`ocwtool.annotations.interop.ctd_taxonomy`). Import only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ocwtool.errors import SchemaError
from ocwtool.formats import ImportResult
from ocwtool.formats._common import expect, expect_list, file_provenance, read_document
from ocwtool.formats.ctd_common import (
    excluded_warning,
    game_id,
    game_puzzle,
    literal_words,
    split_allwords,
)
from ocwtool.formats.sniff import Sample
from ocwtool.schema.models import Provenance, Puzzle

FORMAT = "connections-taxonomy"
ANNOTATION_FIELDS = ("Knowledge Type", "Complexity", "Based On")


def looks_like(sample: Sample) -> bool:
    """A JSON list of games ``{allwords, reasoning_annotation: [...]}``."""
    recs = sample.records()
    return bool(recs) and all(
        isinstance(r, dict) and "allwords" in r and isinstance(r.get("reasoning_annotation"), list)
        for r in recs
    )


@dataclass(frozen=True)
class TaxonomyGroup:
    """One annotated group as published: title, words, and the three annotation fields (raw text)."""

    title: str
    words: list[str]
    knowledge_type: str
    complexity: str
    based_on: str


@dataclass(frozen=True)
class TaxonomyGame:
    """One published game: its board (``allwords``) and four annotated groups."""

    board: list[str]
    groups: list[TaxonomyGroup]
    repaired: bool = False


def import_file(path: Path, source: str) -> ImportResult:
    """Read a taxonomy file into NYT puzzles of ``source`` (the labels are not imported here)."""
    return load_document(
        read_document(path), where=str(path), source=source, provenance=file_provenance(path, source)
    )


def load_document(doc: Any, *, where: str, source: str, provenance: Provenance | None = None) -> ImportResult:
    """Convert a parsed taxonomy document into puzzles."""
    games = read_games(doc, where)
    prov = provenance or Provenance(source=source)
    puzzles: list[Puzzle] = []
    for n, game in enumerate(games):
        pid = game_id(source, n, len(games))
        groups = [(g.title, g.words) for g in game.groups]
        puzzles.append(
            game_puzzle(
                groups,
                game.board,
                exclude=False,
                pid=pid,
                source=source,
                provenance=prov,
                at=f"{where}: [{n}]",
            )
        )
    warnings = excluded_warning(puzzles) + tuple(
        f"{where}: [{n}]: words written with typographic quotes as string delimiters; read as straight quotes"
        for n, game in enumerate(games)
        if game.repaired
    )
    return ImportResult(puzzles=tuple(puzzles), warnings=warnings, extras={"format": FORMAT})


def read_games(doc: Any, where: str) -> list[TaxonomyGame]:
    """The games of a parsed taxonomy document, fields checked (errors name the record)."""
    items = expect_list(doc, None, where, "an array of games {allwords, reasoning_annotation}")
    return [_game(raw, f"{where}: [{n}]") for n, raw in enumerate(items)]


def _game(raw: Any, at: str) -> TaxonomyGame:
    game = expect(raw, dict, at, "a game {allwords, reasoning_annotation}")
    board, _ = split_allwords(game.get("allwords"), at)
    if len(board) != 16:
        raise SchemaError(f"{at}: field 'allwords': expected 16 clues, got {len(board)}")
    records = expect_list(
        game.get("reasoning_annotation"), 4, f"{at}: field 'reasoning_annotation'", "an array of 4 records"
    )
    groups, repaired = [], False
    for k, rec in enumerate(records):
        group, fixed = _group(rec, f"{at}: reasoning_annotation[{k}]")
        groups.append(group)
        repaired = repaired or fixed
    return TaxonomyGame(board=board, groups=groups, repaired=repaired)


def _group(raw: Any, at: str) -> tuple[TaxonomyGroup, bool]:
    rec = expect(raw, dict, at, 'a record {Categories, "Words in Category", "Knowledge Type", ...}')
    for name in ("Categories", "Words in Category", *ANNOTATION_FIELDS):
        if name not in rec:
            raise SchemaError(f"{at}: missing field {name!r}")
    text = {name: expect(rec[name], str, f"{at}: field {name!r}", "a string") for name in ANNOTATION_FIELDS}
    words = literal_words(rec["Words in Category"], f"{at}: field 'Words in Category'")
    title = expect(rec["Categories"], str, f"{at}: field 'Categories'", "a string")
    group = TaxonomyGroup(title, words.words, text["Knowledge Type"], text["Complexity"], text["Based On"])
    return group, words.repaired
