"""Reproduce the per-game scores of "Connecting the Dots" (Samadarshi et al.) with ocwtool.

Needs their repository mustafamariam/LLM-Connections-Solver in ``OCWTOOL_CTD_REPO`` (skips otherwise):
a checkout, or a bare git directory (its ``HEAD`` is unpacked into a temporary folder). Imports their
``scoring/scripts/gold_data.json``, scores their ``results/<model>.json`` answers with ocwtool
(matched by clue set), and compares game by game with ``scoring/<model>_scores.csv`` (unweighted =
groups solved, weighted = levels 1-4 summed). Prints agree/total per model and the disagreements
grouped by cause.

Then it reads each answer's raw ``reason`` text with ocwtool's one-shot raw-text parser (the last
complete grouping; see ``ocwtool.evaluation.rawtext``) and compares the groups with the ``categories``
the authors extracted from it (as sets of words, case-insensitive), with the disagreements by cause.

Last the humans: their answer sheets ``scoring/scripts/expert.csv`` and ``beginner.csv`` (column
``Input``) scored by ocwtool (a row matched to its game by shared words) and compared game by game
with ``scoring/expert_scores.csv`` / ``novice_scores.csv`` (see ``_ctd_humans.py``).
"""

from __future__ import annotations

import csv
import json
import os
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from _ctd_humans import HUMANS, checkout, games_of, reproduce_humans

from ocwtool.evaluation.ctd_answers import load_ctd_answers
from ocwtool.evaluation.gold import gold_from_puzzle
from ocwtool.evaluation.rawtext import candidate_groupings, parse_model_text
from ocwtool.evaluation.scorer import score_wall
from ocwtool.formats.connections_gold import import_file
from ocwtool.schema.models import Puzzle

MODELS = ("gpt4o", "claude3.5sonnet", "gemini1.5pro", "llama3.1405B", "mistral2large")


def _cause(gold: dict[str, object], answer: object) -> str:
    """Why their scorer and ours differ on one game (their rules: exact, case-sensitive sets)."""
    if any(isinstance(v, dict) for v in gold.values()):
        return 'gold category written {"Words": [...]}: their scorer never credits it'
    if not isinstance(answer, dict):
        return "answer is a plain string, yet their CSV credits a group (CSV not from this answer file)"
    if any(
        isinstance(v, list) and any(isinstance(w, str) and w != w.upper() for w in v) for v in answer.values()
    ):
        return "answer words not in upper case: their comparison is case-sensitive"
    return "other"


Grouping = list[tuple[str, ...]]


def _as_sets(groups: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    return sorted(tuple(sorted(w.casefold() for w in g if w)) for g in groups if any(g))


def _reason_cause(ours: Grouping, theirs: Grouping, others: list[Grouping]) -> str:
    """Why the grouping read from a ``reason`` text is not the ``categories`` the authors extracted."""
    if not any(ours):
        return "no bracketed or one-per-line grouping in the text (often cut off); theirs made by hand"
    if any(_as_sets(g) == _as_sets(theirs) for g in others):
        return "their categories are an earlier grouping of the text; ocwtool reads the last complete one"
    if len(theirs) != 4:
        return f"their categories hold {len(theirs)} groups; ocwtool reads 4"
    rows = {tuple(sorted(w.casefold() for w in row)) for g in others for row in g}
    if any(tuple(sorted(w.casefold() for w in g)) not in rows for g in theirs):
        return "a group of theirs is no list of the text as written (a glued draft, a hand fix, 'WORD as in')"
    return "other"


def reason_agreement(records: list[dict[str, Any]]) -> tuple[int, int, Counter[str]]:
    """(agree, total, disagreements by cause) of parsed ``reason`` texts vs their ``categories``."""
    agree, total, causes = 0, 0, Counter[str]()
    for rec in records:
        cats = rec["categories"]
        if not (isinstance(cats, dict) and all(isinstance(v, list) for v in cats.values())):
            continue
        total += 1
        clues = str(rec["allwords"]).split(", ")
        parsed = parse_model_text(str(rec["reason"]), clues, heading="Groupings:")
        if _as_sets(parsed.written) == _as_sets(list(cats.values())):
            agree += 1
        else:
            others = candidate_groupings(str(rec["reason"]), clues, heading="Groupings:")
            causes[_reason_cause(list(parsed.written), list(map(tuple, cats.values())), others)] += 1
    return agree, total, causes


def reproduce_models(repo: Path, puzzles: Sequence[Puzzle]) -> None:
    """Their model answers scored by ocwtool vs their ``scoring/<model>_scores.csv``, game by game."""
    gold_path = repo / "scoring" / "scripts" / "gold_data.json"
    raw_gold = {g["allwords"]: g["categories"] for g in json.loads(gold_path.read_text())}
    clues = {p.id: p.clues for p in puzzles}
    golds = {p.id: gold_from_puzzle(p) for p in puzzles}
    board = {p.id: ", ".join(p.clues) for p in puzzles}
    for model in MODELS:
        records = json.loads((repo / "results" / f"{model}.json").read_text())
        answers = {r["allwords"]: r["categories"] for r in records}
        loaded = load_ctd_answers(records, clues, model)
        ours = {}
        for pred in loaded.predictions:
            s = score_wall(golds[pred.wall_id], pred.groups)
            ours[board[pred.wall_id]] = (s.correct_groups, s.weighted)
        with (repo / "scoring" / f"{model}_scores.csv").open(encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
        causes: Counter[str] = Counter()
        for row in rows:
            theirs = (int(row["Unweighted Clustering Score"]), int(row["Weighted Clustering Score"]))
            if ours.get(row["Allwords"]) != theirs:
                causes[_cause(raw_gold[row["Allwords"]], answers.get(row["Allwords"]))] += 1
        agree = len(rows) - sum(causes.values())
        print(f"{model:16} agree {agree}/{len(rows)}  answer issues: {dict(loaded.issues)}")
        for cause, n in causes.most_common():
            print(f"    {n:4}  {cause}")


def reproduce_reasons(repo: Path) -> None:
    print("\nreason text read by the raw-text parser vs their extracted categories:")
    for model in MODELS:
        records = json.loads((repo / "results" / f"{model}.json").read_text())
        agree, total, reasons = reason_agreement(records)
        print(f"{model:16} agree {agree}/{total}")
        for cause, n in reasons.most_common():
            print(f"    {n:4}  {cause}")


def main() -> int:
    root = os.environ.get("OCWTOOL_CTD_REPO")
    if not root:
        print("skipped: set OCWTOOL_CTD_REPO to a checkout of mustafamariam/LLM-Connections-Solver")
        return 0
    with checkout(Path(root)) as repo:
        puzzles = import_file(repo / "scoring" / "scripts" / "gold_data.json", "connections-gold").puzzles
        reproduce_models(repo, puzzles)
        reproduce_reasons(repo)
        print("\nhuman answer sheets scored by ocwtool vs their published scores:")
        games = games_of(puzzles)
        for who, sheet_name in HUMANS:
            reproduce_humans(repo, games, who, sheet_name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
