"""The "Connecting the Dots" expert taxonomy as ocwtool labels (annotator ``ctd-expert``).

Samadarshi et al. (2024) publish one knowledge type per group in ``game_with_knowledge_taxonomy.json``
(see :mod:`ocwtool.formats.ctd_taxonomy`): ``semantic relations``, ``associative relations``,
``encyclopedic``, ``multiword expressions``, ``phonology``/``orthography``/``morphology`` (also
written ``phonological``, ...), or several joined by ``" + "``. Each part maps to one of our fine
labels and so to one of the six types (:data:`~ocwtool.annotations.taxonomy.FINE_TO_TYPE`); a
combination keeps its parts (``encyclopedic + orthographical`` -> Combined(linguistic +
encyclopedic), fine labels ``encyclopedic`` and ``orthography``). The published ``Complexity`` and
``Based On`` and the original type text are kept in each group's ``reason``. A group published
without a type (4 groups, all on the board whose emoji became ``?``) gets no label.

Games carry no id: each is matched to the workspace's puzzles by normalised clue set
(:func:`~ocwtool.schema.keys.wall_key`), and every puzzle with that clue set is labelled (the same game
imported from two sources gets the label in both). Records have a fixed timestamp, so importing the
file again adds nothing.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ocwtool.annotations.taxonomy import label_from_fine
from ocwtool.errors import AnnotationError
from ocwtool.formats.ctd_taxonomy import TaxonomyGame, TaxonomyGroup, read_games
from ocwtool.schema.annotations import FineLabel, GroupLabel, ItemRecord, KnowledgeLabel
from ocwtool.schema.keys import clue_key, identifying, wall_key
from ocwtool.schema.models import Puzzle

ANNOTATOR = "ctd-expert"
GUIDELINE_VERSION = "ctd-2024"  # their taxonomy, not ocwtool's guidelines
# The publication gives no annotation time; a constant keeps re-imports idempotent.
CREATED_AT = dt.datetime(2024, 10, 1, tzinfo=dt.UTC)

_PARTS: dict[str, FineLabel] = {
    "semantic relations": FineLabel.SEMANTIC_RELATION,
    "semantic relation": FineLabel.SEMANTIC_RELATION,
    "semantic": FineLabel.SEMANTIC_RELATION,
    "associative relations": FineLabel.ASSOCIATIVE_RELATION,
    "associative relation": FineLabel.ASSOCIATIVE_RELATION,
    "associative": FineLabel.ASSOCIATIVE_RELATION,
    "encyclopedic": FineLabel.ENCYCLOPEDIC,
    "encyclopedic knowledge": FineLabel.ENCYCLOPEDIC,
    "multiword expressions": FineLabel.MULTIWORD_EXPRESSION,
    "multiword expression": FineLabel.MULTIWORD_EXPRESSION,
    "phonology": FineLabel.PHONOLOGY,
    "phonological": FineLabel.PHONOLOGY,
    "orthography": FineLabel.ORTHOGRAPHY,
    "orthographical": FineLabel.ORTHOGRAPHY,
    "orthographic": FineLabel.ORTHOGRAPHY,
    "morphology": FineLabel.MORPHOLOGY,
    "morphological": FineLabel.MORPHOLOGY,
}
KNOWN = (
    "semantic relations, associative relations, encyclopedic, multiword expressions, phonology, "
    "orthography, morphology (or phonological, orthographical, morphological), joined by ' + '"
)


def label_from_ctd(text: str, where: str = "knowledge type") -> KnowledgeLabel | None:
    """Our label for a published ``Knowledge Type`` (``None`` for an empty one)."""
    parts = [" ".join(p.split()).lower() for p in text.split("+")]
    if not any(parts):
        return None
    unknown = [p for p in parts if p not in _PARTS]
    if unknown:
        raise AnnotationError(f"{where}: unknown knowledge type {unknown[0]!r} in {text!r}; known: {KNOWN}")
    return label_from_fine(*(_PARTS[p] for p in parts))


@dataclass
class TaxonomyImport:
    """Records made from a taxonomy file, and what could not be placed."""

    records: list[ItemRecord] = field(default_factory=list)
    games: int = 0
    matched: int = 0
    unmatched: list[int] = field(default_factory=list)  # game indices with no puzzle of that clue set
    unlabelled_groups: int = 0  # published without a knowledge type
    warnings: list[str] = field(default_factory=list)


def taxonomy_records(
    doc: Any, puzzles: Iterable[Puzzle], where: str, annotator: str = ANNOTATOR
) -> TaxonomyImport:
    """Label records of ``annotator`` for every puzzle matching a game of the parsed taxonomy ``doc``."""
    games = read_games(doc, where)
    by_key: dict[frozenset[str], list[Puzzle]] = defaultdict(list)
    for p in puzzles:
        by_key[wall_key(p)].append(p)
    out = TaxonomyImport(games=len(games))
    for n, game in enumerate(games):
        at = f"{where}: [{n}]"
        labels = [_group_label(g, f"{at}: reasoning_annotation[{k}]") for k, g in enumerate(game.groups)]
        out.unlabelled_groups += sum(label is None for label in labels)
        key = clue_key(game.board)
        targets = by_key.get(key, []) if identifying(key) else []
        if not targets:
            out.unmatched.append(n)
            continue
        out.matched += 1
        out.records += [_record(p, game, labels, annotator, at, out.warnings) for p in targets]
    if games and not out.records:
        raise AnnotationError(
            f"{where}: none of its {len(games)} games matches a puzzle of the workspace by clue set; import "
            "the games first (ocwtool import FILE --format connections-taxonomy, or their gold_data.json "
            "with --format connections-gold)"
        )
    return out


def _group_label(group: TaxonomyGroup, at: str) -> KnowledgeLabel | None:
    return label_from_ctd(group.knowledge_type, f"{at}: field 'Knowledge Type'")


def _reason(group: TaxonomyGroup) -> str:
    return (
        f"Connecting the Dots: Knowledge Type {group.knowledge_type!r}; "
        f"Complexity {group.complexity!r}; Based On {group.based_on!r}"
    )


def _record(
    p: Puzzle,
    game: TaxonomyGame,
    labels: Sequence[KnowledgeLabel | None],
    annotator: str,
    at: str,
    warnings: list[str],
) -> ItemRecord:
    group_ids = {clue_key(g.clues): g.id for g in p.groups}
    out: list[GroupLabel] = []
    for group, label in zip(game.groups, labels, strict=True):
        gid = group_ids.get(clue_key(group.words))
        if gid is None:
            warnings.append(f"{at}: group {group.title!r} is not a group of puzzle {p.id}; not labelled")
        elif label is not None:
            out.append(GroupLabel(group_id=gid, label=label, reason=_reason(group)))
    return ItemRecord(
        annotator=annotator,
        puzzle_id=p.id,
        status="labelled" if out else "skipped",
        groups=tuple(out),
        note="" if out else "published without knowledge types",
        created_at=CREATED_AT,
        guideline_version=GUIDELINE_VERSION,
    )
