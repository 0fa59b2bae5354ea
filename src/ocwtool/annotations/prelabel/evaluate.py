"""Held-out evaluation of the pre-labeller against an annotator's labels, and of the red-herring
suggestions against reviewed trap groups.

Knowledge types are compared six-way (Combined is one type, as in ``annotate agreement``):
accuracy, Cohen's kappa and per-type F1 (scikit-learn) of the pre-labeller as ``suggest`` uses it
(model, rules as the fallback), of the model alone and of the rules alone; the majority-class rate
(the training games' most common type, on the held-out games); the share of groups that fall back,
and the share left at the rules' "no cue found" Associative before and after the model.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from ocwtool.annotations.agreement import TYPES
from ocwtool.annotations.heuristics import NO_CUE
from ocwtool.annotations.prelabel.labeller import Decision
from ocwtool.annotations.prelabel.train import Example


@dataclass(frozen=True)
class Scores:
    """Agreement of one labeller with the reference on the held-out groups."""

    accuracy: float
    kappa: float | None
    f1: dict[str, float]
    support: dict[str, int]


@dataclass(frozen=True)
class Evaluation:
    """Everything ``annotate train`` / ``annotate evaluate`` print about knowledge types."""

    n_groups: int
    n_games: int
    threshold: float
    prelabeller: Scores
    model_only: Scores
    rules: Scores
    majority_type: str
    majority_rate: float
    fallback_share: float
    no_cue_before: float
    no_cue_after: float


def scores(truth: Sequence[str], said: Sequence[str]) -> Scores:
    """Accuracy, Cohen's kappa (None when undefined) and per-type F1 over the types that occur."""
    from sklearn.metrics import cohen_kappa_score, f1_score

    used = [t for t in TYPES if t in set(truth) | set(said)]
    hits = sum(a == b for a, b in zip(truth, said, strict=True))
    kappa = float(cohen_kappa_score(truth, said)) if len(used) > 1 else None
    f1 = f1_score(truth, said, labels=used, average=None, zero_division=0)
    return Scores(
        accuracy=hits / len(truth),
        kappa=None if kappa is None or math.isnan(kappa) else kappa,
        f1={t: round(float(v), 4) for t, v in zip(used, f1, strict=True)},
        support={t: truth.count(t) for t in used},
    )


def evaluate(
    held_out: Sequence[Example], decisions: Sequence[Decision], train_kinds: Sequence[str], threshold: float
) -> Evaluation:
    """Compare the decisions on the held-out groups with the reference labels."""
    truth = [e.kind for e in held_out]
    kind = [d.label.label.kind.value for d in decisions]
    model = [(d.model_code or d.label.label.code).split(":")[0] for d in decisions]
    rules = [d.rules.label.kind.value for d in decisions]
    majority = Counter(train_kinds).most_common(1)[0][0]
    n = len(truth)
    return Evaluation(
        n_groups=n,
        n_games=len({e.game for e in held_out}),
        threshold=threshold,
        prelabeller=scores(truth, kind),
        model_only=scores(truth, model),
        rules=scores(truth, rules),
        majority_type=majority,
        majority_rate=truth.count(majority) / n,
        fallback_share=sum(d.fallback for d in decisions) / n,
        no_cue_before=sum(d.rules.reason == NO_CUE for d in decisions) / n,
        no_cue_after=sum(d.no_cue for d in decisions) / n,
    )


def _num(x: float | None, pct: bool = False) -> str:
    if x is None:
        return "n/a"
    return f"{100 * x:.1f} %" if pct else f"{x:.3f}"


def render(ev: Evaluation) -> str:
    """Plain-text report."""
    lines = [
        f"held-out: {ev.n_groups} groups from {ev.n_games} games (never seen in training)",
        f"{'':24s}{'accuracy':>10s}{'kappa':>8s}",
    ]
    for name, sc in (
        (f"pre-labeller (p>={ev.threshold:.2f})", ev.prelabeller),
        ("model alone", ev.model_only),
        ("rules alone", ev.rules),
    ):
        lines.append(f"  {name:22s}{_num(sc.accuracy, True):>10s}{_num(sc.kappa):>8s}")
    lines.append(f"  majority class ({ev.majority_type}) rate: {_num(ev.majority_rate, True)}")
    lines.append("per-type F1 (support)      pre-labeller   model   rules")
    for t, n in ev.prelabeller.support.items():
        f = [sc.f1.get(t) for sc in (ev.prelabeller, ev.model_only, ev.rules)]
        lines.append(f"  {t:13s}{n:>6d}       " + "".join(f"{_num(v):>8s}" for v in f))
    lines += [
        f"fallback to rules: {_num(ev.fallback_share, True)} of groups",
        f"'no cue found' Associative: {_num(ev.no_cue_before, True)} with rules alone, "
        f"{_num(ev.no_cue_after, True)} with the pre-labeller",
    ]
    return "\n".join(lines)


def as_json(ev: Evaluation) -> dict[str, object]:
    """JSON-ready dict (stored in the model file)."""
    return asdict(ev)
