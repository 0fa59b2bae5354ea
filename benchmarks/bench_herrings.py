"""The learned red-herring scorer on published play, held out by puzzle and by player (not a test).

    OCWTOOL_CTD_REPO=/path/to/LLM-Connections-Solver \
    MISSED_CONNECTIONS_REPO=/path/to/missed-connections-llms \
    OCWTOOL_CONNECTIONS_EVAL=/path/to/eval-connections/inputs/connections_puzzles.yml \
        python benchmarks/bench_herrings.py [--features embed,wordnet,text] [--seed 0] [--holdout 0.3]

Files are read in place, never copied. In a temporary workspace: import the "Connecting the Dots"
games (``gold_data.json``), Todd et al.'s puzzles (when set) and Connections Eval's puzzles with their
15 human-reviewed trap groups (annotator ``connections-eval``). Decoys are mined twice:

* ``decoys-seen``: three of CtD's six model answer files (gpt4o, claude3.5sonnet, gemini1.5pro), CtD's
  expert and novice sheets, and every Todd et al. log: the model learns from these players only;
* ``decoys-unseen``: the other three model answer files (llama3.1405B, mistral2large, gpt_strawberry).

The scorer is trained on ``decoys-seen`` with a seeded split by game; it is evaluated on the held-out
games only, against ``decoys-unseen`` (players and puzzles it never saw): per-clue ROC-AUC for decoys
by 1+ and by 2+ of the three unseen models, beside the rules' flags and MiniLM alone on the same
clues, precision at 2, and Connections Eval's trap groups found on puzzles not used in training.
Each unseen-player AUC is followed by its 95 % interval from 1,000 bootstrap resamples of the held-out
puzzles (seeded): with 50-60 decoys by 2+ models, differences of 0.01 are well inside it.
MiniLM vectors are cached in ``$TMPDIR/ocwtool-bench-herrings/minilm.npz`` (delete it to recompute).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from _ctd_humans import checkout
from bench_decoys import ocwtool

from ocwtool.annotations.decoys.summary import decoy_clues
from ocwtool.annotations.herring_model.evaluate import render
from ocwtool.annotations.herring_model.model import HerringModel
from ocwtool.annotations.herring_model.run import evaluate_model, train_workspace
from ocwtool.annotations.herring_model.score import score_puzzles
from ocwtool.annotations.herring_model.train import HerringOptions
from ocwtool.annotations.prelabel.features import Embedder
from ocwtool.annotations.prelabel.run import annotator_records
from ocwtool.evaluation.decoys import mine_decoys
from ocwtool.workspace import Workspace

SEEN = ("gpt4o", "claude3.5sonnet", "gemini1.5pro")
UNSEEN = ("llama3.1405B", "mistral2large", "gpt_strawberry")
CACHE = Path(tempfile.gettempdir()) / "ocwtool-bench-herrings" / "minilm.npz"


class CachedMiniLM:
    """MiniLM with its vectors kept on disk between runs (2 shared cores: encode each text once)."""

    def __init__(self) -> None:
        self.known: dict[str, np.ndarray] = {}
        if CACHE.exists():
            with np.load(CACHE) as z:
                self.known = dict(zip(z["texts"].tolist(), z["vectors"], strict=True))

    def encode(self, texts: Sequence[str], batch_size: int = 32) -> np.ndarray:
        todo = [t for t in texts if t not in self.known]
        if todo:
            from ocwtool.resources.minilm import shared_minilm

            self.known.update(zip(todo, shared_minilm().encode(todo, batch_size), strict=True))
            CACHE.parent.mkdir(parents=True, exist_ok=True)
            np.savez(CACHE, texts=np.array(list(self.known)), vectors=np.stack(list(self.known.values())))
        return np.stack([self.known[t] for t in texts])


def prepare(root: Path, ctd: Path, todd: Path | None, traps: Path | None) -> None:
    ocwtool(root, "init")
    ocwtool(root, "import", str(ctd / "scoring/scripts/gold_data.json"), "--format", "connections-gold")
    if todd is not None:
        ocwtool(root, "import", str(todd / "data/puzzle_data.json"), "--format", "todd-puzzles")
    if traps is not None:
        ocwtool(root, "import", str(traps), "--format", "connections-eval")
    ws = Workspace.open(root)
    seen = [ctd / "results" / f"{m}.json" for m in SEEN]
    seen += [ctd / "scoring/scripts" / s for s in ("expert.csv", "beginner.csv")]
    seen += sorted((todd / "results").glob("*_results*.json")) if todd is not None else []
    for annotator, files in (
        ("decoys-seen", seen),
        ("decoys-unseen", [ctd / "results" / f"{m}.json" for m in UNSEEN]),
    ):
        run = mine_decoys(ws, files, annotator=annotator)
        summary = run.summary()
        print(f"{annotator}: {len(run.files)} files, {summary.players} players, {summary.puzzles} puzzles")


def intervals(ws: Workspace, model: HerringModel, embedder: Embedder, draws: int = 1000) -> dict[int, str]:
    """Per decoy level (1+, 2+ unseen models): the 95 % bootstrap interval of the per-clue AUC,
    resampling held-out puzzles (the clues are scored once)."""
    from sklearn.metrics import roc_auc_score  # deferred as in the library

    ref = annotator_records(ws, "decoys-unseen")
    held = [p for p in ws.puzzles() if p.id in set(model.split.test_puzzle_ids) and p.id in ref]
    scored = [s for s in score_puzzles(model, held, embedder) if ref[s.puzzle.id].played_by]
    out = {}
    for least in (1, 2):
        truth = [np.array([n in decoy_clues(ref[s.puzzle.id], least) for n in range(1, 17)]) for s in scored]
        scores = [np.array(s.clue_scores()) for s in scored]
        rng, aucs = np.random.default_rng(0), []
        for _ in range(draws):
            pick = rng.integers(0, len(scored), len(scored))
            t = np.concatenate([truth[i] for i in pick])
            if 0 < t.sum() < len(t):
                aucs.append(roc_auc_score(t, np.concatenate([scores[i] for i in pick])))
        low, high = np.percentile(aucs, [2.5, 97.5])
        out[least] = f"{low:.3f}-{high:.3f}"
    return out


def bench(root: Path, sets: tuple[str, ...], seed: int, holdout: float) -> None:
    ws = Workspace.open(root)
    embedder = Embedder(CachedMiniLM())
    t0 = time.perf_counter()
    result = train_workspace(
        ws, "decoys-seen", HerringOptions("herrings-seen", sets, holdout, seed), embedder=embedder
    )
    model = result.model
    print(
        f"\n{model.tag}: features {', '.join(sets)}; {model.split.train_games} training games, "
        f"{len(model.split.test_puzzle_ids)} held out; trained in {time.perf_counter() - t0:.1f} s"
    )
    print(render(result.evaluation, "decoys-seen (held-out games)", "connections-eval"))
    spread = intervals(ws, model, embedder)
    for least in (1, 2):
        t0 = time.perf_counter()
        unseen = evaluate_model(ws, model, "decoys-unseen", least, embedder=embedder)
        print(f"\nagainst players never seen ({time.perf_counter() - t0:.1f} s):")
        print(render(unseen, "decoys-unseen", "connections-eval"))
        print(f"  95 % interval of that AUC (bootstrap over held-out puzzles): {spread[least]}")
    weights = sorted(zip(model.coef, model.features, strict=True), key=lambda cf: -abs(cf[0]))[:8]
    print("\nlargest weights: " + ", ".join(f"{f} {c:+.2f}" for c, f in weights))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--features", default="text,wordnet,embed")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--holdout", type=float, default=0.3)
    args = parser.parse_args()
    ctd = os.environ.get("OCWTOOL_CTD_REPO")
    if not ctd:
        print("skipped: set OCWTOOL_CTD_REPO to a checkout of mustafamariam/LLM-Connections-Solver")
        return 0
    todd, traps = os.environ.get("MISSED_CONNECTIONS_REPO"), os.environ.get("OCWTOOL_CONNECTIONS_EVAL")
    with checkout(Path(ctd)) as repo, tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        prepare(root, repo, Path(todd) if todd else None, Path(traps) if traps else None)
        bench(root, tuple(args.features.split(",")), args.seed, args.holdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
