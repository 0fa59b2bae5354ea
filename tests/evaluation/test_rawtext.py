"""One-shot raw text: the answer is the last complete grouping, a wrong-size group is kept and never
credited. Every puzzle and answer here is invented for these tests."""

from __future__ import annotations

import json
from pathlib import Path

from ocwtool.evaluation.predictions import load_prediction_file
from ocwtool.evaluation.rawtext import parse_model_text
from ocwtool.evaluation.scorer import GoldWall, score_wall

GROUPS = (
    ("Kettle", "Teapot", "Mug", "Saucer"),
    ("Comet", "Meteor", "Nebula", "Quasar"),
    ("Tulip", "Daisy", "Orchid", "Lily"),
    ("Violin", "Cello", "Harp", "Flute"),
)
CLUES = [w for g in GROUPS for w in g]
GOLD = GoldWall("w1", GROUPS, ("Tea set", "Space", "Flowers", "Instruments"), clues=tuple(CLUES))
RIGHT = "\n".join(f"{i + 1}. {', '.join(g)}" for i, g in enumerate(GROUPS))
DRAFT = "1. Kettle, Comet, Tulip, Violin\n2. Teapot, Meteor, Daisy, Cello\n3. Mug, Nebula, Orchid, Harp\n"
DRAFT += "4. Saucer, Quasar, Lily, Flute"


def _solved(text: str) -> int:
    return score_wall(GOLD, parse_model_text(text, CLUES).groups).correct_groups


def test_a_draft_in_the_chain_of_thought_loses_to_the_final_answer() -> None:
    text = f"Let me think step by step.\n{DRAFT}\nHmm, that mixes themes. Final answer:\n{RIGHT}"
    parsed = parse_model_text(text, CLUES)
    assert parsed.groups == GROUPS and parsed.rows_set_aside == 4
    reverse = f"Draft:\n{RIGHT}\nOn reflection I prefer this.\n{DRAFT}"
    assert _solved(reverse) == 0  # the last grouping counts even when the draft was better


def test_unnumbered_drafts_split_by_prose_and_the_final_one_counts() -> None:
    unnumbered = "\n".join(", ".join(g) for g in GROUPS)
    draft = "Kettle, Teapot, Comet\nMug, Saucer, Nebula, Quasar, Lily\nTulip, Daisy"
    assert parse_model_text(f"First try:\n{draft}\nNo, better:\n{unnumbered}", CLUES).groups == GROUPS


def test_a_trailing_sentence_after_the_final_answer_does_not_shift_it() -> None:
    text = f"{DRAFT}\nFinal answer:\n{RIGHT}\nNote: Kettle, Mug and Teapot could also be kitchen things."
    parsed = parse_model_text(text, CLUES)
    assert parsed.groups == GROUPS and parsed.rows_set_aside == 5
    assert _solved(f"{RIGHT}\nI hope that helps!") == 4


def test_a_five_word_group_is_kept_as_written_and_earns_nothing() -> None:
    text = "Kettle, Teapot, Mug, Saucer, Comet\nMeteor, Nebula, Quasar\n" + "\n".join(
        map(", ".join, GROUPS[2:])
    )
    parsed = parse_model_text(text, CLUES)
    assert parsed.written[:2] == (
        ("Kettle", "Teapot", "Mug", "Saucer", "Comet"),
        ("Meteor", "Nebula", "Quasar"),
    )
    assert parsed.groups[:2] == (("Kettle", "Teapot", "Mug", ""), ("Meteor", "Nebula", "Quasar", ""))
    assert parsed.wrong_size_groups == 2 and parsed.empty_slots == 1 and parsed.missing == ()
    assert score_wall(GOLD, parsed.groups).correct_groups == 2


def test_markdown_bold_bullets_and_mixed_case() -> None:
    text = (
        "Here is my answer:\n\n"
        "- **Tea set**: **kettle**, TEAPOT, Mug, sAuCeR\n"
        "* **Space:** Comet, Meteor, Nebula, Quasar\n\n"
        "**Group 3: Flowers** — tulip, daisy, orchid, lily\n"
        "> Violin, Cello, Harp, FLUTE (instruments)\n"
    )
    parsed = parse_model_text(text, CLUES)
    assert parsed.groups == GROUPS
    assert parsed.connections == ("tea set", "space", "flowers", "instruments")


def test_explanation_lines_between_unnumbered_groups_keep_them_one_grouping() -> None:
    text = "\n".join(f"{', '.join(g)}\nThese go together because of their theme.\n" for g in GROUPS)
    parsed = parse_model_text(text, CLUES)
    assert parsed.groups == GROUPS and parsed.rows_set_aside == 0


def test_numbered_groups_with_commentary_rows_take_the_numbered_rows() -> None:
    text = "\n".join(f"{i + 1}. {', '.join(g)}\n   - {g[0]}, {g[1]} fit best" for i, g in enumerate(GROUPS))
    assert parse_model_text(text, CLUES).groups == GROUPS


def test_ctd_reason_flattened_onto_one_line_reads_the_last_bracketed_grouping() -> None:
    lists = " ".join(f"Name {i}: [{', '.join(g)}]" for i, g in enumerate(GROUPS))
    drafts = " ".join(
        f"Category{i + 1}: [{', '.join(w.upper() for w in g)}] Explanation: a theme."
        for i, g in enumerate(zip(*GROUPS, strict=True))
    )
    text = f"Groupings: {drafts}  Final Answer: Groupings: {lists}  Note: no word is repeated."
    parsed = parse_model_text(text, CLUES)
    assert parsed.groups == GROUPS
    assert parsed.connections == ("name 0", "name 1", "name 2", "name 3")
    glued = f"Let me think:1. Tea: Kettle, Comet, Tulip, Violin2. Space: Mug, Nebula Groupings:{lists}"
    assert parse_model_text(glued, CLUES).groups == GROUPS


def test_a_list_after_an_arrow_replaces_the_one_before_it() -> None:
    lists = [f"[{', '.join(g)}]" for g in GROUPS]
    text = f"Groupings: Tea: [Kettle, Teapot, Mug, Comet] -> revised to {lists[0]} Space: " + " ".join(
        lists[1:]
    )
    parsed = parse_model_text(text, CLUES)
    assert parsed.groups == GROUPS and parsed.connections == ("tea", "space", "", "")
    assert parsed.rows_set_aside == 1


def test_a_heading_after_the_last_list_of_a_line_starts_the_next_grouping() -> None:
    drafts = " ".join(f"[{', '.join(g)}]" for g in zip(*GROUPS, strict=True))
    lists = "\n".join(f"[{', '.join(g)}]" for g in GROUPS)
    text = f"{drafts} [Kettle, Mug] Hmm. My final answer:\n{lists}"
    assert parse_model_text(text, CLUES).groups == GROUPS


def test_groups_written_one_word_a_line_under_a_title() -> None:
    names = ("Tea set", "Space", "Flowers", "Instruments")
    columns = "\n\n".join(
        f"**Category {i + 1}: {name}**\n" + "\n".join(f"- **{w}** - a {name.lower()} word" for w in g)
        for i, (name, g) in enumerate(zip(names, GROUPS, strict=True))
    )
    parsed = parse_model_text(f"My reasoning:\n{DRAFT}\n\n### Final answer\n{columns}", CLUES)
    assert parsed.groups == GROUPS and parsed.connections == ("tea set", "space", "flowers", "instruments")
    assert parsed.rows_set_aside == 4
    plain = "\n".join(f"Group {i + 1}:\n" + "\n".join(g) for i, g in enumerate(GROUPS))
    assert parse_model_text(plain, CLUES).groups == GROUPS


def test_one_clue_explanation_lines_under_a_group_are_not_a_group() -> None:
    text = "\n".join(f"{', '.join(g)}\n- {g[0]}: fits\n- {g[1]}: fits too" for g in GROUPS)
    parsed = parse_model_text(text, CLUES)
    assert parsed.groups == GROUPS and parsed.rows_set_aside == 0


def test_asides_inside_a_list_are_not_words() -> None:
    lists = " ".join(f"[{', '.join(g)}]" for g in GROUPS[2:])
    text = "Groupings: Tea: [Kettle as in a whistling kettle, Teapot (china), Mug, Saucer] Space: "
    text += f"[Comet, Meteor(a shooting star), Nebula, Quasar] {lists}"
    parsed = parse_model_text(text, CLUES)
    assert parsed.groups == GROUPS and parsed.hallucinated == ()
    assert parse_model_text("[Kettle, Teapot, Mug, Jackpot]", CLUES).hallucinated == ("jackpot",)


def test_a_repeated_board_is_not_a_group() -> None:
    board = "Words: [" + ", ".join(CLUES) + "]"
    parsed = parse_model_text(f"{board}\n{RIGHT}", CLUES)
    assert parsed.groups == GROUPS and parsed.rows_set_aside == 1


def test_without_a_complete_grouping_the_last_partial_one_counts() -> None:
    text = "Kettle, Teapot, Mug, Saucer\nComet, Meteor, Nebula, Quasar\n\nI am not sure about the rest."
    parsed = parse_model_text(text, CLUES)
    assert parsed.groups[:2] == GROUPS[:2] and parsed.groups[2:] == (("",) * 4, ("",) * 4)
    assert parsed.empty_slots == 8 and len(parsed.missing) == 8
    assert parse_model_text("I cannot solve this one.", CLUES).groups == (("",) * 4,) * 4


def test_wrong_size_text_groups_are_counted_in_the_file_report(tmp_path: Path) -> None:
    text = "Kettle, Teapot, Mug, Saucer, Comet\nMeteor, Nebula, Quasar\n" + "\n".join(
        map(", ".join, GROUPS[2:])
    )
    path = tmp_path / "answers.json"
    path.write_text(json.dumps([{"wall_id": "w1", "text": text}]))
    loaded = load_prediction_file(path, {"w1": CLUES})
    assert loaded.totals()["wrong_size_groups"] == 2 and loaded.totals()["walls_from_text"] == 1
    assert score_wall(GOLD, loaded.predictions[0].groups or ()).correct_groups == 2
