"""``ocwtool export --format verifiers-env OUT/``: a self-contained verifiers environment package.

The package is the island :mod:`ocwtool.training.verifiers_env` (copied verbatim, see its
``bundle``) plus the puzzles of a release (one config per folder of ``data/``) or of workspace stores
(one config per store), per split, as the evaluation reads them (``ocwtool.evaluation.gold``: the
same walls ``ocwtool eval`` scores, unscorable ones left out). Each board is the one ocwtool shows
first (board 0: the published board, else the seeded shuffle; never the solution order).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from ocwtool import fsio
from ocwtool._version import __version__
from ocwtool.errors import EvaluationError, InputError
from ocwtool.evaluation.gold import GoldSet, release_golds, workspace_golds
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.names import SPLITS
from ocwtool.schema.board import shown_board
from ocwtool.training.verifiers_env.bundle import MODULE, package_files
from ocwtool.workspace import Workspace

FORMAT = "verifiers-env"


@dataclass(frozen=True)
class VerifiersExport:
    """What was written: the folder, and puzzles per config and split."""

    path: Path
    counts: dict[str, dict[str, int]]

    @property
    def total(self) -> int:
        return sum(n for splits in self.counts.values() for n in splits.values())


def wall_record(wall: GoldWall) -> dict[str, object]:
    """One bundled puzzle (``episode.puzzle_from_record`` reads it back)."""
    board = shown_board(wall.words, wall.groups, wall.wall_id, 0, distractors=wall.distractors)
    return {
        "wall_id": wall.wall_id,
        "board": list(board),
        "groups": [list(g) for g in wall.groups],
        "connections": list(wall.connections),
        "levels": None if wall.levels is None else list(wall.levels),
        "distractors": list(wall.distractors),
    }


def _by_split(read: Callable[[str], GoldSet]) -> dict[str, dict[str, list[GoldWall]]]:
    """config -> split -> walls; a split with no puzzles is left out (an error only when all are)."""
    out: dict[str, dict[str, list[GoldWall]]] = {}
    error: EvaluationError | None = None
    for split in SPLITS:
        try:
            golds = read(split)
        except EvaluationError as exc:
            error = exc
            continue
        sections = golds.sections or {"default": golds}
        for name, part in sections.items():
            if part.walls:
                out.setdefault(name, {})[split] = part.walls
    if not out:
        raise error or EvaluationError("no puzzles to export")
    return out


def collect(
    workspace: Workspace | None, release: Path | None, sources: Sequence[str]
) -> dict[str, dict[str, list[GoldWall]]]:
    """The walls per config and split of a release (``sources``: its configs) or a workspace
    (``sources``: its stores; default: all)."""
    chosen: Sequence[str | None] = list(sources) or [None]
    out: dict[str, dict[str, list[GoldWall]]] = {}
    for source in chosen:
        if release is not None:
            out |= _by_split(partial(_release_split, release, source))
        elif workspace is not None:
            with workspace.reading():
                out |= _by_split(partial(_workspace_split, workspace, source))
    return out


def _release_split(release: Path, config: str | None, split: str) -> GoldSet:
    return release_golds(release, split, config, sectioned=True)


def _workspace_split(workspace: Workspace, source: str | None, split: str) -> GoldSet:
    return workspace_golds(workspace, split, source)


def _check_out(out: Path) -> None:
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise InputError(f"{out} exists and is not an empty folder; choose a new folder for the environment")


def export_verifiers_env(
    out: Path, *, workspace: Workspace | None = None, release: Path | None = None, sources: Sequence[str] = ()
) -> VerifiersExport:
    """Write the environment package into ``out`` (a new or empty folder)."""
    _check_out(out)
    walls = collect(workspace, release, sources)
    counts = {c: {s: len(ws) for s, ws in splits.items()} for c, splits in sorted(walls.items())}
    title = f"the puzzles of release {release.name}" if release else "the puzzles of an ocwtool workspace"
    listing = "; ".join(f"{c} ({', '.join(f'{s} {n}' for s, n in sp.items())})" for c, sp in counts.items())
    files = package_files(__version__, title[0].upper() + title[1:], listing)
    data = f"{MODULE}/data"
    index = {"default_config": next(iter(counts)), "configs": counts, "exported_by": f"ocwtool {__version__}"}
    files[f"{data}/index.json"] = (json.dumps(index, indent=2) + "\n").encode("utf-8")
    for config, splits in walls.items():
        for split, group in splits.items():
            lines = "".join(json.dumps(wall_record(w), ensure_ascii=False) + "\n" for w in group)
            files[f"{data}/{config}/{split}.jsonl"] = lines.encode("utf-8")
    for rel, content in sorted(files.items()):
        fsio.write_bytes(out / rel, content)
    return VerifiersExport(out, counts)
