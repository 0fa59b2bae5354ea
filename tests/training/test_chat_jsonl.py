"""``ocwtool export --format chat-jsonl``: every bundled prompt's gold answer reads back as a win,
no board is shown in solution order, multi-turn games follow the engine, and bad input is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ocwtool.errors import OcwError
from ocwtool.evaluation.game import Board, Game, get_rules
from ocwtool.evaluation.rawtext import parse_model_text
from ocwtool.evaluation.scorer import score_wall
from ocwtool.llm.board import parse_connections, parse_guess
from ocwtool.llm.prompts import load_prompts
from ocwtool.schema.board import in_solution_order
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.training.chat_export import ChatRequest, export_chat
from ocwtool.workspace import Workspace
from tests.conftest import run_ocwtool
from tests.validators.factory import distracted_wall, make_workspace, nyt

ONESHOT = ["ocw-fewshot", "connections-dots"]
GAMES = ["nyt", "missed-connections", "only-connect"]


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    workspace = make_workspace(tmp_path / "ws", variants=False)
    # boards with distractors: asked with the prompts' +distractors variants
    extra = [distracted_wall(100 + i, k=2, split=Split.TRAIN) for i in range(2)]
    write_puzzles(workspace.puzzles_path("extended"), extra)
    return workspace


def _golds(ws: Workspace) -> dict[str, Any]:
    from ocwtool.evaluation.gold import workspace_golds

    return {w.wall_id: w for w in workspace_golds(ws, "all", None).walls}


def _export(ws: Workspace, **kw: Any) -> list[dict[str, Any]]:
    out = ws.root / "out.jsonl"
    export_chat(ws, ChatRequest(**kw), out)
    return [json.loads(line) for line in out.read_text().splitlines()]


def _shown_order(text: str, words: list[str]) -> list[str]:
    """The board's words in the order the message lists them (found by their last occurrence:
    the board comes after any in-context examples)."""
    return sorted(words, key=lambda w: text.rindex(w))


@pytest.mark.parametrize("prompt", ONESHOT)
def test_oneshot_gold_scores_a_win_through_the_raw_text_parser(ws: Workspace, prompt: str) -> None:
    golds = _golds(ws)
    records = _export(ws, prompt=prompt, split="train")
    grouping = [r for r in records if r["metadata"]["task"] == "grouping"]
    assert len(grouping) == len({r["metadata"]["id"] for r in records}) >= 5
    for rec in grouping:
        gold = golds[rec["metadata"]["id"]]
        answer = rec["messages"][-1]
        assert answer["role"] == "assistant"
        parsed = parse_model_text(answer["content"], gold.words)  # as `ocwtool eval` reads raw text
        assert score_wall(gold, parsed.groups).solved, rec["metadata"]["id"]
        assert not any(parsed.issues().values())


def test_connections_task_names_the_gold_connections(ws: Workspace) -> None:
    golds = _golds(ws)
    task2 = [
        r for r in _export(ws, prompt="ocw-fewshot", split="test") if r["metadata"]["task"] == "connections"
    ]
    assert task2
    for rec in task2:
        gold = golds[rec["metadata"]["id"]]
        assert parse_connections(rec["messages"][-1]["content"]) == gold.connections


def test_distractor_boards_are_asked_with_the_distractor_prompt(ws: Workspace) -> None:
    records = _export(ws, prompt="connections-dots", sources=("extended",))
    assert {r["metadata"]["prompt"]["name"] for r in records} == {"connections-dots+distractors"}
    assert all("2 extra words" in r["messages"][0]["content"] for r in records)


@pytest.mark.parametrize("rules", GAMES)
def test_games_win_turn_by_turn_through_the_engine(ws: Workspace, rules: str) -> None:
    golds = _golds(ws)
    records = _export(ws, rules=rules)
    assert len(records) == len(golds)
    for rec in records:
        gold = golds[rec["metadata"]["id"]]
        messages = rec["messages"]
        assert [m["role"] for m in messages[:2]] == ["system", "user"]
        roles = [m["role"] for m in messages[1:]]
        assert roles == ["user", "assistant"] * (len(roles) // 2)  # one guess per assistant turn
        game = Game(
            Board(gold.wall_id, gold.groups, gold.connections, gold.levels, gold.words, gold.distractors),
            get_rules(rules),
            order=rec["metadata"]["board"],
        )
        replies = [m["content"] for m in messages if m["role"] == "assistant"]
        guesses = replies[:-1] if rules == "only-connect" else replies
        for k, reply in enumerate(guesses):
            feedback = game.guess(parse_guess(reply, gold.words, "GUESS:"))
            assert feedback.kind == "correct"
            if not game.over:  # the engine's own feedback is the next user turn
                assert messages[2 * k + 3]["content"].startswith(feedback.message)
        assert game.outcome().won
        if rules == "only-connect":
            assert "Name the connection" in messages[-2]["content"]
        else:
            assert len(guesses) == (3 if rules == "missed-connections" and not gold.distractors else 4)


def test_no_board_is_shown_in_solution_order(ws: Workspace) -> None:
    golds = _golds(ws)
    stored = next(p for p in ws.store("nyt") if p.id == nyt(0).id)
    assert in_solution_order(stored.clues, [g.clues for g in stored.groups])  # as the NYT archive lists it
    for kw in ({"prompt": "ocw-fewshot"}, {"prompt": "connections-dots"}, {"rules": "nyt"}):
        for rec in _export(ws, **kw):
            if rec["metadata"]["task"] == "connections":  # Task 2 lists the gold groups on purpose
                continue
            gold = golds[rec["metadata"]["id"]]
            first_user = next(m["content"] for m in rec["messages"] if m["role"] == "user")
            if rec["metadata"]["task"] == "game":
                first_user = first_user.split("Remaining words:")[1]
            order = _shown_order(first_user, list(gold.words))
            assert order == rec["metadata"]["board"]
            assert not in_solution_order(order, gold.groups, gold.distractors), rec["metadata"]["id"]


def test_seed_changes_the_board_deterministically(ws: Workspace) -> None:
    a, b, c = (_export(ws, rules="nyt", seed=s, sources=("nyt",)) for s in (3, 3, 4))
    assert a == b
    assert [r["metadata"]["board"] for r in a] != [r["metadata"]["board"] for r in c]


def test_fewshot_examples_are_never_exported_as_pairs(ws: Workspace) -> None:
    out = ws.root / "train.jsonl"
    report = export_chat(ws, ChatRequest(prompt="ocw-fewshot", split="train", sources=("ocw",)), out)
    assert report.puzzles == 4 - 3  # 4 train walls, 3 of them the in-context examples
    assert report.notes == [
        "3 puzzle(s) left out: they are the prompt's in-context examples (their answers are in every prompt)"
    ]


def test_every_bundled_prompt_is_exportable(ws: Workspace) -> None:
    for name, spec in load_prompts().items():
        kw: dict[str, Any] = (
            {"prompt": name} if spec.protocol == "oneshot" else {"prompt": name, "rules": "nyt"}
        )
        assert _export(ws, **kw)


def test_cli_writes_the_default_file_and_says_what_it_wrote(ws: Workspace) -> None:
    result = run_ocwtool(
        "-w", str(ws.root), "export", "--format", "chat-jsonl", "--source", "nyt", "--rules", "nyt"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "Exported 8 conversations of 8 puzzles (prompts: ocwtool-interactive 8; rules nyt, seed 0) "
        "to exports/nyt.chat.jsonl\n"
    )
    assert len((ws.root / "exports" / "nyt.chat.jsonl").read_text().splitlines()) == 8


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--prompt", "nope"], 1, "Error: unknown prompt 'nope'; known: connections-dots, "),
        (
            ["--prompt", "connections-dots", "--rules", "nyt"],
            1,
            "Error: prompt 'connections-dots' is for the oneshot protocol, not interactive\n",
        ),
        (["--rules", "chess"], 2, "Invalid value for '--rules': 'chess' is not one of"),
        (["--split", "dev"], 2, "Invalid value for '--split': 'dev' is not one of"),
        (["--source", "nope"], 1, "Error: no store named 'nope' in "),
    ],
)
def test_bad_input_gets_one_clear_error(ws: Workspace, args: list[str], code: int, message: str) -> None:
    result = run_ocwtool("-w", str(ws.root), "export", "--format", "chat-jsonl", *args)
    assert result.returncode == code
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.count("Error") == 1


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        (
            {"rules": "missed-connections-baseline"},
            "unknown rules 'missed-connections-baseline' for chat-jsonl; choose one of: oneshot, nyt, "
            "missed-connections, only-connect",
        ),
        ({"split": "dev"}, "unknown split 'dev'; choose one of: train, validation, test, all"),
        ({"seed": -1}, "the board seed must be 0 or more, got -1"),
        ({"game": "chess"}, "unknown game 'chess'; choose ocw or nyt"),
        (
            {"prompt": "ocwtool-interactive"},
            "prompt 'ocwtool-interactive' is for the interactive protocol, not oneshot",
        ),
    ],
)
def test_the_library_refuses_bad_requests_with_one_message(kw: dict[str, Any], message: str) -> None:
    with pytest.raises(OcwError) as caught:
        ChatRequest(**kw)
    assert str(caught.value) == message


def test_an_unknown_release_config_is_refused(ws: Workspace, tmp_path: Path) -> None:
    release = tmp_path / "rel"
    (release / "data" / "ocw").mkdir(parents=True)
    result = run_ocwtool(
        "-w", str(ws.root), "export", "--format", "chat-jsonl", "--release", str(release), "--config", "nope"
    )
    assert result.returncode == 1
    assert result.stderr == f"Error: {release}: no config 'nope' under data/; known: ocw\n"


def test_training_options_are_refused_for_file_formats(ws: Workspace) -> None:
    result = run_ocwtool("-w", str(ws.root), "export", "--format", "csv", "--rules", "nyt")
    assert result.returncode == 2
    assert "Error: --rules only apply to --format chat-jsonl" in result.stderr


def test_a_release_config_is_exported_from_its_parquet(ws: Workspace, tmp_path: Path) -> None:
    from ocwtool.formats.hf import write_parquet

    release = tmp_path / "rel"
    for config in ("ocw", "nyt"):
        train = [p.as_shown() for p in ws.store(config) if p.split is Split.TRAIN]
        write_parquet(train, release / "data" / config / "train-00000-of-00001.parquet")
    out = tmp_path / "nyt.jsonl"
    args = ["--release", str(release), "--config", "nyt", "--split", "train", "--rules", "missed-connections"]
    result = run_ocwtool("-w", str(ws.root), "export", "--format", "chat-jsonl", *args, "--out", str(out))
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["metadata"]["id"] for r in records] == [nyt(d).id for d in range(4)]
    assert {r["metadata"]["split"] for r in records} == {"train"}
    assert all(r["messages"][-1]["content"].startswith("GUESS: ") for r in records)
