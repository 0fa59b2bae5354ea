"""Reading gold walls from a release folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.gold import release_golds
from ocwtool.formats.hf import write_parquet
from ocwtool.schema.models import Split
from tests.conftest import make_ocw_wall


def _release(root: Path) -> Path:
    wall = make_ocw_wall("w1").model_copy(update={"split": Split.TEST})
    for config in ("ocw", "ocw_randomized"):  # Randomized keeps its parent's wall id, as published
        (root / "data" / config).mkdir(parents=True)
        write_parquet([wall], root / "data" / config / "test-00000-of-00001.parquet")
    return root


def test_one_config_is_read(tmp_path: Path) -> None:
    golds = release_golds(_release(tmp_path), "test", "ocw")
    assert [w.wall_id for w in golds.walls] == ["w1"]


def test_configs_sharing_wall_ids_are_not_scored_together(tmp_path: Path) -> None:
    with pytest.raises(EvaluationError) as info:
        release_golds(_release(tmp_path), "test", None)
    assert str(info.value) == (
        f"{tmp_path}: wall id 'w1' appears in more than one config; "
        "choose one with --source (configs: ocw, ocw_randomized)"
    )


def test_report_names_round_trip() -> None:
    from ocwtool.evaluation.pipeline import parse_report_name, report_name

    assert parse_report_name(report_name("random", "test", "nyt-api")) == ("random", "nyt-api", "test")
    assert parse_report_name(report_name("minilm", "all")) == ("minilm", None, "all")
    assert parse_report_name("notes.json") is None
