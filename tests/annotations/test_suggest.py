"""The suggester on original fixtures (needs the local WordNet 3.0 files)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.schema.models import Group
from tests.annotations.conftest import run_cli
from tests.conftest import make_nyt

pytestmark = pytest.mark.usefixtures("needs_wordnet")


def group(connection: str, *clues: str) -> Group:
    return Group(id="g_1", clues=clues, connection=connection)  # type: ignore[arg-type]


def suggest(connection: str, *clues: str) -> tuple[str, str]:
    from ocwtool.annotations.heuristics import suggest_label

    got = suggest_label(group(connection, *clues))
    return got.label.code, got.reason or ""


def test_rules_give_a_type_and_a_reason() -> None:
    assert suggest("___ MILL", "WIND", "PAPER", "SAW", "RUMOR") == (
        "multiword",
        "blank in the connection '___ MILL'",
    )
    assert suggest("ANAGRAMS", "LEMON", "MELON", "MOLEN", "NOMEL")[0] == "linguistic"
    kind, why = suggest("Kinds of tree", "OAK", "ASH", "ELM", "BEECH")
    assert kind == "semantic" and "kinds of or synonyms of 'tree'" in why
    kind, why = suggest("Rivers", "Danube", "Rhine", "Loire", "Tagus")
    assert kind == "encyclopedic" and "named entities in WordNet (Danube, Rhine, Loire, Tagus)" in why
    kind, why = suggest("Seen at a party", "ZQX", "QQV", "XJK", "VVQ")
    assert (kind, why) == ("associative", "no lexical, form or named-entity cue found (fallback)")


def test_two_strong_rules_make_a_combined_label() -> None:
    kind, why = suggest("Hidden rivers", "Danube", "Rhine", "Loire", "Tagus")
    assert kind == "combined:encyclopedic+linguistic"
    assert "form pattern ('Hidden')" in why and "named entities" in why


def test_red_herring_candidates_carry_evidence() -> None:
    from ocwtool.annotations.herrings import red_herring_words
    from ocwtool.annotations.heuristics import suggest_puzzle

    puzzle = make_nyt()
    words = red_herring_words(puzzle)
    for w in words:
        assert w.reason.startswith(w.clue) and w.fits_group != next(
            g.id for g in puzzle.groups if w.clue in g.clues
        )
    record = suggest_puzzle(puzzle)
    assert record.annotator == "suggest"
    assert [g.label.code for g in record.groups] == ["semantic", "semantic", "multiword", "linguistic"]
    for cat in record.red_herring_categories:
        assert len(cat.clues) >= 3 and "(WordNet)" in cat.theme


def test_suggest_cli_writes_a_separate_store(workspace: Path) -> None:
    run_cli(workspace, "annotate", "label", "--annotator", "alice", input="aaaa\nq")
    before = (workspace / "annotations" / "alice.jsonl").read_text()
    result = run_cli(workspace, "annotate", "suggest")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(
        f"Wrote suggestions for 4 puzzles to {workspace / 'annotations' / 'suggest.jsonl'} ("
    )
    lines = [json.loads(x) for x in (workspace / "annotations" / "suggest.jsonl").read_text().splitlines()]
    assert [x["puzzle_id"] for x in lines] == ["nyt-2024-01-02", "nyt-2024-01-03", "nyt-2024-01-04", "abc123"]
    assert all(x["annotator"] == "suggest" and all(g["reason"] for g in x["groups"]) for x in lines)
    assert (workspace / "annotations" / "alice.jsonl").read_text() == before
    agreement = run_cli(workspace, "annotate", "agreement")
    assert "suggest" not in agreement.stdout
    assert "suggest" in run_cli(workspace, "annotate", "agreement", "--with-suggest").stdout
