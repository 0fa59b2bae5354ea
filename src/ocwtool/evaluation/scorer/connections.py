"""Task 2 (connections): exact match, ROUGE-1 F1 and, on a local model, BERTScore F1.

Both sides are lower-cased and stripped; ROUGE uses rouge-score's tokenizer (optionally after
folding accents) and no stemmer; BERTScore runs offline on a model folder and records what
identifies the run (model name, layer, weight hashes) without absolute paths.
"""

from __future__ import annotations

import hashlib
import json
import os
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .deps import BERTSCORE, missing
from .model import CONNECTION_METRICS, GROUPS, GoldWall, Prediction, ScorerInputError


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


def summarize_connections(rows: Sequence[dict[str, Any]]) -> dict[str, float]:
    """Per wall: mean of the 4 connections; global: mean over walls."""
    import numpy as np

    out: dict[str, float] = {"n_walls": len(rows)}
    for name in CONNECTION_METRICS:
        if rows and all(name in r for r in rows):
            out[name] = float(np.mean([np.mean(r[name]) for r in rows]))
    return out


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
        raise ScorerInputError(f"{model_dir}: no model.safetensors or pytorch_model.bin in the model folder")
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


def _bertscore_pairs(
    hyps: list[str], refs: list[str], model_dir: Path, num_layers: int, baseline: Path | None
) -> list[float]:
    """F1 of every (hypothesis, reference) pair; an empty side scores 0.0 without the model
    (bert-score cannot encode "" with transformers >= 5)."""
    import bert_score

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
    return flat


def bertscore_f1(
    golds: Sequence[GoldWall],
    preds: Sequence[Prediction],
    model_dir: Path,
    num_layers: int,
    baseline: Path | None = None,
) -> tuple[list[list[float]], dict[str, Any]]:
    """BERTScore F1 of every connection on a LOCAL model folder; returns per-wall lists + provenance."""
    if num_layers < 1:
        raise ScorerInputError("BERTScore needs --bertscore-layers N (the layer to use) for a local model")
    if not model_dir.is_dir():
        raise ScorerInputError(f"{model_dir}: BERTScore model folder not found")
    problem = missing((BERTSCORE,), "BERTScore")
    if problem is not None:
        raise ScorerInputError(problem)
    import bert_score

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    refs = [c.lower().strip() for g in golds for c in g.connections]
    hyps = [c.lower().strip() for p in preds for c in _connections(p)]
    flat = _bertscore_pairs(hyps, refs, model_dir, num_layers, baseline)
    per_wall = [flat[i : i + GROUPS] for i in range(0, len(flat), GROUPS)]
    prov = bertscore_provenance(model_dir, num_layers, baseline)
    prov["bert_score_version"] = getattr(bert_score, "__version__", "unknown")
    prov["empty_pairs_scored_zero"] = sum(not (h and r) for h, r in zip(hyps, refs, strict=True))
    return per_wall, prov
