"""inspect-ai solvers: one full answer per board, or a game played turn by turn through the engine.

Both leave an engine :class:`~ocwtool.evaluation.game.Transcript` in the sample's store (key
``transcript``), so every run is replayable with ``ocwtool eval --transcripts`` and scored the same
way as every other player.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai.model import CachePolicy, ChatMessage, ChatMessageSystem, ChatMessageUser, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from ocwtool.evaluation.game import Board, Game, Transcript, Turn, get_rules, outcome_record
from ocwtool.evaluation.game.transcript import BoardRecord
from ocwtool.llm.board import BoardMeta, epoch_words, parse_connections, parse_grouping, parse_guess
from ocwtool.llm.dialogue import naming_message, system_message, turn_message
from ocwtool.llm.prompts import PromptSpec, board_prompt, connection_messages, get_prompt, grouping_messages


def chat(messages: Sequence[tuple[str, str]]) -> list[ChatMessage]:
    """(role, text) pairs as inspect chat messages."""
    return [
        ChatMessageSystem(content=t) if r == "system" else ChatMessageUser(content=t) for r, t in messages
    ]


def cache_policy(cache: bool) -> CachePolicy | bool:
    """Never-expiring response cache (a rerun pays nothing for answers it already has), or none."""
    return CachePolicy(expiry=None) if cache else False


def _engine_board(board: BoardMeta) -> Board:
    return Board(board.wall_id, board.groups, board.connections, board.levels, board.clues, board.distractors)


def _transcript(board: BoardMeta, rules: str, words: list[str], turns: list[Turn], game: Game) -> Transcript:
    engine_board = _engine_board(board)
    return Transcript(
        wall_id=board.wall_id,
        rules=rules,
        board=BoardRecord.from_board(engine_board),
        order=words,
        turns=turns,
        connections=None if game.outcome().connections is None else list(game.outcome().connections or ()),
        recorded=outcome_record(game.outcome()),
    )


def _game(board: BoardMeta, rules: str, words: list[str]) -> Game:
    return Game(_engine_board(board), get_rules(rules), order=words)


@solver
def oneshot_solver(prompt: str, examples: str = "", cache: bool = False) -> Solver:
    """Ask for the whole grouping (epoch-ordered words), then, if the prompt has a Task 2, the
    connections of the gold groups (as the OCW paper does)."""
    spec = get_prompt(prompt, "oneshot")

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        board = BoardMeta.model_validate(state.metadata)
        words = epoch_words(board, state.epoch)
        shown = board_prompt(spec, len(board.distractors))
        if shown is not spec:  # the sample says which prompt it was asked with
            state.store.set("prompt", shown.record())
        state.messages = chat(grouping_messages(shown, words, examples))
        state = await generate(state, cache=cache_policy(cache))
        text = state.output.completion
        parsed = parse_grouping(text, board.clues, spec.answer_after)
        game = _game(board, "oneshot", words)
        feedback = game.submit(parsed.groups)
        turn = Turn(answer=[list(g) for g in parsed.groups], raw=text, feedback=feedback.kind)
        transcript = _transcript(board, "oneshot", words, [turn], game)
        names = parsed.connections
        asked = connection_messages(spec, board.groups, examples)
        if asked is not None:
            out = await get_model().generate(chat(asked), cache=cache_policy(cache))
            names = parse_connections(out.completion)
            state.store.set("connections_answer", out.completion)
        if names is not None:
            transcript = transcript.model_copy(update={"connections": list(names)})
        state.store.set("transcript", transcript.model_dump(mode="json", exclude_defaults=True))
        state.store.set("issues", parsed.issues())
        return state

    return solve


@solver
def interactive_solver(rules: str, prompt: str = "ocwtool-interactive", cache: bool = False) -> Solver:
    """Play one game under ``rules``: one guess per turn, the engine's feedback after each."""
    spec = get_prompt(prompt, "interactive")
    rule_set = get_rules(rules)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        board = BoardMeta.model_validate(state.metadata)
        words = epoch_words(board, state.epoch)
        game = _game(board, rules, words)
        asked = board_prompt(spec, len(board.distractors))
        if asked is not spec:  # the sample says which prompt it was asked with
            state.store.set("prompt", asked.record())
        system = system_message(asked, board.game, rule_set, words, len(board.distractors))
        state.messages = chat([("system", system), ("user", turn_message(spec, game.view(), "The board:"))])
        turns: list[Turn] = []
        while not game.over:
            state = await generate(state, cache=cache_policy(cache))
            text = state.output.completion
            guess = parse_guess(text, board.clues, spec.answer_after)
            feedback = game.guess(guess)
            turns.append(Turn(guess=guess, raw=None if len(guess) == 4 else text, feedback=feedback.kind))
            if not game.over:
                message = turn_message(spec, game.view(), feedback.message)
                state.messages.append(ChatMessageUser(content=message))
        if rule_set.name_connections:
            await _name_connections(state, generate, game, spec, cache)
        transcript = _transcript(board, rules, words, turns, game)
        state.store.set("transcript", transcript.model_dump(mode="json", exclude_defaults=True))
        return state

    return solve


async def _name_connections(
    state: TaskState, generate: Generate, game: Game, spec: PromptSpec, cache: bool
) -> None:
    """The Only Connect naming step: the resolved wall's groups, one connection each."""
    state.messages.append(ChatMessageUser(content=naming_message(spec, game.view().resolved)))
    state = await generate(state, cache=cache_policy(cache))
    game.name_connections(parse_connections(state.output.completion))
