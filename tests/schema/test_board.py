"""Board order: where a clue order comes from, and the board every consumer shows (issue #25).

Before: ``clues`` were shown as stored, so walls from the OCW file, ocdb.cc and the NYT archive
(groups one after another) gave the solution to anyone who read the board in rows.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from ocwtool.formats.nyt_archive import load_document as load_archive
from ocwtool.formats.ocw_json import dump_document, load_document
from ocwtool.formats.ocw_json import import_file as import_ocw
from ocwtool.schema.board import (
    BoardOrder,
    hideable,
    in_solution_order,
    order_of,
    rows,
    shown_board,
    shuffled_board,
)
from ocwtool.schema.models import Puzzle
from ocwtool.scrapers.sources.nyt_api import parse_puzzle, url_for
from tests.conftest import make_ocw_wall
from tests.formats.conftest import nyt_entries, ocw_doc
from tests.nyt.fixtures import body, v1_doc, v2_doc

GROUPS = [("a", "b", "c", "d"), ("e", "f", "g", "h"), ("i", "j", "k", "l"), ("m", "n", "o", "p")]
SOLUTION = [w for g in GROUPS for w in g]


def test_solution_order_is_rows_that_are_the_groups_in_any_order() -> None:
    assert in_solution_order(SOLUTION, GROUPS)
    swapped = list(GROUPS[2][::-1] + GROUPS[0] + GROUPS[3] + GROUPS[1])
    assert in_solution_order(swapped, GROUPS)
    assert not in_solution_order(SOLUTION[1::2] + SOLUTION[0::2], GROUPS)
    assert rows(SOLUTION)[1] == GROUPS[1]


def test_the_seeded_shuffle_is_documented_reproducible_and_never_the_solution() -> None:
    board = shuffled_board(GROUPS, "w1", 3)
    assert list(board) == random.Random("w1:3").sample(SOLUTION, 16)
    assert shuffled_board(GROUPS, "w1", 3) == board
    assert shuffled_board(GROUPS, "w2", 3) != board and shuffled_board(GROUPS, "w1", 4) != board
    for seed in range(2000):
        assert not in_solution_order(shuffled_board(GROUPS, "w", seed), GROUPS)


def test_a_draw_in_solution_order_is_drawn_again_with_the_next_documented_seed() -> None:
    # Find a (wall id, seed) whose first draw is in solution order, for groups of repeated words.
    groups = [("x",) * 4, ("x",) * 4, ("x",) * 4, ("y",) * 4]
    words = [w for g in groups for w in g]
    wall = next(
        f"w{i}"
        for i in range(10_000)
        if in_solution_order(random.Random(f"w{i}:0").sample(words, 16), groups)
    )
    board = shuffled_board(groups, wall, 0)
    assert not in_solution_order(board, groups)
    retry = next(
        k
        for k in range(1, 64)
        if not in_solution_order(random.Random(f"{wall}:0:{k}").sample(words, 16), groups)
    )
    assert list(board) == random.Random(f"{wall}:0:{retry}").sample(words, 16)


def test_board_0_is_a_real_board_as_it_is_and_every_other_board_a_shuffle() -> None:
    real = SOLUTION[1::2] + SOLUTION[0::2]
    assert list(shown_board(real, GROUPS, "w", 0)) == real
    assert shown_board(real, GROUPS, "w", 1) == shuffled_board(GROUPS, "w", 1)
    assert shown_board(real, GROUPS, "w", 0, real=False) == shuffled_board(GROUPS, "w", 0)
    assert shown_board(SOLUTION, GROUPS, "w", 0) == shuffled_board(GROUPS, "w", 0)


def test_what_importers_record() -> None:
    real = SOLUTION[1::2] + SOLUTION[0::2]
    assert order_of(real, GROUPS, BoardOrder.STARTING) is BoardOrder.STARTING
    assert order_of(SOLUTION, GROUPS, BoardOrder.STARTING) is BoardOrder.SOLUTION
    assert order_of(real, GROUPS, None) is BoardOrder.SOLUTION
    assert not hideable([("", "", "", "")] * 4) and hideable(GROUPS)


def test_puzzle_board_and_the_release_copy() -> None:
    wall = make_ocw_wall()
    assert wall.board_order is BoardOrder.SOLUTION  # the default: an order of unknown origin
    assert wall.board(0) == shuffled_board([g.clues for g in wall.groups], wall.id, 0)
    shipped = wall.as_shown()
    assert shipped.board_order is BoardOrder.SHUFFLED and shipped.clues == wall.board(0)
    assert shipped.board(0) == wall.board(0) and shipped.board(5) == wall.board(5)
    again = Puzzle.model_validate_json(json.dumps(shipped.to_json_dict()))
    assert again.board(0) == wall.board(0)
    starting = wall.model_copy(update={"board_order": BoardOrder.STARTING})
    assert starting.board(0) == wall.clues and starting.as_shown() is starting


def test_ocw_json_in_solution_order_is_recorded_so_and_round_trips() -> None:
    doc = ocw_doc()
    interleaved = load_document(doc, where="a.json", source="ocw").puzzles
    assert {p.board_order for p in interleaved} == {BoardOrder.STARTING}
    solved = copy.deepcopy(doc)
    for wall in solved["dataset"]:
        wall["words"] = [w for k in sorted(wall["groups"]) for w in wall["groups"][k]["gt_words"]]
    result = load_document(solved, where="a.json", source="ocw")
    assert {p.board_order for p in result.puzzles} == {BoardOrder.SOLUTION}
    for p in result.puzzles:
        assert not in_solution_order(p.board(0), [g.clues for g in p.groups])
    assert dump_document(result.puzzles, result.extras) == solved  # the published order is kept


def test_nyt_endpoint_boards_are_starting_boards_and_the_archive_is_solution_order() -> None:
    day = dt.date(2024, 3, 5)
    v2 = parse_puzzle(body(v2_doc()), url_for(day))
    assert v2.board_order is BoardOrder.STARTING and v2.board(0) == v2.clues
    v1 = parse_puzzle(body(v1_doc()), url_for(day))
    assert v1.board_order is BoardOrder.STARTING
    archive = load_archive(nyt_entries(), where="a.json", source="nyt-archive").puzzles
    assert {p.board_order for p in archive} == {BoardOrder.SOLUTION}
    text = [p for p in archive if hideable([g.clues for g in p.groups])]  # not the all-empty picture day
    assert len(text) == len(archive) - 1 and all(p.board(0) != p.clues for p in text)


def test_the_real_ocw_file_is_solution_order_on_every_wall_and_never_shown_so(shared_data: Path) -> None:
    result = import_ocw(shared_data / "ocw" / "onlyconnect_prerelease_618.json", "ocw")
    orders = Counter(p.board_order for p in result.puzzles)
    assert orders == {BoardOrder.SOLUTION: 618}
    for p in (result.puzzles[0], result.puzzles[9], result.puzzles[-1]):
        groups = [g.clues for g in p.groups]
        assert in_solution_order(p.clues, groups) and not in_solution_order(p.board(0), groups)


@pytest.mark.parametrize("seed", [0, 1, 15])
def test_cutting_board_k_into_fours_solves_about_no_group(seed: int) -> None:
    # 2,000 walls: chance is 16/1820 groups per wall (a row is one of the four groups: 4 x 4/1820).
    walls = [[tuple(f"{i}-{k}-{j}" for j in range(4)) for k in range(4)] for i in range(2000)]
    found = sum(
        tuple(sorted(row)) in {tuple(sorted(g)) for g in groups}
        for i, groups in enumerate(walls)
        for row in rows(shuffled_board(groups, f"w{i}", seed))
    )
    assert found < 2000 * 16 / 1820 * 2  # mean 17.6; twice that is over 4 standard deviations
