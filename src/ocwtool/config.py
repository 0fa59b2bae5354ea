"""One settings object for a workspace, read from ``ocwtool.toml`` plus the environment.

Environment variables win over the file: ``OCWTOOL_WORKSPACE`` (folder), ``OCWTOOL_CONTACT``
(contact sent in the User-Agent). Paths of the workspace layout live here and nowhere else.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from ocwtool import __version__
from ocwtool.errors import ConfigError
from ocwtool.fsio import write_text

CONFIG_NAME = "ocwtool.toml"
PROJECT_URL = "https://github.com/ocwtool/ocwtool"
DEFAULT_DELAY = 2.0
FOLDERS = ("raw", "puzzles", "variants", "annotations", "releases", "runs")
DEFAULT_SOURCES = ("ocdb", "smoci", "nyt-api", "nyt-archive")


@dataclass(frozen=True)
class SourceSettings:
    """Per-source settings: base URL override and politeness delay (seconds between requests)."""

    base_url: str | None = None
    delay: float | None = None


@dataclass(frozen=True)
class Settings:
    """Everything a command needs to know about the workspace it runs in."""

    root: Path
    contact: str | None = None
    delay: float = DEFAULT_DELAY
    timeout: float = 30.0
    max_attempts: int = 5
    backoff: float = 1.0
    sources: dict[str, SourceSettings] = field(default_factory=dict)

    @property
    def user_agent(self) -> str:
        """Identifying User-Agent: ``ocwtool/<version> (+<url>; <contact>)``."""
        contact = f"; {self.contact}" if self.contact else ""
        return f"ocwtool/{__version__} (+{PROJECT_URL}{contact})"

    def source(self, name: str) -> SourceSettings:
        """Settings of one source (defaults when the file says nothing about it)."""
        return self.sources.get(name, SourceSettings())

    def delay_for(self, name: str) -> float:
        """Minimum interval between requests to one source's host."""
        own = self.source(name).delay
        return self.delay if own is None else own

    # Workspace layout -------------------------------------------------------------------
    @property
    def config_path(self) -> Path:
        return self.root / CONFIG_NAME

    def raw_dir(self, source: str) -> Path:
        return self.root / "raw" / source

    def puzzles_path(self, source: str) -> Path:
        return self.root / "puzzles" / f"{source}.jsonl"

    def variants_path(self, kind: str) -> Path:
        return self.root / "variants" / f"{kind}.jsonl"

    @property
    def puzzles_dir(self) -> Path:
        return self.root / "puzzles"

    @property
    def variants_dir(self) -> Path:
        return self.root / "variants"

    @property
    def annotations_dir(self) -> Path:
        return self.root / "annotations"

    @property
    def releases_dir(self) -> Path:
        return self.root / "releases"

    @property
    def runs_dir(self) -> Path:
        return self.root / "runs"


def workspace_root(explicit: str | Path | None = None) -> Path:
    """The workspace folder: ``explicit``, else ``$OCWTOOL_WORKSPACE``, else the current folder."""
    chosen = explicit or os.environ.get("OCWTOOL_WORKSPACE") or "."
    return Path(chosen).expanduser().resolve()


def load_settings(root: str | Path | None = None) -> Settings:
    """Read ``ocwtool.toml`` of the workspace (missing file: defaults) and apply the environment."""
    folder = workspace_root(root)
    data = _read_toml(folder / CONFIG_NAME)
    try:
        settings = _from_mapping(folder, data)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{folder / CONFIG_NAME}: {exc}") from None
    contact = os.environ.get("OCWTOOL_CONTACT") or settings.contact
    return Settings(
        root=folder,
        contact=contact or None,
        delay=settings.delay,
        timeout=settings.timeout,
        max_attempts=settings.max_attempts,
        backoff=settings.backoff,
        sources=settings.sources,
    )


def _read_toml(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror}") from None


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ValueError(f"{key} must be a table ([{key}]), got {type(value).__name__} {value!r}")
    return value


def _from_mapping(root: Path, data: dict[str, Any]) -> Settings:
    crawl = _table(data, "crawl")
    raw_sources = _table(data, "sources")
    sources = {
        name: SourceSettings(base_url=v.get("base_url"), delay=_opt_float(v.get("delay")))
        for name, v in ((n, _table(raw_sources, n)) for n in raw_sources)
    }
    delay = float(crawl.get("delay", DEFAULT_DELAY))
    if delay < 0:
        raise ValueError(f"crawl.delay must be >= 0 seconds, got {delay}")
    return Settings(
        root=root,
        contact=data.get("contact") or None,
        delay=delay,
        timeout=float(crawl.get("timeout", 30.0)),
        max_attempts=int(crawl.get("max_attempts", 5)),
        backoff=float(crawl.get("backoff", 1.0)),
        sources=sources,
    )


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)


def init_workspace(root: Path, contact: str | None = None, *, force: bool = False) -> Path:
    """Create the workspace folders and ``ocwtool.toml``; refuse to overwrite unless ``force``."""
    root.mkdir(parents=True, exist_ok=True)
    for name in FOLDERS:
        (root / name).mkdir(exist_ok=True)
    path = root / CONFIG_NAME
    if path.exists() and not force:
        raise ConfigError(f"{path} already exists; edit it, or pass --force to write a fresh one")
    doc: dict[str, Any] = {
        "contact": contact or "",
        "crawl": {"delay": DEFAULT_DELAY, "timeout": 30.0, "max_attempts": 5},
        "sources": {name: {"delay": DEFAULT_DELAY} for name in DEFAULT_SOURCES},
    }
    header = (
        "# ocwtool workspace settings.\n"
        "# contact: an e-mail address sent in the User-Agent of every request (required for live crawls).\n"
        '# [sources.NAME] base_url = "http://127.0.0.1:8000" replaces scheme and host of that source.\n'
    )
    write_text(path, header + tomli_w.dumps(doc))
    return path
