"""Playing the puzzles: named rule sets, a pure game engine, transcripts and players.

Public API (stable; the LLM runner builds on it)::

    from ocwtool.evaluation.game import Board, Game, get_rules, play_game, OraclePlayer

    board = Board.from_gold(gold_wall)                 # or Board(wall_id, groups, connections, levels)
    game = Game(board, get_rules("nyt"), order=board.shuffled(seed=3))
    feedback = game.guess(["A", "B", "C", "D"])        # Feedback(kind, message, found, mistake, ...)
    view = game.view()                                 # what the player may see next
    transcript = play_game(board, get_rules("only-connect"), OraclePlayer(board), seed=3)

* :mod:`.rules` — ``nyt``, ``missed-connections``, ``only-connect``, ``oneshot``, each citing its source;
* :mod:`.board` — the board and word matching; :mod:`.engine` — the state machine;
* :mod:`.transcript` — the JSONL transcript model; :mod:`.players` — the Player protocol, ``play_game``.
"""

from ocwtool.evaluation.game.board import Board
from ocwtool.evaluation.game.engine import Feedback, FeedbackKind, Game, GameView, Outcome
from ocwtool.evaluation.game.players import (
    OraclePlayer,
    Player,
    PlayerBase,
    RandomPlayer,
    play_all,
    play_game,
)
from ocwtool.evaluation.game.rules import RULE_NAMES, RULES, Rules, get_rules
from ocwtool.evaluation.game.transcript import (
    BoardRecord,
    RecordedOutcome,
    Transcript,
    Turn,
    dump_transcripts,
    outcome_record,
    parse_transcripts,
    read_transcripts,
)

__all__ = [
    "RULES",
    "RULE_NAMES",
    "Board",
    "BoardRecord",
    "Feedback",
    "FeedbackKind",
    "Game",
    "GameView",
    "OraclePlayer",
    "Outcome",
    "Player",
    "PlayerBase",
    "RandomPlayer",
    "RecordedOutcome",
    "Rules",
    "Transcript",
    "Turn",
    "dump_transcripts",
    "get_rules",
    "outcome_record",
    "parse_transcripts",
    "play_all",
    "play_game",
    "read_transcripts",
]
