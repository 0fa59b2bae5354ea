"""What was pushed to Label Studio: one line per ``annotate ls push`` in
``annotations/labelstudio/pushes.jsonl`` (:attr:`ocwtool.workspace.Workspace.labelstudio_pushes_path`).

Each line names the project and the puzzles the push selected (created, already there or changed),
so ``annotate agreement --pushed`` can report over exactly what the team was given to label.
Appended with one locked write, like the label stores; the folder is not a label store (the stores
are ``annotations/*.jsonl``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from ocwtool.stores.annotations import _iter_models, append_lines, dumps


class PushRecord(BaseModel):
    """One push: the project's title, when, and the puzzles it selected."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    project: str
    pushed_at: dt.datetime
    puzzles: tuple[str, ...]


def append_push(path: Path, project: str, puzzles: Sequence[str], when: dt.datetime) -> None:
    """Record one push of ``puzzles`` to ``project``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    append_lines(path, [dumps(PushRecord(project=project, pushed_at=when, puzzles=tuple(puzzles)))])


def pushed_puzzles(path: Path, project: str) -> list[str]:
    """Every puzzle id pushed to ``project`` (first-pushed order; empty when none was)."""
    ids = (pid for rec in _iter_models(path, PushRecord) if rec.project == project for pid in rec.puzzles)
    return list(dict.fromkeys(ids))
