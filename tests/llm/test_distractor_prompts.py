"""Prompts and raw answers for boards with distractors (issue #27, section 1): a variant of each
prompt says that some words belong to no group, and a list of the words left out is never a group."""

from __future__ import annotations

import pytest

from ocwtool.errors import LlmError
from ocwtool.evaluation.rawtext import parse_model_text
from ocwtool.llm.prompts import board_prompt, get_prompt, grouping_messages
from tests.game.conftest import GROUPS

WORDS = [w for g in GROUPS for w in g]
NOTE = (
    "Note: this board has 2 extra words that belong to no group. Leave them out: give four groups of "
    "four words, and put none of the extra words in any group."
)


def test_a_board_without_distractors_keeps_the_papers_prompt() -> None:
    spec = get_prompt("ocw-fewshot", "oneshot")
    assert board_prompt(spec, 0) is spec
    assert "extra words" not in grouping_messages(spec, WORDS, "")[1][1]


@pytest.mark.parametrize("name", ["ocw-fewshot", "connections-dots"])
def test_the_oneshot_variant_adds_one_note_before_the_answer_cue(name: str) -> None:
    spec = get_prompt(name, "oneshot")
    variant = board_prompt(spec, 2)
    assert variant.name == f"{name}+distractors" and variant.sha256 != spec.sha256
    plain = grouping_messages(spec, [*WORDS, "Anvil", "Sonnet"], "")[-1][1]
    asked = grouping_messages(variant, [*WORDS, "Anvil", "Sonnet"], "")[-1][1]
    cue = plain.rstrip("\n").rpartition("\n")[2]  # "Solved wall:" / "Groupings:"
    assert NOTE in asked and asked.replace(NOTE, "").split() == plain.split()
    assert asked.rstrip("\n").endswith(f"\n\n{cue}") and asked.index(NOTE) > asked.index("Anvil")


def test_the_interactive_variant_has_its_own_system_text() -> None:
    variant = board_prompt(get_prompt("ocwtool-interactive", "interactive"), 1)
    assert "{count} extra words that belong to no group" in variant.texts["system"]
    assert "Every word belongs to exactly one group" not in variant.texts["system"]


def test_a_prompt_without_a_variant_is_refused_in_one_line() -> None:
    spec = get_prompt("ocw-fewshot", "oneshot").model_copy(update={"name": "mine"})
    with pytest.raises(LlmError) as err:
        board_prompt(spec, 3)
    assert str(err.value) == (
        "prompt 'mine' has no variant for boards with distractors; "
        "use one of: connections-dots, ocw-fewshot, ocwtool-interactive"
    )


def test_a_list_of_the_words_left_out_is_not_a_group() -> None:
    board = [*WORDS, "Anvil", "Sonnet"]
    text = "\n".join(["Final answer:", *(", ".join(g) for g in GROUPS), "Left out: Anvil, Sonnet"])
    parsed = parse_model_text(text, board)
    assert parsed.groups == GROUPS and parsed.rows_set_aside == 0
    assert parsed.missing == ("Anvil", "Sonnet") and parsed.issues()["missing"] == 0
    first = "\n".join(["Distractors: Anvil, Sonnet", *(", ".join(g) for g in GROUPS)])
    assert parse_model_text(first, board).groups == GROUPS


def test_clues_left_out_beyond_the_distractors_are_still_missing() -> None:
    board = [*WORDS, "Anvil", "Sonnet"]
    text = "\n".join([", ".join(GROUPS[0]), ", ".join(GROUPS[1]), ", ".join(GROUPS[2])])
    parsed = parse_model_text(text, board)
    assert parsed.issues()["missing"] == 4 and len(parsed.missing) == 6
