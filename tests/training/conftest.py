"""Hand-made boards for the training tests (invented here, never excerpts of real puzzles)."""

from __future__ import annotations

from collections.abc import Sequence

from ocwtool.evaluation.game import Board, BoardRecord, Game, Transcript, Turn, get_rules

SPICE = ("Clove", "Mace", "Sage", "Dill")
BIRD = ("Wren", "Rook", "Kite", "Swift")
CHESS = ("Bishop", "Knight", "Pawn", "King")
FABRIC = ("Silk", "Lace", "Felt", "Wool")
GROUPS = (SPICE, BIRD, CHESS, FABRIC)
CONNECTIONS = ("Spices and herbs", "Birds", "Chess pieces", "Fabrics")
# A labelled trap: two birds that are also chess words with two chess pieces look like a group.
TRAPS = (("Rook", "Wren", "Bishop", "Knight"),)


def board(
    levels: Sequence[int] | None = (0, 1, 2, 3), traps: Sequence[Sequence[str]] | None = TRAPS
) -> Board:
    return Board(
        "hand-1",
        GROUPS,
        CONNECTIONS,
        None if levels is None else tuple(levels),
        traps=None if traps is None else tuple(tuple(t) for t in traps),
    )


def play(
    b: Board, rules: str, moves: Sequence[Sequence[str]], claim: Sequence[str] | None = None
) -> tuple[Game, Transcript]:
    """Play ``moves`` (guesses; under ``oneshot`` one move of four groups) and the transcript of it."""
    game = Game(b, get_rules(rules), b.shuffled(0))
    turns = []
    if rules == "oneshot":
        answer = [list(g) for g in moves]
        turns.append(Turn(answer=answer, feedback=game.submit(answer).kind))
    else:
        for words in moves:
            turns.append(Turn(guess=list(words), feedback=game.guess(list(words)).kind))
    transcript = Transcript(
        wall_id=b.wall_id,
        rules=rules,
        player="scripted",
        board=BoardRecord.from_board(b),
        order=list(b.shuffled(0)),
        turns=turns,
        trap_claim=None if claim is None else list(claim),
    )
    return game, transcript
