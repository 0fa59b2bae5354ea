"""Held-out evaluation of a red-herring scorer (pure, scikit-learn deferred).

* per clue: ROC-AUC of each clue's best pull against the reference's decoys (a clue at least
  ``min_players`` players put with three clues of another group), beside two untrained scores on
  the same clues: the rules' number of flags and MiniLM's similarity to the nearest other group;
* precision at 2: per puzzle, the share of its two top-scored clues that are decoys (mean);
* trap groups found: a reference trap group (``connections-eval``) shares 3+ clues with one of the
  puzzle's decoy themes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

from ocwtool.annotations.decoys.summary import decoy_clues
from ocwtool.annotations.herring_eval import HIT
from ocwtool.annotations.herring_model.score import Scored
from ocwtool.schema.annotations import ItemRecord, RedHerringCategory
from ocwtool.schema.models import N_CLUES

AT = 2


@dataclass(frozen=True)
class HerringEvaluation:
    puzzles: int
    clues: int
    decoys: int
    min_players: int
    auc: float | None
    auc_rules: float | None
    auc_minilm: float | None
    precision_at_2: float | None
    trap_puzzles: int
    traps: int
    traps_found: int


def _auc(truth: Sequence[bool], scores: Sequence[float]) -> float | None:
    from sklearn.metrics import roc_auc_score  # deferred: scikit-learn

    if not scores or len(set(truth)) < 2:
        return None
    return round(float(roc_auc_score(truth, scores)), 4)


def _baselines(scored: Scored) -> tuple[list[float], list[float] | None]:
    rules, minilm = [], []
    for n in range(1, N_CLUES + 1):
        rows = [f for (m, _), f in scored.rows.items() if m == n]
        rules.append(
            max(f.get("rule:word_flag", 0.0) for f in rows)
            + max(f.get("rule:in_category", 0.0) for f in rows)
        )
        minilm.append(max(f.get("emb:mean", float("nan")) for f in rows))
    return rules, None if any(v != v for v in minilm) else minilm


def per_clue(
    scored: Sequence[Scored], reference: Mapping[str, ItemRecord], min_players: int
) -> dict[str, object]:
    """ROC-AUC and precision at 2 on the puzzles the reference played."""
    truth: list[bool] = []
    model: list[float] = []
    rules: list[float] = []
    minilm: list[float] | None = []
    precisions = []
    for s in scored:
        ref = reference.get(s.puzzle.id)
        if ref is None or not ref.played_by:
            continue
        decoys = decoy_clues(ref, min_players)
        scores = s.clue_scores()
        truth += [n in decoys for n in range(1, N_CLUES + 1)]
        model += scores
        r, m = _baselines(s)
        rules += r
        minilm = None if minilm is None or m is None else minilm + m
        top = sorted(range(N_CLUES), key=lambda i: -scores[i])[:AT]
        precisions.append(sum(i + 1 in decoys for i in top) / AT)
    return {
        "puzzles": len(precisions),
        "clues": len(truth),
        "decoys": sum(truth),
        "auc": _auc(truth, model),
        "auc_rules": _auc(truth, rules),
        "auc_minilm": None if minilm is None else _auc(truth, minilm),
        "precision_at_2": round(sum(precisions) / len(precisions), 4) if precisions else None,
    }


def traps_found(
    themes: Mapping[str, Sequence[RedHerringCategory]], reference: Mapping[str, ItemRecord]
) -> tuple[int, int, int]:
    """(puzzles reviewed, trap groups, trap groups sharing 3+ clues with a theme) over ``themes``' puzzles."""
    reviewed = traps = found = 0
    for pid, cats in themes.items():
        ref = reference.get(pid)
        if ref is None or ref.status != "labelled":
            continue
        reviewed += 1
        for trap in ref.red_herring_categories:
            traps += 1
            found += any(len(set(trap.clue_numbers) & set(c.clue_numbers)) >= HIT for c in cats)
    return reviewed, traps, found


def as_json(ev: HerringEvaluation) -> dict[str, object]:
    return asdict(ev)


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f} %"


def _num(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.3f}"


def render(ev: HerringEvaluation, reference: str, traps: str) -> str:
    """Plain-text report."""
    return "\n".join(
        [
            f"held-out: {ev.puzzles} puzzles played ({ev.clues} clues, {ev.decoys} decoys pulled by "
            f"{ev.min_players}+ players of {reference}), never seen in training",
            f"  per-clue ROC-AUC: model {_num(ev.auc)}, rules {_num(ev.auc_rules)}, "
            f"MiniLM alone {_num(ev.auc_minilm)}",
            f"  precision at {AT} per puzzle: {_pct(ev.precision_at_2)}",
            f"  trap groups of {traps} found: {ev.traps_found} of {ev.traps} "
            f"({ev.trap_puzzles} reviewed puzzles not used in training)",
        ]
    )
