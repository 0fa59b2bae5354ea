"""The taxonomy in code and in the shipped guidelines agree."""

from __future__ import annotations

import pytest

from ocwtool.annotations.taxonomy import (
    FINE_TO_TYPE,
    GUIDELINE_VERSION,
    TAXONOMY,
    describe,
    guidelines_text,
    label_from_fine,
    parse_code,
)
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import FineLabel, KnowledgeLabel, KnowledgeType


def test_six_types_with_keys_definitions_and_two_examples() -> None:
    assert [info.type for info in TAXONOMY] == list(KnowledgeType)
    assert len({info.key for info in TAXONOMY}) == 6
    for info in TAXONOMY:
        assert info.definition and len(info.examples) == 2
        assert all(len(ex.clues) == 4 and ex.connection and ex.why for ex in info.examples)


def test_guidelines_ship_with_the_version_and_every_type_and_example() -> None:
    text = guidelines_text()
    assert f"Guideline version: {GUIDELINE_VERSION}" in text
    for info in TAXONOMY:
        assert f"### {info.name} — key `{info.key}`" in text
        for ex in info.examples:
            assert ", ".join(ex.clues) in text
    for fine in ("phonology", "orthography", "morphology", "Red-herring word", "Red-herring category"):
        assert fine in text


def test_fine_labels_map_onto_the_six() -> None:
    assert set(FINE_TO_TYPE) == set(FineLabel)
    assert label_from_fine("phonology", "orthography").code == "linguistic"
    combined = label_from_fine("encyclopedic", "morphology")
    assert combined.kind is KnowledgeType.COMBINED
    assert combined.code == "combined:encyclopedic+linguistic"
    assert combined.fine == (FineLabel.ENCYCLOPEDIC, FineLabel.MORPHOLOGY)
    assert describe(combined) == "Combined (Encyclopedic + Linguistic)"


def test_labels_are_canonical_and_combined_is_a_set() -> None:
    assert KnowledgeLabel.of("linguistic", "semantic", "semantic").types == (
        KnowledgeType.SEMANTIC,
        KnowledgeType.LINGUISTIC,
    )
    with pytest.raises(ValueError, match="list the combined types themselves"):
        KnowledgeLabel(types=(KnowledgeType.COMBINED,))
    assert parse_code("combined:semantic+multiword") == KnowledgeLabel.of("semantic", "multiword")
    assert parse_code("Multiword") == KnowledgeLabel.of("multiword")
    with pytest.raises(AnnotationError, match="unknown knowledge type in 'spooky'"):
        parse_code("spooky")
