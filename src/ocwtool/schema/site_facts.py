"""Site facts: the packaged fact files ``sources.json``, ``nyt_facts.json``, ``licences.json`` (in
``ocwtool/data``), their pydantic models, and :func:`load_facts`, which reads them.

:func:`load_facts` validates each file against its model before any code reads it, so
a bad edit (a wrong type, an unknown key, a regex that does not compile, a bad date) fails with one
line naming the file, the source, the field and how to fix it. Keys starting with ``_`` are notes.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from functools import cache
from typing import Annotated, Any, Literal, Self

from pydantic import AfterValidator, Field, model_validator

from ocwtool.configfiles import ConfigModel, parse_model
from ocwtool.data import data_path
from ocwtool.errors import ConfigError
from ocwtool.schema.models import NYT_EPOCH


def _compiles(pattern: str) -> str:
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"not a regular expression ({exc})") from None
    return pattern


def _after_epoch(day: dt.date) -> dt.date:
    if day < NYT_EPOCH:
        raise ValueError(f"{day} is before the first NYT Connections day {NYT_EPOCH}")
    return day


Url = Annotated[
    str, Field(pattern=r"^https?://[^/\s]+$", description="scheme and host, e.g. https://ocdb.cc")
]
UrlPath = Annotated[str, Field(pattern=r"^/", description="a path starting with /")]
Regex = Annotated[str, AfterValidator(_compiles), Field(description="a Python regular expression")]
Selectors = Annotated[list[str], Field(min_length=1, description="a non-empty list of CSS selectors")]
Count = Annotated[int, Field(ge=0, description="a count, an integer >= 0")]
Series = Annotated[int, Field(ge=1, description="a series number >= 1")]
NytDay = Annotated[dt.date, AfterValidator(_after_epoch)]
WallName = Literal["Alpha", "Beta", "Lion", "Water"]
Note = Field(None, description="a free-text note")


class Coverage(ConfigModel):
    regular_series: list[Series]
    missing_series: list[Series]


class OcdbFacts(ConfigModel):
    """ocdb.cc: where walls are, how pages are laid out, and OCW's published wall counts."""

    base_url: Url
    index_path: UrlPath
    episode_path_prefix: UrlPath
    store: str
    index_link_selectors: Selectors
    title_selectors: Selectors
    meta_selectors: Selectors
    meta_pattern: Regex
    wall_round_id: str = Field(min_length=1)
    wall_names_early: list[WallName] = Field(min_length=2, max_length=2)
    wall_names_late: list[WallName] = Field(min_length=2, max_length=2)
    early_era_last_series: Series
    special_slug_prefixes: list[str]
    coverage_oct_2023: Coverage
    ocw_series_range: list[Series] = Field(min_length=2, max_length=2, description="[first, last]")
    ocw_walls_per_series: dict[Annotated[str, Field(pattern=r"^[1-9]\d*$")], Count] = Field(
        description="series number (as a string) -> walls broadcast"
    )
    ocw_total_walls: Count
    glyph_names: dict[str, WallName]
    glyph_comment: str | None = Field(None, alias="_glyph_comment")
    media_selectors: str = Field(min_length=1)

    @model_validator(mode="after")
    def _total(self) -> Self:
        total = sum(self.ocw_walls_per_series.values())
        if total != self.ocw_total_walls:
            raise ValueError(
                f"ocw_walls_per_series adds up to {total}, ocw_total_walls says {self.ocw_total_walls}"
            )
        return self


class SmociFacts(ConfigModel):
    """SMOCI's Datasette: tables, query and the row counts seen in October 2023."""

    base_url: Url
    database_path: UrlPath
    tables: list[str] = Field(min_length=1)
    query: str
    specials_series: Count
    rows_oct_2023: dict[str, Count]
    fuzzy_min_overlap: int = Field(ge=1, le=16, description="clues two walls share, 1-16")
    ocw_join_oct_2023: dict[str, Count]


class NytApiFacts(ConfigModel):
    """The NYT Connections JSON endpoints."""

    base_url: Url
    path_template: str = Field(pattern=r"^/.*\{date\}", description="a path with a {date} placeholder")
    v1_path_template: str = Field(pattern=r"^/.*\{date\}", description="a path with a {date} placeholder")
    v1_retired: NytDay
    first_day: NytDay
    store: str
    reliability: str | None = Field(None, alias="_reliability")


class NytArchiveFacts(ConfigModel):
    """The tryhardguides archive listing and its known defects."""

    base_url: Url
    listing_path: UrlPath
    page_path_pattern: Regex
    archive_heading_pattern: Regex
    store: str
    known_defects_1_183: dict[str, list[Annotated[int, Field(ge=1)]]]


class SourcesFile(ConfigModel):
    """``ocwtool/data/sources.json``: one object per source the scrapers read."""

    comment: str | None = Field(None, alias="_comment")
    ocdb: OcdbFacts
    smoci: SmociFacts
    nyt_api: NytApiFacts = Field(alias="nyt-api")
    nyt_archive: NytArchiveFacts = Field(alias="nyt-archive")


class NytFactsFile(ConfigModel):
    """``ocwtool/data/nyt_facts.json``: facts about NYT days that the data itself cannot show."""

    about: str | None = Field(None, alias="_about")
    picture_days: dict[NytDay, str] = Field(description="ISO date (YYYY-MM-DD) -> note about the board")


HfLicense = Annotated[
    str, Field(pattern=r"^[a-z0-9][a-z0-9.-]*$", description="a Hugging Face card licence id, e.g. mit")
]


class Origin(ConfigModel):
    """Where a store's puzzles come from: title, address, licence (as the source states it)."""

    title: str = Field(min_length=1)
    url: str = Field(pattern=r"^https?://\S+$", description="the source's address")
    licence: str = Field(min_length=1, description="the licence as stated, or 'no licence stated'")
    hf_license: HfLicense
    formats: list[str] = Field(
        default_factory=list, description="import formats of its files (recorded in a store's meta.json)"
    )
    stores: list[str] = Field(description="store names only its puzzles take (scraper or import default)")
    hosts: list[str] = Field(description="hosts of its records' provenance URLs")


class Unrecorded(ConfigModel):
    """What a card says for a store of unknown origin, per game."""

    title: str = Field(min_length=1)
    licence: str = Field(min_length=1)
    hf_license: HfLicense


class LicencesFile(ConfigModel):
    """``ocwtool/data/licences.json``: origin and licence of every source, for release cards."""

    about: str | None = Field(None, alias="_about")
    origins: dict[str, Origin]
    unrecorded: dict[Literal["ocw", "nyt"], Unrecorded]

    @model_validator(mode="after")
    def _unique(self) -> Self:
        seen: dict[str, str] = {}
        for name, origin in self.origins.items():
            for key in [*(f"format {f}" for f in origin.formats), *origin.stores, *origin.hosts]:
                if key in seen:
                    raise ValueError(f"{key!r} is listed by origins {seen[key]!r} and {name!r}")
                seen[key] = name
        return self


FACT_MODELS: dict[str, type[ConfigModel]] = {
    "sources.json": SourcesFile,
    "nyt_facts.json": NytFactsFile,
    "licences.json": LicencesFile,
}


@cache
def load_facts(name: str) -> Any:
    """A packaged JSON fact table, validated against its model (:data:`FACT_MODELS`) and parsed once."""
    return parse_facts(name, data_path(name).read_text(encoding="utf-8"))


def parse_facts(name: str, text: str) -> Any:
    """The JSON of fact file ``name``; a value its model refuses is a one-line ``ConfigError``."""
    model = FACT_MODELS.get(name)
    if model is not None:
        parse_model(model, text, f"ocwtool/data/{name}", json=True)
    return json.loads(text)


def source_facts(name: str) -> dict[str, Any]:
    """The facts of one source in ``sources.json`` (URLs, selectors, expected counts, quirks);
    ``ConfigError`` if the file does not describe it."""
    facts = load_facts("sources.json").get(name)
    if not isinstance(facts, dict):
        raise ConfigError(f"ocwtool/data/sources.json has no entry {name!r}")
    return facts
