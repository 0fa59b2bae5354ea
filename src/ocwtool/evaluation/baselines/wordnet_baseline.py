"""WordNet baseline: Wu-Palmer similarity between clues, then greedy best quads.

A clue is looked up as a WordNet lemma (spaces -> underscores, NLTK's morphy applies), falling back
to its last word; only its first senses count (NLTK lists the most frequent first), and NLTK is
asked one part of speech at a time until they are found, so the senses cut off are never parsed.
Pairs of clues are scored once and cached across seeds and, in the user cache folder, across runs
(:mod:`.wordnet_table`); Wu-Palmer scores come from :mod:`.wupalmer` (NLTK's scores, each synset's
ancestry walked once). A run groups all its walls at once (:meth:`WordNetBaseline.group_many`: one
numpy pass of greedy best quads over the stack of reordered matrices).

Where a first run on a machine (empty cache folder) spends its time, 494 OCW test walls x 16 seeds,
CPU seconds on the shared 2-core machine (collector paused): NLTK import ~0.5 beyond what the
evaluation imports anyway, opening WordNet ~0.8 (NLTK parses the four index files), looking up the
6,159 clues ~1.0 and their ancestries ~0.6 (NLTK parses ~20,000 synsets), Wu-Palmer for ~205,000
synset pairs ~1.3, the table ~0.1; the rest is the same as a later run. The NLTK part is NLTK's own
parsing; :mod:`ocwtool.resources.wordnet_lines` makes its file reading cheap, and :func:`gc_paused`
keeps Python's collector from re-walking the heap meanwhile.

WordNet 3.0 is opened by the shared loader (``ocwtool.resources.wordnet.open_nltk``:
NLTK's corpus, else the Debian files copied into the cache), the one loader of the codebase.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from ocwtool.evaluation.baselines.common import (
    N_GROUPED,
    Groups,
    groups_from_labels,
    inverse,
    kept_for_grouping,
    positions,
)
from ocwtool.evaluation.baselines.partition import (
    Matrix,
    greedy_quads,
    greedy_quads_many,
    reorder,
    reorder_many,
)
from ocwtool.evaluation.baselines.wordnet_table import PairTable, reader_stamp, table_path
from ocwtool.evaluation.baselines.wupalmer import Ancestry, WuPalmer
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.resources.wordnet import open_nltk

SENSES = 3


@contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for a burst of allocations that all stay alive.

    Opening WordNet (NLTK's index of ~150,000 lemmas) and parsing ~20,000 synsets allocate millions
    of long-lived objects; every full collection meanwhile walks all objects of the process again
    (NLTK, scikit-learn and the walls included) and frees nothing: about a third of a first run's
    WordNet time. Scores do not depend on it; the collector is back on (if it was) on leaving."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def load_reader() -> Any:
    """NLTK's WordNet 3.0 reader from the shared loader (similarity needs NLTK synsets, which
    the backend's ``SynsetInfo`` records do not carry, hence its reader).

    NLTK's ``Synset.wup_similarity`` asks the public ``reader.get_version()`` for every noun pair,
    and that re-reads the data file's header each time (about 60% of the baseline's run time). The
    version of an open reader cannot change, so the reader answers it from memory: same scores,
    about 2.5x faster.
    """
    reader = open_nltk().reader
    version = reader.get_version()
    reader.get_version = lambda: version
    return reader


@functools.cache
def shared_reader() -> Any:
    """One reader per process (opening WordNet takes about 2 s): baselines and players share it."""
    return load_reader()


class WordNetBaseline:
    """Max Wu-Palmer similarity over the first ``senses`` synsets of each clue.

    A wall's similarity matrix is built once, the first time the wall is grouped (pairs in that
    run's order, as before, through the pair cache); every later run only reorders it. With
    ``cache`` (the default; a path: that table file) pair scores are also kept between runs
    (:mod:`.wordnet_table`): a run whose pairs are all known never opens WordNet.
    """

    def __init__(self, senses: int = SENSES, reader: Any = None, cache: bool | Path = True) -> None:
        self.senses = senses
        self._wn: Any = reader
        self._wup = WuPalmer()
        self._synsets: dict[str, list[Any]] = {}
        self._ancestries: dict[str, list[Ancestry]] = {}
        where = cache if isinstance(cache, Path) else table_path(senses) if cache else None
        self._table = PairTable(where, senses)
        if reader is not None:
            self._table.check(reader_stamp(reader, senses))
        self._walls: dict[tuple[str, ...], Matrix] = {}

    def prepare(self, golds: Sequence[GoldWall]) -> None:
        """Score every pair of every wall now (opening WordNet only for pairs not yet in the table),
        then keep the new scores for the next run."""
        with gc_paused():
            for wall in golds:
                words = wall.words
                for i, a in enumerate(words):
                    for b in words[i + 1 :]:
                        self.similarity(a, b)
        self._table.save()

    def reader(self) -> Any:
        """NLTK's WordNet reader, opened on first use (and the pair table checked against it)."""
        if self._wn is None:
            self._wn = shared_reader()
            self._table.check(reader_stamp(self._wn, self.senses))
        return self._wn

    def synsets(self, clue: str) -> list[Any]:
        key = _norm(clue)
        if key not in self._synsets:
            found = self.first_senses(key.replace(" ", "_")) if key else []
            if not found and " " in key:
                found = self.first_senses(key.split()[-1])
            self._synsets[key] = found
        return self._synsets[key]

    def ancestries(self, clue: str) -> list[Ancestry]:
        """The ancestries (:mod:`.wupalmer`) of the clue's first senses, looked up once per clue."""
        key = _norm(clue)
        if key not in self._ancestries:
            self._ancestries[key] = [self._wup.ancestry(s) for s in self.synsets(clue)]
        return self._ancestries[key]

    def first_senses(self, lemma: str) -> list[Any]:
        """``wn.synsets(lemma)[:senses]``, asked part of speech by part of speech in NLTK's own order
        (``POS_LIST``: nouns, verbs, adjectives, adverbs) and stopping once there are enough: the
        same synsets, without parsing the senses that would be cut off (NLTK parses every synset it
        returns)."""
        from nltk.corpus.reader.wordnet import POS_LIST

        wn = self.reader()
        found: list[Any] = []
        for pos in POS_LIST:
            if len(found) >= self.senses:
                break
            found += wn.synsets(lemma, pos=pos)
        return found[: self.senses]

    def similarity(self, a: str, b: str) -> float:
        """The best Wu-Palmer score over the clues' first senses (0.0 without any)."""
        first, second = (a, b) if a <= b else (b, a)
        pair = (_norm(first), _norm(second))
        score = self._table.scores.get(pair)
        if score is None:
            wup = self._wup.of_ancestries
            scores = [wup(s, t) or 0.0 for s in self.ancestries(first) for t in self.ancestries(second)]
            score = max(scores, default=0.0)
            self._table.add(pair, score)
        return score

    def matrix(self, words: Sequence[str]) -> Matrix:
        """Pairwise similarities of ``words`` (pairs taken in order, i < j; zero diagonal)."""
        n = len(words)
        sim = np.zeros((n, n))
        for i in range(n):
            for j in range(i + 1, n):
                sim[i, j] = sim[j, i] = self.similarity(words[i], words[j])
        return sim

    def group(self, wall: GoldWall, words: list[str], seed: int) -> Groups:
        if len(words) > N_GROUPED:  # a board with distractors: set the loosest words aside first
            kept = [words[i] for i in kept_for_grouping(self.matrix(words))]
            return groups_from_labels(kept, greedy_quads(self.matrix(kept)))
        return self.group_many([wall], [words], seed)[0]

    def group_many(self, walls: Sequence[GoldWall], words: Sequence[list[str]], seed: int) -> list[Groups]:
        """Every wall of one run at once: each wall's matrix reordered to the run's order, then greedy
        best quads for the whole stack (:func:`.partition.greedy_quads_many`, the same labels).
        Boards with distractors are grouped one by one (:meth:`group`)."""
        if any(len(ws) > N_GROUPED for ws in words):
            return self._mixed(walls, words, seed)
        if not walls:
            return []
        orders = np.array([positions(w.words, ws) for w, ws in zip(walls, words, strict=True)], dtype=np.intp)
        base = np.stack(
            [self._canonical(w, ws, order) for w, ws, order in zip(walls, words, orders, strict=True)]
        )
        labels = greedy_quads_many(reorder_many(base, orders))
        return [groups_from_labels(ws, row) for ws, row in zip(words, labels, strict=True)]

    def _mixed(self, walls: Sequence[GoldWall], words: Sequence[list[str]], seed: int) -> list[Groups]:
        """A run with boards of 16 + k words: the 16-word ones in one batch, the others one by one."""
        plain = [i for i, ws in enumerate(words) if len(ws) <= N_GROUPED]
        batch = self.group_many([walls[i] for i in plain], [words[i] for i in plain], seed)
        done = dict(zip(plain, batch, strict=True))
        return [done[i] if i in done else self.group(walls[i], words[i], seed) for i in range(len(walls))]

    def _canonical(self, wall: GoldWall, words: list[str], order: Sequence[int]) -> Matrix:
        """The wall's matrix in its canonical clue order, built once (pairs in this run's order)."""
        if wall.words not in self._walls:
            self._walls[wall.words] = reorder(self.matrix(words), inverse(list(order)))
        return self._walls[wall.words]


def _norm(clue: str) -> str:
    """How a clue is looked up: lower-cased and stripped (spaces become ``_`` for WordNet)."""
    return clue.lower().strip()
