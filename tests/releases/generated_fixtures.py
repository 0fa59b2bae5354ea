"""A workspace with generated boards: extended boards built by the real generator over invented walls
(a fake WordNet), one trick word then confirmed by hand as an annotator would, and synthetic boards
generated from an invented taxonomy; split, ready for ``release build``."""

from __future__ import annotations

import json
from pathlib import Path

from ocwtool.curation.splits import split_workspace
from ocwtool.generators.build import VariantRequest, build_extended
from ocwtool.generators.synthetic.run import GenerateRequest, make_boards, write_run
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace, init_workspace
from tests.generators.extended_fixtures import GROUPS, OTHER, board, fake_wordnet
from tests.generators.synthetic_fixtures import book

SYNTHETIC = GenerateRequest(count=6, seed=3, red_herrings=2)


def confirm(ws: Workspace, puzzle_id: str, word: str) -> None:
    """Mark one proposed trick word ``confirmed`` in the stored evidence, as a confirmation would."""
    path = ws.variants_path("extended")
    boards = read_puzzles(path)
    for k, p in enumerate(boards):
        if p.id == puzzle_id and p.lineage is not None:
            tricks = json.loads(p.lineage.params["tricks"])
            for t in tricks:
                if t["word"] == word:
                    t["status"] = "confirmed"
            params = {**p.lineage.params, "tricks": json.dumps(tricks, sort_keys=True)}
            boards[k] = p.model_copy(update={"lineage": p.lineage.model_copy(update={"params": params})})
    write_puzzles(path, boards)


def generated_workspace(root: Path) -> Workspace:
    init_workspace(root, "tests@example.org")
    ws = Workspace.open(root)
    write_puzzles(ws.puzzles_path("ocw"), [board("a1", GROUPS), board("b2", OTHER)])
    invented = book()
    write_run(ws, SYNTHETIC, invented, make_boards(invented, SYNTHETIC))
    split_workspace(ws, sizes=(0, 0, 1))
    build_extended(ws, VariantRequest(kind="extended", source="ocw"), backend=fake_wordnet())
    confirm(ws, "ext_b2", "fig")
    return ws
