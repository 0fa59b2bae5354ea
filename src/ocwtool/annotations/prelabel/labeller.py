"""Suggest with a trained pre-labeller, the heuristic rules as the fallback.

For each group the model's most probable label is used when its probability reaches the
threshold and every feature set it was trained with could be computed; otherwise the rules'
label is used ("fallback"). Every suggestion carries its reason and a confidence: the model's
probability, or for a fallback the rules' precision for that type measured on the training games.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ocwtool.annotations.herrings import red_herring_categories, red_herring_words
from ocwtool.annotations.heuristics import NO_CUE, suggest_label
from ocwtool.annotations.prelabel.features import Embedder, GroupFeatures, featurize
from ocwtool.annotations.prelabel.model import Matrix, PrelabelModel
from ocwtool.annotations.taxonomy import GUIDELINE_VERSION, parse_code
from ocwtool.progress import Progress, silent
from ocwtool.schema.annotations import GroupLabel, ItemRecord
from ocwtool.schema.models import Group, Puzzle
from ocwtool.stores.annotations import SUGGEST

TOP_FEATURES = 3
RULES_ALL = "all"
NO_CUE_KEY = "no_cue"


@dataclass(frozen=True)
class Decision:
    """What the pre-labeller said about one group, and what the model and the rules said alone."""

    label: GroupLabel
    fallback: bool
    model_code: str | None
    model_p: float | None
    rules: GroupLabel

    @property
    def no_cue(self) -> bool:
        """The suggestion is the rules' 'no cue found' Associative."""
        return self.fallback and self.rules.reason == NO_CUE


def rules_key(label: GroupLabel) -> str:
    """Key of :attr:`PrelabelModel.rule_precision` for a rules label (``no_cue`` or the type)."""
    return NO_CUE_KEY if label.reason == NO_CUE else label.label.kind.value


class Prelabeller:
    """A saved model applied with a confidence threshold (default: the one saved with it)."""

    def __init__(
        self, model: PrelabelModel, min_confidence: float | None = None, embedder: Embedder | None = None
    ) -> None:
        self.model = model
        self.threshold = model.min_confidence if min_confidence is None else min_confidence
        self.embedder = embedder

    def decide(self, groups: Sequence[Group], progress: Progress = silent) -> list[Decision]:
        """One decision per group (features computed in one batch)."""
        feats = featurize(groups, self.model.feature_sets, self.embedder, progress=progress)
        x = self.model.vectors([f.values for f in feats])
        probs = self.model.proba(x)
        return [self._one(g, f, x[i], probs[i]) for i, (g, f) in enumerate(zip(groups, feats, strict=True))]

    def _one(self, group: Group, feats: GroupFeatures, x: Matrix, probs: Matrix) -> Decision:
        rules = suggest_label(group)
        best = int(np.argmax(probs))
        code, p = self.model.classes[best], float(probs[best])
        if feats.missing:
            why = f"model {self.model.tag} lacks feature set(s) {', '.join(feats.missing)}"
            return self._fallback(rules, why, None, None)
        if p < self.threshold:
            why = f"model {self.model.tag} unsure: {code} p={p:.2f} < {self.threshold:.2f}"
            return self._fallback(rules, why, code, p)
        reason = f"model {self.model.tag}: {code} p={p:.2f}; {self._top(x, best)}"
        label = GroupLabel(group_id=group.id, label=parse_code(code), reason=reason, confidence=round(p, 4))
        return Decision(label, False, code, p, rules)

    def _fallback(self, rules: GroupLabel, why: str, code: str | None, p: float | None) -> Decision:
        precision = self.model.rule_precision
        conf = precision.get(rules_key(rules), precision.get(RULES_ALL))
        reason = f"rules: {rules.reason} ({why})"
        label = rules.model_copy(update={"reason": reason, "confidence": conf})
        return Decision(label, True, code, p, rules)

    def _top(self, x: Matrix, cls: int) -> str:
        parts = self.model.contributions(x[None, :], cls)[0]
        named: dict[str, float] = {}
        for name, value in zip(self.model.features, parts, strict=True):
            key = "connection embedding" if name.startswith("emb:conn") and name[8:].isdigit() else name
            key = "clue embedding" if name.startswith("emb:clues") and name[9:].isdigit() else key
            named[key] = named.get(key, 0.0) + float(value)
        top = sorted((v, k) for k, v in named.items() if v > 0)[::-1][:TOP_FEATURES]
        return "because " + ", ".join(f"{k} (+{v:.2f})" for v, k in top) if top else "no single strong cue"


def prelabel_puzzles(
    puzzles: Sequence[Puzzle],
    prelabeller: Prelabeller,
    now: dt.datetime | None = None,
    *,
    progress: Progress = silent,
) -> list[ItemRecord]:
    """The ``suggest`` records of ``puzzles``: the pre-labeller's group labels, the rules' red herrings."""
    stamp = now or dt.datetime.now(dt.UTC)
    groups = [g for p in puzzles for g in p.groups]
    labels = iter(d.label for d in prelabeller.decide(groups, progress))
    return [
        ItemRecord(
            annotator=SUGGEST,
            puzzle_id=p.id,
            groups=tuple(next(labels) for _ in p.groups),
            red_herring_words=red_herring_words(p),
            red_herring_categories=red_herring_categories(p),
            note=f"pre-labeller {prelabeller.model.tag}",
            created_at=stamp,
            guideline_version=GUIDELINE_VERSION,
        )
        for p in puzzles
    ]
