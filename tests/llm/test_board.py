"""Reading model answers: one-shot groupings, OCW Task 2 connections, interactive guesses."""

from __future__ import annotations

from ocwtool.llm.board import BoardMeta, epoch_words, parse_connections, parse_grouping, parse_guess
from ocwtool.schema.board import in_solution_order, shuffled_board

CLUES = [
    "Danube",
    "Rhine",
    "Loire",
    "Tagus",
    "Snap",
    "Bridge",
    "Rummy",
    "Whist",
    "Oak",
    "Ash",
    "Elm",
    "Yew",
    "Mars",
    "Venus",
    "Saturn",
    "Jupiter",
]


def test_only_the_text_after_the_final_groupings_heading_is_read() -> None:
    text = (
        "Danube and Rhine and Oak might go together.\n"
        "Groupings:\nRivers: [Danube, Rhine, Loire, Tagus]\nCards: ['Snap', 'Bridge', 'Rummy', 'Whist’]\n"
        "Trees: [Oak, Ash, Elm, Yew]\nPlanets: [Mars, Venus, Saturn, Jupiter]"
    )
    parsed = parse_grouping(text, CLUES, "Groupings:")
    assert parsed.groups[0] == ("Danube", "Rhine", "Loire", "Tagus")
    assert parsed.groups[1] == ("Snap", "Bridge", "Rummy", "Whist")
    assert parsed.issues() == {
        "hallucinated": 0,
        "duplicated": 0,
        "missing": 0,
        "overflow": 0,
        "empty_slots": 0,
        "wrong_size_groups": 0,
        "rows_set_aside": 0,
    }
    assert parsed.connections == ("rivers", "cards", "trees", "planets")


RIVERS = ("Danube", "Rhine", "Loire", "Tagus")


def test_the_prompt_heading_starts_a_grouping_and_a_cut_off_last_one_loses_to_a_complete_one() -> None:
    final = "Rivers: [Danube, Rhine, Loire, Tagus] Cards: [Snap, Bridge, Rummy, Whist] "
    final += "Trees: [Oak, Ash, Elm, Yew] Planets: [Mars, Venus, Saturn, Jupiter]"
    draft = "Mixed: [Danube, Snap, Oak, Mars] More: [Rhine, Bridge, Ash, Venus]"
    assert parse_grouping(f"{draft} Groupings: {final}", CLUES, "Groupings:").groups[0] == RIVERS
    parsed = parse_grouping(
        f"{draft}\nGroupings:\n{final}\nGroupings: Rivers: [Danube, Rhine", CLUES, "Groupings:"
    )
    assert parsed.groups[3] == ("Mars", "Venus", "Saturn", "Jupiter") and parsed.rows_set_aside == 3


def test_connections_are_read_per_line_as_the_ocw_notebook_reads_them() -> None:
    text = "a, b. Connection: Rivers\nno connection here\nc, d. Connection:  Trees \n"
    assert parse_connections(text) == ("Rivers", "", "Trees", "")
    assert parse_connections("x. Connection: 1\n" * 6) == ("1", "1", "1", "1")


def test_a_guess_is_the_last_guess_line_and_extra_words_are_kept() -> None:
    assert parse_guess("I think rivers.\nGUESS: danube, RHINE, Loire, Tagus", CLUES, "GUESS:") == [
        "Danube",
        "Rhine",
        "Loire",
        "Tagus",
    ]
    five = parse_guess("GUESS: Oak, Ash, Elm, Yew, Mars", CLUES, "GUESS:")
    assert five == ["Oak", "Ash", "Elm", "Yew", "Mars"]
    assert parse_guess("no idea", CLUES, "GUESS:") == []
    assert parse_guess("GUESS: Oak, Ash, Elm, Zanzibar", CLUES, "GUESS:") == ["Oak", "Ash", "Elm", "zanzibar"]


def _meta(clues: list[str], wall_id: str = "w1") -> BoardMeta:
    groups = tuple(tuple(CLUES[i : i + 4]) for i in range(0, 16, 4))
    return BoardMeta(wall_id=wall_id, game="ocw", clues=tuple(clues), groups=groups, connections=())


def test_epoch_one_shows_a_real_board_as_it_is_and_later_epochs_shuffle_reproducibly() -> None:
    board = CLUES[1::2] + CLUES[0::2]  # not in solution order: a real board
    assert epoch_words(_meta(board), 1) == board
    second = epoch_words(_meta(board), 2)
    assert sorted(second) == sorted(CLUES) and second != board
    assert epoch_words(_meta(board), 2) == second
    assert epoch_words(_meta(board, "w2"), 2) != second


def test_no_epoch_ever_shows_clues_in_solution_order() -> None:
    # Before: epoch 1 showed the stored order, here the groups one after another.
    for epoch in range(1, 30):
        shown = epoch_words(_meta(CLUES), epoch)
        assert sorted(shown) == sorted(CLUES)
        assert not in_solution_order(shown, _meta(CLUES).groups), epoch
    assert epoch_words(_meta(CLUES), 1) == list(shuffled_board(_meta(CLUES).groups, "w1", 0))
