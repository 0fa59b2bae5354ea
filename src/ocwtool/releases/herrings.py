"""The red-herring layer of a release: ``red_herrings/<config>/<split>-00000-of-00001.parquet``.

One row per red-herring label of the released puzzles, in the split of its puzzle, loadable as config
``<config>_red_herrings`` beside the puzzles. Each row names its annotator and where the label comes
from (``source``), and carries the label's score and its evidence from play as JSON text.

Which labels ship, per puzzle (the first tier that labelled any red herring in it wins, and every
annotator of that tier ships its own rows; :mod:`ocwtool.schema.herring_tiers`): the adjudicated red
herrings (``source`` ``adjudicated``, ``annotator`` the adjudicator: ``annotate adjudicate``), then
human annotators (``human``; stores whose records carry no evidence of play, such as imported
Connections Eval trap groups), then decoys mined from play (``play``; ``annotate decoys`` stores,
whose records name the files played), then the red-herring scorer's suggestions
(``suggest:<model tag>``); the red herrings ``ocwtool generate`` designed (annotator ``generator``)
have ``source`` ``generator``; the rules' flags (``suggest:rules``) ship only when ``ReleaseSpec.herrings``
names ``suggest``. ``ReleaseSpec.herrings`` names one label set instead (``adjudicated``: the
adjudicated red herrings). Walls whose labelling was left mid-way count for nothing, as for the
knowledge labels. Rows are sorted and the parquet writer's settings fixed,
so two builds of the same stores give the same bytes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ocwtool.annotations.annotators import finished
from ocwtool.errors import ReleaseError
from ocwtool.formats.hf import HERRING_COLUMNS, herring_features
from ocwtool.fsio import atomic_open, sha256_file
from ocwtool.names import SPLITS
from ocwtool.releases.card import SplitFile
from ocwtool.releases.generated import GENERATOR_ANNOTATOR, GENERATOR_SOURCE
from ocwtool.schema.annotations import ItemRecord, PlayEvidence
from ocwtool.schema.herring_tiers import SUGGEST, TIERS, per_wall, tier
from ocwtool.schema.models import Puzzle
from ocwtool.stores.release import Release
from ocwtool.workspace import Workspace


def _evidence(evidence: PlayEvidence | None) -> str | None:
    if evidence is None:
        return None
    return json.dumps(
        evidence.model_dump(mode="json"), ensure_ascii=False, sort_keys=True, separators=(",", ":")
    )


def _row(record: ItemRecord, source: str, kind: str, clues: Sequence[str], **label: Any) -> dict[str, Any]:
    return {"puzzle_id": record.puzzle_id, "kind": kind, "clues": list(clues), **label} | {
        "annotator": record.annotator,
        "source": source,
    }


def record_rows(record: ItemRecord, source: str) -> list[dict[str, Any]]:
    """The rows of one annotator's record of one puzzle: its words, then its decoy themes."""
    words = [
        _row(
            record,
            source,
            "word",
            [w.clue],
            fits_group=w.fits_group,
            reason=w.reason,
            score=w.score,
            evidence=_evidence(w.evidence),
        )
        for w in record.red_herring_words
    ]
    cats = [
        _row(
            record,
            source,
            "category",
            c.clues,
            fits_group=None,
            reason=c.theme,
            score=c.score,
            evidence=_evidence(c.evidence),
        )
        for c in record.red_herring_categories
    ]
    return words + cats


def suggest_source(record: ItemRecord) -> str:
    """``suggest:<tag>`` of the red-herring scorer that wrote the record, else ``suggest:rules``."""
    tag = next(
        (p.removeprefix("red herrings ") for p in record.note.split("; ") if p.startswith("red herrings ")),
        "",
    )
    return f"suggest:{tag or 'rules'}"


Labelled = tuple[str, ItemRecord]  # (source, record)
RULES = "suggest:rules"


def _shipped(stores: Mapping[str, Mapping[str, ItemRecord]]) -> dict[str, dict[str, ItemRecord]]:
    """The stores without the rules' flags (ROC-AUC 0.55 against decoys): shipped only on request."""
    return {
        name: {pid: rec for pid, rec in recs.items() if name != SUGGEST or suggest_source(rec) != RULES}
        for name, recs in stores.items()
    }


def candidates(workspace: Workspace, only: str | None = None) -> dict[str, list[Labelled]]:
    """puzzle id -> the labelled records it ships: those of the first tier that labelled it, as
    :func:`~ocwtool.schema.herring_tiers.per_wall` (shared with ``eval`` and the report) picks them
    (a puzzle whose adjudicator kept no red herring ships none); ``only``: that one label set's
    records (``suggest``: the suggester's; ``adjudicated``: the adjudicated red herrings)."""
    stores = finished(workspace.herring_annotations())
    if only is not None:
        if only not in stores:
            known = ", ".join(sorted(stores))
            raise ReleaseError(f"no red-herring labels of annotator {only!r}; annotators: {known}")
        stores = {only: stores[only]}
    else:
        stores = _shipped(stores)
    kinds = {name: tier(name, records) for name, records in stores.items()}
    return {
        pid: [(_source(name, kinds[name], rec), rec) for name, rec in pairs]
        for pid, pairs in per_wall(stores).items()
    }


def _source(name: str, kind: str, record: ItemRecord) -> str:
    """The ``source`` column: the suggester's model, ``generator`` for the red herrings ``ocwtool
    generate`` designed (labels by construction, no person's), else the label set's tier."""
    if kind == SUGGEST:
        return suggest_source(record)
    return GENERATOR_SOURCE if name == GENERATOR_ANNOTATOR else kind


def choose(labelled: Sequence[Labelled]) -> list[dict[str, Any]]:
    """The rows of a puzzle's labelled records, sorted."""
    rows = [row for source, rec in labelled for row in record_rows(rec, source)]
    return sorted(rows, key=_order)


def _order(row: Mapping[str, Any]) -> tuple[Any, ...]:
    return (
        row["puzzle_id"],
        row["annotator"],
        row["kind"],
        row["clues"],
        row["fits_group"] or "",
        row["reason"],
    )


def _of(puzzle: Puzzle, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows``, once each is known to name clues and a group of ``puzzle`` (a label left from an
    earlier version of the puzzle would ship clues it does not have)."""
    clues, groups = {c for g in puzzle.groups for c in g.clues}, {g.id for g in puzzle.groups}
    for row in rows:
        odd = [c for c in row["clues"] if c not in clues]
        if odd or (row["fits_group"] is not None and row["fits_group"] not in groups):
            what = f"clue {odd[0]!r}" if odd else f"group {row['fits_group']!r}"
            raise ReleaseError(
                f"red herring of annotator {row['annotator']} on puzzle {puzzle.id}: {what} is not in the "
                "puzzle; correct or retract that label, or build with --herrings ANNOTATOR or --no-herrings"
            )
    return rows


def herring_tables(
    configs: Mapping[str, Sequence[Puzzle]], labelled: Mapping[str, list[Labelled]]
) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """(config, split) -> its rows, for the released puzzles with red-herring labels (sorted). Labels
    are about the puzzles as published: a variant (same wall id, other groups) gets none."""
    tables: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for config, puzzles in sorted(configs.items()):
        for p in sorted(puzzles, key=lambda p: p.id):
            if p.id in labelled and p.split is not None and p.lineage is None:  # variants keep the id
                tables.setdefault((config, p.split.value), []).extend(_of(p, choose(labelled[p.id])))
    order = sorted(tables, key=lambda key: (key[0], SPLITS.index(key[1])))  # as the puzzles' tables
    return {key: tables[key] for key in order if tables[key]}


def write_table(rows: Sequence[Mapping[str, Any]], path: Release, config: str, split: str) -> SplitFile:
    """Write one table as parquet (the Features in its schema, pyarrow's fixed defaults)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pylist(
        [{c: r[c] for c in HERRING_COLUMNS} for r in rows], schema=herring_features().arrow_schema
    )
    target = path.herrings(config, split)
    target.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(target, "wb") as fh:
        pq.write_table(table, fh)
    rel = path.herrings_rel(config, split)
    return SplitFile(
        config, split, rel, len(rows), int(table.nbytes), target.stat().st_size, sha256_file(target)
    )


def write_herrings(
    workspace: Workspace, root: Release, configs: Mapping[str, Sequence[Puzzle]], only: str | None = None
) -> tuple[list[SplitFile], tuple[tuple[str, str, int], ...]]:
    """Write every config's red-herring tables into ``root``; return them and the rows per
    (annotator, source), sorted: what the card and manifest need."""
    tables = herring_tables(configs, candidates(workspace, only))
    if only is not None and not tables:
        raise ReleaseError(
            f"annotator {only!r} labelled no red herring in the released puzzles; "
            "name another with --herrings, or leave the option out"
        )
    files = [write_table(rows, root, config, split) for (config, split), rows in tables.items()]
    shipped = Counter((r["annotator"], r["source"]) for rows in tables.values() for r in rows)
    return files, tuple((who, source, n) for (who, source), n in sorted(shipped.items()))


__all__ = ["TIERS", "herring_features", "write_herrings"]
