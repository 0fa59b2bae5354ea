"""A saved red-herring scorer applied to puzzles: each clue's pull toward every other group, the
red-herring words and decoy themes ``annotate suggest`` writes (the rules' cues kept as reasons)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ocwtool.annotations.herring_model.features import Features, Pair, featurize
from ocwtool.annotations.herring_model.model import HerringModel
from ocwtool.annotations.herring_model.themes import themes
from ocwtool.annotations.herrings import numbered_clues, red_herring_words
from ocwtool.annotations.prelabel.features import Embedder
from ocwtool.schema.annotations import RedHerringCategory, RedHerringWord
from ocwtool.schema.models import Puzzle

FEATURE_NAMES = {
    "emb:": "meaning close to the group (MiniLM)",
    "wn:": "WordNet relations to the group's clues",
    "rule:": "the rules' red-herring flag",
    "txt:": "letters shared with the group's clues",
}


@dataclass(frozen=True)
class Scored:
    """One puzzle's pairs with their features and the model's probabilities."""

    puzzle: Puzzle
    pulls: dict[tuple[int, int], float]
    rows: dict[tuple[int, int], Features]

    def pull(self, number: int, group: int) -> float:
        return self.pulls.get((number, group), 0.0)

    def best(self, number: int) -> tuple[int, float]:
        """The other group the clue is most likely pulled toward, and that probability."""
        return max(((k, p) for (n, k), p in self.pulls.items() if n == number), key=lambda kp: kp[1])

    def clue_scores(self) -> list[float]:
        """Each clue's chance of being pulled toward some other group (1 - the product of the chances
        it is not pulled toward each), in clue-number order (1-16)."""
        return [
            1 - math.prod(1 - p for (n, _), p in self.pulls.items() if n == c.number)
            for c in numbered_clues(self.puzzle)
        ]


def score_puzzles(
    model: HerringModel, puzzles: Sequence[Puzzle], embedder: Embedder | None = None
) -> list[Scored]:
    """Every puzzle's pulls, features computed in one batch."""
    feats = featurize(puzzles, model.feature_sets, embedder)
    probs = model.proba([f for _, f in feats])
    by_puzzle: dict[str, list[tuple[Pair, Features, float]]] = {}
    for (pair, f), p in zip(feats, probs, strict=True):
        by_puzzle.setdefault(pair.puzzle_id, []).append((pair, f, float(p)))
    out = []
    for puzzle in puzzles:
        got = by_puzzle.get(puzzle.id, [])
        pulls = {(pair.number, pair.other): p for pair, _, p in got}
        out.append(Scored(puzzle, pulls, {(pair.number, pair.other): f for pair, f, _ in got}))
    return out


def _because(model: HerringModel, row: Features) -> str:
    named: dict[str, float] = {}
    for name, value in model.top(row, n=len(model.features)):
        key = next((v for k, v in FEATURE_NAMES.items() if name.startswith(k)), "board position")
        named[key] = named.get(key, 0.0) + value
    top = sorted(named.items(), key=lambda kv: -kv[1])[:2]
    return ", ".join(f"{k} (+{v:.2f})" for k, v in top) or "no single strong cue"


def words(model: HerringModel, scored: Scored, min_score: float) -> tuple[RedHerringWord, ...]:
    """One red-herring word per clue whose best pull reaches ``min_score`` (its best other group)."""
    puzzle = scored.puzzle
    rules = {(w.clue_number, w.fits_group): w.reason for w in red_herring_words(puzzle)}
    out = []
    for clue in numbered_clues(puzzle):
        k, p = scored.best(clue.number)
        if p < min_score:
            continue
        group = puzzle.groups[k]
        reason = f"{clue.text} toward {group.connection or group.id!r}: model {model.tag} p={p:.2f}"
        reason += f" because {_because(model, scored.rows[(clue.number, k)])}"
        rule = rules.get((clue.number, group.id))
        reason += f"; rules: {rule}" if rule else ""
        out.append(
            RedHerringWord(
                clue=clue.text, clue_number=clue.number, fits_group=group.id, reason=reason, score=round(p, 4)
            )
        )
    return tuple(out)


def categories(scored: Scored, embedder: Embedder | None) -> tuple[RedHerringCategory, ...]:
    """The puzzle's decoy themes with their scores (mean link, clamped to 0-1)."""
    return tuple(
        RedHerringCategory(
            clue_numbers=tuple(c.number for c in t.clues),
            clues=tuple(c.text for c in t.clues),
            theme=f"decoy theme: {', '.join(c.text for c in t.clues)} (strongest link: {t.why})",
            score=round(min(1.0, max(0.0, t.score)), 4),
        )
        for t in themes(scored.puzzle, embedder, scored.pull)
    )
