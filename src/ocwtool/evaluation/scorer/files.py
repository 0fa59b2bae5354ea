"""The scorer's file edges: OCW gold JSON, prediction JSON/JSONL, seed folders, the JSON report.

Every input problem is a :class:`~.model.ScorerInputError` naming the file, the record and the fix;
the report is written atomically through a unique temporary file beside the target.
"""

from __future__ import annotations

import json
import math
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .model import GROUPS, SIZE, GoldWall, Prediction, ScorerInputError


def _as_text(value: Any, where: str) -> str:
    # The published OCW file has one clue stored as the JSON float 8.5: read numbers as text.
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise ScorerInputError(f"{where}: expected a string, got {type(value).__name__} {value!r}")


def _group_key(name: str) -> int:
    tail = name.rsplit("_", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def gold_from_record(rec: dict[str, Any], where: str, nyt: bool = False) -> GoldWall:
    """One wall of an OCW JSON ``dataset`` list.

    NYT difficulty levels come from a per-group ``level`` when present; otherwise, for NYT puzzles
    (``nyt=True`` or a ``nyt-YYYY-MM-DD`` wall id), from the group order (yellow..purple).
    """
    try:
        wall_id = str(rec["wall_id"])
        groups = [rec["groups"][k] for k in sorted(rec["groups"], key=_group_key)]
        words = tuple(tuple(_as_text(w, f"{where}: wall {wall_id}") for w in g["gt_words"]) for g in groups)
    except (KeyError, TypeError, AttributeError) as exc:
        raise ScorerInputError(f"{where}: not an OCW wall record (missing {exc})") from None
    if len(words) != GROUPS or any(len(g) != SIZE for g in words):
        raise ScorerInputError(f"{where}: wall {wall_id}: expected 4 groups of 4 gt_words")
    distractors = tuple(_as_text(w, f"{where}: wall {wall_id}") for w in rec.get("distractors") or ())
    _check_board(rec, words, distractors, f"{where}: wall {wall_id}")
    conns = tuple(str(g.get("gt_connection", "")) for g in groups)
    levels = [g.get("level") for g in groups]
    if not all(isinstance(x, int) for x in levels) and (nyt or wall_id.startswith("nyt-")):
        levels = list(range(GROUPS))
    season = rec.get("season")
    return GoldWall(
        wall_id=wall_id,
        groups=words,
        connections=conns,
        levels=tuple(int(x) for x in levels) if all(isinstance(x, int) for x in levels) else None,
        group_ids=tuple(str(g.get("group_id", "")) for g in groups),
        season=season if isinstance(season, int) else None,
        clues=tuple(_as_text(w, f"{where}: wall {wall_id}") for w in rec.get("words") or ()),
        distractors=distractors,
    )


def _check_board(
    rec: dict[str, Any], groups: tuple[tuple[str, ...], ...], extra: tuple[str, ...], at: str
) -> None:
    """A wall with ``distractors`` lists them in its ``words`` too (the whole board), when it has words."""
    words = rec.get("words")
    if not extra or not words:
        return
    want = sorted([*(w for g in groups for w in g), *extra])
    if sorted(_as_text(w, at) for w in words) != want:
        raise ScorerInputError(
            f"{at}: 'words' must be the board: the 16 gt_words and the {len(extra)} distractors "
            f"({len(want)} words), got {len(words)}"
        )


class _Refused(ValueError):
    """A value JSON allows but the scorer refuses (raised inside the parser's hooks)."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise _Refused(f"duplicate key {key!r} in an object (which value is meant?)")
    return obj


def _constant(token: str) -> Any:
    raise _Refused(f"{token} is not a JSON number (use null or a string)")


def _float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _Refused(f"number {token} is too large (not a finite float)")
    return value


def strict_json(text: str, where: str) -> Any:
    """``json.loads`` without the ways hostile text escapes it: nesting deeper than Python's
    recursion limit, a number past the int-conversion limit (both tracebacks otherwise), duplicate
    keys (JSON keeps the last silently), ``NaN``/``Infinity`` literals and numbers that overflow to
    infinity are each one :class:`ScorerInputError`. Plain syntax errors (a byte order mark among
    them) stay ``json.JSONDecodeError`` (callers report their position). The scorer imports nothing
    from ocwtool, so these are its own copies of those refusals of ``ocwtool.safeparse`` (which also
    refuses lone surrogates; here they reach the scorer's text checks)."""
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_constant, parse_float=_float)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise ScorerInputError(f"{where}: invalid JSON: arrays/objects nested too deeply") from None
    except _Refused as exc:
        raise ScorerInputError(f"{where}: invalid JSON: {exc}") from None
    except ValueError:  # the int-conversion limit
        digits = sys.get_int_max_str_digits()
        raise ScorerInputError(f"{where}: invalid JSON: a number longer than {digits} digits") from None


def _read_records(path: Path, field_name: str) -> list[Any]:
    """Records of a JSON file (a list, or a dict holding the list under ``field_name``) or JSONL."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScorerInputError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise ScorerInputError(f"{path}: not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
    try:
        doc = strict_json(text, str(path))
    except json.JSONDecodeError as first:
        return _jsonl_records(path, text, first)
    if isinstance(doc, dict) and isinstance(doc.get(field_name), list):
        return list(doc[field_name])
    if isinstance(doc, list):
        return doc
    raise ScorerInputError(f"{path}: expected a JSON list or an object with a {field_name!r} list")


def _jsonl_records(path: Path, text: str, first: json.JSONDecodeError) -> list[Any]:
    """The records of a JSON Lines file, one per non-blank line. A line that is not JSON is reported
    where it is (``FILE:LINE:COLUMN``); if even the first record is not JSON, the file is taken for
    one JSON document and ``first`` (its error as a whole) is reported. Lines end at ``\\n`` only, as
    JSON Lines says (``str.splitlines`` would also cut at U+2028 and others inside a string)."""
    records: list[Any] = []
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            records.append(strict_json(line, f"{path}:{n}"))
        except json.JSONDecodeError as exc:
            where, bad = (f"{n}:{exc.colno}", exc) if records else (f"{first.lineno}:{first.colno}", first)
            raise ScorerInputError(f"{path}:{where}: invalid JSON: {bad.msg}") from None
    return records


def load_gold(path: Path, nyt: bool = False) -> list[GoldWall]:
    """Gold walls from an OCW JSON file (``{"dataset": [...]}``), a JSON list or JSONL."""
    records = _read_records(Path(path), "dataset")
    return [gold_from_record(r, f"{path}: record {i}", nyt) for i, r in enumerate(records)]


def _groups_field(value: Any, where: str) -> tuple[tuple[str, ...], ...] | None:
    if value is None:
        return None
    ok = isinstance(value, list) and len(value) == GROUPS
    ok = ok and all(isinstance(g, list) and len(g) == SIZE for g in value)
    if not ok:
        raise ScorerInputError(f"{where}: predicted_groups must be 4 lists of 4 strings, or null")
    return tuple(tuple(_as_text(w, where) for w in g) for g in value)


def _connections_field(value: Any, where: str) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == GROUPS):
        raise ScorerInputError(f"{where}: predicted_connections must be a list of 4 strings, or null")
    return tuple(_as_text(c, where) for c in value)


def prediction_from_record(rec: Any, where: str) -> Prediction:
    """One OCW prediction record ``{"wall_id", "predicted_groups", "predicted_connections"}``."""
    if not isinstance(rec, dict) or "wall_id" not in rec:
        raise ScorerInputError(f"{where}: expected an object with a wall_id")
    wid = str(rec["wall_id"])
    return Prediction(
        wall_id=wid,
        groups=_groups_field(rec.get("predicted_groups"), f"{where} (wall {wid})"),
        connections=_connections_field(rec.get("predicted_connections"), f"{where} (wall {wid})"),
    )


def load_predictions(path: Path) -> list[Prediction]:
    """Predictions from an OCW prediction JSON list (or ``{"predictions": [...]}``) or JSONL."""
    records = _read_records(Path(path), "predictions")
    return [prediction_from_record(r, f"{path}: record {i}") for i, r in enumerate(records)]


def expand_prediction_paths(paths: Sequence[Path]) -> list[Path]:
    """Files as given; a folder stands for its ``*_predictions.json`` files (OCW's batch mode), sorted."""
    out: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found = sorted(path.glob("*_predictions.json"))
            if not found:
                raise ScorerInputError(f"{path}: no *_predictions.json files in this folder")
            out.extend(found)
        else:
            out.append(path)
    return out


def write_json_atomic(path: Path, obj: Any) -> None:
    """Write JSON to a unique temporary file beside ``path``, then rename it over ``path``: an
    interrupted run never leaves a torn file, and two runs never share a temporary file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(name, 0o644)  # mkstemp makes 0600; a report is an ordinary data file
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(obj, indent=2, ensure_ascii=False) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
