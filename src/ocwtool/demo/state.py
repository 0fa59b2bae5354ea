"""What the demo's stages share: the state later stages read from earlier ones, and each stage's result."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ocwtool.progress import Progress, silent
from ocwtool.workspace import Workspace


@dataclass
class StageResult:
    """One stage: its name, what it found, the paths it wrote, and how long it took."""

    name: str
    lines: list[str] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)
    seconds: float = 0.0


@dataclass
class DemoState:
    """What later stages need from earlier ones."""

    workspace: Workspace
    progress: Progress = silent
    base_url: str = ""
    snapshot: dict[str, Any] = field(default_factory=dict)
    release_dir: Path | None = None
    archive: Path | None = None
    scores: dict[tuple[str, str], Any] = field(default_factory=dict)
    generating: tuple[Executor, Future[tuple[str, int, int]]] | None = None  # the background generate


Stage = Callable[[DemoState], StageResult]
