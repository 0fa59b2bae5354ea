"""Scores of played or replayed games, one summary per (player, rules), and their table.

Per game (:func:`ocwtool.evaluation.game.metrics.game_metrics`, the training rewards' figures too):
won, groups solved, 1/4 per group (lechmazur/nyt-connections), the level-weighted score for boards
with levels (levels 1-4 summed, Samadarshi et al.), mistakes and their penalty, one-away credit,
efficiency, format validity, the trap-claim bonus, invalid moves, repeats.
Named connections (the ``only-connect`` naming step) are scored with the Task 2 metrics (exact
match and ROUGE-1 F1, as ``ocwtool eval`` scores predictions).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from statistics import fmean
from typing import Any

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.game.metrics import game_metrics
from ocwtool.evaluation.game.replay import BoardStore, Replay, agreement, load_located, replay_all
from ocwtool.evaluation.scorer import GoldWall, Prediction, score_connections


def game_row(r: Replay) -> dict[str, Any]:
    """One game's figures (``None`` scores when its log holds no moves)."""
    t, out = r.transcript, r.outcome
    row: dict[str, Any] = {
        "wall_id": t.wall_id,
        "player": t.player,
        "rules": r.rules.name,
        "seed": t.seed,
        "replayable": r.replayable,
        "agrees": r.agrees if t.recorded is not None else None,
        "differences": list(r.differences),
    }
    if out is not None:
        row |= game_metrics(r.board, r.rules, out, t.trap_claim)
    return row


GAME_MEANS = (
    "groups_solved",
    "score",
    "weighted",
    "mistakes",
    "invalid",
    "repeats",
    "moves",
    "mistakes_penalty",
    "one_away",
    "efficiency",
    "format_valid",
    "trap_claim",
)
"""The per-game figures a run's summary gives the mean of (over its replayable games; ``weighted`` and
``trap_claim`` over the games where they are defined)."""


def _mean(rows: Sequence[dict[str, Any]], key: str) -> float | None:
    values = [row[key] for row in rows if row.get(key) is not None]
    return fmean(values) if values else None


def _connections(replays: Sequence[Replay], accent_fold: bool) -> dict[str, float] | None:
    named = [r for r in replays if r.outcome is not None and r.outcome.connections is not None]
    if not named:
        return None

    golds = [GoldWall(r.board.wall_id, r.board.groups, r.board.connections) for r in named]
    preds = [Prediction(r.board.wall_id, None, r.outcome.connections) for r in named if r.outcome]
    rows = score_connections(golds, preds, accent_fold=accent_fold)
    return {
        "walls": len(rows),
        "exact_match": fmean(v for row in rows for v in row["exact_match"]),
        "rouge1_f1": fmean(v for row in rows for v in row["rouge1_f1"]),
    }


def summarize_run(replays: Sequence[Replay], accent_fold: bool = False) -> dict[str, Any]:
    """Figures of one (player, rules) run: agreement counts, win rate, means per game."""
    rows = [game_row(r) for r in replays]
    played = [row for row in rows if row["replayable"]]
    out: dict[str, Any] = {
        "player": replays[0].transcript.player,
        "rules": replays[0].rules.name,
        **agreement(replays),
        "won": sum(bool(row.get("won")) for row in played),
        "unfinished": sum(r.unfinished for r in replays),
    }
    out["win_rate"] = out["won"] / len(played) if played else None
    for key in GAME_MEANS:
        out[key] = _mean(played, key)
    out["connections"] = _connections(replays, accent_fold)
    return out


def summarize(replays: Sequence[Replay], accent_fold: bool = False) -> dict[str, Any]:
    """The report: one summary per (player, rules), in first-seen order, and every game's row."""
    runs: dict[tuple[str, str], list[Replay]] = defaultdict(list)
    for r in replays:
        runs[(r.transcript.player, r.rules.name)].append(r)
    return {
        "runs": [summarize_run(group, accent_fold) for group in runs.values()],
        "games": [game_row(r) for r in replays],
    }


def _cell(value: Any, digits: int = 3) -> str:
    if value is None:
        return "-"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


UNFINISHED_NOTE = (
    "{n} game(s) unfinished: the recorded moves end before the game does under these rules (e.g. "
    "Todd et al.'s games stop once 3 groups are found, where NYT rules play on); counted as lost"
)
QUARTER_NOTE = "score: 1/4 per group found (lechmazur/nyt-connections), the oneshot rules' score"


def _columns(oneshot: bool) -> list[tuple[str, str, int, int]]:
    """(header, summary key, width, digits) of the figures after the agreement column."""
    cols = [("win", "win_rate", 7, 3), ("groups", "groups_solved", 8, 2)]
    cols += [("score", "score", 7, 2)] if oneshot else []
    cols += [("weighted", "weighted", 9, 2), ("mistakes", "mistakes", 9, 2), ("invalid", "invalid", 8, 2)]
    return [*cols, ("unfinished", "unfinished", 11, 0)]


def render_games(report: dict[str, Any]) -> str:
    """A table: one line per run (agreement = agreeing / replayable games with a recorded outcome);
    a ``score`` column (1/4 per group) when a run played oneshot rules; notes on unfinished games."""
    runs = report["runs"]
    width = max([40, *(len(run["player"]) + 2 for run in runs)])
    rules_width = max([20, *(len(run["rules"]) + 2 for run in runs)])
    cols = _columns(any(run["rules"] == "oneshot" for run in runs))
    head = f"{'player':<{width}}{'rules':<{rules_width}}{'games':>6}{'agree':>11}"
    lines = [head + "".join(f"{name:>{w}}" for name, _, w, _ in cols)]
    for run in runs:
        agree = f"{run['agreeing']}/{run['replayable']}"
        cells = "".join(f"{_cell(run.get(key), digits):>{w}}" for _, key, w, digits in cols)
        row = f"{run['player']:<{width}}{run['rules']:<{rules_width}}{run['games']:>6}{agree:>11}"
        lines.append(row + cells)
        if run["connections"]:
            c = run["connections"]
            em, rouge = c["exact_match"], c["rouge1_f1"]
            lines.append(f"  connections: exact match {em:.3f}, ROUGE-1 F1 {rouge:.3f}")
    return "\n".join(lines + _notes(runs, cols))


def _notes(runs: Sequence[dict[str, Any]], cols: Sequence[tuple[str, str, int, int]]) -> list[str]:
    notes = [QUARTER_NOTE] if any(key == "score" for _, key, _, _ in cols) else []
    unfinished = sum(run.get("unfinished") or 0 for run in runs)
    if unfinished:
        notes.append(UNFINISHED_NOTE.format(n=unfinished))
    unplayable = sum(run["games"] - run["replayable"] for run in runs)
    if unplayable:
        notes.append(f"{unplayable} game(s) hold no moves to replay (e.g. one-shot logs); not scored")
    return notes


def evaluate_transcripts(
    paths: Sequence[Path],
    rules: str | None = None,
    boards: Callable[[], BoardStore] | None = None,
    accent_fold: bool = False,
) -> dict[str, Any]:
    """Replay every game of the transcript files (``boards`` is called only when a transcript carries
    no board) and summarise them; refuses input where no game could be replayed."""

    located = [item for p in paths for item in load_located(p)]
    transcripts = [t for _, t in located]
    needed = boards() if boards is not None and any(t.board is None for t in transcripts) else None
    replays = replay_all(transcripts, needed, rules, [where for where, _ in located])
    if not any(r.replayable for r in replays):
        names = ", ".join(str(p) for p in paths)
        raise EvaluationError(
            f"no game in {names} holds moves to replay ({len(replays)} game(s) read; one-shot and "
            "baseline logs record outcomes only)"
        )
    report = summarize(replays, accent_fold)
    report["inputs"] = {"transcripts": [str(p) for p in paths], "rules": rules}
    return report
