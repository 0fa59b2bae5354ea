"""The "Connecting the Dots" taxonomy imported as labels of annotator ``ctd-expert``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.annotations.interop.ctd_taxonomy import CREATED_AT, label_from_ctd, taxonomy_records
from ocwtool.errors import AnnotationError
from ocwtool.formats.connections_gold import load_document as load_gold
from ocwtool.schema.annotations import FineLabel, KnowledgeType
from ocwtool.stores.annotations import read_records, store_path
from tests.annotations.conftest import run_cli
from tests.ctd import fixtures as fx

K = KnowledgeType


@pytest.mark.parametrize(
    ("text", "types", "fine"),
    [
        ("semantic relations", (K.SEMANTIC,), (FineLabel.SEMANTIC_RELATION,)),
        ("associative relations", (K.ASSOCIATIVE,), (FineLabel.ASSOCIATIVE_RELATION,)),
        ("multiword expressions", (K.MULTIWORD,), (FineLabel.MULTIWORD_EXPRESSION,)),
        ("phonology", (K.LINGUISTIC,), (FineLabel.PHONOLOGY,)),
        (
            "encyclopedic + orthographical",
            (K.ENCYCLOPEDIC, K.LINGUISTIC),
            (FineLabel.ENCYCLOPEDIC, FineLabel.ORTHOGRAPHY),
        ),
        (
            "semantic relations + morphological",
            (K.SEMANTIC, K.LINGUISTIC),
            (FineLabel.SEMANTIC_RELATION, FineLabel.MORPHOLOGY),
        ),
        (" Encyclopedic +  Multiword Expressions ", (K.ENCYCLOPEDIC, K.MULTIWORD), None),
    ],
)
def test_published_types_map_to_ours(
    text: str, types: tuple[K, ...], fine: tuple[FineLabel, ...] | None
) -> None:
    label = label_from_ctd(text)
    assert label is not None and label.types == types
    assert fine is None or label.fine == fine
    assert (label.kind is K.COMBINED) == ("+" in text)


def test_empty_type_is_no_label_and_unknown_type_is_an_error() -> None:
    assert label_from_ctd("") is None
    with pytest.raises(AnnotationError, match="unknown knowledge type 'pragmatics' in 'semantic relations"):
        label_from_ctd("semantic relations + pragmatics", "t.json: [0]")


def test_records_match_puzzles_by_clue_set() -> None:
    puzzles = load_gold(fx.gold_doc(), where="g", source="ctd").puzzles
    doc = fx.taxonomy_doc()
    doc[1]["allwords"] = ", ".join(w.lower() for w in fx.board(1))  # case does not matter
    result = taxonomy_records(doc, list(puzzles[:2]), "t.json")
    assert (result.games, result.matched, result.unmatched) == (3, 2, [2])
    assert result.unlabelled_groups == 1  # the empty type of game 2
    first, second = result.records
    assert first.annotator == "ctd-expert" and first.puzzle_id == "ctd-3" and first.created_at == CREATED_AT
    assert [g.group_id for g in first.groups] == ["ctd-3_1", "ctd-3_2", "ctd-3_3", "ctd-3_4"]
    assert [g.label.code for g in second.groups] == [
        "encyclopedic",
        "combined:encyclopedic+linguistic",
        "multiword",
        "linguistic",
    ]
    assert second.groups[1].reason == (
        "Connecting the Dots: Knowledge Type 'encyclopedic + orthographical'; "
        "Complexity 'complex'; Based On 'word meaning'"
    )


def test_nothing_matched_is_an_error() -> None:
    with pytest.raises(AnnotationError, match="none of its 3 games matches a puzzle of the workspace"):
        taxonomy_records(fx.taxonomy_doc(), [], "t.json")


def test_cli_import_is_idempotent(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    assert run_cli(workspace, "init").exit_code == 0
    gold, src = tmp_path / "gold_data.json", tmp_path / "game_with_knowledge_taxonomy.json"
    gold.write_text(json.dumps(fx.gold_doc()))
    src.write_text(json.dumps(fx.taxonomy_doc()))
    assert run_cli(workspace, "import", str(gold), "--format", "connections-gold").exit_code == 0
    first = run_cli(workspace, "annotate", "import", str(src), "--format", "connections-taxonomy")
    assert first.exit_code == 0, first.stderr
    assert first.stdout.strip() == (
        "Matched 3 of 3 games; 3 records for ctd-expert (new: 3; 1 groups published without a type)"
    )
    again = run_cli(workspace, "annotate", "import", str(src), "--format", "connections-taxonomy")
    assert "(new: 0;" in again.stdout
    records = read_records(store_path(workspace / "annotations", "ctd-expert"))
    assert len(records) == 3 and sum(len(r.groups) for r in records) == 11
