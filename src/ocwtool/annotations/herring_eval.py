"""Red-herring suggestions scored against reviewed trap groups (e.g. Connections Eval's, imported as
the annotator ``connections-eval``).

Only puzzles the reference reviewed count (its labelled records; a record without red herrings is a
puzzle reviewed as trap-free). Two views:

* per clue: is the clue part of a suggested red herring (a red-herring word or a decoy category)
  and part of a reference trap? precision, recall and F1 over the 16 clues of every puzzle;
* per category: a suggested decoy category *hits* a reference trap group when they share three
  or more clues; precision = suggested categories that hit, recall = trap groups hit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

from ocwtool.annotations.herrings import red_herring_categories, red_herring_words
from ocwtool.schema.annotations import ItemRecord, RedHerringCategory
from ocwtool.schema.models import N_CLUES, Puzzle

HIT = 3


@dataclass(frozen=True)
class HerringScore:
    """Clue-level and category-level agreement with the reference traps."""

    puzzles: int
    trap_free: int
    clue_precision: float | None
    clue_recall: float | None
    clue_f1: float | None
    categories_suggested: int
    traps: int
    category_precision: float | None
    category_recall: float | None


def herring_clues(record: ItemRecord) -> set[int]:
    """Clue numbers in any red-herring word or category of a record."""
    return {w.clue_number for w in record.red_herring_words} | {
        n for c in record.red_herring_categories for n in c.clue_numbers
    }


def suggested(puzzle: Puzzle) -> tuple[set[int], tuple[RedHerringCategory, ...]]:
    """The rules' red-herring clues and decoy categories for one puzzle."""
    cats = red_herring_categories(puzzle)
    return {w.clue_number for w in red_herring_words(puzzle)} | {
        n for c in cats for n in c.clue_numbers
    }, cats


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def score_herrings(puzzles: Sequence[Puzzle], reference: Mapping[str, ItemRecord]) -> HerringScore:
    """Score the suggestions on the puzzles the reference labelled."""
    tp = fp = fn = cat_hits = cats = trap_hits = traps = free = n = 0
    for puzzle in puzzles:
        ref = reference.get(puzzle.id)
        if ref is None or ref.status != "labelled":
            continue
        n += 1
        gold = herring_clues(ref)
        free += not gold
        said, decoys = suggested(puzzle)
        tp, fp, fn = tp + len(said & gold), fp + len(said - gold), fn + len(gold - said)
        trap_sets = [set(c.clue_numbers) for c in ref.red_herring_categories]
        cats += len(decoys)
        cat_hits += sum(any(len(set(d.clue_numbers) & t) >= HIT for t in trap_sets) for d in decoys)
        traps += len(trap_sets)
        trap_hits += sum(any(len(set(d.clue_numbers) & t) >= HIT for d in decoys) for t in trap_sets)
    precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    f1 = 2 * precision * recall / (precision + recall) if precision and recall else None
    return HerringScore(
        n, free, precision, recall, f1, cats, traps, _ratio(cat_hits, cats), _ratio(trap_hits, traps)
    )


def render(score: HerringScore, reference: str) -> str:
    """Plain-text report."""

    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{100 * x:.1f} %"

    return "\n".join(
        [
            f"red herrings vs {reference}: {score.puzzles} reviewed puzzles ({score.trap_free} trap-free), "
            f"{score.puzzles * N_CLUES} clues",
            f"  per clue: precision {pct(score.clue_precision)}, recall {pct(score.clue_recall)}, "
            f"F1 {pct(score.clue_f1)}",
            f"  per category ({HIT}+ shared clues): {score.categories_suggested} suggested, "
            f"precision {pct(score.category_precision)}; {score.traps} trap groups, "
            f"recall {pct(score.category_recall)}",
        ]
    )


def as_json(score: HerringScore) -> dict[str, object]:
    return asdict(score)
