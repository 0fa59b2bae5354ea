"""The schema is written once: HF Features, validation tables and card YAML all follow the model."""

from __future__ import annotations

import subprocess
import sys
from typing import Annotated

import yaml
from datasets import List, Value

from ocwtool.formats.hf import features
from ocwtool.releases.card import CardInfo, SplitFile, card_yaml
from ocwtool.schema.corpus import Corpus
from ocwtool.schema.fields import Dtype, Map, Scalar, Seq, Struct, kinds
from ocwtool.schema.models import Group, Lineage, OcwMeta, Puzzle
from ocwtool.validators.expectations import flatten
from tests.validators.factory import wall


class RatedPuzzle(Puzzle):
    """A test-local model with one extra field."""

    difficulty: Annotated[int, Dtype("int16")] | None = None


def card_features(yaml_text: str) -> dict[str, dict[str, object]]:
    info = yaml.safe_load(yaml_text)["dataset_info"]
    return {f["name"]: f for f in info["features"]}


def test_kinds_read_the_declarations() -> None:
    groups = dict(kinds(Puzzle))
    assert groups["clues"] == Seq(Scalar(str))  # 16 to 20: a board may carry distractors
    assert groups["distractors"] == Seq(Scalar(str))
    assert groups["groups"] == Seq(Struct(Group), 4)
    assert groups["flags"] == Seq(Scalar(str))
    assert dict(kinds(Group))["level"] == Scalar(int, "int8")
    assert dict(kinds(OcwMeta))["season"] == Scalar(int, "int32")
    assert dict(kinds(Lineage))["params"] == Map()


def test_features_keep_the_published_widths() -> None:
    f = features()
    assert list(f) == list(Puzzle.model_fields)
    assert f["clues"] == List(Value("string"))
    group = f["groups"].feature
    assert group["clues"] == List(Value("string"), length=4) and group["level"] == Value("int8")
    assert group["human_performance"] == {"grouping": Value("int8"), "connection": Value("int8")}
    assert f["ocw"]["season"] == Value("int32") and f["ocw"]["wall_index"] == Value("int8")
    assert f["nyt"]["number"] == Value("int32") and f["nyt"]["internal_id"] == Value("int64")
    assert f["nyt"]["date"] == Value("date32") and f["provenance"]["fetched_at"] == Value("string")
    assert f["lineage"]["params"] == List({"key": Value("string"), "value": Value("string")})


def test_a_new_field_reaches_features_validation_tables_and_card() -> None:
    base = wall(1)
    rated = RatedPuzzle(**dict(base), difficulty=3)
    assert features(RatedPuzzle)["difficulty"] == Value("int16")
    assert "difficulty" not in features()
    frame = flatten(Corpus(puzzles=(rated,)))["puzzles"]
    assert frame["difficulty"].tolist() == [3]
    assert "difficulty" not in flatten(Corpus(puzzles=(base,)))["puzzles"]
    file = SplitFile("ocw", "test", "data/ocw/test-00000-of-00001.parquet", 1, 10, 10, "0" * 64)
    info = CardInfo(name="t", version="1", license="cc-by-4.0", files=(file,), counts={}, provenance={})
    assert card_features(card_yaml(info, RatedPuzzle))["difficulty"] == {
        "name": "difficulty",
        "dtype": "int16",
    }
    assert "difficulty" not in card_features(card_yaml(info))


def test_schema_imports_no_store_or_pipeline_package() -> None:
    code = (
        "import sys, importlib, pkgutil, ocwtool.schema, ocwtool.formats as f\n"
        "for m in pkgutil.iter_modules(ocwtool.schema.__path__, 'ocwtool.schema.'):\n"
        "    importlib.import_module(m.name)\n"
        "for m in pkgutil.iter_modules(f.__path__, 'ocwtool.formats.'):\n"
        "    importlib.import_module(m.name)\n"
        "allowed = ('ocwtool.schema', 'ocwtool.formats', 'ocwtool.errors', 'ocwtool.fsio',\n"
        "           'ocwtool.safeparse', 'ocwtool.safenames', 'ocwtool.safetext', 'ocwtool.data',\n"
        "           'ocwtool.configfiles', 'ocwtool._version')\n"
        "print(sorted(m for m in sys.modules if m.startswith('ocwtool.') and not m.startswith(allowed)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
