"""Which of a record's red-herring words are put to an annotator as decoys (pure).

Shared by the terminal labeller (:mod:`ocwtool.annotations.herring_review`) and the Label Studio
tasks (:mod:`ocwtool.annotations.labelstudio.decoys`), so both show the same decoys: words with a
``score`` (the rules' flags carry none and barely predict what players fall for) that still name a
clue of the puzzle, by number and text, and another of its groups; highest score first (ties: clue
number, then group), one per clue and group, at most ``top``.
"""

from __future__ import annotations

from ocwtool.annotations.herrings import numbered_clues
from ocwtool.schema.annotations import ItemRecord, RedHerringWord
from ocwtool.schema.models import Puzzle

TOP = 4  # decoys shown per puzzle: more than a board's usual 2-3, few enough to answer quickly


def fits(puzzle: Puzzle, word: RedHerringWord) -> bool:
    """The word names a clue of this puzzle, by number and text, and another of its groups (a word
    left from an earlier version of the puzzle does not)."""
    clues = numbered_clues(puzzle)
    ids = [g.id for g in puzzle.groups]
    if not 1 <= word.clue_number <= len(clues) or word.fits_group not in ids:
        return False
    clue = clues[word.clue_number - 1]
    return clue.text == word.clue and ids.index(word.fits_group) != clue.group


def shown_decoys(puzzle: Puzzle, record: ItemRecord | None, top: int = TOP) -> tuple[RedHerringWord, ...]:
    """The record's decoys to show for ``puzzle``: scored words that fit it, best first, at most ``top``."""
    if record is None:
        return ()
    words = [w for w in record.red_herring_words if w.score is not None and fits(puzzle, w)]
    words.sort(key=lambda w: (-(w.score or 0.0), w.clue_number, w.fits_group))
    seen: set[tuple[int, str]] = set()
    shown = []
    for w in words:
        if (w.clue_number, w.fits_group) not in seen:
            seen.add((w.clue_number, w.fits_group))
            shown.append(w)
    return tuple(shown[:top])
