from __future__ import annotations

from pathlib import Path

import pytest

from ocwtool.errors import InputError, SchemaError
from ocwtool.formats import get_importer
from ocwtool.formats.hf import features, from_records, read_parquet, to_records, write_parquet
from ocwtool.schema.models import Puzzle
from tests.conftest import make_nyt, make_ocw_wall
from tests.formats.conftest import full_nyt, full_puzzle


def sample() -> list[Puzzle]:
    return [full_puzzle(), full_nyt(), make_ocw_wall(), make_nyt()]


def test_records_round_trip_in_memory() -> None:
    puzzles = sample()
    assert from_records(to_records(puzzles)) == puzzles


def test_parquet_round_trip_with_optional_fields_set_and_unset(tmp_path: Path) -> None:
    puzzles = sample()
    path = tmp_path / "p.parquet"
    write_parquet(puzzles, path)
    back = read_parquet(path)
    assert back == puzzles
    assert back[0].provenance.fetched_at == puzzles[0].provenance.fetched_at
    assert back[0].provenance.fetched_at is not None and back[0].provenance.fetched_at.tzinfo is not None
    assert back[1].provenance.fetched_at is not None and back[1].provenance.fetched_at.tzinfo is None
    assert back[2].lineage is None and back[2].split is None and back[2].ocw is not None
    assert back[0].lineage is not None and back[0].lineage.params == {"mode": "faithful", "k": "3"}


def test_hf_load_dataset_sees_the_explicit_features(tmp_path: Path) -> None:
    datasets = pytest.importorskip("datasets")
    path = tmp_path / "p.parquet"
    write_parquet(sample(), path)
    ds = datasets.load_dataset("parquet", data_files=str(path), cache_dir=str(tmp_path / "cache"))["train"]
    assert ds.features == features()
    assert ds.num_rows == 4
    assert from_records(ds.to_list()) == sample()


def test_features_describe_nested_groups_and_metadata() -> None:
    f = features()
    assert list(f) == [
        "id",
        "game",
        "source",
        "clues",
        "groups",
        "split",
        "flags",
        "ocw",
        "nyt",
        "provenance",
        "lineage",
        "board_order",
        "distractors",
    ]
    assert f["groups"].feature["human_performance"]["grouping"].dtype == "int8"
    assert f["nyt"]["date"].dtype == "date32"
    assert f["clues"].length == -1  # 16 clues, or 16 + k with distractors (issue #27)


def test_folder_of_parquet_files(tmp_path: Path) -> None:
    write_parquet(sample()[:2], tmp_path / "d" / "train.parquet")
    write_parquet(sample()[2:], tmp_path / "d" / "test" / "x.parquet")
    result = get_importer("hf")(tmp_path / "d", "ignored")
    assert list(result.puzzles) == [*sample()[2:], *sample()[:2]]  # sorted by path: d/test/x, d/train


def test_bad_inputs(tmp_path: Path) -> None:
    bad = tmp_path / "bad.parquet"
    bad.write_text("not parquet")
    with pytest.raises(InputError) as info:
        read_parquet(bad)
    assert str(info.value).startswith(f"{bad}: not a readable parquet file: ")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError) as info:
        read_parquet(empty)
    assert str(info.value) == f"{empty}: no *.parquet files in this folder"
    import pyarrow as pa
    import pyarrow.parquet as pq

    other = tmp_path / "other.parquet"
    pq.write_table(pa.table({"id": ["x"]}), other)
    with pytest.raises(SchemaError) as info:
        read_parquet(other)
    assert str(info.value) == (
        f"{other}: missing column(s) game, source, clues, groups, provenance; "
        "expected the ocwtool puzzle Features"
    )


def test_invalid_row_names_file_row_and_field(tmp_path: Path) -> None:
    rows = to_records([make_nyt()])
    rows[0]["groups"][0]["level"] = 7
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "p.parquet"
    pq.write_table(pa.Table.from_pylist(rows, schema=features().arrow_schema), path)
    with pytest.raises(SchemaError) as info:
        read_parquet(path)
    assert str(info.value) == (
        f"{path}: row 0: record nyt-2024-01-02: groups.0.level: Input should be less than or equal to 3"
    )


def test_real_data_round_trip(shared_data: Path, tmp_path: Path) -> None:
    ocw = get_importer("ocw")(shared_data / "ocw" / "onlyconnect_prerelease_618.json", "ocw").puzzles
    nyt = get_importer("nyt-archive")(shared_data / "nyt" / "connections_archive_1163.json", "nyt").puzzles
    path = tmp_path / "all.parquet"
    write_parquet([*ocw, *nyt], path)
    assert read_parquet(path) == [*ocw, *nyt]
