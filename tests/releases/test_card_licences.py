"""The card's default config (loads without a name) and each config's sources and licences."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from ocwtool.errors import ConfigError
from ocwtool.releases.card import CITATION_BIB
from ocwtool.releases.licences import config_sources, default_config, hf_licenses
from ocwtool.schema.models import Provenance, Puzzle
from ocwtool.schema.site_facts import load_facts, parse_facts
from tests.releases.conftest import Built
from tests.validators.factory import nyt, wall


def _header(built: Built) -> dict[str, Any]:
    header: dict[str, Any] = yaml.safe_load((built.folder / "README.md").read_text().split("---\n")[1])
    return header


def _table(built: Built) -> list[list[str]]:
    text = (built.folder / "README.md").read_text()
    section = text.split("## Sources and licences\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "---" not in line]
    return [[cell.strip() for cell in row.strip("|").split(" | ")] for row in rows[1:]]


def test_release_loads_its_default_config_without_a_name(built: Built) -> None:
    import datasets

    header = _header(built)
    assert len(header["configs"]) == 3  # nyt, ocw, ocw_randomized
    assert [c["config_name"] for c in header["configs"] if c.get("default")] == ["ocw"]
    unnamed = datasets.load_dataset(str(built.folder))
    named = datasets.load_dataset(str(built.folder), "ocw")
    assert {s: unnamed[s].num_rows for s in unnamed} == {"train": 4, "validation": 4, "test": 12}
    for split in named:
        assert unnamed[split]["id"] == named[split]["id"]
    assert set(unnamed["test"]["game"]) == {"ocw"}


def test_card_states_each_configs_source_and_licence(built: Built) -> None:
    rows = {row[0]: row for row in _table(built)}
    assert set(rows) == {c["config_name"] for c in _header(built)["configs"]}
    facts = load_facts("licences.json")
    ocw = facts["origins"]["ocw"]
    assert rows["ocw"][1].startswith(ocw["title"]) and "store `ocw`, by its store name" in rows["ocw"][1]
    assert rows["ocw"][2:] == [ocw["licence"], ocw["url"]]
    assert rows["ocw_randomized"][2] == ocw["licence"]  # variants keep the licence of their walls
    unknown = facts["unrecorded"]["nyt"]
    assert rows["nyt"][1].startswith(unknown["title"]) and rows["nyt"][2:] == [unknown["licence"], "-"]
    assert _header(built)["license"] == sorted({ocw["hf_license"], unknown["hf_license"]})
    manifest = json.loads((built.folder / "manifest.json").read_text())
    assert [(s["config"], s["store"], s["licence"]) for s in manifest["sources"]] == [
        ("nyt", "nyt", unknown["licence"]),
        ("ocw", "ocw", ocw["licence"]),
        ("ocw_randomized", "ocw", ocw["licence"]),
    ]
    croissant = json.loads((built.folder / "croissant.json").read_text())
    assert sorted(croissant["license"]) == sorted({ocw["licence"], unknown["licence"]})


def _from(p: Puzzle, store: str, url: str | None = None) -> Puzzle:
    return p.model_copy(update={"source": store, "provenance": Provenance(source=store, url=url)})


def test_sources_are_found_by_store_name_then_provenance_host() -> None:
    configs = {
        "ocw": [
            _from(wall(1), "scraped", "https://ocdb.cc/episode/a-v-b/"),
            _from(wall(2), "scraped", "https://ocdb.cc/episode/a-v-b/"),
            _from(wall(3), "mine"),
        ],
        "nyt": [_from(nyt(0), "connections-eval"), _from(nyt(1), "todd"), _from(nyt(2), "nyt-hf")],
    }
    found = {(s.config, s.store): s for s in config_sources(configs)}
    assert list(found) == [
        ("ocw", "mine"),
        ("ocw", "scraped"),
        ("nyt", "connections-eval"),
        ("nyt", "nyt-hf"),
        ("nyt", "todd"),
    ]
    scraped = found[("ocw", "scraped")]
    assert (scraped.origin, scraped.matched_by, scraped.puzzles) == ("ocdb", "provenance URL", 2)
    assert scraped.licence == "no licence stated" and scraped.url == "https://ocdb.cc"
    mine = found[("ocw", "mine")]
    assert (mine.origin, mine.matched_by, mine.licence, mine.hf_license) == (
        None,
        None,
        "no licence stated",
        "unknown",
    )
    assert found[("nyt", "connections-eval")].licence.startswith("MIT")
    assert found[("nyt", "nyt-hf")].licence.startswith("compilation licence not checked")
    assert found[("nyt", "todd")].licence.startswith("no licence stated")
    assert all("NYT copyright" in found[("nyt", s)].licence for s in ("connections-eval", "nyt-hf", "todd"))
    assert hf_licenses(list(found.values())) == ["mit", "other", "unknown"]


def test_default_config_prefers_ocw_then_nyt_then_the_first() -> None:
    assert default_config(["nyt", "ocw", "ocw_randomized"]) == "ocw"
    assert default_config(["nyt", "nyt_shuffled"]) == "nyt"
    assert default_config(["ocw_randomized", "ocw_wordnet"]) == "ocw_randomized"
    assert default_config([]) is None


def test_licence_facts_refuse_a_store_claimed_by_two_origins() -> None:
    from ocwtool.data import data_path

    doc = json.loads(data_path("licences.json").read_text(encoding="utf-8"))
    doc["origins"]["todd"]["stores"].append("ocw")
    with pytest.raises(ConfigError, match=r"'ocw' is listed by origins 'ocw' and 'todd'"):
        parse_facts("licences.json", json.dumps(doc))


def test_readme_cites_the_papers_as_every_release_does() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Citing", 1)[1].split("```bibtex\n", 1)[1].split("```", 1)[0]
    assert block == CITATION_BIB
    assert "doi       = {10.18653/v1/2024.emnlp-main.1182}" in block  # the EMNLP 2024 paper
