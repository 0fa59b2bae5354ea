"""A workspace with extended boards whose trick words wait for people (invented boards)."""

from __future__ import annotations

import json
from pathlib import Path

from ocwtool.generators.extended import Tally, extend
from ocwtool.generators.trick_rules import Ancestors
from ocwtool.schema.models import Lineage, Puzzle
from ocwtool.stores.puzzles import write_puzzles
from tests.generators.extended_fixtures import GROUPS, OTHER, board, fake_wordnet

POOL = [c for _, clues in OTHER for c in clues]
KETTLE = {
    "word": "kettle",
    "group": "a2_04",
    "score": 0.5,
    "seems_to_fit": "invented evidence: odd like the others",
    "fails_rule": None,
    "status": "proposed",
}


def extended_boards() -> list[Puzzle]:
    """ext_a1: tomato and moonrise verified, pink proposed (group 3); ext_a2: the same plus kettle
    proposed (group 4)."""
    anc = Ancestors(fake_wordnet())
    one, two = (extend(board(w, GROUPS), POOL, 4, 7, anc, Tally()) for w in ("a1", "a2"))
    assert two.lineage is not None
    tricks = [*json.loads(two.lineage.params["tricks"]), KETTLE]
    params = {**two.lineage.params, "tricks": json.dumps(tricks, sort_keys=True)}
    lineage = Lineage(kind="extended", seed=7, parents=("a2",), params=params)
    return [one, two.model_copy(update={"lineage": lineage})]


def trick_workspace(root: Path) -> Path:
    """puzzles/ocw.jsonl (a1, a2) and variants/extended.jsonl (their extended boards)."""
    (root / "annotations").mkdir(parents=True)
    write_puzzles(root / "puzzles" / "ocw.jsonl", [board("a1", GROUPS), board("a2", GROUPS)], sort=False)
    write_puzzles(root / "variants" / "extended.jsonl", extended_boards(), sort=False)
    return root
