"""``KMeansConstrained(n_clusters=4, size_min=4, size_max=4, random_state=42).fit_predict`` for many
16-row inputs at once, step for step (k-means-constrained 0.9, its vendored scikit-learn k-means++).

The library spends ~13 ms a call on Python overhead and on building an ortools min-cost-flow graph for
every assignment step. Here every input and all its ``n_init`` restarts run together as numpy arrays:

* the random draws never depend on the data (16 rows, 4 clusters, 3 local trials), so the same
  ``RandomState(42)`` sequence seeds every call: first centre ``randint(16)``, then
  ``random_sample(3)`` per further centre, restart after restart;
* distances are computed with the library's own formulas and array shapes (float32, the
  ``-2 x.c + |x|^2 + |c|^2`` form, costs ``round(1000 * distance)`` as integers);
* an assignment step whose integer optimum is unique is solved directly (every row at its nearest
  centre when that fills each cluster with exactly 4, else ``scipy.optimize.linear_sum_assignment``
  on 16 rows x 16 slots). Only when the optimum is NOT unique (an exact tie of integer costs, where
  any solver may pick any optimum) is the library's own solver, ortools' ``SimpleMinCostFlow``, run
  on the library's graph, so it breaks the tie as the library does;
* convergence, the best-of-iterations and best-of-restarts rules and the final re-assignment follow
  ``kmeans_constrained_single`` and ``k_means_constrained``.

``benchmarks/bench_minilm_agreement.py`` measures agreement with the library on real walls.
"""

from __future__ import annotations

import functools
import itertools
import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import numpy.typing as npt
from scipy.optimize import linear_sum_assignment

from ocwtool.evaluation.scorer import GROUPS, SIZE

N_ITEMS = GROUPS * SIZE
N_INIT = 10  # the library's defaults
MAX_ITER = 300
TOL = 1e-4
SEED = 42
TRIALS = 2 + int(np.log(GROUPS))  # k-means++ local trials (scikit-learn's rule)

F32 = npt.NDArray[np.float32]
Ints = npt.NDArray[np.intp]
Bools = npt.NDArray[np.bool_]

# Every simple cycle over the 4 clusters (each once): moving one row along a cycle keeps the sizes.
_CYCLES = [
    c for n in range(2, GROUPS + 1) for c in itertools.permutations(range(GROUPS), n) if c[0] == min(c)
]


@functools.cache
def random_draws() -> tuple[Ints, npt.NDArray[np.float64]]:
    """The library's draws for 16 rows: first-centre ids (n_init,) and uniforms (n_init, 3, trials)."""
    rs = np.random.RandomState(SEED)
    firsts, uniforms = [], []
    for _ in range(N_INIT):
        firsts.append(rs.randint(N_ITEMS))
        uniforms.append([rs.random_sample(TRIALS) for _ in range(GROUPS - 1)])
    return np.asarray(firsts, dtype=np.intp), np.asarray(uniforms, dtype=np.float64)


def fit_predict_many(xs: F32, batch: int = 512, workers: int | None = None) -> Ints:
    """Labels (n, 16) for inputs ``xs`` (n, 16, d): row ``i`` equals the library's
    ``KMeansConstrained(4, size_min=4, size_max=4, random_state=42).fit_predict(xs[i])``.

    Inputs are independent, so they are cut into up to ``workers`` (default: the CPU count) chunks
    of at most ``batch`` run in threads (numpy releases the GIL in the array work); the labels do not
    depend on the chunking.
    """
    xs = np.asarray(xs, dtype=np.float32)
    if xs.ndim != 3 or xs.shape[1] != N_ITEMS:
        raise ValueError(f"expected inputs of shape (n, {N_ITEMS}, d), got {xs.shape}")
    workers = max(1, workers or os.cpu_count() or 1)
    size = max(1, min(batch, -(-len(xs) // workers)))
    chunks = [xs[i : i + size] for i in range(0, len(xs), size)]
    if len(chunks) <= 1 or workers == 1:
        parts = [_fit_batch(c) for c in chunks]
    else:
        with ThreadPoolExecutor(min(workers, len(chunks))) as pool:
            parts = list(pool.map(_fit_batch, chunks))
    return np.concatenate(parts) if parts else np.zeros((0, N_ITEMS), dtype=np.intp)


def _prepare(xs: F32) -> tuple[F32, F32, F32]:
    """Centred rows, their squared norms and the tolerances, computed as ``k_means_constrained``
    does for each input (the tolerance from the rows before centring)."""
    xc = np.array(xs, dtype=np.float32)
    tols = (np.mean(np.var(xc, axis=1), axis=1) * TOL).astype(np.float32)
    xc -= xc.mean(axis=1, keepdims=True)
    return xc, np.einsum("pij,pij->pi", xc, xc), tols


def _fit_batch(xs: F32) -> Ints:
    xc, norms, tols = _prepare(xs)
    ids = _plus_plus(xc, norms)
    labels, inertia = _iterate(xc, norms, tols, ids)
    pick = inertia.reshape(len(xs), N_INIT).argmin(axis=1)  # the first lowest, as the library's `<`
    chosen: Ints = labels.reshape(len(xs), N_INIT, N_ITEMS)[np.arange(len(xs)), pick]
    return chosen


def _plus_plus(xc: F32, norms: F32) -> Ints:
    """Row ids (n, n_init, 4) of the k-means++ centres (``_k_init`` with the library's draws)."""
    firsts, uniforms = random_draws()
    first = np.broadcast_to(firsts[None, :, None], (len(xc), N_INIT, 1))
    ids = [first[..., 0]]
    closest = _sq_distances_from(xc, norms, first)[..., 0, :]  # (n, n_init, 16)
    pot = closest.sum(axis=-1)
    for c in range(GROUPS - 1):
        targets = uniforms[:, c, :] * pot[..., None]  # (n, n_init, trials), float64 as in the library
        cumulative = np.cumsum(closest, axis=-1, dtype=np.float64)
        cand = np.minimum((cumulative[..., None, :] < targets[..., None]).sum(axis=-1), N_ITEMS - 1)
        new = np.minimum(closest[..., None, :], _sq_distances_from(xc, norms, cand))
        new_pot = new.sum(axis=-1)  # (n, n_init, trials)
        best = new_pot.argmin(axis=-1)[..., None]  # the first lowest, as the library's `<`
        ids.append(np.take_along_axis(cand, best, axis=-1)[..., 0])
        closest = np.take_along_axis(new, best[..., None], axis=-2)[..., 0, :]
        pot = np.take_along_axis(new_pot, best, axis=-1)[..., 0]
    return np.stack(ids, axis=-1)


def _sq_distances_from(xc: F32, norms: F32, ids: Ints) -> F32:
    """``euclidean_distances(X[ids], X, Y_norm_squared=norms, squared=True)`` for ids (n, n_init, m):
    (n, n_init, m, 16), with the library's array shapes (a 1-row product is not a Gram-matrix row)."""
    points = xc[np.arange(len(xc))[:, None, None], ids]
    dist: F32 = np.matmul(points, xc.transpose(0, 2, 1)[:, None])
    dist *= np.float32(-2)
    dist += np.einsum("pimj,pimj->pim", points, points)[..., None]
    dist += norms[:, None, None, :]
    np.maximum(dist, 0, out=dist)
    return dist


def _iterate(xc: F32, norms: F32, tols: F32, ids: Ints) -> tuple[Ints, F32]:
    """Every restart of every input: labels (runs, 16) and inertia (runs,), as
    ``kmeans_constrained_single`` returns them. Run ``r`` is restart ``r % n_init`` of input
    ``r // n_init``; each step works on the inputs that still have a moving restart."""
    runs = len(xc) * N_INIT
    call = np.repeat(np.arange(len(xc)), N_INIT)
    centres = xc[call[:, None], ids.reshape(runs, GROUPS)]
    best_labels = np.zeros((runs, N_ITEMS), dtype=np.intp)
    best_inertia = np.full(runs, np.inf, dtype=np.float32)
    shift = np.full(runs, np.inf, dtype=np.float32)
    active = np.ones(runs, dtype=bool)
    for _ in range(MAX_ITER):
        if not active.any():
            break
        runs_now, labels, inertia = _e_step_active(xc, norms, centres, active)
        better = inertia < best_inertia[runs_now]
        best_labels[runs_now[better]] = labels[better]
        best_inertia[runs_now[better]] = inertia[better]
        new = _centres(xc, call[runs_now], labels)
        shift[runs_now] = _squared_norms(centres[runs_now] - new)
        centres[runs_now] = new
        active[runs_now] = shift[runs_now] > tols[call[runs_now]]
    redo = shift > 0  # the library's final E-step when the centres still moved
    if redo.any():
        runs_now, labels, inertia = _e_step_active(xc, norms, centres, redo)
        best_labels[runs_now], best_inertia[runs_now] = labels, inertia
    return best_labels, best_inertia


def _e_step_active(xc: F32, norms: F32, centres: F32, active: Bools) -> tuple[Ints, Ints, F32]:
    """The E-step of the ``active`` runs: their ids, labels and inertia. Distances are computed for
    all restarts of an input with an active run (one batched product), then the active ones kept."""
    calls = np.flatnonzero(active.reshape(len(xc), N_INIT).any(axis=1))
    by_call = centres.reshape(len(xc), N_INIT, GROUPS, -1)[calls]
    dist = _distances(xc[calls], norms[calls], by_call).reshape(-1, N_ITEMS, GROUPS)
    run_ids = (calls[:, None] * N_INIT + np.arange(N_INIT)).ravel()
    keep = active[run_ids]
    labels, inertia = _e_step(dist[keep])
    return run_ids[keep], labels, inertia


def _squared_norms(diff: F32) -> F32:
    """``squared_norm`` (a BLAS dot of the flattened difference) per run."""
    flat = diff.reshape(len(diff), 1, -1)
    result: F32 = np.matmul(flat, flat.transpose(0, 2, 1))[:, 0, 0]
    return result


def _distances(xc: F32, norms: F32, centres: F32) -> F32:
    """``euclidean_distances(X, C)`` (inputs, n_init, 16, 4) with the library's operations in its
    order (float32); ``centres`` is (inputs, n_init, 4, d)."""
    dist: F32 = np.matmul(xc[:, None], centres.transpose(0, 1, 3, 2))
    dist *= np.float32(-2)
    dist += norms[:, None, :, None]
    dist += np.einsum("pkij,pkij->pki", centres, centres)[:, :, None, :]
    np.maximum(dist, 0, out=dist)
    np.sqrt(dist, out=dist)
    return dist


def _e_step(dist: F32) -> tuple[Ints, F32]:
    """``_labels_constrained`` from distances (runs, 16, 4): the size-constrained assignment on the
    library's integer costs, and its inertia."""
    costs = np.around(dist.astype(np.float64) * 1000, 0).astype(np.int32)
    labels = _assign(costs)
    own = np.take_along_axis(dist, labels[..., None], axis=-1)[..., 0]
    inertia: F32 = (own**2).sum(axis=-1)
    return labels, inertia


def _assign(costs: npt.NDArray[np.int32]) -> Ints:
    """Optimal labels (runs, 16), 4 rows per cluster; ties decided by the library's own solver."""
    labels: Ints = costs.argmin(axis=-1)
    counts = (labels[..., None] == np.arange(GROUPS)).sum(axis=-2)
    unbalanced = np.flatnonzero((counts != SIZE).any(axis=-1))
    slot_costs = np.repeat(costs[unbalanced], SIZE, axis=-1)  # (runs, 16 rows, 16 slots)
    for r, matrix in zip(unbalanced, slot_costs, strict=True):
        labels[r] = linear_sum_assignment(matrix)[1] // SIZE
    for r in np.flatnonzero(not_unique(costs, labels)):
        labels[r] = flow_labels(costs[r])
    return labels


def not_unique(costs: npt.NDArray[np.int32], labels: Ints) -> Bools:
    """Whether another assignment has the same (optimal) total: some cycle of one-row moves between
    clusters costs 0. Moving the cheapest row from cluster a to b costs ``w[a, b]``; an optimal
    assignment has no negative cycle, and a second optimum differs from it by zero-cost cycles."""
    c = costs.astype(np.int64)
    delta = c - np.take_along_axis(c, labels[..., None], axis=-1)  # (runs, 16, b)
    member = labels[..., None] == np.arange(GROUPS)  # (runs, 16, a)
    big = np.int64(1) << 40
    w = np.where(member[..., :, None], delta[..., None, :], big).min(axis=-3)  # (runs, a, b)
    totals = np.zeros((len(costs), len(_CYCLES)), dtype=np.int64)
    for k, cyc in enumerate(_CYCLES):
        for a, b in zip(cyc, cyc[1:] + cyc[:1], strict=True):
            totals[:, k] += w[:, a, b]
    found: Bools = np.asarray((totals <= 0).any(axis=-1), dtype=np.bool_)
    return found


def _centres(xc: F32, call: Ints, labels: Ints) -> F32:
    """``_centers_dense``: each cluster's rows added in row order from zero, divided by 4."""
    order = np.argsort(labels, axis=-1, kind="stable").reshape(len(labels), GROUPS, SIZE)
    rows = call[:, None]
    total = xc[rows, order[:, :, 0]] + xc[rows, order[:, :, 1]]
    for k in range(2, SIZE):
        total += xc[rows, order[:, :, k]]
    total /= np.float32(SIZE)
    return total


@functools.cache
def _flow_graph() -> tuple[npt.NDArray[np.int32], ...]:
    """The library's min-cost-flow graph for 16 rows and 4 clusters of exactly 4: tails, heads,
    capacities, supplies (rows 0-15, cluster inlets 16-19, clusters 20-23, one sink 24)."""
    n_c = GROUPS
    rows, inlets = np.arange(N_ITEMS), N_ITEMS + np.arange(n_c)
    clusters, sink = inlets + n_c, N_ITEMS + 2 * n_c
    tails = np.concatenate([np.repeat(rows, n_c), inlets, clusters])
    heads = np.concatenate([np.tile(inlets, N_ITEMS), clusters, np.full(n_c, sink)])
    capacities = np.concatenate([np.ones(N_ITEMS * n_c), np.full(n_c, SIZE), np.full(n_c, N_ITEMS)])
    supplies = np.concatenate(
        [np.ones(N_ITEMS), np.zeros(n_c), np.full(n_c, -SIZE), [-(N_ITEMS - n_c * SIZE)]]
    )
    return tuple(a.astype(np.int32) for a in (tails, heads, capacities, supplies))


def flow_labels(costs: npt.NDArray[np.int32]) -> Ints:
    """Labels from ortools' ``SimpleMinCostFlow`` on the library's graph and integer costs (16, 4)."""
    from ortools.graph.python.min_cost_flow import SimpleMinCostFlow

    tails, heads, capacities, supplies = _flow_graph()
    arc_costs = np.concatenate([costs.ravel(), np.zeros(len(tails) - costs.size)]).astype(np.int32)
    flow = SimpleMinCostFlow()
    flow.add_arcs_with_capacity_and_unit_cost(tails, heads, capacities, arc_costs)
    flow.set_nodes_supplies(np.arange(len(supplies)), supplies)
    if flow.solve() != flow.OPTIMAL:
        raise RuntimeError("ortools found no optimal flow for a 4x4 equal-size assignment")
    flows = np.asarray(flow.flows(np.arange(costs.size))).reshape(costs.shape)
    result: Ints = flows.argmax(axis=1)
    return result
