from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from ocwtool.errors import InputError, SchemaError
from ocwtool.formats import get_importer
from ocwtool.formats.ocw_json import dump_document, export_file, load_document, season_map
from ocwtool.schema.models import Flag, Game
from tests.formats.conftest import WALL_A, ocw_doc, raw_wall


def load(doc: Any) -> Any:
    return load_document(doc, where="f.json", source="ocw")


@pytest.mark.parametrize("form", ["flat0", "flat", "dated"])
def test_round_trip_is_exact_for_each_season_map_form(form: str) -> None:
    doc = ocw_doc(form)
    result = load(doc)
    assert result.warnings == ()
    out = dump_document(result.puzzles, result.extras)
    assert out == doc
    assert json.dumps(out) == json.dumps(doc)  # key order too


def test_import_keeps_ids_order_and_metadata(doc: dict[str, Any]) -> None:
    (a, b) = load(doc).puzzles
    assert (a.id, b.id) == ("aa0001", "bb0002")
    assert a.game is Game.OCW and a.source == "ocw" and a.split is None
    assert list(a.clues) == doc["dataset"][0]["words"]
    assert [g.id for g in a.groups] == ["aa0001_01", "aa0001_02", "aa0001_03", "aa0001_04"]
    assert a.connections == tuple(c for c, _ in WALL_A)
    assert a.groups[1].human_performance is not None and a.groups[1].human_performance.connection == 0
    assert (b.ocw is not None) and (b.ocw.season, b.ocw.episode) == (2, 3)
    assert a.flags == ()


def test_empty_human_performance_is_none_and_written_back_as_empty() -> None:
    doc = {"season_to_walls_map": {"1": 1}, "dataset": [raw_wall("cc0003", 1, 1, WALL_A, hp=False)]}
    result = load(doc)
    assert all(g.human_performance is None for g in result.puzzles[0].groups)
    out = dump_document(result.puzzles, result.extras)
    assert out["dataset"][0]["groups"]["group_1"]["human_performance"] == {}
    assert out == doc


def test_export_without_extras_rebuilds_derived_fields(doc: dict[str, Any]) -> None:
    puzzles = load(doc).puzzles
    out = dump_document(puzzles)
    assert out["season_to_walls_map"] == {"1": 1, "2": 1}
    assert out["dataset"] == doc["dataset"]
    assert list(out) == ["season_to_walls_map", "dataset"]


def test_numeric_clue_becomes_text_with_warning_and_flag(doc: dict[str, Any]) -> None:
    wall = doc["dataset"][0]
    wall["groups"]["group_3"]["gt_words"][0] = 8.5
    wall["words"][wall["words"].index("Pan")] = 8.5
    result = load(doc)
    assert result.warnings == ("wall aa0001: numeric clue 8.5 read as text (flag numeric_clue)",)
    p = result.puzzles[0]
    assert "8.5" in p.clues and p.groups[2].clues[0] == "8.5"
    assert Flag.NUMERIC_CLUE in p.flags
    out = dump_document(result.puzzles, result.extras)
    assert out["dataset"][0]["groups"]["group_3"]["gt_words"][0] == "8.5"
    assert "8.5" in out["dataset"][0]["words"]


def test_duplicate_and_blank_are_flagged(doc: dict[str, Any]) -> None:
    wall = doc["dataset"][0]
    wall["groups"]["group_2"]["gt_connection"] = " "
    wall["gt_connections"][1] = " "
    wall["groups"]["group_3"]["gt_words"][0] = "Tiny"
    wall["words"][wall["words"].index("Pan")] = "Tiny"
    p = load(doc).puzzles[0]
    assert p.flags == (Flag.BLANK_CONNECTION, Flag.DUPLICATE_CLUE)


def test_subset_export_recomputes_counts_in_the_original_form() -> None:
    result = load(ocw_doc("dated"))
    out = dump_document(result.puzzles[1:], result.extras)
    assert out["season_to_walls_map"] == {
        "1": {"num_walls": 0, "start_date": "01/02/2030", "end_date": "01/02/2030"},
        "2": {"num_walls": 1, "start_date": "05/06/2031", "end_date": "05/06/2031"},
    }
    assert [w["wall_id"] for w in out["dataset"]] == ["bb0002"]
    flat0 = load(ocw_doc("flat0"))
    assert season_map(flat0.puzzles[:1], flat0.extras["season_to_walls_map"]) == {"0": 0, "1": 1, "2": 0}


def test_wall_order_of_the_file_is_kept_even_if_puzzles_come_sorted_otherwise(doc: dict[str, Any]) -> None:
    doc["dataset"].reverse()
    result = load(doc)
    out = dump_document(list(reversed(result.puzzles)), result.extras)
    assert [w["wall_id"] for w in out["dataset"]] == ["bb0002", "aa0001"]


def test_unknown_fields_and_inconsistent_summaries_are_kept(doc: dict[str, Any]) -> None:
    doc["note"] = "kept"
    doc["dataset"][0]["difficulty"] = "hard"
    doc["dataset"][0]["groups"]["group_1"]["source"] = "tv"
    doc["dataset"][1]["overall_human_performance"] = {"grouping": [0, 0, 0, 0], "connections": [0, 0, 0, 0]}
    result = load(doc)
    assert dump_document(result.puzzles, result.extras) == doc


def test_mismatched_summaries_are_reported(doc: dict[str, Any]) -> None:
    doc["dataset"][0]["gt_connections"] = ["x", "y", "z", "w"]
    doc["season_to_walls_map"]["1"] = 5
    warnings = load(doc).warnings
    assert warnings == (
        "f.json: dataset[0] (wall aa0001): gt_connections differ from the groups' gt_connection; "
        "export rebuilds them",
        "f.json: field 'season_to_walls_map': season 1 lists 5 walls, the file has 1",
    )


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("dataset"), "f.json: missing field 'dataset' (expected an array of walls)"),
        (
            lambda d: d["dataset"][1]["words"].pop(),
            "f.json: dataset[1] (wall bb0002): field 'words': expected an array of 16 clues, got 15 items",
        ),
        (
            lambda d: d["dataset"][0]["words"].__setitem__(0, "Nope"),
            "f.json: dataset[0] (wall aa0001): field 'words': expected the 16 gt_words of the groups; "
            "not in any group: 'Nope'; missing: 'Coniston'",
        ),
        (
            lambda d: d["dataset"][0]["groups"].pop("group_4"),
            "f.json: dataset[0] (wall aa0001): field 'groups': expected keys group_1, group_2, group_3, "
            "group_4, got group_1, group_2, group_3",
        ),
        (
            lambda d: d["dataset"][0]["groups"]["group_2"]["human_performance"].update(grouping=2),
            "f.json: dataset[0] (wall aa0001): groups.group_2.human_performance.grouping: "
            "expected 0 or 1, got 2",
        ),
        (
            lambda d: d["dataset"][0]["groups"]["group_1"]["gt_words"].__setitem__(1, True),
            "f.json: dataset[0] (wall aa0001): groups.group_1.gt_words[1]: "
            "expected a string, got boolean True",
        ),
        (
            lambda d: d["dataset"][0].update(season="one"),
            "f.json: dataset[0] (wall aa0001): field 'season': expected an integer or null, got string",
        ),
        (
            lambda d: d["dataset"][1].pop("wall_id"),
            "f.json: dataset[1]: field 'wall_id': expected a string, got null",
        ),
    ],
)
def test_schema_violations_name_record_field_and_expectation(mutate: Any, message: str) -> None:
    doc = ocw_doc()
    mutate(doc)
    with pytest.raises(SchemaError) as info:
        load(doc)
    assert str(info.value) == message


def test_import_file_sets_provenance_and_reports_bad_json(tmp_path: Path) -> None:
    path = tmp_path / "walls.json"
    path.write_text(json.dumps(ocw_doc()))
    p = get_importer("ocw")(path, "mine").puzzles[0]
    assert p.source == "mine" and p.provenance.source == "mine"
    assert p.provenance.capture_id == "walls.json" and p.provenance.sha256 is not None
    path.write_text('{"dataset": [\n  {"wall_id": 1,}\n]}')
    with pytest.raises(InputError) as info:
        get_importer("ocw")(path, "mine")
    assert str(info.value) == f"{path}:2:17: invalid JSON: Expecting property name enclosed in double quotes"


def test_export_loads_with_hf_json_loader(tmp_path: Path) -> None:
    datasets = pytest.importorskip("datasets")
    doc = ocw_doc()
    doc["dataset"][0]["groups"]["group_3"]["gt_words"][0] = 8.5
    doc["dataset"][0]["words"][doc["dataset"][0]["words"].index("Pan")] = 8.5
    result = load(doc)
    out = tmp_path / "test.json"
    export_file(result.puzzles, out, result.extras)
    ds = datasets.load_dataset("json", data_files=str(out), field="dataset", cache_dir=str(tmp_path / "c"))
    rows = ds["train"]
    assert rows.num_rows == 2
    assert rows[0]["wall_id"] == "aa0001" and "8.5" in rows[0]["words"]
    assert rows[1]["groups"]["group_4"]["gt_connection"] == "Famous Pauls"


def test_real_file_round_trips_except_the_float_clue(shared_data: Path) -> None:
    path = shared_data / "ocw" / "onlyconnect_prerelease_618.json"
    result = get_importer("ocw")(path, "ocw")
    assert len(result.puzzles) == 618
    assert result.warnings == ("wall 0f1677: numeric clue 8.5 read as text (flag numeric_clue)",)
    original = json.loads(path.read_text())
    out = dump_document(result.puzzles, result.extras)
    assert list(out) == list(original) and out["season_to_walls_map"] == original["season_to_walls_map"]
    differ = [a["wall_id"] for a, b in zip(out["dataset"], original["dataset"], strict=True) if a != b]
    assert differ == ["0f1677"]
    patched = copy.deepcopy(original)
    for wall in patched["dataset"]:
        if wall["wall_id"] == "0f1677":
            wall["words"] = [str(w) for w in wall["words"]]
            for g in wall["groups"].values():
                g["gt_words"] = [str(w) for w in g["gt_words"]]
    assert out == patched
    flags = [p.id for p in result.puzzles if Flag.DUPLICATE_CLUE in p.flags]
    assert len(flags) == 2
    # spot checks (positions 0, 9, last) against the source document itself
    for i in (0, 9, 617):
        p, w = result.puzzles[i], original["dataset"][i]
        assert p.id == w["wall_id"] and p.ocw is not None and p.ocw.season == w["season"]
        assert list(p.clues) == [str(x) for x in w["words"]]
        assert [g.id for g in p.groups] == [g["group_id"] for g in w["groups"].values()]


def test_real_file_export_loads_with_hf_json_loader(shared_data: Path, tmp_path: Path) -> None:
    datasets = pytest.importorskip("datasets")
    result = get_importer("ocw")(shared_data / "ocw" / "onlyconnect_prerelease_618.json", "ocw")
    out = tmp_path / "all.json"
    export_file(result.puzzles, out, result.extras)
    ds = datasets.load_dataset("json", data_files=str(out), field="dataset", cache_dir=str(tmp_path / "c"))[
        "train"
    ]
    assert ds.num_rows == 618
    assert ds[617]["wall_id"] == result.puzzles[617].id
