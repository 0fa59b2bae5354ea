"""Each release config's sources and their licences, derived from facts (``ocwtool/data/licences.json``).

A config's sources are the stores its puzzles come from (``Puzzle.source``). A store is matched to
an origin by its name (the default store name of its import format or scraper) or, failing that, by
the host of its records' provenance URLs (scraped pages); a store matching neither is "origin not
recorded", with the licence facts of its game (NYT puzzles stay NYT copyright whoever compiled them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from ocwtool.data import load_facts

if TYPE_CHECKING:
    from ocwtool.schema.models import Puzzle

PRIMARY_CONFIGS = ("ocw", "nyt")  # the default config is the first of these a release has


@dataclass(frozen=True)
class ConfigSource:
    """One source of one config: the store, where it comes from, its licence (as stated)."""

    config: str
    store: str
    origin: str | None  # key in licences.json, None when not recorded
    matched_by: str | None  # "store name" | "provenance URL" | None (not recorded)
    title: str
    url: str | None
    licence: str
    hf_license: str
    puzzles: int

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def config_sources(configs: Mapping[str, Sequence[Puzzle]]) -> list[ConfigSource]:
    """Per config (in the given order), one entry per store its puzzles come from (sorted)."""
    out: list[ConfigSource] = []
    for config, puzzles in configs.items():
        stores: dict[str, list[Puzzle]] = {}
        for p in puzzles:
            stores.setdefault(p.source, []).append(p)
        for store, items in sorted(stores.items()):
            urls = (p.provenance.url for p in items if p.provenance.url)
            out.append(_entry(config, store, items[0].game.value, urls, len(items)))
    return out


def _entry(config: str, store: str, game: str, urls: Iterable[str], count: int) -> ConfigSource:
    facts: dict[str, Any] = load_facts("licences.json")
    name, how = origin_of(store, urls)
    if name is not None:
        o = facts["origins"][name]
        return ConfigSource(
            config, store, name, how, o["title"], o["url"], o["licence"], o["hf_license"], count
        )
    u = facts["unrecorded"][game]
    return ConfigSource(config, store, None, None, u["title"], None, u["licence"], u["hf_license"], count)


def origin_of(store: str, urls: Iterable[str]) -> tuple[str | None, str | None]:
    """The origin a store's name names, else the one its provenance hosts name (first URL that
    names one), with how it was found; ``(None, None)`` when neither does."""
    origins: dict[str, Any] = load_facts("licences.json")["origins"]
    by_store = next((name for name, o in origins.items() if store in o["stores"]), None)
    if by_store is not None:
        return by_store, "store name"
    hosts = {host: name for name, o in origins.items() for host in o["hosts"]}
    for url in urls:
        found = hosts.get(urlsplit(url).hostname or "")
        if found is not None:
            return found, "provenance URL"
    return None, None


def default_config(configs: Sequence[str]) -> str | None:
    """The config ``load_dataset(<release>)`` loads without a name: ``ocw``, else ``nyt``, else the first."""
    return next((c for c in PRIMARY_CONFIGS if c in configs), configs[0] if configs else None)


def hf_licenses(sources: Sequence[ConfigSource]) -> list[str]:
    """The card's top-level ``license:`` list: every config's licence id, sorted, once each."""
    return sorted({s.hf_license for s in sources})
