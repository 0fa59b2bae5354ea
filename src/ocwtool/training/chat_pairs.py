"""Supervised fine-tuning conversations: a bundled prompt about one puzzle, and its gold answer (pure).

The user and system messages are exactly what ``ocwtool llm run`` sends for the prompt (the same
functions build them); the board is :func:`ocwtool.schema.board.shown_board` of the chosen seed, so
it is never in solution order. The assistant messages are the gold answer in the form the prompt
asks for:

* ``ocw-fewshot``: the four groups, one per line, clues separated by commas (Task 1), and a second
  conversation for Task 2, each group followed by ``. Connection: <connection>``;
* ``connections-dots``: ``Groupings:`` then ``<connection>: [w1, w2, w3, w4]`` per group;
* ``ocwtool-interactive``: one ``GUESS: w1, w2, w3, w4`` per assistant turn, the engine's feedback as
  the next user turn, until the game is over; under ``only-connect`` the naming step follows.

Groups come in a fixed order (NYT: by level, yellow first; else as the puzzle lists them) and the
words of a group in the order the board shows them. :func:`check_conversation` reads every answer
back with ocwtool's own parsers and plays it through the engine: a pair that does not win is never
written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ocwtool.evaluation.game import Board, Game, get_rules
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.llm.board import parse_connections, parse_grouping, parse_guess
from ocwtool.llm.dialogue import naming_message, system_message, turn_message
from ocwtool.llm.inputs import game_of
from ocwtool.llm.prompts import PromptSpec, board_prompt, connection_messages, grouping_messages
from ocwtool.schema.board import shown_board

Message = dict[str, str]


@dataclass(frozen=True)
class Conversation:
    """One training record: the chat messages, which task they teach, and the board shown."""

    wall_id: str
    task: str  # grouping (one answer), connections (Task 2) or game (interactive)
    prompt: PromptSpec
    board: tuple[str, ...]
    messages: tuple[Message, ...]

    def record(self, rules: str, seed: int, split: str | None) -> dict[str, Any]:
        """The JSONL line: ``messages`` (what a trainer reads) and ``metadata`` (where it came from)."""
        meta: dict[str, Any] = {"id": self.wall_id, "task": self.task, "split": split, "rules": rules}
        meta["seed"] = seed
        meta |= {"prompt": self.prompt.record(), "board": list(self.board)}
        return {"messages": list(self.messages), "metadata": meta}


def _msg(role: str, content: str) -> Message:
    return {"role": role, "content": content}


def gold_order(wall: GoldWall) -> list[int]:
    """The order the gold answer gives the groups in: NYT by level (yellow first), else as listed."""
    levels = wall.levels
    return sorted(range(len(wall.groups)), key=lambda k: (levels[k] if levels else 0, k))


def ordered_groups(wall: GoldWall, board: Sequence[str]) -> list[tuple[int, tuple[str, ...]]]:
    """(group index, words in board order) in :func:`gold_order`."""
    place = {w: i for i, w in enumerate(board)}
    return [(k, tuple(sorted(wall.groups[k], key=lambda w: place.get(w, 0)))) for k in gold_order(wall)]


def shown(wall: GoldWall, seed: int) -> tuple[str, ...]:
    """The board shown for ``seed`` (board 0: the puzzle's own board when it has a real one)."""
    return shown_board(wall.words, wall.groups, wall.wall_id, seed, distractors=wall.distractors)


def _connection(wall: GoldWall, k: int, fallback: str) -> str:
    name = wall.connections[k].strip() if k < len(wall.connections) else ""
    return name or fallback


def grouping_answer(spec: PromptSpec, wall: GoldWall, board: Sequence[str]) -> str:
    """The gold grouping as the one-shot prompt asks for it."""
    groups = ordered_groups(wall, board)
    if spec.name.startswith("connections-dots"):
        lines = [
            f"{_connection(wall, k, f'Category{i + 1}')}: [{', '.join(g)}]" for i, (k, g) in enumerate(groups)
        ]
        return "Groupings:\n" + "\n".join(lines)
    return "\n".join(", ".join(g) for _, g in groups)


def connections_answer(wall: GoldWall, groups: Sequence[Sequence[str]]) -> str:
    """Task 2: each group as asked, followed by its connection."""
    index = {frozenset(g): k for k, g in enumerate(wall.groups)}
    return "\n".join(
        f"{', '.join(g)}. Connection: {_connection(wall, index[frozenset(g)], '')}" for g in groups
    )


def oneshot_conversations(spec: PromptSpec, wall: GoldWall, seed: int, examples: str) -> list[Conversation]:
    """The grouping conversation and, when the prompt has a Task 2, the connections one."""
    board = shown(wall, seed)
    asked = board_prompt(spec, len(wall.distractors))
    messages = [_msg(r, t) for r, t in grouping_messages(asked, board, examples)]
    messages.append(_msg("assistant", grouping_answer(asked, wall, board)))
    out = [Conversation(wall.wall_id, "grouping", asked, board, tuple(messages))]
    task2 = connection_messages(asked, wall.groups, examples)
    if task2 is not None:
        named = [*(_msg(r, t) for r, t in task2), _msg("assistant", connections_answer(wall, wall.groups))]
        out.append(Conversation(wall.wall_id, "connections", asked, board, tuple(named)))
    return out


def _engine_board(wall: GoldWall) -> Board:
    return Board(wall.wall_id, wall.groups, wall.connections, wall.levels, wall.words, wall.distractors)


def game_conversation(spec: PromptSpec, wall: GoldWall, rules: str, seed: int) -> Conversation:
    """One interactive game played right, guess by guess, with the engine's feedback between."""
    board = shown(wall, seed)
    rule_set = get_rules(rules)
    asked = board_prompt(spec, len(wall.distractors))
    game = Game(_engine_board(wall), rule_set, order=board)
    system = system_message(asked, game_of(wall), rule_set, board, len(wall.distractors))
    messages = [_msg("system", system), _msg("user", turn_message(spec, game.view(), "The board:"))]
    for k, words in ordered_groups(wall, board):
        if game.over:
            break
        if k in game.outcome().found:  # revealed by the engine (the last group resolves itself)
            continue
        messages.append(_msg("assistant", f"GUESS: {', '.join(words)}"))
        feedback = game.guess(words)
        if not game.over:
            messages.append(_msg("user", turn_message(spec, game.view(), feedback.message)))
    if rule_set.name_connections:
        resolved = game.view().resolved
        messages.append(_msg("user", naming_message(spec, resolved)))
        messages.append(_msg("assistant", connections_answer(wall, resolved)))
    return Conversation(wall.wall_id, "game", asked, board, tuple(messages))


def check_conversation(conv: Conversation, wall: GoldWall, rules: str) -> bool:
    """Does the gold answer, read back by ocwtool's own parsers and played through the engine, win
    (and name every connection right, where the conversation asks for them)?"""
    replies = [m["content"] for m in conv.messages if m["role"] == "assistant"]
    marker = conv.prompt.answer_after
    if conv.task == "connections":
        return parse_connections(replies[-1]) == _padded(wall.connections)
    game = Game(_engine_board(wall), get_rules(rules), order=conv.board)
    if conv.task == "grouping":
        game.submit(parse_grouping(replies[-1], wall.words, marker).groups)
        return game.outcome().won
    guesses = replies[:-1] if get_rules(rules).name_connections else replies
    for reply in guesses:
        game.guess(parse_guess(reply, wall.words, marker))
    named = not get_rules(rules).name_connections or _names_right(replies[-1], wall, game)
    return game.outcome().won and named


def _names_right(reply: str, wall: GoldWall, game: Game) -> bool:
    order = [wall.groups.index(g) for g in game.view().resolved]
    return parse_connections(reply) == tuple(_padded(wall.connections)[k] for k in order)


def _padded(connections: Sequence[str]) -> tuple[str, ...]:
    found = [c.strip() for c in connections][:4]
    return tuple(found + [""] * (4 - len(found)))
