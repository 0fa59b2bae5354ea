"""Agreement and speed of the batched KMeansConstrained (``equal_kmeans``) against the
k-means-constrained package on the real MiniLM inputs: the 494 OCW test walls x 16 shuffle seeds.

    python benchmarks/bench_minilm_agreement.py            # all 7,904 inputs (the library takes minutes)
    python benchmarks/bench_minilm_agreement.py --limit 500

Prints identical labels and identical partitions out of the total, and the CPU and wall time of both.
The OCW file comes from $OCWTOOL_OCW_JSON or ../shared/data (see bench_baselines.py); without it the
script says so and exits 0. Needs the [embed] extra.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from bench_baselines import ENV, OCW_NAME, make_workspace, ocw_file

SEEDS = 16


def inputs(root: Path) -> npt.NDArray[np.float32]:
    """(walls x seeds, 16, 384) MiniLM rows in each seed's word order, seed-major."""
    from ocwtool.evaluation.baselines.common import shuffled_words
    from ocwtool.evaluation.baselines.embedding import MiniLMBaseline
    from ocwtool.evaluation.gold import workspace_golds
    from ocwtool.workspace import Workspace

    golds = workspace_golds(Workspace.open(root), "test", None).walls
    base = MiniLMBaseline()
    base.prepare(golds)
    vectors = base._vectors  # our own cache
    orders = [shuffled_words(g, seed) for seed in range(SEEDS) for g in golds]
    return np.stack([np.stack([vectors[w.lower()] for w in order]) for order in orders])


def timed(fn: Callable[[], Any]) -> tuple[Any, float, float]:
    start, cpu = time.perf_counter(), time.process_time()
    result = fn()
    return result, time.perf_counter() - start, time.process_time() - cpu


def library(xs: npt.NDArray[np.float32]) -> npt.NDArray[np.int32]:
    from k_means_constrained import KMeansConstrained

    return np.array(
        [KMeansConstrained(n_clusters=4, size_min=4, size_max=4, random_state=42).fit_predict(x) for x in xs]
    )


def partition(labels: npt.NDArray[Any]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(np.flatnonzero(labels == k).tolist()) for k in range(4))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="compare only the first N inputs (0: all)")
    args = parser.parse_args()
    source = ocw_file()
    if source is None:
        print(f"skipped: no OCW file (set {ENV} or provide ../shared/data/{OCW_NAME})")
        return
    from ocwtool.evaluation.baselines.equal_kmeans import fit_predict_many

    with tempfile.TemporaryDirectory(prefix="ocwtool-bench-") as tmp:
        make_workspace(Path(tmp), source)
        xs = inputs(Path(tmp))
    xs = xs[: args.limit] if args.limit else xs
    ours, wall, cpu = timed(lambda: fit_predict_many(xs))
    print(f"equal_kmeans, {len(xs)} inputs: {wall:6.1f} s wall, {cpu:6.1f} s CPU")
    theirs, wall, cpu = timed(lambda: library(xs))
    print(f"KMeansConstrained, {len(xs)} inputs: {wall:6.1f} s wall, {cpu:6.1f} s CPU")
    same_labels = int((ours == theirs).all(axis=1).sum())
    same_parts = sum(partition(a) == partition(b) for a, b in zip(ours, theirs, strict=True))
    print(f"identical labels {same_labels} / {len(xs)}, identical partitions {same_parts} / {len(xs)}")


if __name__ == "__main__":
    main()
