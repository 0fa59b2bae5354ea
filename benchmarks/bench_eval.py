"""Evaluator and baseline timings, and baseline scores on the 618 real OCW walls.

    python benchmarks/bench_eval.py            # timings (494 walls x 16 seeds)
    python benchmarks/bench_eval.py --real     # + all three baselines on the 618 real walls

Walls come from ../shared/data/ocw/onlyconnect_prerelease_618.json when present (first 494 for the
timings), else from synthetic walls. Figures are wall-clock on a shared 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path

from _shared import shared_data

from ocwtool.evaluation import scorer
from ocwtool.evaluation.baselines import make_baseline, run_baseline
from ocwtool.evaluation.scorer import GoldWall, Options, Prediction, evaluate_predictions, grouping

REAL_NAME = Path("ocw") / "onlyconnect_prerelease_618.json"
N_WALLS, SEEDS = 494, 16


def real_file() -> Path | None:
    """The 618 real walls in ``../shared/data`` (None when absent)."""
    data = shared_data()
    return data / REAL_NAME if data is not None and (data / REAL_NAME).is_file() else None


def walls() -> list[GoldWall]:
    real = real_file()
    print(f"data: {'the first 494 real walls' if real else 'synthetic walls (no shared data)'}")
    if real is not None:
        return scorer.load_gold(real)
    rng = random.Random(0)
    return [
        GoldWall(
            f"w{i}",
            tuple(tuple(f"c{i}_{k}_{j}_{rng.randrange(99)}" for j in range(4)) for k in range(4)),
            tuple(f"connection {k} of wall {i}" for k in range(4)),
        )
        for i in range(N_WALLS)
    ]


def bench_evaluator(golds: list[GoldWall]) -> None:
    t0 = time.perf_counter()
    import rouge_score.rouge_scorer  # noqa: F401  (imported lazily by the evaluator; timed apart)
    import sklearn.metrics  # noqa: F401

    print(f"imports of scikit-learn metrics and rouge-score: {time.perf_counter() - t0:.2f} s")
    runs = run_baseline(make_baseline("random"), golds, SEEDS)
    with_conn = [
        (
            name,
            [
                Prediction(p.wall_id, p.groups, tuple(reversed(g.connections)))
                for p, g in zip(preds, golds, strict=True)
            ],
        )
        for name, preds in runs
    ]
    for label, data in (("grouping only", runs), ("grouping + EM + ROUGE-1", with_conn)):
        grouping._CLUSTER_CACHE.clear()
        t0 = time.perf_counter()
        evaluate_predictions(golds, data, Options())
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        evaluate_predictions(golds, data, Options())
        warm = time.perf_counter() - t0
        print(f"evaluator, {len(golds)} walls x {SEEDS} seeds, {label}: {cold:.2f} s cold, {warm:.2f} s warm")


def bench_minilm(golds: list[GoldWall]) -> None:
    import torch

    torch.set_num_threads(2)
    t0 = time.perf_counter()
    base = make_baseline("minilm")
    base.prepare(golds)
    embed = time.perf_counter() - t0
    for clusterer in ("kmeans-constrained", "assignment"):
        base.clusterer = clusterer  # type: ignore[attr-defined]
        t1 = time.perf_counter()
        run_baseline(base, golds, SEEDS)
        cluster = time.perf_counter() - t1
        print(
            f"MiniLM baseline, {len(golds)} walls x {SEEDS} seeds on 2 threads, {clusterer}: "
            f"{embed + cluster:.1f} s (model load + embedding {embed:.1f} s, clustering {cluster:.1f} s)"
        )


def real_scores(real: Path) -> None:
    golds = scorer.load_gold(real)
    minilm = make_baseline("minilm")
    plan = [("random", make_baseline("random")), ("wordnet", make_baseline("wordnet"))]
    plan += [("minilm (kmeans-constrained)", minilm), ("minilm (assignment)", minilm)]
    for name, base in plan:
        if name == "minilm (assignment)":
            base.clusterer = "assignment"  # type: ignore[attr-defined]
        t0 = time.perf_counter()
        report = evaluate_predictions(golds, run_baseline(base, golds, SEEDS), Options())
        s = report["summary"]["grouping"]
        cells = ", ".join(
            f"{k} {s[k]['mean']:.4f} ± {s[k]['std']:.4f}"
            for k in ("solved_walls", "correct_groups", "AMI", "ARI", "FMS", "WD")
        )
        print(
            f"{name} on {len(golds)} real walls x {SEEDS} seeds ({time.perf_counter() - t0:.0f} s): {cells}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--real", action="store_true", help="also score all baselines on the 618 real walls")
    parser.add_argument("--skip-minilm", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    golds = walls()[:N_WALLS]
    bench_evaluator(golds)
    if not args.skip_minilm:
        bench_minilm(golds)
    real = real_file()
    if args.real and real is not None:
        real_scores(real)
    elif args.real:
        print("--real: no shared data found; skipped")


if __name__ == "__main__":
    main()
