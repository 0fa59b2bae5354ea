"""Benchmark of the trained pre-labeller on the published expert labels (prints figures; not a test).

Inputs (paths from the environment; nothing is copied into the repository):

* ``OCWTOOL_CTD_TAXONOMY``: ``game_with_knowledge_taxonomy.json`` of mustafamariam/LLM-Connections-Solver
  ("Connecting the Dots": 442 NYT games, an expert knowledge type per group);
* ``OCWTOOL_CONNECTIONS_EVAL`` (optional): ``inputs/connections_puzzles.yml`` of matsonj/eval-connections
  (human-reviewed trap groups).

Steps, in a temporary workspace, through the ordinary commands: import the taxonomy's games and its
types (annotator ``ctd-expert``), import Connections Eval (puzzles and trap groups, annotator
``connections-eval``); train per feature-set choice with a seeded split by game (seed 0 in full,
then mean ± sd over ``--seeds`` splits); print the held-out accuracy, Cohen's kappa, per-type F1,
majority-class rate, fallback share and "no cue found" share before/after; a threshold sweep of the
seed-0 model; red-herring precision/recall against the trap groups.

Run: OCWTOOL_CTD_TAXONOMY=... OCWTOOL_CONNECTIONS_EVAL=... PYTHONPATH=src \\
     python benchmarks/bench_prelabel.py [--seeds 5] [--holdout 0.2] [--features text,wordnet ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ocwtool.annotations.prelabel.evaluate import Evaluation
from ocwtool.annotations.prelabel.features import Embedder
from ocwtool.workspace import Workspace

EXPERT = "ctd-expert"
TRAPS = "connections-eval"
THRESHOLDS = (0.0, 0.3, 0.4, 0.5, 0.6, 0.7)
SHARED: dict[str, Embedder] = {}  # one sentence encoder for every training and evaluation


def embedder() -> Embedder:
    return SHARED.setdefault("embedder", Embedder())


def ocwtool(root: Path, *args: str) -> str:
    """Run ``python -m ocwtool -w ROOT ARGS`` and return its stdout (stop on failure)."""
    done = subprocess.run(
        [sys.executable, "-m", "ocwtool", "-w", str(root), *args], capture_output=True, text=True, check=False
    )
    if done.returncode:
        sys.exit(f"ocwtool {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout + done.stderr


def prepare(root: Path, taxonomy: Path, traps: Path | None) -> None:
    """Import the games, the expert types, and (when given) Connections Eval with its trap groups."""
    ocwtool(root, "init")
    print(ocwtool(root, "import", str(taxonomy), "--format", "connections-taxonomy").strip())
    print(ocwtool(root, "annotate", "import", str(taxonomy), "--format", "connections-taxonomy").strip())
    if traps is not None:
        print(ocwtool(root, "import", str(traps), "--format", "connections-eval").strip())


def train(root: Path, sets: tuple[str, ...], seed: int, holdout: float, quiet: bool = False) -> Evaluation:
    """Train one model; print its held-out evaluation (unless quiet); return the evaluation."""
    from ocwtool.annotations.prelabel.evaluate import render
    from ocwtool.annotations.prelabel.run import train_workspace
    from ocwtool.annotations.prelabel.train import TrainOptions

    name = "types-" + "-".join(sets)
    t0 = time.perf_counter()
    options = TrainOptions(name, sets, holdout, seed)
    result = train_workspace(Workspace.open(root), EXPERT, options, embedder=embedder())
    if quiet:
        return result.evaluation
    model = result.model
    print(
        f"\n== features {', '.join(sets)}: {model.tag}, {model.n_groups} labelled groups, "
        f"{model.split.train_games} training games, {len(model.features)} features, "
        f"data sha256 {model.data_hash[:12]}, {time.perf_counter() - t0:.1f} s"
    )
    if result.orphans:
        print(f"({result.orphans} labelled groups without a puzzle: left out)")
    print(render(result.evaluation))
    return result.evaluation


def seeds(root: Path, sets: tuple[str, ...], first: Evaluation, n: int, holdout: float) -> None:
    """Mean and spread over ``n`` seeded splits (the first one printed in full above)."""
    evs = [first] + [train(root, sets, s, holdout, quiet=True) for s in range(1, n)]
    rows = {
        "pre-labeller accuracy": [e.prelabeller.accuracy for e in evs],
        "pre-labeller kappa": [e.prelabeller.kappa or 0.0 for e in evs],
        "model alone accuracy": [e.model_only.accuracy for e in evs],
        "rules alone accuracy": [e.rules.accuracy for e in evs],
        "majority-class rate": [e.majority_rate for e in evs],
        "fallback share": [e.fallback_share for e in evs],
        "no cue: rules alone": [e.no_cue_before for e in evs],
        "no cue: pre-labeller": [e.no_cue_after for e in evs],
    }
    print(f"over {n} seeded splits (seeds 0-{n - 1}): mean ± sd")
    for label, xs in rows.items():
        spread = statistics.stdev(xs) if len(xs) > 1 else 0.0
        if "kappa" in label:
            print(f"  {label:24s} {statistics.mean(xs):.3f} ± {spread:.3f}")
        else:
            print(f"  {label:24s} {100 * statistics.mean(xs):5.1f} % ± {100 * spread:.1f}")


def sweep(root: Path, name: str) -> None:
    """Accuracy and fallback share of the pre-labeller at several thresholds (same held-out games)."""
    from ocwtool.annotations.prelabel.run import evaluate_workspace

    print("threshold sweep: min-confidence -> accuracy, kappa, fallback share, 'no cue' share")
    for t in THRESHOLDS:
        _, ev = evaluate_workspace(Workspace.open(root), name, min_confidence=t, embedder=embedder())
        kappa = "n/a" if ev.prelabeller.kappa is None else f"{ev.prelabeller.kappa:.3f}"
        print(
            f"  {t:.1f} -> {100 * ev.prelabeller.accuracy:.1f} %, {kappa}, "
            f"{100 * ev.fallback_share:.1f} %, {100 * ev.no_cue_after:.1f} %"
        )


def herrings(root: Path) -> None:
    from ocwtool.annotations.herring_eval import render
    from ocwtool.annotations.prelabel.run import herring_workspace

    print()
    print(render(herring_workspace(Workspace.open(root), TRAPS), TRAPS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--holdout", type=float, default=0.2)
    parser.add_argument("--seeds", type=int, default=5, help="seeded splits to average over")
    parser.add_argument("--features", action="append", help="comma-separated sets (repeatable)")
    args = parser.parse_args()
    taxonomy = os.environ.get("OCWTOOL_CTD_TAXONOMY")
    if not taxonomy:
        sys.exit("set OCWTOOL_CTD_TAXONOMY to game_with_knowledge_taxonomy.json (LLM-Connections-Solver)")
    traps = os.environ.get("OCWTOOL_CONNECTIONS_EVAL")
    choices = [tuple(f.split(",")) for f in args.features or ["text,wordnet", "text,wordnet,embed"]]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        prepare(root, Path(taxonomy), Path(traps) if traps else None)
        for sets in choices:
            seeds(root, sets, train(root, sets, 0, args.holdout), args.seeds, args.holdout)
        sweep(root, "types-" + "-".join(choices[-1]) + "@1")
        if traps:
            herrings(root)


if __name__ == "__main__":
    main()
