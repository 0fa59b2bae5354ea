"""The red-herring schema with score and evidence: older stores read unchanged, bad values refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from ocwtool.schema.annotations import (
    ItemRecord,
    PlayEvidence,
    RedHerringCategory,
    RedHerringWord,
    SourceFile,
)
from ocwtool.stores.annotations import dumps, read_records

OLD = (
    '{"annotator":"alice","puzzle_id":"p1","red_herring_words":[{"clue":"RYE","clue_number":5,'
    '"fits_group":"p1_1","reason":"looks navy"}],"red_herring_categories":[{"clue_numbers":[1,5,9],'
    '"clues":["NAVY","RYE","FOOT"],"theme":"t"}],"created_at":"2026-01-02T03:04:05Z","guideline_version":"1.0"}'
)
FILE = SourceFile(name="a.json", sha256="a" * 64, players=("m1",))


def test_an_older_store_reads_and_writes_back_byte_for_byte(tmp_path: Path) -> None:
    store = tmp_path / "alice.jsonl"
    store.write_text(OLD + "\n")
    (rec,) = read_records(store)
    assert rec.red_herring_words[0].score is None and rec.red_herring_words[0].evidence is None
    assert rec.red_herring_categories[0].score is None and rec.played_by == ()
    assert dumps(rec) == OLD


def test_score_and_evidence_round_trip() -> None:
    evidence = PlayEvidence(kind="intruder", players=1, exposed=2, sources=(FILE,))
    word = RedHerringWord(clue="RYE", clue_number=5, fits_group="p1_1", score=0.5, evidence=evidence)
    cat = RedHerringCategory(clue_numbers=(1, 2, 5, 6), clues=("A", "B", "C", "D"), score=0.25)
    rec = ItemRecord.model_validate_json(OLD).model_copy(
        update={"red_herring_words": (word,), "red_herring_categories": (cat,), "played_by": (FILE,)}
    )
    assert ItemRecord.model_validate_json(dumps(rec)) == rec


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: RedHerringWord(clue="R", clue_number=5, fits_group="g", score=1.5),
            "less than or equal to 1",
        ),
        (
            lambda: RedHerringCategory(clue_numbers=(1, 2, 3), clues=("a", "b", "c"), score=-0.1),
            "greater than",
        ),
        (lambda: PlayEvidence(kind="intruder", players=3, exposed=2, sources=(FILE,)), "more players made"),
        (lambda: PlayEvidence(kind="guess", players=1, exposed=2, sources=(FILE,)), "'intruder', 'swap'"),
        (lambda: SourceFile(name="a", sha256="not-a-digest"), "should match pattern"),
    ],
)
def test_bad_scores_and_evidence_are_refused(make, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValidationError, match=message):
        make()
