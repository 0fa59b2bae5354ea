"""Standalone scorer for Only Connect Wall (OCW) and NYT Connections predictions.

This file is shipped verbatim inside every ocwtool release as ``evaluate.py``; it imports only the
standard library, numpy, scipy, scikit-learn and rouge-score (bert-score only when asked for), so it
runs without ocwtool installed::

    python evaluate.py --gold test.json --predictions run0.json run1.json ...

Task 1 (grouping) follows the OCW evaluator (Alavi Naeini et al. 2023, ``evaluate_only_connect.py``)
by default ("faithful" mode), defects included, so numbers stay comparable with the paper:

* words are lower-cased (not stripped) and each group is sorted before comparing;
* labels: every gold word gets its gold group's label; a word that occurs twice in the gold wall
  keeps the label of its *last* occurrence (for the gold vector too); predicted words not in the
  gold wall get fresh labels 4, 5, ... in order of appearance;
* WD slices both label vectors into 4 groups of 4, removes the predicted slices equal to a gold
  slice (with the gold slice they equal), pairs the rest *by position*, and averages
  ``min(wasserstein, 1)`` over 4. Listing the same groups in another order changes the score.

``corrected`` mode pairs predicted and gold slices optimally (Hungarian) instead, and scores every
unknown word as label 4 for WD (fresh labels numbered by appearance would otherwise still make WD
depend on the listing order). Everything else is identical.

Task 2 (connections) lower-cases and strips both sides and scores exact match, ROUGE-1 F1
(rouge-score's tokenizer, optionally with accents folded first) and optionally BERTScore F1 on a
local model directory. NYT puzzles also get the difficulty-weighted clustering score.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

EVALUATOR_VERSION = "1.0"
GROUPS = 4
SIZE = 4
GROUPING_METRICS = ("solved_walls", "correct_groups", "AMI", "ARI", "FMS", "WD")
CONNECTION_METRICS = ("exact_match", "rouge1_f1", "bertscore_f1")
NYT_METRICS = ("clustering_score", "weighted_clustering_score")


class MetricsInputError(ValueError):
    """Gold or prediction data that cannot be scored (the message says where and how to fix it)."""


# --------------------------------------------------------------------------------------- data
@dataclass(frozen=True)
class GoldWall:
    """One gold puzzle: 4 groups of 4 clues in canonical order, their connections and levels."""

    wall_id: str
    groups: tuple[tuple[str, ...], ...]
    connections: tuple[str, ...] = ()
    levels: tuple[int, ...] | None = None
    group_ids: tuple[str, ...] = ()
    season: int | None = None
    clues: tuple[str, ...] = ()  # display order (OCW ``words``); baselines shuffle from here

    @property
    def words(self) -> tuple[str, ...]:
        """The 16 clues in display order (group order when no display order is known)."""
        return self.clues or tuple(w for g in self.groups for w in g)


@dataclass(frozen=True)
class Prediction:
    """One model answer; ``None`` means the model gave no answer for that task."""

    wall_id: str
    groups: tuple[tuple[str, ...], ...] | None = None
    connections: tuple[str, ...] | None = None


@dataclass(frozen=True)
class WallScore:
    """Task 1 scores of one wall (``matched[k]``: gold group k was found exactly)."""

    wall_id: str
    correct_groups: int
    solved: bool
    matched: tuple[bool, ...]
    AMI: float
    ARI: float
    FMS: float
    WD: float
    weighted: int | None = None


# ----------------------------------------------------------------------------- task 1 labels
def _norm_word(word: str) -> str:
    # The OCW evaluator lower-cases only (no strip); keep that so scores stay comparable.
    return word.lower()


def sorted_groups(groups: Iterable[Iterable[str]]) -> list[list[str]]:
    """Lower-case and sort each group, as the OCW evaluator does before any comparison."""
    return [sorted(_norm_word(w) for w in g) for g in groups]


def label_vectors(gold: list[list[str]], pred: list[list[str]]) -> tuple[list[int], list[int]]:
    """Gold and predicted label vectors (OCW ``clue2group``): last occurrence wins, unknowns fresh."""
    gold_flat = [w for g in gold for w in g]
    table: dict[str, int] = {}
    for pos, word in enumerate(gold_flat):
        table[word] = pos // SIZE  # dict overwrite = a duplicated gold word keeps its LAST label
    fresh = iter(range(GROUPS, GROUPS + 10**6))
    gold_labels = [table[w] for w in gold_flat]
    pred_labels = [table[w] if w in table else next(fresh) for g in pred for w in g]
    return gold_labels, pred_labels


def _wasserstein(u: Sequence[int], v: Sequence[int]) -> float:
    # 1-D Wasserstein distance between two equal-size samples with equal weights: mean gap of the
    # sorted values (identical to scipy.stats.wasserstein_distance there, and ~50x cheaper).
    return float(np.mean(np.abs(np.sort(np.asarray(u)) - np.sort(np.asarray(v)))))


def _slices(labels: list[int]) -> list[list[int]]:
    return [labels[i : i + SIZE] for i in range(0, GROUPS * SIZE, SIZE)]


def wd_faithful(gold_labels: list[int], pred_labels: list[int]) -> float:
    """OCW's WD: drop predicted slices equal to a gold slice, pair the rest by position."""
    pred_s, gold_s = _slices(pred_labels), _slices(gold_labels)
    pred_left, gold_left = list(pred_s), list(gold_s)
    for s in pred_s:
        # The original checks the untouched gold list and crashes when a solved slice repeats;
        # checking the shrinking list instead keeps the same result whenever the original has one.
        if s in gold_left:
            pred_left.remove(s)
            gold_left.remove(s)
    total = sum(min(_wasserstein(p, g), 1.0) for p, g in zip(pred_left, gold_left, strict=True))
    return total / GROUPS


def wd_corrected(gold_labels: list[int], pred_labels: list[int]) -> float:
    """WD with predicted and gold slices paired optimally, independent of the listing order.

    Fresh labels are numbered in order of appearance, so their values (and hence WD) would still
    depend on which group is listed first; here every unknown word counts as label 4, one step past
    the last gold group (AMI/ARI/FMS keep distinct fresh labels: they ignore label values).
    """
    from scipy.optimize import linear_sum_assignment

    outside = [min(label, GROUPS) for label in pred_labels]
    pred_s, gold_s = _slices(outside), _slices(gold_labels)
    cost = np.array([[min(_wasserstein(p, g), 1.0) for g in gold_s] for p in pred_s])
    rows, cols = linear_sum_assignment(cost)
    return float(cost[rows, cols].sum()) / GROUPS


_CLUSTER_CACHE: dict[tuple[tuple[int, ...], ...], tuple[float, float, float]] = {}


def _contingency_key(a: list[int], b: list[int]) -> tuple[tuple[int, ...], ...]:
    # AMI/ARI/FMS depend only on the contingency table up to row and column permutations. Sorting
    # rows and columns yields a permuted copy of the table, so equal keys imply equal scores.
    ra = {v: i for i, v in enumerate(dict.fromkeys(a))}
    rb = {v: i for i, v in enumerate(dict.fromkeys(b))}
    table = np.zeros((len(ra), len(rb)), dtype=np.int64)
    for x, y in zip(a, b, strict=True):
        table[ra[x], rb[y]] += 1
    for _ in range(2):
        table = table[np.lexsort(table.T[::-1])]
        table = table[:, np.lexsort(table[::-1])]
    return tuple(tuple(int(x) for x in row) for row in table)


def cluster_scores(gold_labels: list[int], pred_labels: list[int]) -> tuple[float, float, float]:
    """(AMI, ARI, FMS) from scikit-learn, memoised on the contingency table (scores are identical)."""
    key = _contingency_key(gold_labels, pred_labels)
    hit = _CLUSTER_CACHE.get(key)
    if hit is None:
        from sklearn.metrics import adjusted_mutual_info_score as ami
        from sklearn.metrics import adjusted_rand_score as ari
        from sklearn.metrics import fowlkes_mallows_score as fms

        hit = (
            float(ami(gold_labels, pred_labels)),
            float(ari(gold_labels, pred_labels)),
            float(fms(gold_labels, pred_labels)),
        )
        _CLUSTER_CACHE[key] = hit
    return hit


def empty_groups() -> tuple[tuple[str, ...], ...]:
    """The answer scored for a missing prediction: 16 empty slots (each gets a fresh label)."""
    return tuple(("",) * SIZE for _ in range(GROUPS))


def score_wall(gold: GoldWall, groups: Sequence[Sequence[str]] | None, corrected: bool = False) -> WallScore:
    """Task 1 scores of one wall; ``groups`` must be 4 groups of 4 strings (``None``: no answer)."""
    pred_groups = empty_groups() if groups is None else groups
    gold_sorted, pred_sorted = sorted_groups(gold.groups), sorted_groups(pred_groups)
    matched = tuple(g in pred_sorted for g in gold_sorted)
    correct = sum(matched)
    gold_labels, pred_labels = label_vectors(gold_sorted, pred_sorted)
    ami, ari, fms = cluster_scores(gold_labels, pred_labels)
    wd = (wd_corrected if corrected else wd_faithful)(gold_labels, pred_labels)
    weighted = None
    if gold.levels is not None:
        weighted = sum(level + 1 for level, hit in zip(gold.levels, matched, strict=True) if hit)
    return WallScore(gold.wall_id, correct, correct == GROUPS, matched, ami, ari, fms, wd, weighted)


# --------------------------------------------------------------------------- task 1 summaries
def summarize_grouping(scores: Sequence[WallScore]) -> dict[str, float]:
    """Global Task 1 figures: counts over the split, means over walls (NYT scores when levels exist)."""
    out: dict[str, float] = {
        "n_walls": len(scores),
        "solved_walls": sum(s.solved for s in scores),
        "correct_groups": sum(s.correct_groups for s in scores),
    }
    for name in ("AMI", "ARI", "FMS", "WD"):
        out[name] = float(np.mean([getattr(s, name) for s in scores])) if scores else math.nan
    weighted = [s.weighted for s in scores if s.weighted is not None]
    if scores and len(weighted) == len(scores):
        out["clustering_score"] = float(np.mean([s.correct_groups for s in scores]))
        out["weighted_clustering_score"] = float(np.mean(weighted))
    return out


def mean_std(runs: Sequence[dict[str, float]]) -> dict[str, dict[str, float]]:
    """Mean and population standard deviation (ddof=0, as the OCW batch mode) of every figure."""
    keys = [k for k in runs[0] if all(k in r for r in runs)] if runs else []
    return {
        k: {"mean": float(np.mean([r[k] for r in runs])), "std": float(np.std([r[k] for r in runs]))}
        for k in keys
    }


# ------------------------------------------------------------------------------------ task 2
def _fold_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


class AccentFoldingTokenizer:
    """rouge-score's default tokenizer applied after folding accents (``café`` -> ``cafe``)."""

    def tokenize(self, text: str) -> list[str]:
        from rouge_score import tokenize

        tokens: list[str] = tokenize.tokenize(_fold_accents(text), None)
        return tokens


def _connections(pred: Prediction) -> tuple[str, ...]:
    return pred.connections if pred.connections is not None else ("",) * GROUPS


def score_connections(
    golds: Sequence[GoldWall], preds: Sequence[Prediction], accent_fold: bool = False
) -> list[dict[str, Any]]:
    """Per-wall exact match and ROUGE-1 F1 lists (strings lower-cased and stripped first)."""
    from rouge_score import rouge_scorer

    tokenizer = AccentFoldingTokenizer() if accent_fold else None
    scorer = rouge_scorer.RougeScorer(["rouge1"], use_stemmer=False, tokenizer=tokenizer)
    rows = []
    for gold, pred in zip(golds, preds, strict=True):
        refs = [c.lower().strip() for c in gold.connections]
        hyps = [c.lower().strip() for c in _connections(pred)]
        rows.append(
            {
                "wall_id": gold.wall_id,
                "exact_match": [float(h == r) for h, r in zip(hyps, refs, strict=True)],
                "rouge1_f1": [scorer.score(r, h)["rouge1"].fmeasure for h, r in zip(hyps, refs, strict=True)],
            }
        )
    return rows


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file, read in 1 MiB chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def bertscore_provenance(model_dir: Path, num_layers: int, baseline: Path | None) -> dict[str, Any]:
    """What identifies a BERTScore run without absolute paths: model name, layer, weight hashes."""
    config_path = model_dir / "config.json"
    config = json.loads(config_path.read_text(encoding="utf-8")) if config_path.exists() else {}
    weights = next(
        (model_dir / n for n in ("model.safetensors", "pytorch_model.bin") if (model_dir / n).exists()), None
    )
    if weights is None:
        raise MetricsInputError(f"{model_dir}: no model.safetensors or pytorch_model.bin in the model folder")
    return {
        "model_name": str(config.get("_name_or_path") or model_dir.name),  # as the config names it
        "folder_name": model_dir.name,
        "model_type": config.get("model_type"),
        "num_layers": num_layers,
        "weights_file": weights.name,
        "weights_sha256": sha256_file(weights),
        "rescaled_with_baseline": baseline is not None,
        "baseline_sha256": sha256_file(baseline) if baseline is not None else None,
    }


def bertscore_f1(
    golds: Sequence[GoldWall],
    preds: Sequence[Prediction],
    model_dir: Path,
    num_layers: int,
    baseline: Path | None = None,
) -> tuple[list[list[float]], dict[str, Any]]:
    """BERTScore F1 of every connection on a LOCAL model folder; returns per-wall lists + provenance."""
    if num_layers < 1:
        raise MetricsInputError("BERTScore needs --bertscore-layers N (the layer to use) for a local model")
    if not model_dir.is_dir():
        raise MetricsInputError(f"{model_dir}: BERTScore model folder not found")
    try:
        import bert_score
    except ImportError:
        raise MetricsInputError("BERTScore needs the bert-score package: pip install bert-score") from None
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    refs = [c.lower().strip() for g in golds for c in g.connections]
    hyps = [c.lower().strip() for p in preds for c in _connections(p)]
    # An empty side scores 0.0 without the model: bert-score cannot encode "" with transformers >= 5.
    keep = [i for i, (h, r) in enumerate(zip(hyps, refs, strict=True)) if h and r]
    flat = [0.0] * len(hyps)
    if keep:
        _, _, f1 = bert_score.score(
            [hyps[i] for i in keep],
            [refs[i] for i in keep],
            model_type=str(model_dir),
            num_layers=num_layers,
            rescale_with_baseline=baseline is not None,
            baseline_path=str(baseline) if baseline is not None else None,
            lang="en" if baseline is not None else None,  # bert-score asserts a language when rescaling
            use_fast_tokenizer=True,
        )
        for i, value in zip(keep, f1.tolist(), strict=True):
            flat[i] = float(value)
    per_wall = [flat[i : i + GROUPS] for i in range(0, len(flat), GROUPS)]
    prov = bertscore_provenance(model_dir, num_layers, baseline)
    prov["bert_score_version"] = getattr(bert_score, "__version__", "unknown")
    prov["empty_pairs_scored_zero"] = len(hyps) - len(keep)
    return per_wall, prov


def summarize_connections(rows: Sequence[dict[str, Any]]) -> dict[str, float]:
    """Per wall: mean of the 4 connections; global: mean over walls."""
    out: dict[str, float] = {"n_walls": len(rows)}
    for name in CONNECTION_METRICS:
        if rows and all(name in r for r in rows):
            out[name] = float(np.mean([np.mean(r[name]) for r in rows]))
    return out


# ------------------------------------------------------------------------------------ inputs
def _as_text(value: Any, where: str) -> str:
    # The published OCW file has one clue stored as the JSON float 8.5: read numbers as text.
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise MetricsInputError(f"{where}: expected a string, got {type(value).__name__} {value!r}")


def _group_key(name: str) -> int:
    tail = name.rsplit("_", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def gold_from_record(rec: dict[str, Any], where: str, nyt: bool = False) -> GoldWall:
    """One wall of an OCW JSON ``dataset`` list.

    NYT difficulty levels come from a per-group ``level`` when present; otherwise, for NYT puzzles
    (``nyt=True`` or a ``nyt-YYYY-MM-DD`` wall id), from the group order (yellow..purple).
    """
    try:
        wall_id = str(rec["wall_id"])
        groups = [rec["groups"][k] for k in sorted(rec["groups"], key=_group_key)]
        words = tuple(tuple(_as_text(w, f"{where}: wall {wall_id}") for w in g["gt_words"]) for g in groups)
    except (KeyError, TypeError, AttributeError) as exc:
        raise MetricsInputError(f"{where}: not an OCW wall record (missing {exc})") from None
    if len(words) != GROUPS or any(len(g) != SIZE for g in words):
        raise MetricsInputError(f"{where}: wall {wall_id}: expected 4 groups of 4 gt_words")
    conns = tuple(str(g.get("gt_connection", "")) for g in groups)
    levels = [g.get("level") for g in groups]
    if not all(isinstance(x, int) for x in levels) and (nyt or wall_id.startswith("nyt-")):
        levels = list(range(GROUPS))
    season = rec.get("season")
    return GoldWall(
        wall_id=wall_id,
        groups=words,
        connections=conns,
        levels=tuple(int(x) for x in levels) if all(isinstance(x, int) for x in levels) else None,
        group_ids=tuple(str(g.get("group_id", "")) for g in groups),
        season=season if isinstance(season, int) else None,
        clues=tuple(_as_text(w, f"{where}: wall {wall_id}") for w in rec.get("words") or ()),
    )


def _read_records(path: Path, field_name: str) -> list[Any]:
    """Records of a JSON file (a list, or a dict holding the list under ``field_name``) or JSONL."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MetricsInputError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as first:
        try:
            return [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError:
            raise MetricsInputError(
                f"{path}:{first.lineno}:{first.colno}: invalid JSON: {first.msg}"
            ) from None
    if isinstance(doc, dict) and isinstance(doc.get(field_name), list):
        return list(doc[field_name])
    if isinstance(doc, list):
        return doc
    raise MetricsInputError(f"{path}: expected a JSON list or an object with a {field_name!r} list")


def load_gold(path: Path, nyt: bool = False) -> list[GoldWall]:
    """Gold walls from an OCW JSON file (``{"dataset": [...]}``), a JSON list or JSONL."""
    records = _read_records(Path(path), "dataset")
    return [gold_from_record(r, f"{path}: record {i}", nyt) for i, r in enumerate(records)]


def _groups_field(value: Any, where: str) -> tuple[tuple[str, ...], ...] | None:
    if value is None:
        return None
    ok = isinstance(value, list) and len(value) == GROUPS
    ok = ok and all(isinstance(g, list) and len(g) == SIZE for g in value)
    if not ok:
        raise MetricsInputError(f"{where}: predicted_groups must be 4 lists of 4 strings, or null")
    return tuple(tuple(_as_text(w, where) for w in g) for g in value)


def _connections_field(value: Any, where: str) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == GROUPS):
        raise MetricsInputError(f"{where}: predicted_connections must be a list of 4 strings, or null")
    return tuple(_as_text(c, where) for c in value)


def prediction_from_record(rec: Any, where: str) -> Prediction:
    """One OCW prediction record ``{"wall_id", "predicted_groups", "predicted_connections"}``."""
    if not isinstance(rec, dict) or "wall_id" not in rec:
        raise MetricsInputError(f"{where}: expected an object with a wall_id")
    wid = str(rec["wall_id"])
    return Prediction(
        wall_id=wid,
        groups=_groups_field(rec.get("predicted_groups"), f"{where} (wall {wid})"),
        connections=_connections_field(rec.get("predicted_connections"), f"{where} (wall {wid})"),
    )


def load_predictions(path: Path) -> list[Prediction]:
    """Predictions from an OCW prediction JSON list (or ``{"predictions": [...]}``) or JSONL."""
    records = _read_records(Path(path), "predictions")
    return [prediction_from_record(r, f"{path}: record {i}") for i, r in enumerate(records)]


def align(
    golds: Sequence[GoldWall], preds: Sequence[Prediction], name: str, allow_missing: bool = False
) -> tuple[list[Prediction], dict[str, int]]:
    """Predictions in gold order. The first record of a wall wins (as OCW's ``find_wall``)."""
    first: dict[str, Prediction] = {}
    for p in preds:
        first.setdefault(p.wall_id, p)
    gold_ids = {g.wall_id for g in golds}
    missing = [g.wall_id for g in golds if g.wall_id not in first]
    if missing and not allow_missing:
        raise MetricsInputError(
            f"{name}: no prediction for {len(missing)} of {len(golds)} walls "
            f"(first: {', '.join(missing[:3])}); add them, or allow missing walls to score them as empty"
        )
    issues = {
        "missing_walls": len(missing),
        "duplicate_predictions": len(preds) - len(first),
        "unknown_walls": len(set(first) - gold_ids),
    }
    return [first.get(g.wall_id, Prediction(g.wall_id)) for g in golds], issues


# ---------------------------------------------------------------------------------- pipeline
@dataclass
class Options:
    """How to score: corrected WD, accent folding, and the optional BERTScore model."""

    corrected: bool = False
    accent_fold: bool = False
    bertscore_model: Path | None = None
    bertscore_layers: int = 0
    bertscore_baseline: Path | None = None
    allow_missing: bool = False


@dataclass
class RunResult:
    """Scores of one prediction file (one seed)."""

    name: str
    issues: dict[str, int]
    walls: list[WallScore] = field(default_factory=list)
    grouping: dict[str, float] = field(default_factory=dict)
    connection_rows: list[dict[str, Any]] = field(default_factory=list)
    connections: dict[str, float] = field(default_factory=dict)


def score_run(
    golds: Sequence[GoldWall], preds: Sequence[Prediction], name: str, opts: Options
) -> tuple[RunResult, dict[str, Any] | None]:
    """Score one aligned prediction list; returns the result and BERTScore provenance (if used)."""
    aligned, issues = align(golds, preds, name, opts.allow_missing)
    result = RunResult(name=name, issues=issues)
    prov = None
    if any(p.groups is not None for p in aligned):
        issues["null_groups"] = sum(p.groups is None for p in aligned)
        result.walls = [score_wall(g, p.groups, opts.corrected) for g, p in zip(golds, aligned, strict=True)]
        result.grouping = summarize_grouping(result.walls)
    if any(p.connections is not None for p in aligned):
        issues["null_connections"] = sum(p.connections is None for p in aligned)
        rows = score_connections(golds, aligned, opts.accent_fold)
        if opts.bertscore_model is not None:
            per_wall, prov = bertscore_f1(
                golds, aligned, opts.bertscore_model, opts.bertscore_layers, opts.bertscore_baseline
            )
            for row, f1 in zip(rows, per_wall, strict=True):
                row["bertscore_f1"] = f1
        result.connection_rows = rows
        result.connections = summarize_connections(rows)
    return result, prov


def build_report(runs: Sequence[RunResult], opts: Options, prov: dict[str, Any] | None) -> dict[str, Any]:
    """The JSON report: per-run globals and issues, per-wall scores, and mean/std over runs."""
    report: dict[str, Any] = {
        "evaluator": f"ocw-evaluate {EVALUATOR_VERSION}",
        "mode": "corrected" if opts.corrected else "faithful",
        "rouge_tokenizer": "accent-folding" if opts.accent_fold else "rouge-score default",
        "n_runs": len(runs),
        "runs": [
            {
                "name": r.name,
                "issues": r.issues,
                "grouping": r.grouping,
                "connections": r.connections,
                "walls": [asdict(w) for w in r.walls],
                "connection_walls": r.connection_rows,
            }
            for r in runs
        ],
    }
    if prov is not None:
        report["bertscore"] = prov
    report["summary"] = {
        "grouping": mean_std([r.grouping for r in runs if r.grouping]),
        "connections": mean_std([r.connections for r in runs if r.connections]),
    }
    return report


def _fmt(name: str, value: float) -> str:
    if name in ("n_walls", "solved_walls", "correct_groups") and float(value).is_integer():
        return f"{int(value)}"
    return f"{value:.4f}"


def format_table(report: dict[str, Any]) -> str:
    """The human-readable table (identical for ``evaluate.py`` and ``ocwtool eval``)."""
    lines = [f"{report['n_runs']} run(s), {report['mode']} mode"]
    for task in ("grouping", "connections"):
        summary = report["summary"][task]
        if not summary:
            continue
        lines.append(f"{task:<28}{'mean':>12}{'std':>12}")
        for name, ms in summary.items():
            lines.append(f"  {name:<26}{_fmt(name, ms['mean']):>12}{ms['std']:>12.4f}")
    prov = report.get("bertscore")
    if prov:
        rescaled = ", rescaled" if prov["rescaled_with_baseline"] else ""
        lines.append(
            f"bertscore: {prov['model_name']} layer {prov['num_layers']}{rescaled}, "
            f"{prov['weights_file']} sha256 {prov['weights_sha256'][:16]}"
        )
    return "\n".join(lines)


def evaluate_files(
    gold_path: Path, prediction_paths: Sequence[Path], opts: Options, nyt: bool = False
) -> dict[str, Any]:
    """Score prediction files (one per seed) against an OCW gold file; returns the JSON report."""
    golds = load_gold(gold_path, nyt)
    files = expand_prediction_paths(prediction_paths)
    return evaluate_predictions(golds, [(str(p), load_predictions(p)) for p in files], opts)


def expand_prediction_paths(paths: Sequence[Path]) -> list[Path]:
    """Files as given; a folder stands for its ``*_predictions.json`` files (OCW's batch mode), sorted."""
    out: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found = sorted(path.glob("*_predictions.json"))
            if not found:
                raise MetricsInputError(f"{path}: no *_predictions.json files in this folder")
            out.extend(found)
        else:
            out.append(path)
    return out


def evaluate_predictions(
    golds: Sequence[GoldWall],
    runs: Sequence[tuple[str, Sequence[Prediction]]],
    opts: Options,
    progress: Callable[[Iterable[Any]], Iterable[Any]] = lambda x: x,
) -> dict[str, Any]:
    """Score several named prediction lists against the same gold walls."""
    if not runs:
        raise MetricsInputError("no predictions given")
    results, prov = [], None
    for name, preds in progress(runs):
        result, run_prov = score_run(golds, preds, name, opts)
        results.append(result)
        prov = run_prov or prov
    return build_report(results, opts, prov)


# --------------------------------------------------------------------------------------- CLI
def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="evaluate.py",
        description="Score Only Connect Wall / NYT Connections predictions (Task 1 grouping, Task 2 "
        "connections). Several prediction files (e.g. 16 shuffle seeds) give mean and population std.",
        epilog="Example: python evaluate.py --gold test.json --predictions seed*.json --json-out scores.json",
    )
    p.add_argument("--gold", type=Path, required=True, help="gold OCW JSON file ({'dataset': [...]})")
    p.add_argument(
        "--predictions",
        type=Path,
        nargs="+",
        required=True,
        help="prediction file(s), JSON or JSONL, or a folder of *_predictions.json (one per seed)",
    )
    p.add_argument("--nyt", action="store_true", help="NYT gold: levels from group order (yellow..purple)")
    p.add_argument("--corrected", action="store_true", help="pair groups optimally for WD (not the paper's)")
    p.add_argument("--allow-missing", action="store_true", help="score walls without a prediction as empty")
    p.add_argument("--accent-fold", action="store_true", help="fold accents before ROUGE tokenizing")
    p.add_argument("--bertscore-model", type=Path, help="local model folder for BERTScore (offline)")
    p.add_argument(
        "--bertscore-layers", type=int, default=0, help="layer for BERTScore (required with a model)"
    )
    p.add_argument("--bertscore-baseline", type=Path, help="bert-score baseline .tsv to rescale with")
    p.add_argument("--json-out", type=Path, help="write the full JSON report here")
    return p


def write_json_atomic(path: Path, obj: Any) -> None:
    """Write JSON to ``path.tmp`` then rename, so an interrupted run never leaves a torn file."""
    tmp = path.with_name(path.name + ".tmp")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp.write_text(json.dumps(obj, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: prints the table, optionally writes the JSON report."""
    args = _parser().parse_args(argv)
    opts = Options(
        corrected=args.corrected,
        accent_fold=args.accent_fold,
        bertscore_model=args.bertscore_model,
        bertscore_layers=args.bertscore_layers,
        bertscore_baseline=args.bertscore_baseline,
        allow_missing=args.allow_missing,
    )
    try:
        report = evaluate_files(args.gold, args.predictions, opts, nyt=args.nyt)
    except MetricsInputError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    print(format_table(report))
    if args.json_out is not None:
        write_json_atomic(args.json_out, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
