"""Replay recorded games through the engine and check that their recorded outcomes come out again.

A transcript replays under its own rules (and limits) unless other rules are asked for; then the
comparison with the recorded outcome is a what-if, not a check. Games whose logs hold no moves
(``meta.replayable == false``, e.g. Todd et al.'s one-shot runs) are counted apart, never as agreeing.
Guesses and full answers do not convert into each other: an interactive game is never replayed under
``oneshot`` rules, nor a oneshot game under game rules. Every error names the file and line or record.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ocwtool.errors import EvaluationError, InputError
from ocwtool.evaluation.game import todd
from ocwtool.evaluation.game.board import Board
from ocwtool.evaluation.game.engine import FeedbackKind, Game, Outcome
from ocwtool.evaluation.game.rules import Rules, get_rules
from ocwtool.evaluation.game.transcript import RecordedOutcome, Transcript, Turn, parse_located


@dataclass(frozen=True)
class Replay:
    """One replayed game: the engine's outcome and feedback, and every difference from the record
    (``"<field>: <detail>"``; fields: the recorded outcome's, ``late_moves``, ``feedback``,
    ``unfinished``)."""

    transcript: Transcript
    board: Board
    rules: Rules
    outcome: Outcome | None  # None: the log holds no moves to replay
    feedback: tuple[FeedbackKind, ...] = ()
    differences: tuple[str, ...] = ()

    @property
    def replayable(self) -> bool:
        return self.outcome is not None

    @property
    def agrees(self) -> bool:
        return self.outcome is not None and not self.differences

    @property
    def unfinished(self) -> bool:
        """The recorded moves end before the game does (under these rules it counts as lost)."""
        return any(d.startswith("unfinished:") for d in self.differences)


@dataclass(frozen=True)
class BoardStore:
    """Boards by wall id, and the puzzles left out of them (id -> reasons: picture, emoji, ...)."""

    boards: Mapping[str, Board]
    skipped: Mapping[str, Sequence[str]] = field(default_factory=dict)


def _move(game: Game, turn: Turn) -> FeedbackKind:
    if game.rules.oneshot:
        return game.submit(turn.answer or []).kind
    return game.guess(turn.guess or []).kind


def _compare(rec: RecordedOutcome | None, out: Outcome) -> list[str]:
    if rec is None:
        return []
    engine = {
        "won": out.won,
        "solved": list(out.solved),
        "mistakes": out.mistakes,
        "invalid": out.invalid,
        "moves": out.moves,
    }
    return [
        f"{name}: recorded {value!r}, replay {engine[name]!r}"
        for name, value in rec.model_dump().items()
        if value is not None and value != engine[name]
    ]


def replay(transcript: Transcript, board: Board, rules: Rules) -> Replay:
    """Play the transcript's moves on ``board`` under ``rules`` and compare with what was recorded."""
    if transcript.meta.get("replayable") is False:
        return Replay(transcript, board, rules, None)
    game = Game(board, rules, transcript.order)
    kinds = tuple(_move(game, turn) for turn in transcript.turns)
    if rules.name_connections and game.over and transcript.connections is not None:
        game.name_connections(transcript.connections)
    out = game.outcome()
    diffs = _compare(transcript.recorded, out)
    late = kinds.count(FeedbackKind.GAME_OVER)
    if late:
        diffs.append(f"late_moves: {late} move(s) after the game ended")
    said = [(i, t.feedback, k) for i, (t, k) in enumerate(zip(transcript.turns, kinds, strict=True))]
    diffs += [f"feedback: move {i + 1} told {f.value}, replay {k.value}" for i, f, k in said if f and f != k]
    if not game.over:
        diffs.append("unfinished: the game is not over after the last recorded move")
    return Replay(transcript, board, rules, out, kinds, tuple(diffs))


def board_for(transcript: Transcript, store: BoardStore | None, where: str = "transcript") -> Board:
    """The transcript's own board, else the one with its wall id (``where``: file and line, for errors)."""
    if transcript.board is not None:
        return transcript.board.to_board()
    wall = transcript.wall_id
    if store is not None and wall in store.boards:
        return store.boards[wall]
    if store is not None and wall in store.skipped:
        why = "/".join(store.skipped[wall])
        raise EvaluationError(
            f"{where}: transcript of wall {wall!r} carries no board and that puzzle is left out of "
            f"scoring ({why}); add --include-flagged"
        )
    raise EvaluationError(
        f"{where}: transcript of wall {wall!r} carries no board and no puzzle has that id; "
        "choose the store with --source (and --split all)"
    )


def rules_for(transcript: Transcript, rules: str | None, where: str = "transcript") -> Rules:
    """``rules`` when given, else the transcript's own rules and limits; refuses converting guesses
    into a full answer or back (an interactive game under ``oneshot`` rules, or the reverse)."""
    try:
        chosen = get_rules(rules) if rules else get_rules(transcript.rules, **transcript.limits)
        own = get_rules(transcript.rules)
    except EvaluationError as exc:
        raise EvaluationError(f"{where}: {exc}") from None
    if own.oneshot == chosen.oneshot or transcript.meta.get("replayable") is False:
        return chosen
    if own.oneshot:
        raise EvaluationError(
            f"{where}: a oneshot game (one full answer) cannot be replayed under {chosen.name} rules "
            "(moves one guess at a time); replay it under its own rules (drop --rules)"
        )
    raise EvaluationError(
        f"{where}: an interactive game ({own.name} rules) cannot be replayed under oneshot rules "
        "(its guesses are not full answers); drop --rules oneshot or choose nyt, missed-connections "
        "or only-connect"
    )


def replay_all(
    transcripts: Iterable[Transcript],
    boards: Mapping[str, Board] | BoardStore | None = None,
    rules: str | None = None,
    where: Sequence[str] | None = None,
) -> list[Replay]:
    """Replay every transcript (under ``rules`` when given, else each one's own rules and limits);
    ``where`` names each transcript's file and line for errors."""
    store = BoardStore(boards) if isinstance(boards, Mapping) else boards
    out = []
    for i, t in enumerate(transcripts):
        at = where[i] if where is not None else f"transcript {i + 1}"
        out.append(replay(t, board_for(t, store, at), rules_for(t, rules, at)))
    return out


def agreement(replays: Sequence[Replay]) -> dict[str, int]:
    """Counts: games, replayable, agreeing, and disagreements per recorded field."""
    counts = {"games": len(replays), "replayable": 0, "agreeing": 0}
    for r in replays:
        counts["replayable"] += r.replayable
        counts["agreeing"] += r.agrees
        for d in r.differences:
            key = "disagree_" + d.split(":")[0]
            counts[key] = counts.get(key, 0) + 1
    return counts


def load_located(path: Path) -> list[tuple[str, Transcript]]:
    """Transcripts of an ocwtool JSONL file (``FILE:LINE``) or a Todd et al. ``results/*_results.json``
    log (``FILE record N``), each with where it came from."""

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read transcripts {path}: {exc}") from None
    if text.lstrip().startswith("["):
        return [(f"{path} record {i}", t) for i, t in enumerate(todd.read_results(path))]
    return list(parse_located(text, str(path)))


def load_transcripts(path: Path) -> list[Transcript]:
    """Transcripts from an ocwtool JSONL file or a Todd et al. ``results/*_results.json`` log."""
    return [t for _, t in load_located(path)]
