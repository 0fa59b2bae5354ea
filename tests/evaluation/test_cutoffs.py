"""The bundled table of model training cutoffs and ``[cutoffs]`` of ``ocwtool.toml``."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ocwtool.config import load_settings
from ocwtool.errors import ConfigError, InputError
from ocwtool.evaluation.cutoffs import bundled, resolve_cutoff


def test_every_bundled_row_names_its_source() -> None:
    rows = bundled().models
    assert "gpt-4o" in rows
    assert all(row.source.startswith("https://") for row in rows.values())


def test_names_and_aliases_resolve_case_insensitively() -> None:
    found = resolve_cutoff("OpenAI/GPT-4o")
    assert (found.model, found.date) == ("gpt-4o", dt.date(2023, 10, 1))
    assert found.source == "https://platform.openai.com/docs/models/gpt-4o"


def test_ocwtool_toml_overrides_and_extends_the_table(tmp_path: Path) -> None:
    (tmp_path / "ocwtool.toml").write_text('[cutoffs]\n"my-model" = "2025-03-01"\ngpt-4o = 2024-01-01\n')
    overrides = load_settings(tmp_path).cutoffs
    assert resolve_cutoff("my-model", overrides).date == dt.date(2025, 3, 1)
    assert resolve_cutoff("gpt-4o", overrides).date == dt.date(2024, 1, 1)
    assert resolve_cutoff("gpt-4o", overrides).source == "ocwtool.toml [cutoffs]"


def test_a_bad_cutoff_date_in_ocwtool_toml_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "ocwtool.toml").write_text('[cutoffs]\nx = "soon"\n')
    with pytest.raises(ConfigError) as exc:
        load_settings(tmp_path)
    where = tmp_path / "ocwtool.toml"
    assert str(exc.value).startswith(f"{where}: [cutoffs]: x: Input should be a valid date")


def test_an_unknown_model_lists_close_matches() -> None:
    with pytest.raises(InputError) as exc:
        resolve_cutoff("gpt4o")
    assert str(exc.value) == (
        "no training cutoff known for model 'gpt4o'; did you mean gpt-4o, gpt-4, gpt-4o-mini? "
        'add it to ocwtool.toml: [cutoffs] "gpt4o" = "YYYY-MM-DD", or give --cutoff YYYY-MM-DD'
    )
