"""Learn the red-herring scorer from decoys mined from play (pure, scikit-learn deferred).

Every clue of a played puzzle paired with every other group is one example. Its target is the share
of the puzzle's players who put the clue with three clues of that group (an *intruder*): the fit
sees each pair twice, as "pulled" weighted by that share and as "not pulled" weighted by the rest,
so each puzzle weighs the same however many players it had. Games (the same clue set under two
ids is one game) are split with a seed into training and held-out games; the held-out games are
never seen in training.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ocwtool.annotations.decoys.mine import players_of
from ocwtool.annotations.decoys.records import play_of
from ocwtool.annotations.herring_model.features import Features, Pair, featurize
from ocwtool.annotations.herring_model.model import HerringModel
from ocwtool.annotations.prelabel.features import Embedder
from ocwtool.annotations.prelabel.model import SplitInfo
from ocwtool.annotations.prelabel.train import MIN_GAMES, ModelOptions, game_key
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle

REGULARISATION = 1.0


@dataclass(frozen=True)
class Played:
    """A puzzle played by ``exposed`` players, and per (clue number, other group) how many pulled it."""

    puzzle: Puzzle
    exposed: int
    pulled: Mapping[tuple[int, int], int]

    @property
    def game(self) -> str:
        return game_key(self.puzzle.clues)

    def share(self, pair: Pair) -> float:
        return self.pulled.get((pair.number, pair.other), 0) / self.exposed


@dataclass(frozen=True)
class HerringOptions(ModelOptions):
    """What ``annotate train --task red-herrings`` chooses (the name checked as any model's)."""


def played(puzzles: Sequence[Puzzle], records: Mapping[str, ItemRecord]) -> list[Played]:
    """The records mined from play joined with their puzzles, one per game (first id wins)."""
    by_id = {p.id: p for p in puzzles}
    out, seen = [], set()
    for pid, rec in sorted(records.items()):
        puzzle = by_id.get(pid)
        if puzzle is None or not rec.played_by or game_key(puzzle.clues) in seen:
            continue
        seen.add(game_key(puzzle.clues))
        wall = play_of(puzzle, rec)
        pulled = {
            (m.clues[0], m.toward): len(players_of(by))
            for m, by in wall.mistakes.items()
            if m.kind == "intruder" and m.toward is not None
        }
        out.append(Played(puzzle, len(players_of(wall.exposed)), pulled))
    return out


def data_hash(items: Sequence[Played]) -> str:
    """sha256 of the training data (puzzle, its groups, players, pulls), order-independent."""
    rows = sorted(
        json.dumps([p.puzzle.id, [g.clues for g in p.puzzle.groups], p.exposed, sorted(p.pulled.items())])
        for p in items
    )
    return hashlib.sha256("\n".join(rows).encode("utf-8")).hexdigest()


def split_games(
    items: Sequence[Played], holdout: float, seed: int, reserved: frozenset[str] = frozenset()
) -> tuple[list[Played], list[Played]]:
    """Training and held-out puzzles, split by game with a seed; ``reserved`` games (those whose trap
    groups the evaluation counts) are always held out."""
    from sklearn.model_selection import GroupShuffleSplit  # deferred: scikit-learn takes a second

    free = [p for p in items if p.game not in reserved]
    if len(free) < MIN_GAMES:
        raise AnnotationError(f"training needs puzzles played in {MIN_GAMES}+ games; found {len(free)}")
    splitter = GroupShuffleSplit(n_splits=1, test_size=holdout, random_state=seed)
    train_idx, test_idx = next(splitter.split(free, groups=[p.game for p in free]))
    return [free[i] for i in train_idx], [free[i] for i in test_idx] + [
        p for p in items if p.game in reserved
    ]


def fit(rows: Sequence[tuple[Features, float]]) -> tuple[list[str], list[float], float]:
    """Weighted logistic regression: (feature names, coefficients, intercept)."""
    from sklearn.feature_extraction import DictVectorizer  # deferred: scikit-learn
    from sklearn.linear_model import LogisticRegression

    if not any(share > 0 for _, share in rows) or all(share >= 1 for _, share in rows):
        raise AnnotationError("training needs clues some players pulled toward another group and some not")
    vec = DictVectorizer()
    x = vec.fit_transform([f for f, _ in rows] * 2)
    y = [1] * len(rows) + [0] * len(rows)
    weights = [s for _, s in rows] + [1 - s for _, s in rows]
    clf = LogisticRegression(C=REGULARISATION, max_iter=5000)
    clf.fit(x, y, sample_weight=weights)
    names = [str(n) for n in vec.get_feature_names_out()]
    return names, clf.coef_[0].round(6).tolist(), round(float(clf.intercept_[0]), 6)


def train(
    items: Sequence[Played],
    annotator: str,
    options: HerringOptions,
    version: int,
    embedder: Embedder | None = None,
    reserved: frozenset[str] = frozenset(),
) -> HerringModel:
    """Fit on the training games (the caller adds the held-out evaluation)."""
    import sklearn  # deferred: scikit-learn

    train_items, test_items = split_games(items, options.holdout, options.seed, reserved)
    by_id = {p.puzzle.id: p for p in train_items}
    feats = featurize([p.puzzle for p in train_items], options.feature_sets, embedder)
    names, coef, intercept = fit([(f, by_id[pair.puzzle_id].share(pair)) for pair, f in feats])
    return HerringModel(
        name=options.name,
        version=version,
        created_at=dt.datetime.now(dt.UTC),
        annotator=annotator,
        data_hash=data_hash(items),
        n_puzzles=len(items),
        n_pairs=len(feats),
        feature_sets=options.feature_sets,
        sklearn_version=sklearn.__version__,
        split=SplitInfo(
            seed=options.seed,
            holdout=options.holdout,
            train_games=len(train_items),
            test_puzzle_ids=tuple(sorted(p.puzzle.id for p in test_items)),
        ),
        train_puzzle_ids=tuple(sorted(p.puzzle.id for p in train_items)),
        features=tuple(names),
        coef=tuple(coef),
        intercept=intercept,
    )
