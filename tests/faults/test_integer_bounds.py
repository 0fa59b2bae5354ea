"""Hole 4: every integer the schema accepts fits the column its HF Features declare for it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from ocwtool.cli import main
from ocwtool.data import example_path
from ocwtool.formats.hf import features, read_parquet, write_parquet
from ocwtool.fsio import sha256_file
from ocwtool.schema.fields import INT_RANGES, Scalar, Seq, Struct, kinds
from ocwtool.schema.models import Puzzle
from tests.formats.conftest import full_nyt, full_puzzle


def _int_fields(model: type[BaseModel]) -> Iterator[tuple[type[BaseModel], str, str | None]]:
    """(model, field, dtype) of every integer field reachable from ``model``."""
    for name, kind in kinds(model):
        item = kind.item if isinstance(kind, Seq) else kind
        if isinstance(item, Struct):
            yield from _int_fields(item.model)
        elif isinstance(item, Scalar) and item.py is int:
            yield model, name, item.dtype


INT_FIELDS = sorted(set(_int_fields(Puzzle)), key=lambda f: (f[0].__name__, f[1]))
IDS = [f"{m.__name__}.{name}" for m, name, _ in INT_FIELDS]


def _adapter(model: type[BaseModel], name: str) -> TypeAdapter[Any]:
    info = model.model_fields[name]
    if not info.metadata:
        return TypeAdapter(info.annotation)
    return TypeAdapter(Annotated[(info.annotation, *info.metadata)])  # type: ignore[misc]


def test_the_schema_has_the_integer_fields_this_test_checks() -> None:
    assert {"OcwMeta.season", "OcwMeta.episode", "NytMeta.internal_id", "Lineage.seed", "Group.level"} <= set(
        IDS
    )


@pytest.mark.parametrize(("model", "name", "dtype"), INT_FIELDS, ids=IDS)
def test_every_integer_field_is_bounded_by_its_declared_dtype(
    model: type[BaseModel], name: str, dtype: str | None
) -> None:
    assert dtype in INT_RANGES, f"{model.__name__}.{name}: declare its width with Dtype(...)"
    lo, hi = INT_RANGES[dtype]
    adapter = _adapter(model, name)
    for value in (lo - 1, hi + 1, -(2**63) - 1, 2**63, 2**64, True, 1.0, "1"):
        with pytest.raises(ValidationError):
            adapter.validate_python(value)


def test_the_features_declare_the_same_widths() -> None:
    feats = features()
    assert feats["ocw"]["season"].dtype == "int32"
    assert feats["nyt"]["internal_id"].dtype == "int64"
    assert feats["lineage"]["seed"].dtype == "int64"


def test_values_at_the_limits_round_trip_through_parquet(tmp_path: Path) -> None:
    ocw = full_puzzle().model_dump()
    ocw["ocw"].update(season=2**31 - 1, episode=2**31 - 1)
    ocw["lineage"]["seed"] = -(2**63)
    nyt = full_nyt().model_dump()
    nyt["nyt"]["internal_id"] = 2**63 - 1
    puzzles = [Puzzle.model_validate(ocw), Puzzle.model_validate(nyt)]
    write_parquet(puzzles, tmp_path / "edge.parquet")
    assert read_parquet(tmp_path / "edge.parquet") == puzzles


def run(ws: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as info:
        main(["-w", str(ws), *args])
    return int(info.value.code or 0), capsys.readouterr().err


@pytest.mark.parametrize("season", [2**63, 2**31, 2**64, -(2**63) - 1])
def test_a_season_no_export_can_hold_is_refused_at_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], season: int
) -> None:
    ws = tmp_path / "ws"
    assert run(ws, capsys, "import", str(example_path("ocw_example.json")), "--source", "kept")[0] == 0
    doc = json.loads(example_path("ocw_example.json").read_text(encoding="utf-8"))
    doc["dataset"][2]["season"] = season
    path = tmp_path / "big.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    store = ws / "puzzles" / "kept.jsonl"
    before = sha256_file(store)
    code, err = run(ws, capsys, "import", str(path), "--source", "kept")
    assert code == 1
    assert err.startswith(
        f"Error: {path}: dataset[2] (wall 5e1b01): record 5e1b01: ocw.season: Input should be "
    )
    assert err.count("\n") == 1
    assert sha256_file(store) == before
    assert run(ws, capsys, "export", "--format", "hf", "--out", str(tmp_path / "kept.parquet"))[0] == 0


def test_a_variant_seed_the_lineage_cannot_hold_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = run(tmp_path / "ws", capsys, "build-variants", "--kind", "randomized", "--seed", str(2**64))
    assert code == 2
    assert "Invalid value for '--seed'" in err
    assert not (tmp_path / "ws" / "variants").exists()
