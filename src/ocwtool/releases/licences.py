"""Each release config's sources and their licences, derived from facts (``ocwtool/data/licences.json``).

A config's sources are the stores its puzzles come from: a canonical puzzle's own store
(``Puzzle.source``), a variant's parent store (``lineage.params["store"]``), so variants carry the
origin and licence of the walls they were made from. A store is matched to an origin by the format
it was imported from (the ``format`` its ``puzzles/<store>.meta.json`` records), else by its name (a
name only that origin's puzzles take), else by the host of its records' provenance URLs (scraped
pages); a store matching none is "origin not recorded", with the licence facts of its game (NYT
puzzles stay NYT copyright whoever compiled them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any
from urllib.parse import urlsplit

from ocwtool.schema.models import Puzzle
from ocwtool.schema.site_facts import load_facts

PRIMARY_CONFIGS = ("ocw", "nyt")  # the default config is the first of these a release has


@dataclass(frozen=True)
class ConfigSource:
    """One source of one config: the store, where it comes from, its licence (as stated)."""

    config: str
    store: str
    origin: str | None  # key in licences.json, None when not recorded
    matched_by: str | None  # "import format" | "store name" | "provenance URL" | None (not recorded)
    title: str
    url: str | None
    licence: str
    hf_license: str
    puzzles: int
    derived: bool = False  # variants made from the store's puzzles (not the store's own)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def store_of(p: Puzzle) -> str:
    """The store a puzzle comes from: a variant's parent store, else its own source."""
    parent = p.lineage.params.get("store") if p.lineage is not None else None
    return parent or p.source


def config_sources(
    configs: Mapping[str, Sequence[Puzzle]], formats: Mapping[str, str] | None = None
) -> list[ConfigSource]:
    """Per config (in the given order), one entry per store its puzzles come from (sorted).

    ``formats`` maps a store name to the format it was imported from (its meta.json); a variant's
    store is matched with the provenance URLs of that store's own puzzles."""
    urls: dict[str, list[str]] = {}
    for puzzles in configs.values():
        for p in puzzles:
            if p.lineage is None and p.provenance.url:
                urls.setdefault(p.source, []).append(p.provenance.url)
    out: list[ConfigSource] = []
    for config, puzzles in configs.items():
        stores: dict[str, list[Puzzle]] = {}
        for p in puzzles:
            stores.setdefault(store_of(p), []).append(p)
        for store, items in sorted(stores.items()):
            fmt = (formats or {}).get(store)
            found = origin_of(store, urls.get(store, ()), fmt)
            derived = all(p.lineage is not None for p in items)
            out.append(_entry(config, store, items[0].game.value, found, len(items), derived))
    return out


def _entry(
    config: str, store: str, game: str, found: tuple[str | None, str | None], count: int, derived: bool
) -> ConfigSource:
    facts: dict[str, Any] = load_facts("licences.json")
    name, how = found
    if name is not None:
        o = facts["origins"][name]
        return ConfigSource(
            config, store, name, how, o["title"], o["url"], o["licence"], o["hf_license"], count, derived
        )
    u = facts["unrecorded"][game]
    return ConfigSource(
        config, store, None, None, u["title"], None, u["licence"], u["hf_license"], count, derived
    )


def origin_of(store: str, urls: Iterable[str], fmt: str | None = None) -> tuple[str | None, str | None]:
    """The origin of a store's import format, else the one its name names, else the one its
    provenance hosts name (first URL that names one), with how it was found; ``(None, None)`` when
    none does."""
    origins: dict[str, Any] = load_facts("licences.json")["origins"]
    by_format = next((name for name, o in origins.items() if fmt in o.get("formats", ())), None)
    if fmt is not None and by_format is not None:
        return by_format, "import format"
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
