"""Invented plays on the project's own test boards (never excerpts of published logs or answers).

The NYT board of ``tests.conftest.make_nyt`` numbers its clues group by group::

    1 NAVY  2 TEAL  3 AZURE  4 COBALT      (shades of blue)
    5 RYE   6 NAAN  7 PITA   8 BAGEL       (bread)
    9 FOOT 10 BASKET 11 HAND 12 MEAT       (___BALL)
   13 POTS 14 TOPS 15 SPOT  16 OPTS        (anagrams of 'stop')

Writers put plays in the shapes ocwtool reads: ocwtool transcripts, Todd et al.'s results logs,
OCW predictions, Connecting the Dots answer files and human answer sheets.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from ocwtool.evaluation.game.transcript import BoardRecord, Transcript, Turn, dump_transcripts
from ocwtool.schema.models import Puzzle, nyt_number
from ocwtool.stores.puzzles import write_puzzles
from tests.conftest import make_nyt, make_ocw_wall

NYT = make_nyt()
WALL = make_ocw_wall()
BLUE, BREAD, BALL, STOP = (list(g.clues) for g in NYT.groups)
# Mistakes used throughout: RYE put with three blues; two blues swapped with two breads; a false group.
RYE_WITH_BLUES = ["NAVY", "TEAL", "AZURE", "RYE"]
COBALT_WITH_BREADS = ["COBALT", "NAAN", "PITA", "BAGEL"]
SWAP = ["NAVY", "TEAL", "RYE", "NAAN"]
FALSE_GROUP = ["NAVY", "RYE", "FOOT", "POTS"]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "annotations").mkdir(parents=True)
    write_puzzles(root / "puzzles" / "test.jsonl", [NYT, WALL], sort=False)
    return root


def puzzles() -> dict[str, Puzzle]:
    return {NYT.id: NYT, WALL.id: WALL}


def transcripts(games: list[tuple[str, list[list[str]]]], wall_id: str = NYT.id) -> str:
    """ocwtool transcript JSONL: one NYT-rules game per (player, guesses), boards by wall id."""
    return dump_transcripts(
        Transcript(wall_id=wall_id, rules="nyt", player=player, turns=[Turn(guess=g) for g in guesses])
        for player, guesses in games
    )


def oneshot_transcript(player: str, answer: list[list[str]]) -> str:
    """An ``llm run`` oneshot transcript carrying its own board."""
    board = BoardRecord(wall_id=NYT.id, groups=[list(g.clues) for g in NYT.groups])
    t = Transcript(wall_id=NYT.id, rules="oneshot", player=player, board=board, turns=[Turn(answer=answer)])
    return dump_transcripts([t])


COLOURS = ("#fbd400", "#69e352", "#5492ff", "#df7bea")


def todd_record(guesses: list[list[str]], llm: str = "own-model", **extra: Any) -> dict[str, Any]:
    """One iterative-run record in the shape of Todd et al.'s ``results/*_results.json``."""
    answers = [
        {"description": g.connection, "words": list(g.clues), "emoji": "", "color": c}
        for g, c in zip(NYT.groups, COLOURS, strict=True)
    ]
    assert NYT.nyt is not None
    return {
        "solver": "IterativeGPTSolver",
        "llm_name": llm,
        "chain_of_thought": False,
        "puzzle_id": nyt_number(NYT.nyt.date),
        "puzzle_data": {"id": 1, "answers": answers},
        "seed": 0,
        "solved_overall": False,
        "num_steps": len(guesses),
        "num_invalid": 0,
        "guesses": guesses,
        **extra,
    }


def predictions(groups: list[list[str]], wall_id: str = NYT.id) -> str:
    """An OCW prediction file answering one puzzle."""
    return json.dumps([{"wall_id": wall_id, "predicted_groups": groups}])


def ctd_answers(groups: list[Any], clues: list[str] | None = None) -> str:
    """A Connecting the Dots ``results/<model>.json`` answering the NYT board (no wall id)."""
    cats = {f"group {k}": g for k, g in enumerate(groups)}
    allwords = ", ".join(clues or NYT.clues)
    return json.dumps([{"allwords": allwords, "reason": "", "categories": cats, "malformed": False}])


def sheet(rows: list[tuple[str, list[list[str]]]]) -> str:
    """A human answer sheet (their ``expert.csv`` shape): one row per (name, groups)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("Name", "Annotated?", "Categories Correct", "Total Points", "Game Number", "Input"))
    for name, groups in rows:
        cell = "[" + ", ".join("[" + ", ".join(repr(" " + w) for w in g) + "]" for g in groups) + "]"
        writer.writerow([name, "TRUE", "0", "0", "7", cell])
    return out.getvalue()


def answer_with(*wrong: list[str]) -> list[list[str]]:
    """A full answer: the groups given, then the clues left in group order, in fours."""
    used = {w for g in wrong for w in g}
    rest = [w for g in (BLUE, BREAD, BALL, STOP) for w in g if w not in used]
    return [*wrong, *(rest[i : i + 4] for i in range(0, len(rest), 4))]
