"""Extended boards: each board plus up to K trick words that seem to fit a group but belong to none.

Candidates are the clues of the store's other boards (real puzzle words), a seeded sample of
:data:`SAMPLE` per board. A :class:`FitScorer` says, for each candidate, the group it seems to fit
best, how much (a score), whether that is enough to seem to fit, and why. The caller chooses the
scorer (the CLI composes it: the learned red-herring scorer where a model is saved in the workspace,
else MiniLM where the ``[embed]`` extra is installed, else WordNet); the default, :class:`WordNetFit`,
scores a candidate by the share of a group's clues that have a WordNet category (a synset up to 2
hypernym steps above their first senses) in common with it, and it seems to fit from
:data:`MIN_SCORE`. Then, in order:

* ``low_score``: it seems to fit no group -- rejected (so are all below it);
* ``group_has_trick``: its group has a better trick already (one per group) -- rejected;
* ``clue_form``: it is the same word as a clue (``schema.text.word_forms``: case, spacing, accents,
  plural) -- rejected;
* ``trick_form``: it is the same word as a trick already chosen -- rejected;
* ``fits_rule``: the group's checkable rule (:mod:`.trick_rules`) holds for it, so it would be a
  member -- rejected;
* ``verified``: the group has a rule and the word fails it -- shown on the board (``distractors``);
* ``proposed``: the group has no checkable rule -- kept in the evidence, not on the board.

Candidates are tried best first (those that seem to fit, by score, ties: the word) until K tricks
are verified.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ocwtool.errors import InputError
from ocwtool.generators.trick_rules import Ancestors, TrickRule, evidence, fails, group_rule
from ocwtool.schema.board import order_of
from ocwtool.schema.models import MAX_DISTRACTORS, Lineage, Provenance, Puzzle
from ocwtool.schema.text import word_forms

GENERATOR_VERSION = "1"
SAMPLE = 300
MIN_SCORE = 0.5
CAUSES = ("low_score", "group_has_trick", "clue_form", "trick_form", "fits_rule")


@dataclass(frozen=True)
class Trick:
    """One trick word and its evidence: the group it seems to fit, why, and the rule it fails."""

    word: str
    group: str
    score: float
    fits: str
    rule: str | None
    status: str  # verified | proposed

    def to_json(self) -> dict[str, object]:
        return {
            "word": self.word,
            "group": self.group,
            "score": round(self.score, 4),
            "seems_to_fit": self.fits,
            "fails_rule": self.rule,
            "status": self.status,
        }


@dataclass
class Tally:
    """Candidates tried and what became of them (the summary's counts)."""

    tried: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    verified: int = 0
    proposed: int = 0
    rules: Counter[str] = field(default_factory=Counter)  # the boards' groups by checkable rule kind
    verified_rules: Counter[str] = field(default_factory=Counter)  # verified tricks by their rule's kind


@dataclass(frozen=True)
class Scored:
    """A candidate's best group (0-based), its score toward it, whether it seems to fit, and why."""

    word: str
    group: int
    score: float
    fits: bool
    why: str


class FitScorer(Protocol):
    """Scores how much each word seems to fit a group of ``board`` (one :class:`Scored` per word);
    ``name`` goes into each board's lineage and the summary."""

    name: str

    def __call__(self, board: Puzzle, words: Sequence[str]) -> list[Scored]: ...


ScorerFactory = Callable[[Ancestors], FitScorer]  # what the CLI passes: WordNet is opened in the build


class WordNetFit:
    """The WordNet scorer: the share of a group's clues sharing a category with the word."""

    def __init__(self, ancestors: Ancestors) -> None:
        self.ancestors = ancestors
        self.name = f"wordnet:{ancestors.backend.description}"

    def __call__(self, board: Puzzle, words: Sequence[str]) -> list[Scored]:
        return score_all(board, words, self.ancestors)


def candidates(board: Puzzle, pool: Sequence[str], seed: int) -> list[str]:
    """A seeded sample of the other boards' clues (the same word as a clue is rejected later, and
    counted)."""
    rng = random.Random(f"{seed}:{board.id}")
    words = sorted(set(pool) - set(board.clues))
    return rng.sample(words, min(SAMPLE, len(words)))


def score_all(board: Puzzle, words: Sequence[str], ancestors: Ancestors) -> list[Scored]:
    """Each word's best group: the share of its clues with a category in common, and that category."""
    profiles = [Counter(a for c in g.clues for a in ancestors.near(c)) for g in board.groups]
    out = []
    for word in words:
        near = ancestors.near(word)
        group, score, category = 0, 0.0, ""
        for k, profile in enumerate(profiles):
            for a in sorted(near):
                s = min(profile[a], 4) / 4
                if s > score:
                    group, score, category = k, s, a
        label = f"{ancestors.label(category)} ({category})"
        why = f"shares the WordNet category {label} with {round(score * 4)} of 4 clues"
        out.append(Scored(word, group, score, score >= MIN_SCORE, why))
    return out


def ranked(scored: Sequence[Scored]) -> list[Scored]:
    """Best first: those that seem to fit, by score, then the word (deterministic)."""
    return sorted(scored, key=lambda s: (not s.fits, -s.score, s.word))


def pick(board: Puzzle, scored: Sequence[Scored], k: int, ancestors: Ancestors, tally: Tally) -> list[Trick]:
    """Up to ``k`` tricks, one per group, best first; every candidate's fate is counted."""
    rules = [group_rule(g.clues, ancestors) for g in board.groups]
    tally.rules.update(r.kind if r else "none" for r in rules)
    clue_forms = {f for c in board.grouped_clues for f in word_forms(c)}
    chosen: list[Trick] = []
    for n, cand in enumerate(scored):
        if sum(t.status == "verified" for t in chosen) >= k:
            break
        if not cand.fits:  # ranked: no later candidate seems to fit either
            tally.tried += len(scored) - n
            tally.rejected["low_score"] += len(scored) - n
            break
        tally.tried += 1
        taken = any(t.group == board.groups[cand.group].id for t in chosen)
        cause = "group_has_trick" if taken else _cause(cand, chosen, clue_forms, rules[cand.group], ancestors)
        if cause is not None:
            tally.rejected[cause] += 1
            continue
        rule = rules[cand.group]
        chosen.append(_trick(board, cand, rule, ancestors))
        if rule is not None:
            tally.verified_rules[rule.kind] += 1
    tally.verified += sum(t.status == "verified" for t in chosen)
    tally.proposed += sum(t.status == "proposed" for t in chosen)
    return chosen


def _cause(
    cand: Scored, chosen: Sequence[Trick], clue_forms: set[str], rule: TrickRule | None, anc: Ancestors
) -> str | None:
    forms = word_forms(cand.word)
    if forms & clue_forms:
        return "clue_form"
    if any(forms & word_forms(t.word) for t in chosen):
        return "trick_form"
    if rule is not None and not fails(rule, cand.word, anc):
        return "fits_rule"
    return None


def _trick(board: Puzzle, cand: Scored, rule: TrickRule | None, ancestors: Ancestors) -> Trick:
    group = board.groups[cand.group]
    status = "verified" if rule is not None else "proposed"
    why = evidence(rule, cand.word, ancestors) if rule is not None else None
    return Trick(cand.word, group.id, cand.score, cand.why, why, status)


def extend(
    board: Puzzle,
    pool: Sequence[str],
    k: int,
    seed: int,
    ancestors: Ancestors,
    tally: Tally,
    scorer: FitScorer | None = None,
) -> Puzzle:
    """The extended board: ``board`` plus its verified tricks as ``distractors``; every trick's
    evidence (proposed ones too) in ``lineage.params['tricks']`` (JSON). ``scorer``: who says a
    candidate seems to fit (default :class:`WordNetFit`)."""
    scorer = scorer or WordNetFit(ancestors)
    scored = ranked(scorer(board, candidates(board, pool, seed)))
    tricks = pick(board, scored, k, ancestors, tally)
    shown = tuple(t.word for t in tricks if t.status == "verified")
    clues = (*board.clues, *shown)
    pid = f"ext_{board.id}"
    params = {
        "tricks": json.dumps([t.to_json() for t in tricks], sort_keys=True),
        "trick_words": str(k),
        "scorer": scorer.name,
    }
    return board.model_copy(
        update={
            "id": pid,
            "clues": clues,
            "distractors": shown,
            "board_order": order_of(clues, [g.clues for g in board.groups], None, shown),  # tricks at the end
            "provenance": Provenance(source=f"{board.game.value}-extended", parser_version=GENERATOR_VERSION),
            "lineage": Lineage(kind="extended", seed=seed, parents=(board.id,), params=params),
        }
    )


def check_k(k: int) -> None:
    """``K`` must be 0..4: a board shows at most :data:`MAX_DISTRACTORS` words of no group."""
    if not 0 <= k <= MAX_DISTRACTORS:
        raise InputError(
            f"--trick-words {k}: a board shows at most {MAX_DISTRACTORS} trick words; "
            f"choose 0 to {MAX_DISTRACTORS}"
        )
