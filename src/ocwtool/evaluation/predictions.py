"""Reading predictions: OCW prediction JSON, JSONL, and raw model text matched against the clues.

Raw text is never split on commas blindly: each line is scanned for the puzzle's OWN clues (longest
first, case- and width-insensitive), so ``5, 6, 7, 8`` or ``$64,000`` stay one clue. Text between
separators that is not a clue is a *hallucination* and keeps its slot (it gets a fresh label, i.e.
counts as wrong). Clues used more often than the wall holds them are *duplicates*; clues never named
are *missing*; slots left empty are filled with ``""`` (always wrong) and counted. Nothing is padded
with the missing clues, so a partial answer never earns credit it did not give.

Raw text comes in a record's ``text`` field (JSON/JSONL), or as a ``.txt``/``.md`` file where each
answer follows a ``wall: <id>`` line. Accepted raw-text shapes (one group per line; chat preamble
lines are ignored)::

    Group 1: Danube, Rhine, Loire, Tagus — Rivers of Europe
    2. 5, 6, 7, 8 (Consecutive numbers)
    Card games: Snap; Bridge; Rummy; Whist
    [["Danube", "Rhine", "Loire", "Tagus"], ...]      (a JSON list of lists also works)
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

from ocwtool.errors import EvaluationError
from ocwtool.evaluation.boundary import scorer_errors
from ocwtool.evaluation.checks import ISSUES, check_walls, fit_groups
from ocwtool.evaluation.ctd_answers import is_ctd_answers, load_ctd_answers
from ocwtool.evaluation.scorer import GROUPS, SIZE, Prediction, prediction_from_record

TEXT_FIELDS = ("text", "response", "output", "completion", "raw")
_LABEL_RE = re.compile(
    r"^\s*(?:[-*•>#]+\s*)*(?:\*\*)?\s*(?:group\s*\d+|\d{1,2}[.)])\s*(?:\*\*)?\s*[:.)\-–—]?\s*", re.I
)
_SKIP_RE = re.compile(r"[\s,;|]*")
_QUOTES_RE = re.compile(r"[\s\"'`*_\[\]]*")
_SEP_RE = re.compile(r"(?:—|–|->|=>|-(?=\s)|:|\(|=)\s*")
_TOKEN_END_RE = re.compile(r"[,;|]|\s(?:—|–|->|=>|-)\s|:|\(")
_QUOTE_MAP = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})


def normalize(text: str) -> str:
    """Matching key: NFKC, case-folded, straight quotes, single spaces, stripped."""
    folded = unicodedata.normalize("NFKC", text).casefold().translate(_QUOTE_MAP)
    return " ".join(folded.split())


@dataclass(frozen=True)
class ParsedAnswer:
    """A raw answer turned into 4 groups of 4 slots, with everything that did not fit counted."""

    groups: tuple[tuple[str, ...], ...]
    connections: tuple[str, ...] | None
    hallucinated: tuple[str, ...] = ()
    duplicated: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    overflow: tuple[str, ...] = ()
    empty_slots: int = 0

    def issues(self) -> dict[str, int]:
        return {
            "hallucinated": len(self.hallucinated),
            "duplicated": len(self.duplicated),
            "missing": len(self.missing),
            "overflow": len(self.overflow),
            "empty_slots": self.empty_slots,
        }


@dataclass
class _Line:
    items: list[tuple[str, bool]] = field(default_factory=list)  # (text, is_clue)
    connection: str | None = None
    labelled: bool = False


class _ClueIndex:
    """The wall's clues by matching key, longest key first (so ``5, 6, 7, 8`` beats ``5``)."""

    def __init__(self, clues: Sequence[str]) -> None:
        self.by_key: dict[str, str] = {}
        for clue in clues:
            self.by_key.setdefault(normalize(clue), clue)
        self.keys = sorted(self.by_key, key=len, reverse=True)

    def match(self, line: str, pos: int) -> str | None:
        for key in self.keys:
            end = pos + len(key)
            if key and line.startswith(key, pos) and (end == len(line) or not line[end].isalnum()):
                return key
        return None


def _scan_line(raw: str, index: _ClueIndex) -> _Line:
    label = _LABEL_RE.match(raw)
    text = normalize(raw[label.end() :] if label else raw)
    out = _Line(labelled=bool(label and "group" in label.group(0).lower()))
    pending: list[tuple[str, bool]] = []
    pos = 0
    while pos < len(text):
        pos = _SKIP_RE.match(text, pos).end()  # type: ignore[union-attr]
        start, key = _match_clue(text, pos, index)
        if key:
            pos = start + len(key)
            out.items += [*pending, (index.by_key[key], True)]
            pending = []
            continue
        sep = _SEP_RE.match(text, pos)
        if sep and any(is_clue for _, is_clue in out.items):
            out.connection = text[sep.end() :].strip(" )\"'*").strip()
            break
        if sep:  # text before the first clue and a separator is a heading ("Rivers: ..."), not clues
            out.connection, pending, pos = " ".join(t for t, _ in pending) or None, [], sep.end()
            continue
        end = _TOKEN_END_RE.search(text, pos + 1)
        stop = end.start() if end else len(text)
        token = text[pos:stop].strip(" \"'`*")
        if token:
            pending.append((token, False))
        pos = max(stop, pos + 1)
    out.items += pending
    return out


def _match_clue(text: str, pos: int, index: _ClueIndex) -> tuple[int, str | None]:
    key = index.match(text, pos)
    if key:
        return pos, key
    # Quotes and markdown emphasis around a clue ("**Danube**") are not part of it.
    quoted = _QUOTES_RE.match(text, pos)
    start = quoted.end() if quoted else pos
    return start, index.match(text, start)


def _is_group_line(line: _Line) -> bool:
    clues = sum(is_clue for _, is_clue in line.items)
    return clues >= 2 or (line.labelled and bool(line.items))


def _from_json_text(text: str) -> list[_Line] | None:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        return None
    if not (isinstance(doc, list) and all(isinstance(g, list) for g in doc)):
        return None
    return [_Line(items=[(str(w), True) for w in g], labelled=True) for g in doc]


def parse_model_text(text: str, clues: Sequence[str]) -> ParsedAnswer:
    """Turn a model's free-text answer into a 4x4 prediction, counting what went wrong."""
    index = _ClueIndex(clues)
    lines = _from_json_text(text.strip())
    if lines is None:
        lines = [ln for ln in (_scan_line(r, index) for r in text.splitlines()) if _is_group_line(ln)]
    else:  # JSON words still go through matching, so "danube " and "Danube" agree
        lines = [_Line(items=[_resolve(w, index) for w, _ in ln.items], labelled=True) for ln in lines]
    return _assemble(lines, clues)


def _resolve(word: str, index: _ClueIndex) -> tuple[str, bool]:
    key = normalize(word)
    return (index.by_key[key], True) if key in index.by_key else (word, False)


def _assemble(lines: list[_Line], clues: Sequence[str]) -> ParsedAnswer:
    available = Counter(clues)
    groups: list[list[str]] = []
    hallucinated, duplicated, overflow = [], [], []
    for n, line in enumerate(lines):
        for k, (item, is_clue) in enumerate(line.items):
            if is_clue and available[item] <= 0:
                duplicated.append(item)
            elif is_clue:
                available[item] -= 1
            else:
                hallucinated.append(item)
            if n >= GROUPS or k >= SIZE:
                overflow.append(item)
        if n < GROUPS:
            groups.append([item for item, _ in line.items[:SIZE]])
    groups += [[] for _ in range(GROUPS - len(groups))]
    empty = sum(SIZE - len(g) for g in groups)
    padded = tuple(tuple(g + [""] * (SIZE - len(g))) for g in groups)
    conns = [ln.connection for ln in lines[:GROUPS]]
    has_conn = any(c for c in conns)
    return ParsedAnswer(
        groups=padded,
        connections=tuple((c or "") for c in conns + [None] * (GROUPS - len(conns))) if has_conn else None,
        hallucinated=tuple(hallucinated),
        duplicated=tuple(duplicated),
        missing=tuple(sorted(available.elements())),
        overflow=tuple(overflow),
        empty_slots=empty,
    )


# ------------------------------------------------------------------------------ prediction files
class ParsingSummary(TypedDict):
    """Raw-text parsing issues of one prediction file, as the JSON report stores them."""

    totals: dict[str, int]
    walls: dict[str, dict[str, int]]


@dataclass
class LoadedPredictions:
    """Predictions of one file plus per-wall parsing issues of the raw-text answers."""

    predictions: list[Prediction]
    text_issues: dict[str, dict[str, int]] = field(default_factory=dict)
    issues: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ISSUES, 0))

    def totals(self) -> dict[str, int]:
        total: Counter[str] = Counter()
        for issues in self.text_issues.values():
            total.update(issues)
        return {"walls_from_text": len(self.text_issues), **dict(sorted(total.items()))}

    def parsing_summary(self) -> ParsingSummary:
        """The report's ``parsing`` entry for this file: totals and per-wall issue counts."""
        return {"totals": self.totals(), "walls": self.text_issues}


_WALL_HEADER = re.compile(r"^\s*(?:#+\s*)?wall(?:[ _-]?id)?\s*[:=]\s*(\S+)\s*$", re.I)


def text_records(text: str, where: str) -> list[dict[str, Any]]:
    """A plain-text answers file: each answer follows a ``wall: <id>`` line (``## wall_id: <id>``
    works too); becomes ``{"wall_id", "text"}`` records for the raw-text parser."""
    records: list[dict[str, Any]] = []
    for line in text.splitlines():
        header = _WALL_HEADER.match(line)
        if header:
            records.append({"wall_id": header.group(1), "text": ""})
        elif records:
            records[-1]["text"] += line + "\n"
        elif line.strip():
            raise EvaluationError(f"{where}: text answers must start with a 'wall: <id>' line, got {line!r}")
    if not records:
        raise EvaluationError(f"{where}: no 'wall: <id>' lines found")
    return records


def _records(path: Path) -> list[Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise EvaluationError(f"{path}: cannot read predictions ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise EvaluationError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    if path.suffix in (".txt", ".md"):
        return text_records(text, str(path))
    if path.suffix == ".jsonl":
        out = []
        for lineno, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise EvaluationError(f"{path}:{lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None
        return out
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EvaluationError(f"{path}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None
    if isinstance(doc, dict) and isinstance(doc.get("predictions"), list):
        return list(doc["predictions"])
    if not isinstance(doc, list):
        raise EvaluationError(f"{path}: expected a JSON list of predictions (or a .jsonl file)")
    return doc


def load_prediction_file(
    path: Path, clues_by_wall: Mapping[str, Sequence[str]], skipped: Collection[str] = ()
) -> LoadedPredictions:
    """Read OCW prediction JSON/JSONL; records with a ``text`` field are parsed as raw model text.

    Records for walls not evaluated are dropped and counted (``skipped``: flagged puzzles left out);
    structured groups of the wrong size and words off their wall are counted, never credited, and
    a file made for other walls is refused (:mod:`ocwtool.evaluation.checks`). A "Connecting the
    Dots" answer file is matched by clue set and counts its own groups without credit."""
    loaded = LoadedPredictions(predictions=[])
    records = _records(path)
    if is_ctd_answers(records):  # "Connecting the Dots" results/<model>.json: matched by clue set
        ctd = load_ctd_answers(records, clues_by_wall, str(path))
        loaded.predictions = ctd.predictions
        loaded.text_issues = {"(connecting-the-dots groups without credit)": dict(ctd.issues)}
        # wrong-size groups and words off the wall are already counted (by cause) in text_issues
        # and become empty slots, so they are not counted again here; records matching no
        # evaluated wall by clue set are the only check left.
        loaded.issues["unknown_walls"] = ctd.unmatched
        return loaded
    for i, rec in enumerate(records):
        where = f"{path}: record {i}"
        wid = str(rec.get("wall_id", "")) if isinstance(rec, dict) else ""
        if isinstance(rec, dict) and "wall_id" in rec and wid not in clues_by_wall:
            loaded.issues["flagged_walls" if wid in skipped else "unknown_walls"] += 1
            continue
        text_field = next((f for f in TEXT_FIELDS if isinstance(rec, dict) and f in rec), None)
        with scorer_errors():
            if text_field is None:
                loaded.predictions.append(prediction_from_record(fit_groups(rec, loaded.issues), where))
                continue
            loaded.predictions.append(_from_text(rec, text_field, clues_by_wall, where, loaded))
    loaded.issues["words_not_on_wall"] = check_walls(path, loaded.predictions, clues_by_wall)
    return loaded


def _from_text(
    rec: dict[str, Any],
    text_field: str,
    clues: Mapping[str, Sequence[str]],
    where: str,
    out: LoadedPredictions,
) -> Prediction:
    wid = str(rec.get("wall_id", ""))
    if wid not in clues:
        raise EvaluationError(f"{where}: wall_id {wid!r} is not among the evaluated puzzles")
    parsed = parse_model_text(str(rec[text_field]), clues[wid])
    out.text_issues[wid] = parsed.issues()
    base = prediction_from_record(
        {"wall_id": wid, "predicted_connections": rec.get("predicted_connections")}, where
    )
    return Prediction(wall_id=wid, groups=parsed.groups, connections=base.connections or parsed.connections)
