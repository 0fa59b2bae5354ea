"""The puzzles a run plays and the solved walls its few-shot prompt shows, from a workspace or a release."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ocwtool.errors import EvaluationError, LlmError
from ocwtool.evaluation.facets import release_facts, workspace_facts
from ocwtool.evaluation.gold import GoldSet, release_golds, workspace_golds
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.llm.prompts import Example
from ocwtool.names import PROTOCOLS
from ocwtool.safenames import check_name
from ocwtool.workspace import Workspace


@dataclass(frozen=True)
class Protocol:
    """How the model plays: ``oneshot`` (one full answer) or ``interactive`` under ``rules``."""

    name: str = "oneshot"
    rules: str = "oneshot"
    prompt: str | None = None

    def __post_init__(self) -> None:
        if self.name not in PROTOCOLS:
            raise LlmError(f"unknown protocol {self.name!r}; choose one of: {', '.join(PROTOCOLS)}")
        if self.name == "oneshot" and self.rules != "oneshot":
            raise LlmError(f"the oneshot protocol plays the oneshot rules, not {self.rules!r}")
        if self.name == "interactive" and self.rules == "oneshot":
            raise LlmError(
                "interactive play needs game rules: --rules nyt, missed-connections or only-connect"
            )


@dataclass(frozen=True)
class PuzzleSource:
    """Where puzzles come from: a workspace or a release folder, one source, one split; only those
    published on or after ``since`` (a model's training cutoff), the ``newest`` N of them."""

    workspace: Workspace | None = None
    release: Path | None = None
    source: str | None = None
    split: str = "test"
    include_flagged: bool = False
    since: dt.date | None = None
    newest: int | None = None

    def __post_init__(self) -> None:
        if self.source is not None:  # a store or a release config: a file name either way
            check_name(self.source, "source name")

    def describe(self) -> str:
        where = f"release {self.release}" if self.release else f"workspace {self.workspace_root}"
        return f"{where}, source {self.source or 'all'}, split {self.split}"

    @property
    def workspace_root(self) -> str | None:
        """The workspace folder as text, as run settings record it and the task's arguments carry it."""
        return str(self.workspace.root) if self.workspace is not None else None

    def golds(self, split: str | None = None) -> GoldSet:
        """Gold walls of ``split`` (default: the run's split)."""
        chosen = split or self.split
        if self.release is not None:
            return release_golds(self.release, chosen, self.source, self.include_flagged)
        if self.workspace is None:
            raise LlmError("give a workspace or a release to play")
        return workspace_golds(self.workspace, chosen, self.source, self.include_flagged)

    def played(self, whose: str | None = None) -> tuple[list[GoldWall], str | None]:
        """The walls of the run's split it plays, and a line saying how many (None: all of them);
        ``whose``: the model whose training cutoff ``since`` is, for that line."""
        walls = self.golds().walls
        if self.since is None and self.newest is None:
            return walls, None
        dates = {w.wall_id: d for w in walls if (d := self.dates().get(w.wall_id))}
        since = self.since
        after = [w for w in walls if w.wall_id in dates and (since is None or dates[w.wall_id] >= since)]
        kept, parts = after, []
        if since is not None:
            model = f" ({whose}'s cutoff)" if whose else ""
            parts.append(f"{len(after):,} of {len(walls):,} puzzles published on or after {since}{model}")
        if self.newest is not None:
            kept = (
                sorted(after, key=lambda w: (dates[w.wall_id], w.wall_id))[-self.newest :]
                if self.newest
                else []
            )
            parts.append(f"the newest {len(kept):,} of {len(after):,}" + ("" if since else " puzzles"))
        if undated := len(walls) - len(dates):
            parts.append(f"{undated:,} without a publication date left out")
        ids = {w.wall_id for w in kept}
        return [w for w in walls if w.wall_id in ids], "; ".join(parts)

    def dates(self) -> dict[str, dt.date | None]:
        """Wall id -> publication date (NYT date, OCW air date; None: unknown) of the puzzles."""
        facts = release_facts(self.release) if self.release else workspace_facts(self._workspace())
        return {wall_id: f.date for wall_id, f in facts.items()}

    def _workspace(self) -> Workspace:
        if self.workspace is None:
            raise LlmError("give a workspace or a release to play")
        return self.workspace


def timing(dates: Sequence[dt.date | None], run_date: dt.date) -> dict[str, Any]:
    """How many puzzles a run played on the day they were published ("live": no model can have
    seen them) and how many after it ("backfill"), so the two are never mixed up; undated counted."""
    return {
        "run_date": run_date.isoformat(),
        "live": sum(1 for d in dates if d is not None and d >= run_date),
        "backfill": sum(1 for d in dates if d is not None and d < run_date),
        "undated": sum(1 for d in dates if d is None),
    }


def game_of(gold: GoldWall) -> str:
    """``nyt`` for boards with difficulty levels, else ``ocw``."""
    return "nyt" if gold.levels is not None else "ocw"


def train_examples(src: PuzzleSource) -> list[Example]:
    """Solved walls of the train split of the same source (none when it has no train split)."""
    try:
        walls = src.golds("train").walls
    except EvaluationError:
        return []
    return [(w.groups, w.connections) for w in walls]


def limited(walls: Sequence[GoldWall], limit: int | None) -> list[GoldWall]:
    """The first ``limit`` walls (all of them without a limit)."""
    return list(walls if limit is None else walls[:limit])


def require_inspect() -> None:
    """Fail with a one-line fix when the ``[llm]`` extra is not installed."""
    try:
        import inspect_ai  # noqa: F401
    except ImportError:
        raise LlmError("LLM runs need the [llm] extra: pip install 'ocwtool[llm]'") from None
