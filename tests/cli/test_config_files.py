"""ocwtool.toml, validation.toml and the packaged site-facts files are checked by pydantic models:
a bad value is one line naming the file, the table or record, the field, what is wrong and the fix."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from ocwtool.config import LabelStudioConfig, LlmConfig, load_settings, read_config
from ocwtool.data import data_path
from ocwtool.errors import ConfigError
from ocwtool.llm.prices import Price, load_prices
from ocwtool.schema.site_facts import load_facts, parse_facts
from ocwtool.validators.waivers import Waiver, load_waivers
from tests.conftest import run_ocwtool


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        (
            '[crawl]\ntimeout = "slow"\n',
            "[crawl]: timeout: Input should be a valid number, got str 'slow'; "
            "expected seconds to wait for a response, > 0",
        ),
        (
            "[crawl]\ndealy = 1\n",
            "[crawl]: dealy: unknown key; allowed keys: backoff, deadline, delay, max_attempts, max_bytes, "
            "max_crawl_delay, timeout",
        ),
        (
            "[crawl]\ndelay = -1\n",
            "[crawl]: delay: Input should be greater than or equal to 0, got int -1; "
            "expected seconds between requests to one host, >= 0",
        ),
        (
            "[sources.ocdb]\ndelay = -0.5\n",
            "[sources.ocdb]: delay: Input should be greater than or equal to 0, got float -0.5; "
            "expected seconds between requests to this source, >= 0",
        ),
        (
            "[crawl]\nmax_attempts = 2.5\n",
            "[crawl]: max_attempts: Input should be a valid integer, got float 2.5; "
            "expected how many times to try a request, an integer >= 1",
        ),
        (
            "[crawl]\nmax_crawl_delay = inf\n",
            "[crawl]: max_crawl_delay: Input should be a finite number, got float inf; "
            "expected the longest robots.txt Crawl-delay honoured, seconds, a finite number > 0",
        ),
        (
            "[crawl]\nmax_bytes = 5e6\n",
            "[crawl]: max_bytes: Input should be a valid integer, got float 5000000.0; "
            "expected the largest response body fetched, in bytes, an integer >= 1",
        ),
        ("[sources]\nocdb = 3\n", "[sources]: ocdb: must be a table ([sources.ocdb]), got int 3"),
        (
            "contact = 5\n",
            "(top level): contact: Input should be a valid string, got int 5; "
            "expected an e-mail address sent in the User-Agent",
        ),
        (
            "user_agent = 'x'\n",
            "(top level): user_agent: unknown key; allowed keys: contact, crawl, cutoffs, labelstudio, "
            "llm, sources",
        ),
        (
            "[labelstudio]\ntimeout = 0\n",
            "[labelstudio]: timeout: Input should be greater than 0, got int 0; "
            "expected seconds to wait for the server, > 0",
        ),
        (
            '[labelstudio]\nproject = "x"\n',
            "[labelstudio]: project: String should have at least 3 characters, got str 'x'; "
            "expected a project title of 3+ characters",
        ),
        (
            "[labelstudio.annotators]\nalice = 1\n",
            "[labelstudio.annotators]: alice: Input should be a valid string, got int 1",
        ),
        (
            '[llm.prices."openai/gpt-4o"]\ninput = -1\noutput = 2\n',
            '[llm.prices."openai/gpt-4o"]: input: Input should be greater than or equal to 0, got int -1; '
            "expected USD per million input tokens, a number >= 0",
        ),
        (
            "[llm.prices.m]\ninput = 1\n",
            "[llm.prices.m]: output: missing; expected USD per million output tokens, a number >= 0",
        ),
        ("[llm]\nprice = 1\n", "[llm]: price: unknown key; allowed keys: prices"),
    ],
)
def test_bad_ocwtool_toml_is_one_line(tmp_path: Path, toml: str, message: str) -> None:
    path = tmp_path / "ocwtool.toml"
    path.write_text(toml)
    with pytest.raises(ConfigError) as info:
        load_settings(tmp_path)
    assert str(info.value) == f"{path}: {message}"


def test_good_ocwtool_toml_fills_settings(tmp_path: Path) -> None:
    (tmp_path / "ocwtool.toml").write_text(
        'contact = "me@example.org"\n[crawl]\ndelay = 0\nmax_attempts = 2\n'
        '[sources.ocdb]\nbase_url = "http://127.0.0.1:9"\ndelay = 0.5\n'
    )
    settings = load_settings(tmp_path)
    assert (settings.contact, settings.delay, settings.max_attempts, settings.timeout) == (
        "me@example.org",
        0.0,
        2,
        30.0,
    )
    assert settings.delay_for("ocdb") == 0.5 and settings.source("ocdb").base_url == "http://127.0.0.1:9"
    assert settings.delay_for("smoci") == 0.0


def test_every_table_the_code_reads_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "ocwtool.toml").write_text(
        'contact = "me@example.org"\n[labelstudio]\nurl = "http://127.0.0.1:8080"\nproject = "kt"\n'
        '[labelstudio.annotators]\nalice = "alice@example.org"\n'
        '[llm.prices."openai/gpt-4o"]\ninput = 2.5\noutput = 10\n'
    )
    with pytest.raises(ConfigError, match=r"\[labelstudio\]: project: String should have at least 3"):
        load_settings(tmp_path)
    (tmp_path / "ocwtool.toml").write_text(
        (tmp_path / "ocwtool.toml").read_text().replace('"kt"', '"knowledge types"')
    )
    assert load_settings(tmp_path).contact == "me@example.org"
    config = read_config(tmp_path / "ocwtool.toml")
    assert config.labelstudio.annotators == {"alice": "alice@example.org"}
    settings = load_settings(tmp_path)
    assert settings.labelstudio.url == "http://127.0.0.1:8080"
    assert load_prices(settings.llm) == {"openai/gpt-4o": Price(2.5, 10.0)}


def test_settings_hold_llm_and_labelstudio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LABEL_STUDIO_URL", raising=False)
    monkeypatch.setenv("LABEL_STUDIO_API_KEY", "from-env")
    (tmp_path / "ocwtool.toml").write_text(
        '[labelstudio]\nurl = "http://127.0.0.1:8080"\ntoken = "from-file"\n'
        '[llm.prices."openai/gpt-4o"]\ninput = 2.5\noutput = 10\n'
    )
    settings = load_settings(tmp_path)
    assert isinstance(settings.llm, LlmConfig) and isinstance(settings.labelstudio, LabelStudioConfig)
    assert (settings.labelstudio.url, settings.labelstudio.token) == ("http://127.0.0.1:8080", "from-env")
    assert settings.labelstudio.project == "ocwtool knowledge types"
    assert settings.llm.prices["openai/gpt-4o"].output == 10.0
    assert load_settings(tmp_path / "none").llm == LlmConfig()


def test_a_bad_ocwtool_toml_stops_a_command_with_one_line(tmp_path: Path) -> None:
    (tmp_path / "ocwtool.toml").write_text("[crawl]\ndelay = -2\n")
    out = run_ocwtool("-w", str(tmp_path), "validate")
    assert out.returncode == 1
    assert out.stderr == (
        f"Error: {tmp_path / 'ocwtool.toml'}: [crawl]: delay: Input should be greater than or equal to 0, "
        "got int -2; expected seconds between requests to one host, >= 0\n"
    )


_WAIVER = '[[waiver]]\nrule = "S05"\nrecords = ["w1"]\nreason = "real"\n'


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        (
            "waiver = 3\n",
            "(top level): waiver: Input should be a valid list, got int 3; "
            "expected an array of tables ([[waiver]])",
        ),
        ('[[waivers]]\nrule = "S05"\n', "(top level): waivers: unknown key; allowed keys: waiver"),
        (_WAIVER + "note = 1\n", "waiver #1: note: unknown key; allowed keys: reason, records, rule"),
        (
            _WAIVER.replace('["w1"]', '"w1"'),
            "waiver #1: records: Input should be a valid list, got str 'w1'; "
            "expected a non-empty list of record ids",
        ),
        (
            _WAIVER + _WAIVER.replace('["w1"]', "[]"),
            "waiver #2: records: List should have at least 1 item after validation, not 0, got list []; "
            "expected a non-empty list of record ids",
        ),
        (
            _WAIVER.replace('"real"', '"  "'),
            "waiver #1: reason: a waiver needs a reason (why this exception is real)",
        ),
        (
            _WAIVER.replace('"S05"', '"S99"'),
            "waiver #1: rule: unknown rule 'S99'; see `ocwtool validate --rules`",
        ),
    ],
)
def test_bad_validation_toml_is_one_line(tmp_path: Path, toml: str, message: str) -> None:
    path = tmp_path / "validation.toml"
    path.write_text(toml)
    with pytest.raises(ConfigError) as info:
        load_waivers(path)
    assert str(info.value) == f"{path}: {message}"


def test_waivers_by_name_with_padded_reasons_still_load(tmp_path: Path) -> None:
    path = tmp_path / "validation.toml"
    path.write_text('[[waiver]]\nrule = "near-duplicate"\nrecords = ["a|b", "a"]\nreason = " same quiz "\n')
    assert load_waivers(path) == (Waiver("L04", frozenset({"a|b", "a"}), "same quiz"),)


def _edited(name: str, path: list[str], value: Any = None, *, delete: bool = False) -> str:
    data = copy.deepcopy(json.loads(data_path(name).read_text(encoding="utf-8")))
    node = data
    for key in path[:-1]:
        node = node[key]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("name", "path", "value", "message"),
    [
        (
            "sources.json",
            ["ocdb", "early_era_last_series"],
            "3",
            "ocdb: early_era_last_series: Input should be a valid integer, got str '3'; "
            "expected a series number >= 1",
        ),
        (
            "sources.json",
            ["smoci", "fuzzy_min_overlap"],
            -1,
            "smoci: fuzzy_min_overlap: Input should be greater than or equal to 1, got int -1; "
            "expected clues two walls share, 1-16",
        ),
        (
            "sources.json",
            ["ocdb", "meta_pattern"],
            "(",
            "ocdb: meta_pattern: not a regular expression (missing ), unterminated subpattern at position 0)",
        ),
        (
            "sources.json",
            ["nyt-api", "first_day"],
            "2023-02-30",
            "nyt-api: first_day: Input should be a valid date in the format YYYY-MM-DD, day value is "
            "outside expected range, got str '2023-02-30'",
        ),
        (
            "sources.json",
            ["nyt-api", "v1_retired"],
            "2020-01-01",
            "nyt-api: v1_retired: 2020-01-01 is before the first NYT Connections day 2023-06-12",
        ),
        (
            "sources.json",
            ["ocdb", "ocw_walls_per_series", "2"],
            17,
            "ocdb: (record): ocw_walls_per_series adds up to 619, ocw_total_walls says 618",
        ),
        (
            "sources.json",
            ["smoci", "base_url"],
            "prettygr.im",
            "smoci: base_url: String should match pattern '^https?://[^/\\s]+$', got str 'prettygr.im'; "
            "expected scheme and host, e.g. https://ocdb.cc",
        ),
        (
            "sources.json",
            ["nyt-archive", "listing"],
            "/x/",
            "nyt-archive: listing: unknown key; allowed keys: archive_heading_pattern, base_url, "
            "known_defects_1_183, listing_path, page_path_pattern, store",
        ),
        (
            "nyt_facts.json",
            ["picture_days", "2024-13-01"],
            "image board",
            "picture_days: 2024-13-01: Input should be a valid date in the format YYYY-MM-DD, month value "
            "is outside expected range of 1-12, got str '2024-13-01'",
        ),
        (
            "nyt_facts.json",
            ["picture_days", "2024-12-12"],
            3,
            "picture_days: 2024-12-12: Input should be a valid string, got int 3",
        ),
        (
            "nyt_facts.json",
            ["pictures"],
            {},
            "(top level): pictures: unknown key; allowed keys: _about, picture_days",
        ),
    ],
)
def test_bad_site_facts_are_one_line(name: str, path: list[str], value: Any, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_facts(name, _edited(name, path, value))
    assert str(info.value) == f"ocwtool/data/{name}: {message}"


def test_a_missing_source_is_named() -> None:
    with pytest.raises(ConfigError) as info:
        parse_facts("sources.json", _edited("sources.json", ["nyt-archive"], delete=True))
    assert str(info.value) == "ocwtool/data/sources.json: (top level): nyt-archive: missing"


def test_packaged_facts_are_valid_and_read_unchanged() -> None:
    for name in ("sources.json", "nyt_facts.json", "licences.json"):
        assert load_facts(name) == json.loads(data_path(name).read_text(encoding="utf-8"))
    assert load_facts("sources.json")["ocdb"]["ocw_total_walls"] == 618
