"""The one definition of a trap group (Connections Eval's): 4+ clues, 2+ groups, at most 2 per group."""

from __future__ import annotations

import pytest

from ocwtool.schema.annotations import RedHerringCategory
from ocwtool.schema.traps import gold_groups, is_trap_group, trap_group_problem, trap_groups
from tests.conftest import make_nyt

GROUPS = gold_groups(make_nyt())  # NAVY TEAL AZURE COBALT | RYE NAAN PITA BAGEL | FOOT BASKET HAND MEAT | ...

NOT_A_CLUE = "which is not a clue of the puzzle (or is named twice)"


@pytest.mark.parametrize(
    ("clues", "problem"),
    [
        (("NAVY", "TEAL", "RYE", "NAAN"), None),
        (("NAVY", "RYE", "FOOT", "HAND", "TEAL"), None),
        (("NAVY", "TEAL", "RYE"), "has 3 clues; a trap group has 4 or more"),
        (("NAVY", "TEAL", "AZURE", "RYE"), "has 3 clues of one group; a trap group has at most 2"),
        (("NAVY", "TEAL", "AZURE", "COBALT"), "has clues of 1 group; a trap group spans 2 or more"),
        (("NAVY", "TEAL", "RYE", "KIWI"), f"names 'KIWI', {NOT_A_CLUE}"),
        (("NAVY", "NAVY", "RYE", "NAAN"), f"names 'NAVY', {NOT_A_CLUE}"),
    ],
)
def test_trap_group_definition(clues: tuple[str, ...], problem: str | None) -> None:
    assert trap_group_problem(GROUPS, clues) == problem
    assert is_trap_group(GROUPS, clues) is (problem is None)


def test_trap_groups_keeps_only_categories_that_are_trap_groups() -> None:
    trap = RedHerringCategory(clue_numbers=(1, 2, 5, 6), clues=("NAVY", "TEAL", "RYE", "NAAN"))
    theme = RedHerringCategory(clue_numbers=(1, 2, 5), clues=("NAVY", "TEAL", "RYE"), theme="3 clues")
    assert trap_groups(GROUPS, [theme, trap]) == (trap,)
