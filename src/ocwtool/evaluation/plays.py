"""Every record of play ocwtool reads, as :class:`~ocwtool.annotations.decoys.mine.Play` s: who tried
which groups on which puzzle, from which file (name and sha256).

The readers are ``ocwtool eval``'s, and puzzles are matched as it matches them:

* transcripts (ocwtool JSONL from ``play --out`` and ``llm run``; Todd et al.'s
  ``results/*_results.json``): :func:`~ocwtool.evaluation.game.replay.load_located`; a game tried
  its guesses (or its one-shot answer), matched by wall id, else by the clue set of the board it
  carries. Player: the transcript's ``player``. Games whose log holds no moves are counted apart;
* answer files (OCW prediction JSON/JSONL, raw model text, ``llm run`` ``predictions-epoch-N.jsonl``,
  "Connecting the Dots" ``results/<model>.json``):
  :func:`~ocwtool.evaluation.predictions.load_prediction_file`. Player: the file's name without its
  suffix (an ``llm run`` epoch file: its run folder's name, so epochs are one player);
* human answer sheets (their ``expert.csv``, ``beginner.csv``): each row through
  :func:`~ocwtool.evaluation.ctd_humans.load_ctd_humans`. Player: ``<sheet>:<Name>``.

What cannot be read is counted by cause (``skipped``: unknown or flagged puzzles, a board that
differs from the stored puzzle, moves without a guess), or as the reader counted it (``read``:
groups of 3 or 5, repaired inputs, ...); a file that is not play at all is an error naming it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ocwtool.annotations.decoys.mine import Play, Source
from ocwtool.errors import EvaluationError, InputError
from ocwtool.evaluation.ctd_humans import load_ctd_humans, read_rows
from ocwtool.evaluation.game import todd
from ocwtool.evaluation.game.replay import load_located
from ocwtool.evaluation.game.transcript import Transcript
from ocwtool.evaluation.predictions import load_prediction_file
from ocwtool.fsio import sha256_file
from ocwtool.safeparse import loads_json
from ocwtool.schema.keys import clue_key, identifying
from ocwtool.schema.models import Puzzle

EPOCH_FILE = "predictions-epoch-"


@dataclass
class Puzzles:
    """The puzzles plays are mined on, and those left out (id -> why: picture, emoji, ...) with their
    clues: a play of one of those is matched too, then counted as ``flagged_puzzle``, not unknown."""

    by_id: Mapping[str, Puzzle]
    skipped: Mapping[str, Sequence[str]] = field(default_factory=dict)
    skipped_clues: Mapping[str, Sequence[str]] = field(default_factory=dict)

    def clues(self) -> dict[str, Sequence[str]]:
        """Wall id -> clues of every puzzle, left-out ones included (readers match against these)."""
        return {**self.skipped_clues, **{pid: p.clues for pid, p in self.by_id.items()}}

    def by_key(self) -> dict[frozenset[str], str]:
        keys = {clue_key(clues): pid for pid, clues in self.clues().items()}
        return {k: pid for k, pid in keys.items() if identifying(k)}


@dataclass
class FilePlays:
    """The plays of one file, and what was not read, by cause."""

    source: Source
    kind: str
    plays: list[Play] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)
    read: Counter[str] = field(default_factory=Counter)


def read_plays(path: Path, puzzles: Puzzles) -> FilePlays:
    """The plays of one file of play (see the module notes for what is read how)."""
    text = _text(path)
    source = Source(path.name, sha256_file(path))
    if path.suffix == ".csv":
        return _humans(path, text, source, puzzles)
    if _is_transcripts(path, text):
        return _transcripts(path, source, puzzles)
    return _answers(path, source, puzzles)


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except IsADirectoryError:
        raise InputError(
            f"{path}: a folder; give its files (an `ocwtool llm run` folder: transcripts.jsonl or "
            "predictions-epoch-N.jsonl)"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read: {exc}") from None


def _is_transcripts(path: Path, text: str) -> bool:
    """Todd et al.'s results log (a JSON list of records with ``puzzle_data``) or ocwtool transcript
    JSONL (a first record with ``rules``); anything else is read as answers."""
    if text.lstrip().startswith("["):
        doc = loads_json(text, str(path))
        return isinstance(doc, list) and todd.is_results(doc)
    first = next((line for line in text.splitlines() if line.strip()), "")
    if path.suffix != ".jsonl" or not first.lstrip().startswith("{"):
        return False
    record = loads_json(first, str(path))
    return isinstance(record, dict) and "rules" in record and "wall_id" in record


def _transcripts(path: Path, source: Source, puzzles: Puzzles) -> FilePlays:
    out = FilePlays(source, "transcripts")
    keys = puzzles.by_key()
    for _, t in load_located(path):
        wall = _wall_of(t, puzzles, keys, out.skipped)
        if wall is None:
            continue
        groups = [tuple(turn.guess) if turn.guess else None for turn in t.turns if turn.answer is None]
        groups += [tuple(g) for turn in t.turns if turn.answer for g in turn.answer]
        out.skipped["move_without_a_guess"] += groups.count(None)
        tried = tuple(g for g in groups if g is not None)
        if not tried:
            out.skipped["game_without_moves"] += 1
            continue
        out.plays.append(Play(wall, t.player or path.stem, source, tried))
    out.skipped = +out.skipped
    return out


def _wall_of(
    t: Transcript, puzzles: Puzzles, keys: Mapping[frozenset[str], str], skipped: Counter[str]
) -> str | None:
    """The stored puzzle a transcript played: its wall id (its board, if it carries one, must hold
    the same clues), else the clue set of its board."""
    board_key = clue_key(w for g in t.board.groups for w in g) if t.board is not None else None
    if t.wall_id in puzzles.by_id:
        if board_key is not None and board_key != clue_key(puzzles.by_id[t.wall_id].clues):
            skipped["board_differs"] += 1
            return None
        return t.wall_id
    wall = keys.get(board_key) if board_key is not None else None
    wall = wall or (t.wall_id if t.wall_id in puzzles.skipped else None)
    if wall is not None and wall in puzzles.by_id:
        return wall
    skipped["flagged_puzzle" if wall is not None else "unknown_puzzle"] += 1
    return None


def _player(path: Path) -> str:
    return path.parent.name if path.name.startswith(EPOCH_FILE) and path.parent.name else path.stem


def _answers(path: Path, source: Source, puzzles: Puzzles) -> FilePlays:
    loaded = load_prediction_file(path, puzzles.clues())
    out = FilePlays(source, loaded.file_kind or "answers")
    out.skipped["unknown_puzzle"] += loaded.issues.get("unknown_walls", 0)
    out.skipped["flagged_puzzle"] += loaded.issues.get("flagged_walls", 0)
    out.read.update({k: v for k, v in loaded.totals().items() if k not in ("answers", "walls_from_text")})
    out.read["wrong_size_groups"] += loaded.issues.get("wrong_size_groups", 0)
    player = _player(path)
    for pred in loaded.predictions:
        if pred.wall_id in puzzles.skipped or pred.groups is None:
            out.skipped["flagged_puzzle" if pred.wall_id in puzzles.skipped else "no_answer"] += 1
            continue
        out.plays.append(Play(pred.wall_id, player, source, tuple(tuple(g) for g in pred.groups)))
    out.read, out.skipped = +out.read, +out.skipped
    return out


def _humans(path: Path, text: str, source: Source, puzzles: Puzzles) -> FilePlays:
    """A human answer sheet, row by row: each row is one person's answer (``Name``) to one game."""
    clues = puzzles.clues()
    out = FilePlays(source, "human answer sheet")
    for i, row in enumerate(read_rows(text, str(path))):
        try:
            loaded = load_ctd_humans([row], clues, f"{path} row {i + 2}")
        except EvaluationError:  # the row's words match no puzzle (its only error)
            out.skipped["unknown_puzzle"] += 1
            continue
        out.read.update(loaded.issues)
        name = str(row.get("Name") or "").strip() or f"row{i + 2}"
        for pred in loaded.predictions:
            if pred.wall_id in puzzles.skipped:
                out.skipped["flagged_puzzle"] += 1
                continue
            groups = tuple(tuple(g) for g in pred.groups or ())
            out.plays.append(Play(pred.wall_id, f"{path.stem}:{name}", source, groups))
    return out
