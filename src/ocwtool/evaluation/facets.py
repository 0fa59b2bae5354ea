"""Breakdowns of a scored run by what is known about each puzzle beyond its groups.

* ``red_herrings``: puzzles an annotator marked with red herrings (words or decoy categories) vs
  puzzles annotated without any (unannotated puzzles are left out);
* ``date``: puzzles before vs on/after a cutoff date (NYT date, OCW air date): a model that does
  much better on puzzles published before its training cutoff may have seen them;
* ``human``: OCW groups the contestants found (SMOCI's ``human_performance.grouping``) vs missed,
  and over all those groups the contestants' rate beside the model's.

Each table gives, per key, the number of gold groups, the model's found rate (averaged over runs)
and the solved rate of the walls; knowledge types and NYT levels are in :func:`.stats.breakdowns`.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ocwtool.annotations.annotators import finished
from ocwtool.errors import EvaluationError
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.evaluation.stats import Walls, label_categories
from ocwtool.formats.hf import read_parquet
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import read_all
from ocwtool.stores.release import Release
from ocwtool.workspace import Workspace


@dataclass(frozen=True)
class WallFacts:
    """What the breakdowns need to know about one puzzle."""

    date: dt.date | None = None
    human: tuple[int | None, ...] = ()  # per gold group: did the contestants find it (OCW)
    red_herrings: bool | None = None  # None: no annotator looked at it


@dataclass
class _Table:
    groups: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    walls: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    human: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))


def puzzle_date(p: Puzzle) -> dt.date | None:
    """The NYT date, or the OCW air date, of a puzzle (None when unknown)."""
    if p.nyt is not None:
        return p.nyt.date
    return p.ocw.air_date if p.ocw is not None else None


def facts_of(puzzles: Iterable[Puzzle], herrings: Mapping[str, bool] | None = None) -> dict[str, WallFacts]:
    """Facts per puzzle id; ``herrings``: puzzle id -> red herrings marked (from annotations)."""
    out = {}
    for p in puzzles:
        human = tuple(g.human_performance.grouping if g.human_performance else None for g in p.groups)
        out[p.id] = WallFacts(puzzle_date(p), human, (herrings or {}).get(p.id))
    return out


def herrings_marked(annotations: Path, annotator: str | None = None) -> dict[str, bool]:
    """puzzle id -> whether any (or the named) annotator marked red herrings on a labelled puzzle."""
    out: dict[str, bool] = {}
    for name, records in read_all(annotations).items():
        if annotator is not None and name != annotator:
            continue
        for pid, rec in records.items():
            if rec.status == "labelled":
                marked = bool(rec.red_herring_words or rec.red_herring_categories)
                out[pid] = out.get(pid, False) or marked
    return out


def annotator_types(annotations: Path, annotator: str) -> dict[str, list[str]]:
    """group id -> knowledge types as one (e.g. an imported expert) annotator labelled them (walls
    left mid-way left out)."""
    stores = read_all(annotations)
    if annotator not in stores:
        known = ", ".join(sorted(stores)) or "none"
        raise EvaluationError(f"no annotator {annotator!r} in {annotations}; known: {known}")
    records = finished(stores)[annotator].values()
    return {g.group_id: label_categories(g.label) for rec in records for g in rec.groups}


def _keys(facts: WallFacts, k: int, cutoff: dt.date | None) -> dict[str, str]:
    keys = {}
    if facts.red_herrings is not None:
        keys["red_herrings"] = "present" if facts.red_herrings else "absent"
    if cutoff is not None and facts.date is not None:
        keys["date"] = f"before {cutoff}" if facts.date < cutoff else f"on or after {cutoff}"
    if k < len(facts.human) and facts.human[k] is not None:
        keys["human"] = "contestants found" if facts.human[k] else "contestants missed"
    return keys


def facet_breakdowns(
    golds: Sequence[GoldWall],
    runs: Sequence[Walls],
    facts: Mapping[str, WallFacts],
    cutoff: dt.date | None = None,
) -> dict[str, dict[str, dict[str, float]]]:
    """Found and solved rates by red-herring presence, date vs ``cutoff`` and contestants' success."""
    if not runs or not runs[0]:
        return {}
    tables: defaultdict[str, _Table] = defaultdict(_Table)
    for i, gold in enumerate(golds):
        wall_facts = facts.get(gold.wall_id, WallFacts())
        solved = float(np.mean([bool(walls[i]["solved"]) for walls in runs]))
        for k in range(len(gold.groups)):
            found = float(np.mean([bool(walls[i]["matched"][k]) for walls in runs]))
            for name, key in _keys(wall_facts, k, cutoff).items():
                tables[name].groups[key].append(found)
                if name == "human":  # the contestants' rate beside the model's, over the same groups
                    tables[name].groups["all groups"].append(found)
                    tables[name].human["all groups"].append(float(wall_facts.human[k] or 0))
                elif k == 0:
                    tables[name].walls[key].append(solved)
    return {name: _summary(table) for name, table in sorted(tables.items())}


def _summary(table: _Table) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for key in sorted(table.groups):
        row: dict[str, Any] = {
            "groups": len(table.groups[key]),
            "found_rate": float(np.mean(table.groups[key])),
        }
        if table.walls.get(key):
            row["solved_rate"] = float(np.mean(table.walls[key]))
        if table.human.get(key):
            row["human_rate"] = float(np.mean(table.human[key]))
        out[key] = row
    return out


def workspace_facts(workspace: Workspace, annotator: str | None = None) -> dict[str, WallFacts]:
    """Facts of every puzzle in a workspace's stores and variants, red herrings from its annotations."""
    variants = [p for items in workspace.variants().values() for p in items]
    puzzles = workspace.puzzles(missing_ok=True) + variants
    return facts_of(puzzles, herrings_marked(workspace.annotations_dir, annotator))


def release_facts(release: Path) -> dict[str, WallFacts]:
    """Facts of every puzzle in a release's parquet files (no annotations: red herrings unknown)."""
    return facts_of(p for f in sorted(Release(release).parquet_files()) for p in read_parquet(f))


def render_facet(name: str, table: Mapping[str, Mapping[str, float]]) -> str:
    """One breakdown table: groups, the model's found and solved rates, the contestants' rate."""
    title = "by " + name.replace("_", " ")  # the JSON key red_herrings reads "by red herrings"
    rows = [f"{title:<28}{'groups':>8}{'found':>9}{'solved':>9}{'humans':>9}"]
    for key, row in table.items():
        cells = [
            f"{row[c]:>9.4f}" if c in row else f"{'':>9}" for c in ("found_rate", "solved_rate", "human_rate")
        ]
        rows.append((f"  {key:<26}{row['groups']:>8}" + "".join(cells)).rstrip())
    return "\n".join(rows)
