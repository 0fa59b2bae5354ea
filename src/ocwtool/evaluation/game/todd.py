"""Todd et al. 2024, "Missed Connections" (gdrtodd/missed-connections-llms): puzzles and run logs.

* ``data/puzzle_data.json``: puzzles 1-250 ``{id, answers: [{description, words, emoji, color}],
  difficulty}``; the colour hex gives the level (yellow 0 .. purple 3). Puzzle ``n`` is NYT game
  ``n``, published ``2023-06-12 + (n - 1)`` days, so boards get the store's ``nyt-YYYY-MM-DD`` ids.
* ``results/*_results.json``: a JSON list, one record per game. Iterative LLM runs record the valid
  guesses (``guesses``, words already upper-cased by their engine), ``num_invalid`` (malformed or
  unparsable replies, which their logs do not place), ``num_steps`` and the outcome
  (``solved_overall``, ``solved_<colour>``); invalid replies become turns placed as their loop
  allows (see :func:`_turns`). One-shot runs and the embedding baselines record no
  moves (``guesses`` empty or absent; baselines give ``<colour>_solved_at`` instead): they read as
  transcripts without turns, marked ``replayable: false``.

``puzzle_data`` inside a results record is either the puzzle object or just its ``answers`` list.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from ocwtool.errors import InputError
from ocwtool.evaluation.game.rules import MISSED_CONNECTIONS
from ocwtool.evaluation.game.transcript import BoardRecord, RecordedOutcome, Transcript, Turn
from ocwtool.fsio import read_json

COLOURS = {"#fbd400": "yellow", "#69e352": "green", "#5492ff": "blue", "#df7bea": "purple"}
LEVELS = {"yellow": 0, "green": 1, "blue": 2, "purple": 3}
NYT_FIRST_GAME = dt.date(2023, 6, 12)
UNPLACED_INVALID = "invalid reply (Todd et al.'s log counts it but does not place it)"


def wall_id(puzzle_id: int) -> str:
    """The store id of NYT game ``puzzle_id`` (``nyt-YYYY-MM-DD``)."""
    return f"nyt-{NYT_FIRST_GAME + dt.timedelta(days=puzzle_id - 1):%Y-%m-%d}"


def board_record(answers: Any, puzzle_id: int, where: str) -> BoardRecord:
    """A board from Todd et al.'s ``answers`` list (their order; levels from the colours)."""
    if not isinstance(answers, list) or len(answers) != 4:
        raise InputError(f"{where}: expected 4 answers, got {type(answers).__name__}")
    try:
        levels = [LEVELS[COLOURS[a["color"].lower()]] for a in answers]
        groups = [[str(w) for w in a["words"]] for a in answers]
        names = [str(a.get("description", "")) for a in answers]
    except (KeyError, TypeError, AttributeError) as exc:
        raise InputError(f"{where}: answer without a known colour, words or description ({exc})") from None
    return BoardRecord(wall_id=wall_id(puzzle_id), groups=groups, connections=names, levels=levels)


def _answers(puzzle_data: Any) -> Any:
    return puzzle_data.get("answers") if isinstance(puzzle_data, dict) else puzzle_data


def _load_list(path: Path) -> list[Any]:
    data = read_json(path)
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise InputError(f"{path}: expected a JSON list of records (Todd et al.'s shape)")
    return data


def read_puzzles(path: Path) -> list[BoardRecord]:
    """Boards of ``data/puzzle_data.json``."""
    out = []
    for i, rec in enumerate(_load_list(path)):
        where = f"{path} record {i}"
        if not isinstance(rec.get("id"), int):
            raise InputError(f"{where}: missing integer 'id'")
        out.append(board_record(rec.get("answers"), rec["id"], where))
    return out


def is_results(records: list[Any]) -> bool:
    """Whether parsed JSON looks like a Todd et al. results log."""
    return bool(records) and all(isinstance(r, dict) and "puzzle_data" in r for r in records[:5])


def _recorded(rec: dict[str, Any], levels: list[int]) -> RecordedOutcome:
    by_level = {lvl: bool(rec.get(f"solved_{c}")) for c, lvl in LEVELS.items()}
    steps, invalid = rec.get("num_steps"), rec.get("num_invalid")
    return RecordedOutcome(
        won=bool(rec.get("solved_overall")),
        solved=[by_level[lvl] for lvl in levels],
        invalid=invalid if isinstance(invalid, int) else None,
        moves=steps if isinstance(steps, int) else None,
    )


def _turns(rec: dict[str, Any], where: str) -> list[Turn]:
    guesses = rec.get("guesses") or []
    if not all(isinstance(g, list) for g in guesses):
        raise InputError(f"{where}: 'guesses' must be a list of word lists")
    valid = [Turn(guess=[str(w) for w in g]) for g in guesses]
    invalid = [Turn(raw=UNPLACED_INVALID)] * int(rec.get("num_invalid") or 0)
    # Their loop stops on a finished game or on the invalid limit, so the last step is the limit-th
    # invalid reply when the limit was reached, else a valid guess; where earlier invalid replies
    # fell changes nothing under their rules (they cost no mistake).
    if len(invalid) >= (MISSED_CONNECTIONS.max_invalid or 0) > 0:
        return invalid[:-1] + valid + invalid[-1:]
    return invalid + valid


def transcript_from_result(rec: dict[str, Any], where: str, source: str = "") -> Transcript:
    """One results record as a ``missed-connections`` transcript."""
    pid = rec.get("puzzle_id")
    if not isinstance(pid, int):
        raise InputError(f"{where}: missing integer 'puzzle_id'")
    board = board_record(_answers(rec.get("puzzle_data")), pid, where)
    solver = str(rec.get("solver") or Path(source).name.split("_")[0] or "unknown")
    replayable = solver.startswith("Iterative")
    player = "/".join(str(p) for p in (solver, rec.get("llm_name"), _cot(rec)) if p is not None)
    meta: dict[str, Any] = {"source": source, "puzzle_id": pid, "replayable": replayable}
    solved_at = {c: rec[f"{c}_solved_at"] for c in LEVELS if f"{c}_solved_at" in rec}
    if solved_at:
        meta["solved_at"] = solved_at
    return Transcript(
        wall_id=board.wall_id,
        rules="missed-connections",
        player=player,
        seed=rec.get("seed") if isinstance(rec.get("seed"), int) else None,
        board=board,
        turns=_turns(rec, where) if replayable else [],
        recorded=_recorded(rec, board.levels or [0, 1, 2, 3]),
        meta=meta,
    )


def _cot(rec: dict[str, Any]) -> str | None:
    cot = rec.get("chain_of_thought")
    return None if cot is None else f"cot-{cot}"


def read_results(path: Path) -> list[Transcript]:
    """Every game of a ``results/*_results.json`` log as a transcript."""
    records = _load_list(path)
    if not is_results(records):
        raise InputError(f"{path}: not a Todd et al. results log (records need 'puzzle_data')")
    return [transcript_from_result(r, f"{path} record {i}", path.name) for i, r in enumerate(records)]
