"""Deterministic train/validation/test assignment, written into the stores.

Three policies:

* **OCW, seeded and stratified by season** (default sizes 62/62/494, OCW's official ones). Walls are
  grouped by season, shuffled within each season by ``random.Random(seed)`` after sorting by id,
  then laid end to end and dealt to splits by largest deficit (systematic stratified sampling): the
  totals are exact and every season gets its proportional share, +-1. The unit is the *wall* (its
  normalised clue set), so the same wall from two sources always lands in one split.
* **NYT, by date**: ``cutoffs=(d1,)`` gives train < d1 <= test; ``(d1, d2)`` gives
  train < d1 <= validation < d2 <= test (no future puzzle trains a model tested on the past).
* **Stratified** (``strategy="stratified"``, :mod:`.strata`): every board, of any game, stratified by
  measured difficulty and by date, deduplicated by clue set; assigned puzzles keep their split.
* **Imported** from an existing release folder (OCW's files or ours): every JSON file with a
  ``dataset`` list whose name says ``train``/``validation``/``val``/``test`` is read; records match by
  id, then by normalised clue set.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ocwtool.curation.strata import DEFAULT_SIZES, Method, plan_with_notes
from ocwtool.errors import InputError
from ocwtool.fsio import read_json, write_json
from ocwtool.names import SPLITS as SPLIT_NAMES
from ocwtool.schema.corpus import parent_index
from ocwtool.schema.keys import clue_key, identifying, wall_key
from ocwtool.schema.models import Puzzle, Split
from ocwtool.workspace import Workspace

OCW_SIZES = (62, 62, 494)
DEFAULT_SEED = 42
SPLITS = tuple(Split(name) for name in SPLIT_NAMES)
_NAME = re.compile(r"(?:^|[_\-.])(train|validation|val|test)(?:$|[_\-.])")


def scale_sizes(sizes: Sequence[int], total: int) -> tuple[int, ...]:
    """``sizes`` rescaled to sum to ``total`` (largest remainder; unchanged when they already do)."""
    if sum(sizes) == total:
        return tuple(sizes)
    if sum(sizes) <= 0 or any(s < 0 for s in sizes):
        raise InputError(f"split sizes must be non-negative with a positive sum, got {list(sizes)}")
    quotas = [s * total / sum(sizes) for s in sizes]
    out = [int(q) for q in quotas]
    by_remainder = sorted(range(len(sizes)), key=lambda k: (-(quotas[k] - out[k]), k))
    for k in by_remainder[: total - sum(out)]:
        out[k] += 1
    return tuple(out)


def deal(n: int, sizes: Sequence[int]) -> list[int]:
    """Split index for positions 0..n-1: at each step the split furthest below its quota."""
    taken = [0] * len(sizes)
    out = []
    for i in range(n):
        k = max(range(len(sizes)), key=lambda s: (sizes[s] * (i + 1) / n - taken[s], -s))
        taken[k] += 1
        out.append(k)
    return out


def plan_ocw(
    puzzles: Sequence[Puzzle], seed: int = DEFAULT_SEED, sizes: Sequence[int] = OCW_SIZES
) -> dict[str, Split]:
    """Seeded, season-stratified assignment of OCW walls (puzzle id -> split)."""
    walls: dict[object, list[Puzzle]] = defaultdict(list)
    for p in puzzles:  # one unit per wall; boards too unreadable to identify (pictures) stand alone
        key = wall_key(p)
        walls[key if identifying(key) else ("id", p.id)].append(p)
    strata: dict[int, list[list[Puzzle]]] = defaultdict(list)
    for members in walls.values():
        first = min(members, key=lambda p: p.id)
        season = first.ocw.season if first.ocw and first.ocw.season is not None else 10**6
        strata[season].append(sorted(members, key=lambda p: p.id))
    rng = random.Random(seed)
    ordered: list[list[Puzzle]] = []
    for season in sorted(strata):
        block = sorted(strata[season], key=lambda m: m[0].id)
        rng.shuffle(block)
        ordered += block
    wanted = scale_sizes(sizes, len(ordered))
    return {
        p.id: SPLITS[k]
        for members, k in zip(ordered, deal(len(ordered), wanted), strict=True)
        for p in members
    }


def plan_nyt(puzzles: Iterable[Puzzle], cutoffs: Sequence[dt.date]) -> dict[str, Split]:
    """Date-cutoff assignment of NYT puzzles (puzzle id -> split)."""
    if not 1 <= len(cutoffs) <= 2 or list(cutoffs) != sorted(cutoffs):
        raise InputError("--nyt-cutoff takes one date (train|test) or two increasing dates (train|val|test)")
    out: dict[str, Split] = {}
    for p in puzzles:
        if p.nyt is None:
            continue
        if p.nyt.date < cutoffs[0]:
            out[p.id] = Split.TRAIN
        elif len(cutoffs) == 2 and p.nyt.date < cutoffs[1]:
            out[p.id] = Split.VALIDATION
        else:
            out[p.id] = Split.TEST
    return out


def read_release_splits(folder: Path) -> tuple[dict[str, Split], dict[frozenset[str], Split]]:
    """Split of every record in a release folder's JSON files: by id and by normalised clue set."""
    if not folder.is_dir():
        raise InputError(f"{folder}: not a folder; --splits-from takes an unpacked release folder")
    by_id: dict[str, Split] = {}
    by_key: dict[frozenset[str], Split] = {}
    for path in sorted(folder.rglob("*.json")):
        match = _NAME.search(path.stem.lower())
        if not match:
            continue
        split = Split.VALIDATION if match.group(1) in ("val", "validation") else Split(match.group(1))
        doc = read_json(path)
        for entry in doc.get("dataset", []) if isinstance(doc, dict) else []:
            rid = str(entry.get("wall_id") or entry.get("id") or "")
            _put(by_id, rid, split, path)
            words = entry.get("words")
            if isinstance(words, list) and len(words) == 16:
                by_key.setdefault(clue_key(words), split)
    if not by_id:
        raise InputError(f"{folder}: no JSON file named train/validation/test with a `dataset` list found")
    return by_id, by_key


def _put(table: dict[str, Split], rid: str, split: Split, path: Path) -> None:
    if not rid:
        return
    if table.get(rid, split) != split:
        raise InputError(f"{path}: record {rid} is in both {table[rid].value} and {split.value}")
    table[rid] = split


def plan_from_release(puzzles: Iterable[Puzzle], folder: Path) -> dict[str, Split]:
    """Assignment copied from a release folder (unmatched puzzles are left out of the plan)."""
    by_id, by_key = read_release_splits(folder)
    plan: dict[str, Split] = {}
    for p in puzzles:
        split = by_id.get(p.id) or by_key.get(wall_key(p))
        if split is not None:
            plan[p.id] = split
    return plan


def apply_plan(puzzles: Iterable[Puzzle], plan: dict[str, Split]) -> list[Puzzle]:
    """Puzzles with their planned split set (others unchanged)."""
    return [p.model_copy(update={"split": plan[p.id]}) if p.id in plan else p for p in puzzles]


def inherit_splits(variants: Iterable[Puzzle], parents: dict[str, Puzzle]) -> list[Puzzle]:
    """Variants take the split their parents agree on (left unchanged when they disagree).

    ``parents`` maps puzzle ids and group ids to puzzles (:func:`parent_index`)."""
    out = []
    for v in variants:
        ids = v.lineage.parents if v.lineage else ()
        splits = {parents[i].split for i in ids if i in parents}
        out.append(v.model_copy(update={"split": splits.pop()}) if len(splits) == 1 else v)
    return out


@dataclass(frozen=True)
class SplitSummary:
    """Counts per store and split after assignment, and notes for the user."""

    counts: dict[str, dict[str, int]]
    notes: tuple[str, ...] = ()


def split_workspace(
    workspace: Workspace,
    *,
    seed: int = DEFAULT_SEED,
    sizes: Sequence[int] | None = None,
    nyt_cutoffs: Sequence[dt.date] = (),
    splits_from: Path | None = None,
    sources: Sequence[str] = (),
    dry_run: bool = False,
    strategy: str = "default",
    reassign: bool = False,
) -> SplitSummary:
    """Assign splits in every store (only ``sources`` when given; each rewritten atomically) and let
    every variant inherit its parent's split; return counts and notes. ``strategy`` ``stratified``
    deals every board by difficulty and date (:mod:`.strata`; ``sizes`` None: 80/10/10), keeping
    assigned puzzles unless ``reassign``. How the splits were made is recorded for the release card
    (:attr:`Workspace.split_record_path`).

    The stores and variants are read and rewritten under one hold of their locks: an import or a
    variant build beside the split waits for it, and is never overwritten by what it read before."""
    sizes = sizes or (DEFAULT_SIZES if strategy == "stratified" else OCW_SIZES)
    method = Method(strategy, seed, tuple(sizes), tuple(nyt_cutoffs), splits_from, reassign)
    folders = (workspace.puzzles_dir, workspace.variants_dir)
    with workspace.lock(reading=folders) if dry_run else workspace.lock(*folders):
        return _split_locked(workspace, method, sources, dry_run)


def _split_locked(
    workspace: Workspace, method: Method, sources: Sequence[str], dry_run: bool
) -> SplitSummary:
    wanted = {workspace.current_name(s) for s in sources}
    chosen = [name for name in workspace.store_names() if not sources or name in wanted]
    if not chosen:
        raise InputError(
            f"no puzzle stores to split in {workspace.puzzles_dir}; import or scrape puzzles first"
        )
    stores = workspace.stores(chosen)
    everything = [p for items in stores.values() for p in items]
    plan, notes = _plan(everything, method)
    updated = {name: apply_plan(items, plan) for name, items in stores.items()}
    parents = parent_index([p for items in updated.values() for p in items])
    variants = {
        kind: inherit_splits(items, parents) for kind, items in workspace.variants(keep_empty=True).items()
    }
    if not dry_run:
        for name, items in updated.items():
            workspace.write_store(name, items)
        for kind, items in variants.items():
            workspace.write_variants(kind, items)
        write_json(workspace.split_record_path, method.record())
    paths = [(workspace.puzzles_path(n), items) for n, items in updated.items()]
    paths += [(workspace.variants_path(k), items) for k, items in variants.items()]
    counts = {f"{path.parent.name}/{path.name}": _count(items) for path, items in paths}
    return SplitSummary(counts, tuple(notes))


def _plan(puzzles: list[Puzzle], method: Method) -> tuple[dict[str, Split], list[str]]:
    seed, sizes, nyt_cutoffs, splits_from = method.seed, method.sizes, method.nyt_cutoffs, method.splits_from
    if method.strategy == "stratified":
        return plan_with_notes(puzzles, method)
    nyt = [p for p in puzzles if p.nyt is not None]
    if splits_from is not None:
        plan = plan_from_release(puzzles, splits_from)
        rest = [p for p in nyt if p.id not in plan]
        plan.update(plan_nyt(rest, nyt_cutoffs) if nyt_cutoffs and rest else {})
        missing = len(puzzles) - len(plan)
        return plan, [
            f"{missing} puzzle(s) not found in {splits_from}: split left unchanged"
        ] if missing else []
    ocw = [p for p in puzzles if p.nyt is None]
    plan = plan_ocw(ocw, seed, sizes) if ocw else {}
    notes = []
    walls = len({wall_key(p) for p in ocw})
    if ocw and sum(sizes) != walls:
        scaled = "/".join(map(str, scale_sizes(sizes, walls)))
        notes.append(f"OCW sizes {'/'.join(map(str, sizes))} rescaled to {scaled} for {walls} walls")
    if nyt and not nyt_cutoffs:
        notes.append(f"{len(nyt)} NYT puzzle(s) left unchanged: pass --nyt-cutoff DATE[,DATE] to split them")
    plan.update(plan_nyt(nyt, nyt_cutoffs) if nyt and nyt_cutoffs else {})
    return plan, notes


def _count(items: Iterable[Puzzle]) -> dict[str, int]:
    counts = {"train": 0, "validation": 0, "test": 0, "unassigned": 0}
    for p in items:
        counts[p.split.value if p.split else "unassigned"] += 1
    return counts
