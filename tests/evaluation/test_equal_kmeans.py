"""equal_kmeans: the batched KMeansConstrained(4, size_min=4, size_max=4, random_state=42) gives the
library's labels on invented inputs (planted clusters, noise, and coarse grids full of exact ties)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from ocwtool.evaluation.baselines import equal_kmeans
from ocwtool.evaluation.baselines.equal_kmeans import fit_predict_many, flow_labels, not_unique

pytest.importorskip("k_means_constrained", reason="needs the [embed] extra (k-means-constrained)")


def _library(xs: npt.NDArray[np.float32]) -> npt.NDArray[np.int32]:
    from k_means_constrained import KMeansConstrained

    return np.array(
        [KMeansConstrained(n_clusters=4, size_min=4, size_max=4, random_state=42).fit_predict(x) for x in xs]
    )


def _unit_rows(rng: np.random.Generator, n: int, dim: int, spread: float) -> npt.NDArray[np.float32]:
    """n inputs of 16 unit rows: 4 planted directions plus noise of ``spread``."""
    centres = rng.normal(size=(n, 4, dim))
    x = np.repeat(centres, 4, axis=1) + spread * rng.normal(size=(n, 16, dim))
    x = rng.permuted(x, axis=1)
    return (x / np.linalg.norm(x, axis=2, keepdims=True)).astype(np.float32)


@pytest.mark.parametrize("spread", [0.3, 1.0, 3.0])
def test_labels_equal_the_library_on_embedding_like_inputs(spread: float) -> None:
    xs = _unit_rows(np.random.default_rng(7), 40, 24, spread)
    assert np.array_equal(fit_predict_many(xs), _library(xs))


def test_labels_do_not_depend_on_chunks_or_threads() -> None:
    xs = _unit_rows(np.random.default_rng(11), 37, 24, 1.0)
    ties = np.random.default_rng(3).integers(0, 3, size=(23, 16, 3)).astype(np.float32)
    for inputs in (xs, ties):
        one = fit_predict_many(inputs, workers=1)
        assert np.array_equal(fit_predict_many(inputs, workers=3), one)
        assert np.array_equal(fit_predict_many(inputs, batch=5, workers=2), one)
        assert np.array_equal(fit_predict_many(inputs, batch=1, workers=1), one)


def test_exact_ties_are_left_to_the_library_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    # coordinates on a coarse grid: many equal integer costs, so many non-unique assignments
    xs = np.random.default_rng(3).integers(0, 3, size=(60, 16, 3)).astype(np.float32)
    calls = []

    def counted(costs: npt.NDArray[np.int32]) -> npt.NDArray[np.intp]:
        calls.append(costs)
        return flow_labels(costs)

    monkeypatch.setattr(equal_kmeans, "flow_labels", counted)
    assert np.array_equal(fit_predict_many(xs), _library(xs))
    assert calls  # the tie path ran


def test_not_unique_finds_zero_cost_cycles() -> None:
    labels = np.repeat(np.arange(4), 4)[None, :]
    distinct = np.where(labels[0][:, None] == np.arange(4), 0, 10).astype(np.int32)[None]
    assert not not_unique(distinct, labels)[0]
    tied = distinct.copy()
    tied[0, 0, 1] = 0  # row 0 (cluster 0) as cheap in cluster 1 ...
    assert not not_unique(tied, labels)[0]  # ... but a move needs a way back
    tied[0, 4, 0] = 0  # row 4 (cluster 1) as cheap in cluster 0: swapping rows 0 and 4 costs 0
    assert not_unique(tied, labels)[0]
    flat = np.zeros((1, 16, 4), dtype=np.int32)
    assert not_unique(flat, labels)[0]


def test_random_draws_are_the_librarys_first_centres() -> None:
    firsts, uniforms = equal_kmeans.random_draws()
    rs = np.random.RandomState(42)
    assert firsts[0] == rs.randint(16) and uniforms[0, 0, 0] == rs.random_sample(3)[0]
    assert uniforms.shape == (10, 3, 3)


def test_bad_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="shape"):
        fit_predict_many(np.zeros((2, 15, 4), dtype=np.float32))
    assert fit_predict_many(np.zeros((0, 16, 4), dtype=np.float32)).shape == (0, 16)
