"""Reading a workspace for the report (the I/O edge): stores, variants and their build summaries,
label records, the validation report, and every evaluation report under ``runs/``.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ocwtool.annotations.adjudicate import release_labels
from ocwtool.annotations.annotators import describe_unfinished, finished, unfinished
from ocwtool.evaluation.facets import WallFacts, facts_of, herrings_marked
from ocwtool.evaluation.gold import gold_from_puzzle
from ocwtool.evaluation.herring_metrics import choose_labels
from ocwtool.evaluation.pipeline import parse_report_name
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.evaluation.stats import label_categories
from ocwtool.report.evaluation import EvalInputs, ScoredRun
from ocwtool.report.generated import STORE as GENERATED
from ocwtool.report.generated import GeneratedInputs
from ocwtool.report.herrings import HerringInputs
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import latest_suggestions, read_all
from ocwtool.workspace import Workspace

HUMAN_LABELS = "human labels (adjudicated, else consensus)"
SUGGESTED_LABELS = "the suggester's pre-labels (no human labels yet)"


@dataclass(frozen=True)
class ReportInputs:
    """Everything the report is computed from (all of it read from one workspace)."""

    stores: dict[str, list[Puzzle]]
    variants: dict[str, list[Puzzle]] = field(default_factory=dict)
    summaries: dict[str, dict[str, Any]] = field(default_factory=dict)
    annotations: dict[str, dict[str, ItemRecord]] = field(default_factory=dict)  # finished walls only
    unfinished: dict[str, list[str]] = field(default_factory=dict)  # annotator -> walls left mid-way
    types: dict[str, list[str]] = field(default_factory=dict)
    type_origin: str = ""
    validation: Mapping[str, Any] | None = None
    evaluation: EvalInputs = field(default_factory=lambda: EvalInputs(runs=()))
    herrings: HerringInputs = field(default_factory=HerringInputs)
    generated: GeneratedInputs = field(default_factory=GeneratedInputs)


def knowledge_types(
    annotations: Path, unfinished: Mapping[str, Sequence[str]] | None = None
) -> tuple[dict[str, list[str]], str]:
    """group id -> knowledge types: human release labels of the walls whose labelling was completed,
    else the suggester's pre-labels; the origin says how many ``unfinished`` walls were left out."""
    note = f", {describe_unfinished(unfinished, listed=False)} left out" if unfinished else ""
    human = release_labels(Workspace.at(annotations.parent), finished_only=True)
    if human:
        return {gid: label_categories(lab) for gid, lab in human.items()}, HUMAN_LABELS + note
    suggested = {
        g.group_id: label_categories(g.label)
        for rec in latest_suggestions(annotations).values()
        for g in rec.groups
    }
    return dict(sorted(suggested.items())), SUGGESTED_LABELS + note if suggested else ""


def _json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def run_kind(report: Mapping[str, Any]) -> str:
    """baseline, LLM run (predictions of an ``ocwtool llm run`` folder) or predictions."""
    if report.get("inputs", {}).get("baseline"):
        return "baseline"
    names = [str(r.get("name", "")) for r in report.get("runs", ())]
    if "llm" in report or any("/llm/" in n or "predictions-epoch-" in n for n in names):
        return "LLM run"
    return "predictions"


def scored_runs(ws: Workspace) -> list[ScoredRun]:
    """Every evaluation report under ``runs/`` (recognised by its content), sorted by path."""
    out = []
    for path in sorted(ws.runs_dir.rglob("*.json")):
        doc = _json(path)
        if not isinstance(doc, dict) or "runs" not in doc or "grouping" not in doc.get("summary", {}):
            continue
        parsed = parse_report_name(path.name)
        label, source, split = parsed if parsed else (path.stem, None, None)
        rel = path.relative_to(ws.root).as_posix()
        out.append(ScoredRun(label, source, split, rel, run_kind(doc), doc))
    return out


def _golds(stores: Mapping[str, Sequence[Puzzle]]) -> dict[str | None, dict[str, GoldWall]]:
    golds: dict[str | None, dict[str, GoldWall]] = {
        name: {p.id: gold_from_puzzle(p) for p in puzzles} for name, puzzles in stores.items()
    }
    merged: dict[str, GoldWall] = {}
    for name in stores:  # puzzle stores first: a randomized wall keeps its parent's id
        for wall_id, gold in golds[name].items():
            merged.setdefault(wall_id, gold)
    golds[None] = merged
    return golds


def _facts(
    stores: Mapping[str, Sequence[Puzzle]], annotations: Path
) -> dict[str | None, dict[str, WallFacts]]:
    herrings = herrings_marked(annotations)
    facts: dict[str | None, dict[str, WallFacts]] = {n: facts_of(ps, herrings) for n, ps in stores.items()}
    facts[None] = facts_of((p for items in list(stores.values())[::-1] for p in items), herrings)
    return facts


def herring_inputs(
    labels: Mapping[str, Mapping[str, ItemRecord]], stores: Mapping[str, Sequence[Puzzle]]
) -> HerringInputs:
    """The red-herring labels ``ocwtool eval`` would use on the stores' walls (its default order, per
    wall), with those walls; variants are left out (labels are about the puzzles as published)."""
    walls = [(name, gold_from_puzzle(p)) for name, puzzles in stores.items() for p in puzzles]
    chosen = choose_labels(labels, (g.wall_id for _, g in walls))
    if chosen is None:
        return HerringInputs(walls=walls)
    return HerringInputs(chosen.annotator, chosen.records, walls, chosen.origin)


def generated_inputs(ws: Workspace, stores: Mapping[str, Sequence[Puzzle]]) -> GeneratedInputs:
    """The generated boards (store ``synthetic``) and their provenance, when the report shows them."""
    if GENERATED not in stores:
        return GeneratedInputs()
    meta = _json(ws.meta_path(GENERATED))
    return GeneratedInputs(stores[GENERATED], meta if isinstance(meta, dict) else {})


def store_runs(ws: Workspace, sources: Sequence[str] = ()) -> list[ScoredRun]:
    """The scored runs on the workspace's puzzle stores (``sources``: only those), not on variants:
    the runs whose red-herring figures a release card shows."""
    names = set(sources) if sources else set(ws.store_names())
    return [r for r in scored_runs(ws) if r.source in names]


def _only(
    stores: dict[str, list[Puzzle]], variants: dict[str, list[Puzzle]], sources: Sequence[str]
) -> tuple[dict[str, list[Puzzle]], dict[str, list[Puzzle]]]:
    """The named stores, and the variants built from them (``lineage.params["store"]``)."""
    if not sources:
        return stores, variants
    kept = {
        kind: [v for v in items if v.lineage is not None and v.lineage.params.get("store") in sources]
        for kind, items in variants.items()
    }
    return {n: p for n, p in stores.items() if n in sources}, {k: v for k, v in kept.items() if v}


def collect(
    ws: Workspace,
    *,
    cutoff: dt.date | None = None,
    validation: Mapping[str, Any] | None = None,
    sources: Sequence[str] = (),
) -> ReportInputs:
    """Read ``ws``; ``validation`` overrides ``runs/validation/report.json``;
    ``sources`` keeps only those stores, their variants and the runs on them (a release's view)."""
    every_variant = {kind: list(items) for kind, items in ws.variants(keep_empty=True).items()}
    stores, variants = _only(ws.stores(missing_ok=True), every_variant, sources)
    summaries = {k: doc for k in variants if isinstance(doc := _json(ws.variant_summary_path(k)), dict)}
    annotations = ws.annotations_dir
    every = {**stores, **variants}
    labels = read_all(annotations, include_suggest=True)
    shown = {p.id for items in every.values() for p in items}
    # walls left mid-way count nowhere in the report; it says how many of the walls it shows
    left = {n: kept for n, ids in unfinished(labels).items() if (kept := [i for i in ids if i in shown])}
    types, origin = knowledge_types(annotations, left)
    runs = [r for r in scored_runs(ws) if not sources or r.source in (*sources, *variants)]
    evaluation = EvalInputs(
        runs=runs,
        golds=_golds(every),
        types=types,
        type_origin=origin,
        facts=_facts(every, annotations),
        cutoff=cutoff,
    )
    return ReportInputs(
        stores=stores,
        variants=variants,
        summaries=summaries,
        annotations=finished(labels),
        unfinished=left,
        types=types,
        type_origin=origin,
        validation=validation if validation is not None else _json(ws.validation_json_path),
        evaluation=evaluation,
        herrings=herring_inputs(labels, stores),
        generated=generated_inputs(ws, stores),
    )
