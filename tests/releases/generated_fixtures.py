"""A workspace with generated boards: extended boards built by the real generator over invented walls
(a fake WordNet), one trick word then confirmed by hand as an annotator would, and synthetic boards
generated from an invented taxonomy; split, ready for ``release build``."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ocwtool.curation.splits import split_workspace
from ocwtool.evaluation.difficulty import Measurer
from ocwtool.generators.build import VariantRequest, build_extended
from ocwtool.generators.synthetic.run import GenerateRequest, measured_boards, write_run
from ocwtool.releases import generated
from ocwtool.schema.annotations import ItemRecord, TrickVerdict
from ocwtool.stores.annotations import append_record
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace, init_workspace
from tests.generators.extended_fixtures import GROUPS, OTHER, board, fake_wordnet
from tests.generators.synthetic_fixtures import book, invented_players

SYNTHETIC = GenerateRequest(count=6, seed=3, red_herrings=2)


def confirm(ws: Workspace, puzzle_id: str, word: str) -> None:
    """Two annotators confirm one proposed trick word ("belongs to no group"), as `annotate label
    --tricks` would record it."""
    board = next(p for p in read_puzzles(ws.variants_path("extended")) if p.id == puzzle_id)
    trick = next(t for t in generated.evidence(board) if t["word"] == word)
    verdict = TrickVerdict(word=word, seems_to_fit=trick["group"], no_group=True)
    for name in ("alice", "bob"):
        record = ItemRecord(
            annotator=name,
            puzzle_id=puzzle_id,
            status="answered",
            trick_words=(verdict,),
            created_at=dt.datetime(2026, 12, 1, tzinfo=dt.UTC),
            guideline_version="trick-words-1",
        )
        append_record(ws.annotations_dir, record)


def generated_workspace(root: Path) -> Workspace:
    init_workspace(root, "tests@example.org")
    ws = Workspace.open(root)
    write_puzzles(ws.puzzles_path("ocw"), [board("a1", GROUPS), board("b2", OTHER)])
    invented = book()
    measure = Measurer([make() for make in invented_players().values()])
    write_run(ws, SYNTHETIC, invented, measured_boards(invented, SYNTHETIC, measure), measure)
    split_workspace(ws, sizes=(0, 0, 1))
    build_extended(ws, VariantRequest(kind="extended", source="ocw"), backend=fake_wordnet())
    confirm(ws, "ext_b2", "fig")
    return ws
