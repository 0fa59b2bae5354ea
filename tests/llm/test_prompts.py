"""The bundled prompts: versioned, hashed, and rendered as the papers rendered them."""

from __future__ import annotations

import random

import pytest

from ocwtool.errors import LlmError
from ocwtool.llm.prompts import (
    connection_messages,
    get_prompt,
    grouping_messages,
    load_prompts,
    pick_examples,
    render_examples,
    texts_sha256,
)


def test_every_prompt_records_name_version_and_the_hash_of_its_texts() -> None:
    prompts = load_prompts()
    base = {"ocw-fewshot", "connections-dots", "ocwtool-interactive"}
    assert set(prompts) == base | {f"{name}+distractors" for name in base}  # issue #27
    for spec in prompts.values():
        assert spec.sha256 == texts_sha256(spec.texts)
        assert spec.record() == {
            "name": spec.name,
            "version": spec.version,
            "sha256": spec.sha256,
            "source": spec.source,
        }


def test_a_changed_text_changes_the_hash() -> None:
    spec = get_prompt("connections-dots", "oneshot")
    edited = {**spec.texts, "user": spec.texts["user"].replace("Please obey", "Please")}
    assert texts_sha256(edited) != spec.sha256


def test_connections_dots_inserts_the_words_where_the_paper_did() -> None:
    spec = get_prompt("connections-dots", "oneshot")
    [(role, text)] = grouping_messages(spec, ["NAVY", "TEAL", "RYE"], "")
    assert role == "user"
    assert text.endswith("Example 4:\nWords : [NAVY, TEAL, RYE]\nGroupings:\n")
    assert connection_messages(spec, [["NAVY"]], "") is None


def test_ocw_fewshot_renders_examples_and_clues_like_the_notebook() -> None:
    spec = get_prompt("ocw-fewshot", "oneshot")
    examples = render_examples([((("a", "b", "c", "d"), ("e", "f", "g", "h")), ("First", "Second"))])
    assert examples == "Example 1\na, b, c, d. Connection: First\ne, f, g, h. Connection: Second"
    system, user = grouping_messages(spec, ["Oak", "Ash", "Elm"], examples)
    assert system[0] == "system" and system[1].startswith("You are currently competing in Round 3")
    assert user[1] == f"Example solved wall(s):\n\n{examples}\n\nClues: Oak, Ash, Elm\n\nSolved wall:"
    asked = connection_messages(spec, [("Oak", "Ash"), ("Cod", "Sole")], examples)
    assert asked is not None
    assert asked[1][1].endswith("Groups:\nOak, Ash. Connection:\nCod, Sole. Connection:\n\nSolved wall:")


def test_examples_are_drawn_as_the_notebook_draws_them() -> None:
    spec = get_prompt("ocw-fewshot", "oneshot")
    train = [((("w", str(i)),), ("c",)) for i in range(10)]
    assert pick_examples(train, spec) == random.Random(42).sample(train, k=3)
    assert pick_examples(train[:2], spec) == random.Random(42).sample(train[:2], k=2)


def test_unknown_prompt_and_wrong_protocol_are_one_line_errors() -> None:
    known = "connections-dots, connections-dots\\+distractors, ocw-fewshot"  # variants: issue #27
    with pytest.raises(LlmError, match=f"unknown prompt 'nope'; known: {known}"):
        get_prompt("nope", "oneshot")
    with pytest.raises(LlmError, match="is for the interactive protocol, not oneshot"):
        get_prompt("ocwtool-interactive", "oneshot")
