"""Where gold puzzles come from: a workspace's JSONL stores or a built release folder.

Everything downstream works on :class:`~ocwtool.evaluation.scorer.GoldWall`, the standalone
evaluator's own record, so ``ocwtool eval`` and the shipped ``evaluate.py`` score identical inputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.boundary import scorer_errors
from ocwtool.evaluation.scorer import GoldWall, load_gold
from ocwtool.formats.hf import read_parquet
from ocwtool.names import SPLITS
from ocwtool.schema.models import Flag, Game, Puzzle, in_split, non_text_reasons
from ocwtool.stores.release import Release
from ocwtool.workspace import Workspace


@dataclass
class GoldSet:
    """The walls to score, and the puzzles left out (id -> reasons).

    ``sections``: the same walls per workspace store or release config (``eval`` reports each on
    its own, never one mean over OCW and NYT together); empty when there is only one."""

    walls: list[GoldWall]
    skipped: dict[str, list[str]] = field(default_factory=dict)
    sections: dict[str, GoldSet] = field(default_factory=dict)

    def add_section(self, name: str, part: GoldSet) -> None:
        """Append one store's or config's walls (kept apart in ``sections`` too)."""
        self.walls += part.walls
        self.skipped.update(part.skipped)
        if part.walls or part.skipped:
            self.sections[name] = part


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
    """The evaluator's view of a canonical puzzle (NYT levels default to yellow..purple order); its
    ``clues`` are the puzzle's board 0 (:meth:`Puzzle.board`), never the solution order."""
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
        clues=p.board(0),
        distractors=p.distractors,
    )


def workspace_golds(
    workspace: Workspace, split: str, source: str | None, include_flagged: bool = False
) -> GoldSet:
    """Gold walls of a workspace: ``puzzles/<source>.jsonl`` (or ``variants/``), else every store."""
    stores = _workspace_stores(workspace, source)
    golds, total, chosen = GoldSet(walls=[]), 0, 0
    for name, puzzles in stores.items():
        picked = in_split(puzzles, split)
        total, chosen = total + len(puzzles), chosen + len(picked)
        golds.add_section(name, to_gold_set(picked, include_flagged))
    if not chosen:
        raise EvaluationError(
            f"no puzzles of split {split!r} in {workspace.root} ({total} puzzles in total); "
            "import or scrape puzzles first, or choose another --split"
        )
    if not golds.walls:
        raise EvaluationError(
            f"all {chosen} puzzles of split {split!r} are flagged unscorable; use --include-flagged"
        )
    return golds


def _workspace_stores(workspace: Workspace, source: str | None) -> dict[str, list[Puzzle]]:
    """Puzzles by store name: every store; with ``source``, that store, else that variant kind."""
    stores, kinds = workspace.store_names(), workspace.variant_kinds()
    if not source:
        return workspace.stores(missing_ok=True)
    if workspace.current_name(source) in stores:  # an old store name reads the renamed store
        return workspace.stores([source])
    if source in kinds:
        return {source: list(workspace.variants(kinds=[source]).get(source, ()))}
    known = ", ".join([*stores, *kinds]) or "none"
    raise EvaluationError(f"no store named {source!r} in {workspace.root}; known: {known}")


def release_golds(
    release: Path, split: str, config: str | None, include_flagged: bool = False, sectioned: bool = False
) -> GoldSet:
    """Gold walls of a release folder: its parquet files if there are any, else its OCW JSON files.

    Wall ids may repeat across configs (OCW-Randomized keeps its parents'): a caller scoring each
    config on its own passes ``sectioned``; otherwise repeated ids are refused."""
    if not release.is_dir():
        raise EvaluationError(f"{release}: release folder not found")
    splits = SPLITS if split == "all" else (split,)
    layout = Release(release)
    golds = _release_parquet(layout, splits, config, include_flagged)
    if golds is None:
        golds = _release_ocw_json(layout, splits, config, include_flagged)
    if not golds.walls:
        raise EvaluationError(
            f"{release}: no {split!r} puzzles found (looked for data/*/<split>-*.parquet and OCW JSON)"
        )
    if not sectioned:
        _refuse_repeated_ids(golds, layout)
    return golds


def _refuse_repeated_ids(golds: GoldSet, release: Release) -> None:
    """OCW-Randomized keeps its parents' wall ids: scoring two configs together would pair one
    prediction with two different walls."""
    seen: set[str] = set()
    for wall in golds.walls:
        if wall.wall_id in seen:
            names = ", ".join(_configs(release, None))
            raise EvaluationError(
                f"{release.root}: wall id {wall.wall_id!r} appears in more than one config; "
                f"choose one with --source (configs: {names})"
            )
        seen.add(wall.wall_id)


def _configs(release: Release, config: str | None) -> list[str]:
    known = release.configs()
    if config is None:
        return known
    if config not in known:
        names = ", ".join(known) or "none"
        raise EvaluationError(f"{release.root}: no config {config!r} under data/; known: {names}")
    return [config]


def _release_parquet(
    release: Release, splits: Sequence[str], config: str | None, include_flagged: bool
) -> GoldSet | None:
    """Read ``data/<config>/<split>-*.parquet`` through the formats adapter (None if there are none)."""
    by_config = {c: release.parquet_files(c, tuple(splits)) for c in _configs(release, config)}
    if not any(by_config.values()):
        return None
    golds = GoldSet(walls=[])
    for name, files in by_config.items():
        puzzles: list[Puzzle] = [p for f in files for p in read_parquet(f)]
        golds.add_section(name, to_gold_set(puzzles, include_flagged))
    return golds


def _release_ocw_json(
    release: Release, splits: Sequence[str], config: str | None, include_flagged: bool
) -> GoldSet:
    """Fallback: OCW JSON files named ``<split>.json`` anywhere in the release (config = folder name).
    OCW JSON carries no flags: a wall with an empty clue is left out (as ``empty_member``)."""
    parts: dict[str, GoldSet] = {}
    for s in splits:
        for path in release.ocw_json_files(s):
            if config is not None and config not in path.relative_to(release.root).parts:
                continue
            with scorer_errors():
                walls = load_gold(path)
            part = parts.setdefault(path.parent.name, GoldSet(walls=[]))
            for wall in walls:
                if not include_flagged and "" in wall.words:
                    part.skipped[wall.wall_id] = [Flag.EMPTY_MEMBER.value]
                else:
                    part.walls.append(wall)
    golds = GoldSet(walls=[])
    for name, part in parts.items():
        golds.add_section(name, part)
    return golds
