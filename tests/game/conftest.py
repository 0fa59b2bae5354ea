"""Fixtures for the game tests: original boards (never excerpts of real puzzles) and Todd et al.-shaped
records written by hand."""

from __future__ import annotations

from typing import Any

import pytest

from ocwtool.evaluation.game import Board

GROUPS = (
    ("Trout", "Perch", "Pike", "Roach"),
    ("Oak", "Ash", "Elm", "Yew"),
    ("Tea-pot", "Kettle", "Toaster", "Oven"),
    ("Mars", "Venus", "Earth", "Saturn"),
)
CONNECTIONS = ("Freshwater fish", "Trees", "Kitchen things", "Planets")


@pytest.fixture
def board() -> Board:
    return Board("own-1", GROUPS, CONNECTIONS, (0, 1, 2, 3))


COLOURS = ("#fbd400", "#69e352", "#5492ff", "#df7bea")


def todd_answers() -> list[dict[str, Any]]:
    """Our board in Todd et al.'s ``answers`` shape (upper-case words, colours by level)."""
    return [
        {"description": c.upper(), "words": [w.upper() for w in g], "emoji": "", "color": col}
        for g, c, col in zip(GROUPS, CONNECTIONS, COLOURS, strict=True)
    ]


def todd_result(
    guesses: list[list[str]], *, won: bool, solved: list[bool], invalid: int = 0
) -> dict[str, Any]:
    """One iterative-run record in the shape of their ``results/*_results.json``."""
    colours = dict(zip(("yellow", "green", "blue", "purple"), solved, strict=True))
    return {
        "solver": "IterativeGPTSolver",
        "llm_name": "own-model",
        "chain_of_thought": False,
        "puzzle_id": 3,
        "puzzle_data": {"id": 3, "answers": todd_answers(), "difficulty": None},
        "seed": 0,
        "solved_overall": won,
        **{f"solved_{c}": v for c, v in colours.items()},
        "num_steps": len(guesses) + invalid,
        "num_invalid": invalid,
        "guesses": guesses,
    }
