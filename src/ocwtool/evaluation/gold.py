"""Where gold puzzles come from: a workspace's JSONL stores or a built release folder.

Everything downstream works on :class:`~ocwtool.evaluation.scorer.GoldWall`, the standalone
evaluator's own record, so ``ocwtool eval`` and the shipped ``evaluate.py`` score identical inputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.boundary import scorer_errors
from ocwtool.evaluation.scorer import GoldWall, load_gold
from ocwtool.schema.models import Flag, Game, Puzzle, in_split, non_text_reasons

if TYPE_CHECKING:
    from ocwtool.workspace import Workspace

SPLITS = ("train", "validation", "test")


@dataclass
class GoldSet:
    """The walls to score, and the puzzles left out (id -> reasons)."""

    walls: list[GoldWall]
    skipped: dict[str, list[str]] = field(default_factory=dict)


def unscorable(p: Puzzle) -> list[str]:
    """Why a puzzle is left out of scoring (empty when it is scored): what a text release leaves out
    (picture, emoji, media, excluded), and empty clues (every partition of 16 "" would "solve" it)."""
    reasons = non_text_reasons(p)
    return [*reasons, Flag.EMPTY_MEMBER.value] if Flag.EMPTY_MEMBER in p.flags else reasons


def to_gold_set(puzzles: Sequence[Puzzle], include_flagged: bool = False) -> GoldSet:
    """Gold walls of the scorable puzzles (all of them with ``include_flagged``)."""
    out = GoldSet(walls=[])
    for p in puzzles:
        reasons = [] if include_flagged else unscorable(p)
        if reasons:
            out.skipped[p.id] = reasons
        else:
            out.walls.append(gold_from_puzzle(p))
    return out


def gold_from_puzzle(p: Puzzle) -> GoldWall:
    """The evaluator's view of a canonical puzzle (NYT levels default to yellow..purple order)."""
    levels: tuple[int, ...] | None = None
    if p.game is Game.NYT:
        levels = tuple(k if g.level is None else g.level for k, g in enumerate(p.groups))
    return GoldWall(
        wall_id=p.id,
        groups=tuple(tuple(g.clues) for g in p.groups),
        connections=p.connections,
        levels=levels,
        group_ids=tuple(g.id for g in p.groups),
        season=p.ocw.season if p.ocw else None,
        clues=tuple(p.clues),
    )


def workspace_golds(
    workspace: Workspace, split: str, source: str | None, include_flagged: bool = False
) -> GoldSet:
    """Gold walls of a workspace: ``puzzles/<source>.jsonl`` (or ``variants/``), else every store."""
    puzzles = _workspace_puzzles(workspace, source)
    chosen = in_split(puzzles, split)
    if not chosen:
        raise EvaluationError(
            f"no puzzles of split {split!r} in {workspace.root} ({len(puzzles)} puzzles in total); "
            "import or scrape puzzles first, or choose another --split"
        )
    golds = to_gold_set(chosen, include_flagged)
    if not golds.walls:
        raise EvaluationError(
            f"all {len(chosen)} puzzles of split {split!r} are flagged unscorable; use --include-flagged"
        )
    return golds


def _workspace_puzzles(workspace: Workspace, source: str | None) -> list[Puzzle]:
    """Every store's puzzles; with ``source``, that store's, else that variant kind's."""
    stores, kinds = workspace.store_names(), workspace.variant_kinds()
    if not source:
        return workspace.puzzles(missing_ok=True)
    if source in stores:
        return workspace.puzzles([source])
    if source in kinds:
        return list(workspace.variants(kinds=[source]).get(source, ()))
    known = ", ".join([*stores, *kinds]) or "none"
    raise EvaluationError(f"no store named {source!r} in {workspace.root}; known: {known}")


def release_golds(release: Path, split: str, config: str | None, include_flagged: bool = False) -> GoldSet:
    """Gold walls of a release folder: its parquet files if there are any, else its OCW JSON files."""
    if not release.is_dir():
        raise EvaluationError(f"{release}: release folder not found")
    splits = SPLITS if split == "all" else (split,)
    golds = _release_parquet(release, splits, config, include_flagged)
    if golds is None:
        golds = _release_ocw_json(release, splits, config, include_flagged)
    if not golds.walls:
        raise EvaluationError(
            f"{release}: no {split!r} puzzles found (looked for data/*/<split>-*.parquet and OCW JSON)"
        )
    _refuse_repeated_ids(golds, release)
    return golds


def _refuse_repeated_ids(golds: GoldSet, release: Path) -> None:
    """OCW-Randomized keeps its parents' wall ids: scoring two configs together would pair one
    prediction with two different walls."""
    seen: set[str] = set()
    for wall in golds.walls:
        if wall.wall_id in seen:
            names = ", ".join(f.name for f in _configs(release, None))
            raise EvaluationError(
                f"{release}: wall id {wall.wall_id!r} appears in more than one config; "
                f"choose one with --source (configs: {names})"
            )
        seen.add(wall.wall_id)


def _configs(release: Path, config: str | None) -> list[Path]:
    folders = sorted(p for p in (release / "data").glob("*") if p.is_dir())
    if config is None:
        return folders
    chosen = [f for f in folders if f.name == config]
    if not chosen:
        names = ", ".join(f.name for f in folders) or "none"
        raise EvaluationError(f"{release}: no config {config!r} under data/; known: {names}")
    return chosen


def _release_parquet(
    release: Path, splits: Sequence[str], config: str | None, include_flagged: bool
) -> GoldSet | None:
    """Read ``data/<config>/<split>-*.parquet`` through the formats adapter (None if there are none)."""
    from ocwtool.schema.formats.hf import read_parquet

    files = [f for c in _configs(release, config) for s in splits for f in sorted(c.glob(f"{s}-*.parquet"))]
    if not files:
        return None
    puzzles: list[Puzzle] = [p for f in files for p in read_parquet(f)]
    return to_gold_set(puzzles, include_flagged)


def _release_ocw_json(
    release: Path, splits: Sequence[str], config: str | None, include_flagged: bool
) -> GoldSet:
    """Fallback: OCW JSON files named ``<split>.json`` anywhere in the release (config = folder name).
    OCW JSON carries no flags: a wall with an empty clue is left out (as ``empty_member``)."""
    golds = GoldSet(walls=[])
    for s in splits:
        for path in sorted(release.rglob(f"{s}.json")):
            if config is not None and config not in path.relative_to(release).parts:
                continue
            with scorer_errors():
                walls = load_gold(path)
            for wall in walls:
                if not include_flagged and "" in wall.words:
                    golds.skipped[wall.wall_id] = [Flag.EMPTY_MEMBER.value]
                else:
                    golds.walls.append(wall)
    return golds
