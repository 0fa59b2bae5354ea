"""A release ships the red herrings `annotate adjudicate` kept, not each annotator's (#31, item 7)."""

from __future__ import annotations

from pathlib import Path

from ocwtool.releases.herrings import candidates, choose
from ocwtool.schema.annotations import ItemRecord, RedHerringCategory, RedHerringWord
from ocwtool.stores.annotations import append_herring_adjudication, append_record
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import Workspace
from tests.annotations.conftest import T0, puzzles

P, Q = "nyt-2024-01-02", "nyt-2024-01-03"  # NAVY TEAL AZURE COBALT | RYE NAAN PITA BAGEL | ...


def _rec(name: str, pid: str, *, words: tuple[int, ...] = (), trap: bool = False) -> ItemRecord:
    """``words``: clue numbers of group 2 (RYE=5 ...) marked as fitting group 1; ``trap``: NAVY TEAL RYE
    NAAN."""
    clues = ["RYE", "NAAN", "PITA", "BAGEL"]
    marked = tuple(
        RedHerringWord(clue=clues[n - 5], clue_number=n, fits_group=f"{pid}_1", reason="") for n in words
    )
    cats = (RedHerringCategory(clue_numbers=(1, 2, 5, 6), clues=("NAVY", "TEAL", "RYE", "NAAN"), theme="t"),)
    return ItemRecord(
        annotator=name,
        puzzle_id=pid,
        red_herring_words=marked,
        red_herring_categories=cats if trap else (),
        created_at=T0,
        guideline_version="1.0",
    )


def _rows(ws: Workspace, pid: str) -> list[tuple[str, str, list[str]]]:
    tiers = candidates(ws).get(pid)
    return [(r["annotator"], r["kind"], r["clues"]) for r in choose(tiers)] if tiers else []


def test_adjudicated_red_herrings_and_trap_groups_ship_instead_of_the_annotators(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write_puzzles(root / "puzzles" / "test.jsonl", puzzles(), sort=False)
    folder = root / "annotations"
    folder.mkdir()
    for pid in (P, Q):
        append_record(folder, _rec("alice", pid, words=(5, 7), trap=True))
        append_record(folder, _rec("bob", pid, words=(5,)))
    ws = Workspace.open(root)
    assert [who for who, _, _ in _rows(ws, P)] == ["alice", "alice", "alice", "bob"]
    append_herring_adjudication(folder, _rec("carol", P, words=(5,), trap=True))
    append_herring_adjudication(folder, _rec("carol", Q))  # carol kept nothing
    assert _rows(ws, P) == [
        ("carol", "category", ["NAVY", "TEAL", "RYE", "NAAN"]),
        ("carol", "word", ["RYE"]),
    ]
    assert _rows(ws, Q) == []
    only = choose(candidates(ws, "alice")[P])  # --herrings NAME: that annotator's own labels
    assert {r["annotator"] for r in only} == {"alice"}
