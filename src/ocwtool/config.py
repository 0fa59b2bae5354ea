"""One settings object for a workspace, read from ``ocwtool.toml`` plus the environment.

Environment variables win over the file: ``OCWTOOL_WORKSPACE`` (folder), ``OCWTOOL_CONTACT``
(contact sent in the User-Agent), ``LABEL_STUDIO_URL`` and ``LABEL_STUDIO_API_KEY``. The paths of
the workspace layout live in :class:`ocwtool.workspace.Workspace`, which holds these settings.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import tomli_w
from pydantic import Field

from ocwtool._version import __version__
from ocwtool.configfiles import ConfigModel, parse_model, read_toml
from ocwtool.errors import ConfigError
from ocwtool.fsio import write_text

CONFIG_NAME = "ocwtool.toml"
PROJECT_URL = "https://github.com/ocwtool/ocwtool"
DEFAULT_DELAY = 2.0
DEFAULT_MAX_BYTES = 5_000_000  # a page of ocdb.cc is ~100 kB, a SMOCI page of 1,000 rows < 1 MB
DEFAULT_MAX_CRAWL_DELAY = 60.0
DEFAULT_SOURCES = ("ocdb", "smoci", "nyt-api", "nyt-archive")
DEFAULT_LS_PROJECT = "ocwtool knowledge types"
# a [cutoffs] value: a TOML date (2025-03-01) or a quoted one ("2025-03-01")
CutoffDate = Annotated[dt.date, Field(strict=False, description='a date such as "2025-03-01"')]


class SourceConfig(ConfigModel):
    """One ``[sources.NAME]`` table of ``ocwtool.toml``."""

    base_url: str | None = Field(None, description="a URL such as http://127.0.0.1:8000")
    delay: float | None = Field(None, ge=0, description="seconds between requests to this source, >= 0")


class CrawlConfig(ConfigModel):
    """The ``[crawl]`` table of ``ocwtool.toml``."""

    delay: float = Field(DEFAULT_DELAY, ge=0, description="seconds between requests to one host, >= 0")
    timeout: float = Field(30.0, gt=0, description="seconds to wait for a response, > 0")
    deadline: float = Field(120.0, gt=0, description="seconds one whole request may take, > 0")
    max_attempts: int = Field(5, ge=1, description="how many times to try a request, an integer >= 1")
    backoff: float = Field(1.0, ge=0, description="backoff factor between retries, >= 0")
    max_bytes: int = Field(
        DEFAULT_MAX_BYTES, ge=1, description="the largest response body fetched, in bytes, an integer >= 1"
    )
    max_crawl_delay: float = Field(
        DEFAULT_MAX_CRAWL_DELAY,
        gt=0,
        allow_inf_nan=False,
        description="the longest robots.txt Crawl-delay honoured, seconds, a finite number > 0",
    )


class LabelStudioConfig(ConfigModel):
    """The ``[labelstudio]`` table of ``ocwtool.toml`` (``LABEL_STUDIO_URL``/``_API_KEY`` win over it)."""

    url: str | None = Field(None, description="the server's address, such as http://127.0.0.1:8080")
    token: str | None = Field(None, description="an API token (better: LABEL_STUDIO_API_KEY)")
    project: str = Field(DEFAULT_LS_PROJECT, min_length=3, description="a project title of 3+ characters")
    annotators: dict[str, str] = Field(
        default_factory=dict, description='a table of annotator = "e-mail" ([labelstudio.annotators])'
    )
    timeout: float = Field(60.0, gt=0, description="seconds to wait for the server, > 0")


class PriceConfig(ConfigModel):
    """One ``[llm.prices."MODEL"]`` table: USD per million tokens."""

    input: float = Field(ge=0, description="USD per million input tokens, a number >= 0")
    output: float = Field(ge=0, description="USD per million output tokens, a number >= 0")


class LlmConfig(ConfigModel):
    """The ``[llm]`` table of ``ocwtool.toml``."""

    prices: dict[str, PriceConfig] = Field(
        default_factory=dict, description='a table per model ([llm.prices."openai/gpt-4o"])'
    )


@dataclass(frozen=True)
class SourceSettings:
    """Per-source settings: base URL override and politeness delay (seconds between requests)."""

    base_url: str | None = None
    delay: float | None = None


@dataclass(frozen=True)
class Settings:
    """What ``ocwtool.toml`` and the environment say (a ``Workspace`` adds the folder layout).

    Every table of the file, validated once by :func:`load_settings`: ``[crawl]`` and ``contact``
    flattened, ``[sources.NAME]`` as :class:`SourceSettings`, ``[llm]`` and ``[labelstudio]`` as
    their typed tables (the latter with ``LABEL_STUDIO_URL``/``_API_KEY`` applied), ``[cutoffs]``
    as model name -> training cutoff date (over the bundled table, ``evaluation/cutoffs.py``).
    """

    root: Path
    contact: str | None = None
    delay: float = DEFAULT_DELAY
    timeout: float = 30.0
    deadline: float = 120.0
    max_attempts: int = 5
    backoff: float = 1.0
    max_bytes: int = DEFAULT_MAX_BYTES
    max_crawl_delay: float = DEFAULT_MAX_CRAWL_DELAY
    sources: dict[str, SourceSettings] = field(default_factory=dict)
    llm: LlmConfig = field(default_factory=LlmConfig)
    labelstudio: LabelStudioConfig = field(default_factory=LabelStudioConfig)
    cutoffs: dict[str, dt.date] = field(default_factory=dict)

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


def workspace_root(explicit: str | Path | None = None) -> Path:
    """The workspace folder: ``explicit``, else ``$OCWTOOL_WORKSPACE``, else the current folder."""
    chosen = explicit or os.environ.get("OCWTOOL_WORKSPACE") or "."
    return Path(chosen).expanduser().resolve()


class ConfigFile(ConfigModel):
    """The whole of ``ocwtool.toml``: unknown keys and wrong types are one-line config errors."""

    contact: str = Field("", description="an e-mail address sent in the User-Agent")
    crawl: CrawlConfig = CrawlConfig()
    sources: dict[str, SourceConfig] = Field(default_factory=dict)
    labelstudio: LabelStudioConfig = LabelStudioConfig()
    llm: LlmConfig = LlmConfig()
    cutoffs: dict[str, CutoffDate] = Field(
        default_factory=dict, description='a table of "model" = "YYYY-MM-DD" (training cutoffs)'
    )


def read_config(path: Path) -> ConfigFile:
    """``ocwtool.toml`` at ``path`` validated (a missing file gives the defaults)."""
    return parse_model(ConfigFile, read_toml(path), str(path))


def load_settings(root: str | Path | None = None) -> Settings:
    """Read ``ocwtool.toml`` of the workspace (missing file: defaults) and apply the environment."""
    folder = workspace_root(root)
    config = read_config(folder / CONFIG_NAME)
    crawl = config.crawl
    return Settings(
        root=folder,
        contact=os.environ.get("OCWTOOL_CONTACT") or config.contact or None,
        delay=crawl.delay,
        timeout=crawl.timeout,
        deadline=crawl.deadline,
        max_attempts=crawl.max_attempts,
        backoff=crawl.backoff,
        max_bytes=crawl.max_bytes,
        max_crawl_delay=crawl.max_crawl_delay,
        sources={n: SourceSettings(base_url=v.base_url, delay=v.delay) for n, v in config.sources.items()},
        llm=config.llm,
        labelstudio=_labelstudio_env(config.labelstudio),
        cutoffs=dict(config.cutoffs),
    )


def _labelstudio_env(table: LabelStudioConfig) -> LabelStudioConfig:
    """``[labelstudio]`` with ``LABEL_STUDIO_URL`` / ``LABEL_STUDIO_API_KEY`` winning over the file."""
    env = {"url": os.environ.get("LABEL_STUDIO_URL"), "token": os.environ.get("LABEL_STUDIO_API_KEY")}
    return table.model_copy(update={k: v for k, v in env.items() if v})


def write_config(path: Path, contact: str | None = None, *, force: bool = False) -> Path:
    """Write a fresh ``ocwtool.toml`` at ``path``; refuse to overwrite unless ``force``. (Creating a
    whole workspace, folders included, is :func:`ocwtool.workspace.init_workspace`.)"""
    if path.exists() and not force:
        raise ConfigError(f"{path} already exists; edit it, or pass --force to write a fresh one")
    doc: dict[str, Any] = {
        "contact": contact or "",
        "crawl": {
            "delay": DEFAULT_DELAY,
            "timeout": 30.0,
            "max_attempts": 5,
            "max_bytes": DEFAULT_MAX_BYTES,
            "max_crawl_delay": DEFAULT_MAX_CRAWL_DELAY,
        },
        "sources": {name: {"delay": DEFAULT_DELAY} for name in DEFAULT_SOURCES},
    }
    header = (
        "# ocwtool workspace settings.\n"
        "# contact: an e-mail address sent in the User-Agent of every request (required for live crawls).\n"
        '# [sources.NAME] base_url = "http://127.0.0.1:8000" replaces scheme and host of that source.\n'
        "# [crawl] max_bytes: a larger response fails its page; max_crawl_delay: the longest robots.txt\n"
        "# Crawl-delay honoured (a longer one is lowered to it, with a warning).\n"
    )
    write_text(path, header + tomli_w.dumps(doc) + LABELSTUDIO_SECTION)
    return path


# Commented out: a workspace labels with Label Studio only when its team says so.
LABELSTUDIO_SECTION = f"""
# Label Studio for a labelling team (docs/annotations.md, "A labelling team"): uncomment, then
# `ocwtool annotate ls serve` starts a local server at url and makes an account for each annotator
# (passwords and API tokens in labelstudio/accounts.toml, mode 0600); push, pull and status use it.
# [labelstudio]
# url = "http://127.0.0.1:8080"        # serve listens, push/pull/status connect here (LABEL_STUDIO_URL)
# project = "{DEFAULT_LS_PROJECT}"    # project title (3+ characters)
# token = "..."                        # another server's API token: better LABEL_STUDIO_API_KEY
# [labelstudio.annotators]             # annotator = "their Label Studio e-mail"
# alice = "alice@example.org"
# bob = "bob@example.org"
"""
