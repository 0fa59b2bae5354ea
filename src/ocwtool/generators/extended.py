"""Extended boards: each board plus up to K trick words that seem to fit a group but belong to none.

Candidates are the clues of the store's other boards (real puzzle words), a seeded sample of
:data:`SAMPLE` per board. A candidate's score toward a group is the share of the group's clues that
have a WordNet category (a synset up to 2 hypernym steps above their first senses) in common with it
(the red-herring score of the WordNet baseline's kind; the learned scorer is not used yet). A
candidate scoring at least :data:`MIN_SCORE` seems to fit; then, in order:

* ``low_score``: it seems to fit no group -- rejected (so are all below it);
* ``group_has_trick``: its group has a better trick already (one per group) -- rejected;
* ``clue_form``: it is the same word as a clue (``schema.text.word_forms``: case, spacing, accents,
  plural) -- rejected;
* ``trick_form``: it is the same word as a trick already chosen -- rejected;
* ``fits_rule``: the group's checkable rule (:mod:`.trick_rules`) holds for it, so it would be a
  member -- rejected;
* ``verified``: the group has a rule and the word fails it -- shown on the board (``distractors``);
* ``proposed``: the group has no checkable rule -- kept in the evidence, not on the board.

Candidates are tried best score first (ties: the word) until K tricks are verified.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ocwtool.errors import InputError
from ocwtool.generators.trick_rules import Ancestors, TrickRule, fails, group_rule
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


@dataclass(frozen=True)
class Scored:
    word: str
    group: int
    score: float
    category: str


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
        best = Scored(word, 0, 0.0, "")
        for k, profile in enumerate(profiles):
            for a in sorted(near):
                s = min(profile[a], 4) / 4
                if s > best.score:
                    best = Scored(word, k, s, a)
        out.append(best)
    return sorted(out, key=lambda s: (-s.score, s.word))


def pick(board: Puzzle, scored: Sequence[Scored], k: int, ancestors: Ancestors, tally: Tally) -> list[Trick]:
    """Up to ``k`` tricks, one per group, best first; every candidate's fate is counted."""
    rules = [group_rule(g.clues, ancestors) for g in board.groups]
    clue_forms = {f for c in board.grouped_clues for f in word_forms(c)}
    chosen: list[Trick] = []
    for n, cand in enumerate(scored):
        if sum(t.status == "verified" for t in chosen) >= k:
            break
        if cand.score < MIN_SCORE:  # sorted best first: no later candidate fits either
            tally.tried += len(scored) - n
            tally.rejected["low_score"] += len(scored) - n
            break
        tally.tried += 1
        taken = any(t.group == board.groups[cand.group].id for t in chosen)
        cause = "group_has_trick" if taken else _cause(cand, chosen, clue_forms, rules[cand.group], ancestors)
        if cause is not None:
            tally.rejected[cause] += 1
            continue
        chosen.append(_trick(board, cand, rules[cand.group], ancestors))
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


def _trick(board: Puzzle, cand: Scored, rule: TrickRule | None, anc: Ancestors) -> Trick:
    group = board.groups[cand.group]
    shared = round(cand.score * 4)
    category = f"{anc.label(cand.category)} ({cand.category})"
    fits = f"shares the WordNet category {category} with {shared} of 4 clues"
    status = "verified" if rule is not None else "proposed"
    return Trick(cand.word, group.id, cand.score, fits, rule.text if rule else None, status)


def extend(
    board: Puzzle, pool: Sequence[str], k: int, seed: int, ancestors: Ancestors, tally: Tally
) -> Puzzle:
    """The extended board: ``board`` plus its verified tricks as ``distractors``; every trick's
    evidence (proposed ones too) in ``lineage.params['tricks']`` (JSON)."""
    scored = score_all(board, candidates(board, pool, seed), ancestors)
    tricks = pick(board, scored, k, ancestors, tally)
    shown = tuple(t.word for t in tricks if t.status == "verified")
    clues = (*board.clues, *shown)
    pid = f"ext_{board.id}"
    params = {
        "tricks": json.dumps([t.to_json() for t in tricks], sort_keys=True),
        "trick_words": str(k),
        "scorer": f"wordnet:{ancestors.backend.description}",
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
