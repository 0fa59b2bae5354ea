"""Decoys mined from published play (``ocwtool annotate decoys``), and how well the rules predict them.

    OCWTOOL_CTD_REPO=/path/to/LLM-Connections-Solver \
    MISSED_CONNECTIONS_REPO=/path/to/missed-connections-llms \
        python benchmarks/bench_decoys.py [--skip-rules]

Both repositories are read in place, never copied (``OCWTOOL_CTD_REPO`` may be a bare git directory,
as for ``reproduce_ctd.py``); each part skips with a message when its variable is unset.

* "Connecting the Dots" (Samadarshi et al.): their ``scoring/scripts/gold_data.json`` imported into a
  temporary workspace; the six model answer files ``results/<model>.json`` mined, then their human
  answer sheets ``scoring/scripts/expert.csv`` and ``beginner.csv`` added in a second run, then the
  first run repeated (it must add nothing). Per run: files, players, puzzles, decoy clues (pulled
  toward another group by 1+ and by 2+ players: the issue's "two or more of six model answers" rule),
  swaps, false groups, what was not mined, and the time.
* Todd et al. ("Missed Connections"): ``data/puzzle_data.json`` imported, every
  ``results/*_results*.json`` mined (one-shot runs and embedding baselines log no moves).
* The rules' red-herring flags (``ocwtool.annotations.herrings``, WordNet) against the decoys mined
  from the six models: per-clue ROC-AUC over the played puzzles, for "flagged as a red-herring word",
  "flagged as a word or in a decoy category", and the number of flags (``--skip-rules`` leaves it out).

Figures are wall-clock on a shared 2-core machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from _ctd_humans import checkout

from ocwtool.annotations.decoys.summary import causes, decoy_clues, render_summary
from ocwtool.evaluation.decoys import DecoyRun, mine_decoys
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import N_CLUES, Puzzle
from ocwtool.workspace import Workspace

CTD_ENV, TODD_ENV = "OCWTOOL_CTD_REPO", "MISSED_CONNECTIONS_REPO"
MODELS = ("gpt4o", "claude3.5sonnet", "gemini1.5pro", "llama3.1405B", "mistral2large", "gpt_strawberry")
SHEETS = ("expert.csv", "beginner.csv")


def ocwtool(root: Path, *args: str) -> str:
    """Run an ordinary ocwtool command on the workspace (setup only; mining is timed in-process)."""
    done = subprocess.run(
        [sys.executable, "-m", "ocwtool", "-w", str(root), *args], capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"ocwtool {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout + done.stderr


def timed_run(label: str, root: Path, files: Sequence[Path]) -> DecoyRun:
    t0 = time.perf_counter()
    run = mine_decoys(Workspace.open(root), files)
    seconds = time.perf_counter() - t0
    plays = sum(len(f.plays) for f in run.files)
    print(f"\n{label}: {len(run.files)} files, {plays} plays, {seconds:.2f} s")
    print("  " + render_summary(run.summary()))
    print(f"  not mined: {causes(run.skipped.items())}")
    print(f"  stored: {run.saved.added} records added, {run.saved.unchanged} puzzles unchanged")
    return run


def bench_ctd(repo: Path, rules: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        ocwtool(root, "init")
        ocwtool(root, "import", str(repo / "scoring/scripts/gold_data.json"), "--format", "connections-gold")
        models = [repo / "results" / f"{m}.json" for m in MODELS]
        run = timed_run("Connecting the Dots, six model answer files", root, models)
        records = list(run.saved.records)
        timed_run("+ their human answer sheets", root, [repo / "scoring/scripts" / s for s in SHEETS])
        again = timed_run("the six model files again (must add nothing)", root, models)
        assert again.saved.added == 0
        if rules:
            puzzles = {p.id: p for p in Workspace.open(root).puzzles()}
            rules_auc(puzzles, records)


def bench_todd(repo: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        ocwtool(root, "init")
        ocwtool(root, "import", str(repo / "data/puzzle_data.json"), "--format", "todd-puzzles")
        logs = sorted((repo / "results").glob("*_results*.json"))
        timed_run("Todd et al., every results log", root, logs)


def rules_auc(puzzles: dict[str, Puzzle], records: Sequence[ItemRecord]) -> None:
    """Per-clue ROC-AUC of the rules' flags against the mined decoys (1+ and 2+ players)."""
    from sklearn.metrics import roc_auc_score

    from ocwtool.annotations.herrings import red_herring_categories, red_herring_words

    t0 = time.perf_counter()
    flags: dict[str, list[list[int]]] = {}
    for rec in records:
        words = [w.clue_number for w in red_herring_words(puzzles[rec.puzzle_id])]
        cats = [n for c in red_herring_categories(puzzles[rec.puzzle_id]) for n in c.clue_numbers]
        flags[rec.puzzle_id] = [[words.count(n), cats.count(n)] for n in range(1, N_CLUES + 1)]
    seconds = time.perf_counter() - t0
    print(f"\nrules' red-herring flags vs decoys mined from the six models ({seconds:.1f} s):")
    for least in (2, 1):
        truth = [n in decoy_clues(r, least) for r in records for n in range(1, N_CLUES + 1)]
        rows = [f for r in records for f in flags[r.puzzle_id]]
        scores = {
            "red-herring word flag": [float(w > 0) for w, _ in rows],
            "word or decoy-category flag": [float(w + c > 0) for w, c in rows],
            "number of flags": [float(w + c) for w, c in rows],
        }
        print(f"  decoys by {least}+ players: {sum(truth)} of {len(truth)} clues")
        for name, score in scores.items():
            print(f"    {name:<30} ROC-AUC {roc_auc_score(truth, score):.3f}")


def main() -> int:
    rules = "--skip-rules" not in sys.argv[1:]
    ctd, todd = os.environ.get(CTD_ENV), os.environ.get(TODD_ENV)
    if ctd:
        with checkout(Path(ctd)) as repo:
            bench_ctd(repo, rules)
    else:
        print(f"skipped: set {CTD_ENV} to a checkout of mustafamariam/LLM-Connections-Solver")
    if todd:
        bench_todd(Path(todd))
    else:
        print(f"skipped: set {TODD_ENV} to a checkout of gdrtodd/missed-connections-llms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
