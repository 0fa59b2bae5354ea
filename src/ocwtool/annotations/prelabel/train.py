"""Train the pre-labeller on one annotator's labels: split by game, fit, measure on held-out games.

The labelled groups are joined with their puzzles; the games (puzzles) are split with a seed into
training and held-out games (scikit-learn's ``GroupShuffleSplit``, so no game has groups on both
sides); a multinomial logistic regression over the named features is fitted on the training
games; the saved model carries the held-out evaluation (:mod:`ocwtool.annotations.prelabel.evaluate`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ocwtool.annotations.heuristics import suggest_label
from ocwtool.annotations.prelabel.features import Embedder, GroupFeatures, featurize, unavailable
from ocwtool.annotations.prelabel.labeller import NO_CUE_KEY, RULES_ALL, rules_key
from ocwtool.annotations.prelabel.model import PrelabelModel, SplitInfo
from ocwtool.errors import AnnotationError
from ocwtool.progress import Progress, silent
from ocwtool.safenames import ANNOTATOR, check_name
from ocwtool.schema.annotations import WITH_LABELS, ItemRecord
from ocwtool.schema.models import Group, Puzzle

MIN_GAMES = 4
REGULARISATION = 1.0


@dataclass(frozen=True)
class Example:
    """One labelled group: its puzzle, the group, the annotator's label code, and its game (the
    puzzle's clue set: the same board imported under two ids is one game)."""

    puzzle_id: str
    group: Group
    code: str
    game: str = ""

    @property
    def kind(self) -> str:
        """Six-way type (``combined`` for any combination)."""
        return self.code.split(":")[0]


@dataclass(frozen=True)
class ModelOptions:
    """What ``annotate train`` chooses for any model: its name, features and held-out split."""

    name: str
    feature_sets: tuple[str, ...]
    holdout: float = 0.2
    seed: int = 0

    def __post_init__(self) -> None:
        # checked before training: the name is the model's folder, models/<name>/v<version>.json
        check_name(self.name, "model name", ANNOTATOR, error=AnnotationError)


@dataclass(frozen=True)
class TrainOptions(ModelOptions):
    """What ``annotate train --task types`` chooses."""

    min_confidence: float = 0.5


def game_key(clues: Sequence[str]) -> str:
    """The clue set (upper case, sorted): one key per game whatever its puzzle id."""
    return "|".join(sorted(c.strip().upper() for c in clues))


def examples(puzzles: Sequence[Puzzle], records: Mapping[str, ItemRecord]) -> tuple[list[Example], int]:
    """Labelled groups whose puzzle is known, in record order, each group of each game once (a board
    imported under two ids counts once); and how many labels had no puzzle."""
    by_id = {p.id: p for p in puzzles}
    out, seen, orphans = [], set(), 0
    for pid, rec in records.items():
        if rec.status not in WITH_LABELS:
            continue
        groups = {g.id: g for g in by_id[pid].groups} if pid in by_id else {}
        game = game_key(by_id[pid].clues) if pid in by_id else ""
        for label in rec.groups:
            group = groups.get(label.group_id)
            if group is None:
                orphans += 1
            elif (game, game_key(group.clues)) not in seen:
                seen.add((game, game_key(group.clues)))
                out.append(Example(pid, group, label.label.code, game))
    return out, orphans


def data_hash(items: Sequence[Example]) -> str:
    """sha256 of the training data (game, group, connection, clues, label), order-independent."""
    rows = sorted(
        json.dumps([e.puzzle_id, e.group.id, e.group.connection, e.group.clues, e.code]) for e in items
    )
    return hashlib.sha256("\n".join(rows).encode("utf-8")).hexdigest()


def split_games(items: Sequence[Example], holdout: float, seed: int) -> tuple[list[Example], list[Example]]:
    """Training and held-out examples, split by game with a seed."""
    from sklearn.model_selection import GroupShuffleSplit

    games = sorted({e.game for e in items})
    if len(games) < MIN_GAMES:
        raise AnnotationError(f"training needs labelled groups from {MIN_GAMES}+ games; found {len(games)}")
    splitter = GroupShuffleSplit(n_splits=1, test_size=holdout, random_state=seed)
    train_idx, test_idx = next(splitter.split(items, groups=[e.game for e in items]))
    return [items[i] for i in train_idx], [items[i] for i in test_idx]


def fit(
    feats: Sequence[GroupFeatures], codes: Sequence[str]
) -> tuple[list[str], list[str], list[list[float]], list[float]]:
    """Fit the logistic regression: (feature names, classes, coef rows, intercepts)."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    if len(set(codes)) < 2:
        raise AnnotationError(f"training needs two or more label types; every group is {codes[0]!r}")
    vec = DictVectorizer()
    x = vec.fit_transform([f.values for f in feats])
    clf = LogisticRegression(C=REGULARISATION, max_iter=5000)
    clf.fit(x, list(codes))
    names = [str(n) for n in vec.get_feature_names_out()]
    return (
        names,
        [str(c) for c in clf.classes_],
        clf.coef_.round(6).tolist(),
        clf.intercept_.round(6).tolist(),
    )


def rule_precision(items: Sequence[Example]) -> dict[str, float]:
    """How often the rules' type is the annotator's type, per rules type (``no_cue`` apart) and overall."""
    said = [(rules_key(suggest_label(e.group)), e.kind) for e in items]
    hits: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for key, truth in said:
        rule_type = "associative" if key == NO_CUE_KEY else key
        total[key] += 1
        total[RULES_ALL] += 1
        hits[key] += rule_type == truth
        hits[RULES_ALL] += rule_type == truth
    return {k: round(hits[k] / n, 4) for k, n in total.items()}


def train(
    items: Sequence[Example],
    annotator: str,
    options: TrainOptions,
    version: int,
    *,
    embedder: Embedder | None = None,
    progress: Progress = silent,
) -> PrelabelModel:
    """Fit a model on the training games (its evaluation is added by the caller)."""
    import sklearn

    lacking = unavailable(options.feature_sets)
    if lacking:
        why = "; ".join(f"{k}: {v}" for k, v in lacking.items())
        raise AnnotationError(f"cannot compute feature set(s) {', '.join(lacking)} here ({why})")
    train_items, test_items = split_games(items, options.holdout, options.seed)
    feats = featurize([e.group for e in train_items], options.feature_sets, embedder, progress=progress)
    names, classes, coef, intercept = fit(feats, [e.code for e in train_items])
    return PrelabelModel(
        name=options.name,
        version=version,
        created_at=dt.datetime.now(dt.UTC),
        annotator=annotator,
        data_hash=data_hash(items),
        n_groups=len(items),
        feature_sets=options.feature_sets,
        sklearn_version=sklearn.__version__,
        min_confidence=options.min_confidence,
        rule_precision=rule_precision(train_items),
        split=SplitInfo(
            seed=options.seed,
            holdout=options.holdout,
            train_games=len({e.game for e in train_items}),
            test_puzzle_ids=tuple(sorted({e.puzzle_id for e in test_items})),
        ),
        classes=tuple(classes),
        features=tuple(names),
        coef=tuple(tuple(r) for r in coef),
        intercept=tuple(intercept),
    )
