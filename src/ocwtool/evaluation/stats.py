"""Beyond the papers: bootstrap intervals over puzzles, paired comparisons, and breakdowns.

All resampling is over puzzles (walls), seeded, so an interval says how much the figure would move
with a different sample of walls of the same kind. With several runs (seeds), each wall's value is
first averaged over the runs.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ocwtool.annotations.adjudicate import release_labels
from ocwtool.errors import EvaluationError, InputError
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.safeparse import JsonSyntaxError, loads_json
from ocwtool.stores.release import Release
from ocwtool.workspace import Workspace

PER_WALL = ("AMI", "ARI", "FMS", "WD")
COUNTS = ("solved_walls", "correct_groups")
EXACT_BINOMIAL_BELOW = 25
Walls = Sequence[Mapping[str, Any]]  # per-wall score dicts of one run (``report["runs"][i]["walls"]``)


def _per_wall(runs: Sequence[Walls], name: str) -> npt.NDArray[np.float64]:
    key = {"solved_walls": "solved", "correct_groups": "correct_groups"}.get(name, name)
    values: npt.NDArray[np.float64] = np.mean([[float(w[key]) for w in walls] for walls in runs], axis=0)
    return values


def _boot_means(values: npt.NDArray[np.float64], n_boot: int, seed: int) -> npt.NDArray[np.float64]:
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(values), size=(n_boot, len(values)))
    means: npt.NDArray[np.float64] = values[idx].mean(axis=1)
    return means


def bootstrap_intervals(
    runs: Sequence[Walls], n_boot: int = 2000, seed: int = 0
) -> dict[str, dict[str, float]]:
    """95 % percentile intervals over walls: counts as totals over the split, the rest as means."""
    if not runs or not runs[0]:
        return {}
    out = {}
    n = len(runs[0])
    for name in (*COUNTS, *PER_WALL):
        values = _per_wall(runs, name)
        scale = n if name in COUNTS else 1
        boots = _boot_means(values, n_boot, seed) * scale
        lo, hi = np.percentile(boots, [2.5, 97.5])
        out[name] = {"estimate": float(values.mean() * scale), "lo": float(lo), "hi": float(hi)}
    return out


def mcnemar(a_solved: Sequence[bool], b_solved: Sequence[bool]) -> dict[str, float]:
    """McNemar's test on paired solved walls: exact binomial below 25 discordant pairs, else chi2 (cc)."""
    from scipy.stats import binomtest, chi2

    b = sum(x and not y for x, y in zip(a_solved, b_solved, strict=True))
    c = sum(y and not x for x, y in zip(a_solved, b_solved, strict=True))
    n = b + c
    if n == 0:
        return {"a_only": 0, "b_only": 0, "p_value": 1.0, "test": 0.0}
    if n < EXACT_BINOMIAL_BELOW:
        return {"a_only": b, "b_only": c, "p_value": float(binomtest(b, n, 0.5).pvalue), "test": 0.0}
    stat = (abs(b - c) - 1) ** 2 / n
    return {"a_only": b, "b_only": c, "p_value": float(chi2.sf(stat, 1)), "test": float(stat)}


def paired_bootstrap(
    a: npt.NDArray[np.float64], b: npt.NDArray[np.float64], n_boot: int = 2000, seed: int = 0
) -> dict[str, Any]:
    """Mean per-wall difference a - b with a 95 % bootstrap interval, and a two-sided p-value from
    a paired sign-flip permutation test (:func:`sign_flip_p`)."""
    diff = a - b
    if n_boot <= 0:  # --bootstrap 0: the difference alone, no interval
        none = {"lo": math.nan, "hi": math.nan, "p_value": math.nan, "p_test": "none (--bootstrap 0)"}
        return {"mean_diff": float(diff.mean()), **none}
    boots = _boot_means(diff, n_boot, seed)
    lo, hi = np.percentile(boots, [2.5, 97.5])
    p, test = sign_flip_p(diff, n_boot, seed)
    return {"mean_diff": float(diff.mean()), "lo": float(lo), "hi": float(hi), "p_value": p, "p_test": test}


EXACT_SIGN_FLIPS_UP_TO = 16  # walls with a non-zero difference: 2**16 = 65,536 sign assignments


def sign_flip_p(diff: npt.NDArray[np.float64], n_random: int, seed: int) -> tuple[float, str]:
    """Two-sided paired permutation test of "no difference" (scipy's ``permutation_test`` on the
    per-wall differences: under the null each wall's difference is as likely positive as negative,
    so the signs are flipped). Exact (every sign assignment) for up to
    :data:`EXACT_SIGN_FLIPS_UP_TO` non-zero differences, else ``n_random`` random assignments.
    Unlike a bootstrap p-value it stays honest on a handful of walls: 2 walls both favouring A give
    p = 0.5, not 0.001."""
    from scipy.stats import permutation_test

    d = diff[diff != 0]
    if d.size == 0:
        return 1.0, "sign-flip (no differences)"
    if d.size == 1:  # +d and -d are equally far from 0 (scipy wants two observations)
        return 1.0, "sign-flip, exact"
    exact = d.size <= EXACT_SIGN_FLIPS_UP_TO or n_random >= 2**d.size  # scipy goes exact there too
    result = permutation_test(
        (d,),
        _total,
        permutation_type="samples",  # one sample: scipy flips the sign of each observation
        alternative="two-sided",
        n_resamples=2**d.size if exact else n_random,
        random_state=seed,
        vectorized=True,
    )
    return float(result.pvalue), "sign-flip, exact" if exact else f"sign-flip, {n_random} random"


def _total(x: npt.NDArray[np.float64], axis: int) -> npt.NDArray[np.float64]:
    """The sum, rounded to 1e-9: differences of means over seeds (thirds, sixteenths) do not add up
    exactly, and scipy's tie tolerance is relative to the observed total, so a total that is 0 in
    truth (about 1e-16 in floating point) would split its ties at random."""
    total: npt.NDArray[np.float64] = np.round(np.sum(x, axis=axis), 9)
    return total


def compare_runs(
    a_runs: Sequence[Walls], b_runs: Sequence[Walls], n_boot: int = 2000, seed: int = 0
) -> dict[str, Any]:
    """Paired comparison of two prediction sets on the same walls (A minus B). With one run a side,
    McNemar on solved walls; with several (seeds, epochs), per-wall means are compared instead."""
    if not a_runs or not b_runs:
        raise EvaluationError("a paired comparison needs scored walls on both sides")
    if any([w["wall_id"] for w in r] != [w["wall_id"] for w in a_runs[0]] for r in (*a_runs, *b_runs)):
        raise EvaluationError("the two prediction sets must cover the same walls")
    out: dict[str, Any] = {
        "runs": [len(a_runs), len(b_runs)],
        "correct_groups_paired_bootstrap": paired_bootstrap(
            _per_wall(a_runs, "correct_groups"), _per_wall(b_runs, "correct_groups"), n_boot, seed
        ),
    }
    if len(a_runs) == 1 and len(b_runs) == 1:
        a, b = a_runs[0], b_runs[0]
        out["solved_walls_mcnemar"] = mcnemar([bool(w["solved"]) for w in a], [bool(w["solved"]) for w in b])
    else:
        out["solved_rate_paired_bootstrap"] = paired_bootstrap(
            _per_wall(a_runs, "solved_walls"), _per_wall(b_runs, "solved_walls"), n_boot, seed
        )
    return out


# ------------------------------------------------------------------------------------ breakdowns
def _group_rows(golds: Sequence[GoldWall], runs: Sequence[Walls]) -> list[tuple[GoldWall, int, float]]:
    """(wall, group index, found rate over runs) for every gold group."""
    rows = []
    for i, gold in enumerate(golds):
        for k in range(len(gold.groups)):
            rate = float(np.mean([bool(walls[i]["matched"][k]) for walls in runs]))
            rows.append((gold, k, rate))
    return rows


def _summ(rates: Sequence[float]) -> dict[str, float]:
    return {"groups": len(rates), "found_rate": float(np.mean(rates))}


def breakdowns(
    golds: Sequence[GoldWall], runs: Sequence[Walls], types: Mapping[str, Sequence[str]] | None = None
) -> dict[str, dict[str, dict[str, float]]]:
    """Group-found rates by season, NYT level and knowledge type (only the keys that exist)."""
    if not runs or not runs[0]:
        return {}
    by: dict[str, defaultdict[str, list[float]]] = {k: defaultdict(list) for k in ("season", "level", "type")}
    for gold, k, rate in _group_rows(golds, runs):
        if gold.season is not None:
            by["season"][str(gold.season)].append(rate)
        if gold.levels is not None:
            by["level"][str(gold.levels[k])].append(rate)
        gid = gold.group_ids[k] if k < len(gold.group_ids) else ""
        for t in (types or {}).get(gid, ()):
            by["type"][t].append(rate)
    return {
        name: {key: _summ(rates) for key, rates in sorted(table.items(), key=lambda kv: _natural(kv[0]))}
        for name, table in by.items()
        if table
    }


def _natural(key: str) -> tuple[int, str]:
    return (int(key), "") if key.lstrip("-").isdigit() else (10**9, key)


def load_type_map(path: Path) -> dict[str, list[str]]:
    """group_id -> knowledge types, from a JSON object or JSONL ``{"group_id", "type"|"types"|"label"}``."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise EvaluationError(f"{path}: cannot read annotations ({exc.strerror})") from None
    try:
        doc = loads_json(text, str(path))
        records = list(doc.items()) if isinstance(doc, dict) else None
    except JsonSyntaxError:  # JSON Lines
        records = None
    except InputError as exc:
        raise EvaluationError(str(exc)) from None
    if records is None:
        records = [_record_pair(line, path, n) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    return {str(gid): label_categories(t) for gid, t in records}


def label_categories(label: Any) -> list[str]:
    """Breakdown keys of one label: a string, a list of strings, or an annotations ``KnowledgeLabel``
    (dumped ``{"types": [...]}`` or the model): one type is itself, two or more are ``combined``
    (as in "Connecting the Dots")."""
    dump = getattr(label, "model_dump", None)
    if callable(dump):
        label = dump(mode="json")
    if isinstance(label, dict):
        types = [str(t) for t in label.get("types", ())]
        return types if len(types) == 1 else ["combined"] if types else []
    if isinstance(label, str):
        return [label]
    return [str(x) for x in label]


def find_type_map(release: Path | None, workspace: Workspace | None) -> dict[str, list[str]] | None:
    """Knowledge labels shipped with a release (``annotations/labels.jsonl``) or, for a workspace,
    the annotations package's release labels (adjudicated, else consensus) of the walls whose
    labelling was completed; ``None`` when absent."""
    if release is not None:
        path = Release(release).labels
        return load_type_map(path) if path.is_file() else None
    if workspace is None or not any(workspace.annotations_dir.glob("*.jsonl")):
        return None

    labels = release_labels(workspace, finished_only=True)
    return {gid: label_categories(lab) for gid, lab in labels.items()} or None


def _record_pair(line: str, path: Path, lineno: int) -> tuple[str, Any]:
    try:
        rec = loads_json(line, str(path), line=lineno)
    except InputError as exc:
        raise EvaluationError(str(exc)) from None
    label = next((rec[k] for k in ("types", "type", "labels", "label", "knowledge_type") if k in rec), None)
    if "group_id" not in rec or label is None:
        raise EvaluationError(f"{path}:{lineno}: expected an object with group_id and type (or types/label)")
    return str(rec["group_id"]), label
