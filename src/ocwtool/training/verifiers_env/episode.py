"""The bundled puzzles, the messages a model is shown, and the game a rollout's replies play (pure,
standard library only: no verifiers, no network). The game's rewards are :mod:`.rewards`'.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .game import RULES, Game, Puzzle, Rules
from .parse import GROUPING_MARKER, GUESS_MARKER, read_grouping, read_guess

DATA = Path(__file__).resolve().parent / "data"
INDEX = "index.json"


class EnvironmentInputError(ValueError):
    """An unknown config, split or rule set (the message names the known ones)."""


def read_index(data: Path = DATA) -> dict[str, Any]:
    """``{"configs": {name: {split: count}}, "default_config": name, ...}`` of the bundle."""
    return dict(json.loads((data / INDEX).read_text(encoding="utf-8")))


def get_rules(name: str) -> Rules:
    rules = RULES.get(name.strip().lower())
    if rules is None:
        raise EnvironmentInputError(f"unknown rules {name!r}; choose one of: {', '.join(RULES)}")
    return rules


def load_puzzles(config: str | None, split: str, data: Path = DATA) -> tuple[str, list[Puzzle]]:
    """The config's puzzles of ``split`` (``config`` None: the bundle's default config)."""
    index = read_index(data)
    configs: dict[str, dict[str, int]] = index["configs"]
    name = config if config is not None else str(index["default_config"])
    if name not in configs:
        raise EnvironmentInputError(f"unknown config {name!r}; this bundle has: {', '.join(configs)}")
    if split not in configs[name]:
        known = ", ".join(configs[name]) or "none"
        raise EnvironmentInputError(f"config {name!r} has no split {split!r}; it has: {known}")
    lines = (data / name / f"{split}.jsonl").read_text(encoding="utf-8").splitlines()
    return name, [puzzle_from_record(json.loads(line)) for line in lines if line.strip()]


def puzzle_from_record(rec: dict[str, Any]) -> Puzzle:
    levels = rec.get("levels")
    return Puzzle(
        wall_id=str(rec["wall_id"]),
        groups=tuple(tuple(g) for g in rec["groups"]),
        board=tuple(rec["board"]),
        connections=tuple(rec.get("connections") or ()),
        levels=None if levels is None else tuple(levels),
        distractors=tuple(rec.get("distractors") or ()),
    )


def puzzle_record(p: Puzzle) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "wall_id": p.wall_id,
        "board": list(p.board),
        "groups": [list(g) for g in p.groups],
    }
    rec |= {"connections": list(p.connections), "levels": None if p.levels is None else list(p.levels)}
    return rec | {"distractors": list(p.distractors)}


def _left_out(p: Puzzle) -> str:
    n = len(p.distractors)
    return f" {n} of the words belong to no group: leave them out." if n else ""


def system_prompt(p: Puzzle, rules: Rules) -> str:
    """The rules of the game and the reply format (one-shot or one guess per turn)."""
    head = (
        f"You are playing a word-grouping puzzle. The board has {len(p.board)} words (or short "
        "phrases) that hide four groups of four; the words of each group share one connection."
        f"{_left_out(p)} Expect red herrings: words that seem to fit a group they do not belong to."
    )
    if rules.oneshot:
        return (
            f"{head}\n\nGive the whole answer at once. You may think out loud first, but end your reply "
            f"with a line '{GROUPING_MARKER}' and then the four groups, one per line, in exactly this "
            "form, using the words as written on the board:\nconnection: [word1, word2, word3, word4]"
        )
    return (
        f"{head}\n\nRules of this game: {rules.summary}\n\nEach turn, guess ONE group of four words from "
        "the remaining words. You may think out loud first, but end your reply with one line in exactly "
        f"this form, using the words as written on the board:\n{GUESS_MARKER} word1, word2, word3, word4"
    )


def first_message(p: Puzzle, rules: Rules) -> str:
    if rules.oneshot:
        return f"Words: {', '.join(p.board)}"
    return turn_message(Game(p, rules), "The board:")


def turn_message(game: Game, feedback: str) -> str:
    """Feedback on the last guess, the words left (never in solution order), the lives left."""
    return f"{feedback}\nRemaining words: {', '.join(game.remaining)}\n{_status(game)}"


def _status(game: Game) -> str:
    if game.rules.max_mistakes is None:
        return f"Mistakes so far: {game.outcome().mistakes}."
    if not game.lives_active:
        return "Guesses are free until two groups are found; then you have 3 lives."
    return f"Mistakes left: {game.mistakes_left}."


def play_replies(p: Puzzle, rules: Rules, replies: Sequence[str]) -> Game:
    """The game after these assistant replies: one answer (one-shot: the first reply), or one guess
    per reply until the game is over (replies after the end change nothing)."""
    game = Game(p, rules)
    if rules.oneshot:
        game.submit(read_grouping(replies[0] if replies else "", p.board))
        return game
    for text in replies:
        if game.over:
            break
        game.guess(read_guess(text, p.board))
    return game


def replies_of(completion: Any) -> list[str]:
    """The assistant texts of a chat completion (dicts or verifiers' message models; a string is one
    reply); anything else holds none."""
    if isinstance(completion, str):
        return [completion]
    if not isinstance(completion, list):
        return []
    return [_text(m.get("content")) for m in completion if hasattr(m, "get") and m.get("role") == "assistant"]


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts: their text, in order
        parts = (p.get("text") if hasattr(p, "get") else getattr(p, "text", None) for p in content)
        return "".join(t for t in parts if isinstance(t, str))
    return ""
