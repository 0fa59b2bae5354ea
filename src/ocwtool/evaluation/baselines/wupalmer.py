"""Wu-Palmer similarity as NLTK's ``Synset.wup_similarity`` computes it (WordNet 3.0, default
``simulate_root=True``), with each synset's ancestry walked once instead of once per pair.

NLTK walks both synsets' hypernym graphs breadth first on every call, twice (once per shortest path
to the subsumer), which was about 85% of the WordNet baseline's run time. :class:`WuPalmer` keeps,
per synset, the shortest distance to each ancestor (the same breadth-first walk over ``hypernyms()``
and ``instance_hypernyms()``), then follows NLTK's steps exactly:

1. the candidate subsumers are the common ancestors (each synset counts as its own ancestor), plus
   a fake ``*ROOT*`` of depth 0 unless both synsets are nouns;
2. the lowest common hypernyms are those of the greatest ``min_depth()``, sorted by name; the
   subsumer is the first synset itself if it is one of them, else the first by name;
3. ``depth = max_depth(subsumer) + 1`` (1 for the fake root); each synset's distance to the subsumer
   is the shortest path through a common ancestor (the fake root sits one step above a synset's
   farthest ancestor); the score is ``2 * depth / (len1 + len2 + 2 * depth)``.

Each synset's distance to a subsumer is kept once computed (the same subsumers recur), and
:meth:`WuPalmer.of_ancestries` scores two ancestries directly (the baseline keeps them per clue).

``tests/evaluation/test_baseline_speed.py`` checks the scores equal NLTK's ``wup_similarity`` on
noun, verb, adjective and mixed pairs.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

ROOT = "*ROOT*"


@dataclass(frozen=True)
class Ancestry:
    """A synset's shortest distance to every ancestor (itself at 0), keyed by synset name;
    ``up_root`` adds the fake root one step above the farthest ancestor."""

    name: str
    noun: bool
    up: dict[str, int]
    up_root: dict[str, int]

    def distances(self, simulate_root: bool) -> dict[str, int]:
        """``up``, or ``up_root`` when the root is simulated."""
        return self.up_root if simulate_root else self.up


def walk_up(synset: Any) -> tuple[dict[str, int], dict[str, Any]]:
    """Breadth-first over hypernyms and instance hypernyms: (name -> distance, name -> synset)."""
    queue: deque[tuple[Any, int]] = deque([(synset, 0)])
    up: dict[str, int] = {}
    seen: dict[str, Any] = {}
    while queue:
        node, depth = queue.popleft()
        name = node.name()
        if name in up:
            continue
        up[name], seen[name] = depth, node
        queue.extend((h, depth + 1) for h in (*node.hypernyms(), *node.instance_hypernyms()))
    return up, seen


class WuPalmer:
    """Wu-Palmer scores of synset pairs; every synset's ancestry and depths are computed once, and
    each distance from a synset to a subsumer once."""

    def __init__(self) -> None:
        self._ancestry: dict[str, Ancestry] = {}
        self._synsets: dict[str, Any] = {}
        self._min_depth: dict[str, int] = {ROOT: 0}
        self._max_depth: dict[str, int] = {ROOT: 0}
        self._distance: dict[tuple[str, str, bool], int | None] = {}

    def ancestry(self, synset: Any) -> Ancestry:
        name = synset.name()
        found = self._ancestry.get(name)
        if found is None:
            up, seen = walk_up(synset)
            self._synsets.update(seen)
            with_root = {**up, ROOT: max(up.values()) + 1}
            found = self._ancestry[name] = Ancestry(name, synset.pos() == "n", up, with_root)
        return found

    def min_depth(self, name: str) -> int:
        if name not in self._min_depth:
            self._min_depth[name] = int(self._synsets[name].min_depth())
        return self._min_depth[name]

    def max_depth(self, name: str) -> int:
        if name not in self._max_depth:
            self._max_depth[name] = int(self._synsets[name].max_depth())
        return self._max_depth[name]

    def subsumer(self, a: Ancestry, b: Ancestry, simulate_root: bool) -> str | None:
        """NLTK's ``lowest_common_hypernyms(use_min_depth=True)`` choice, or None when there is none."""
        common = [n for n in a.up if n in b.up] + ([ROOT] if simulate_root else [])
        try:
            depths = {n: self.min_depth(n) for n in common}
        except ValueError:  # NLTK's hypernym-cycle guard: it then finds no subsumer either
            return None
        if not depths:
            return None
        deepest = max(depths.values())
        lowest = sorted(n for n, d in depths.items() if d == deepest)
        return a.name if a.name in lowest else lowest[0]

    def distance(self, a: Ancestry, subsumer: str, simulate_root: bool) -> int | None:
        """NLTK's ``shortest_path_distance`` from ``a`` to one of its ancestors (or the fake root)."""
        key = (a.name, subsumer, simulate_root)
        found = self._distance.get(key, -1)
        if found == -1:
            found = self._distance[key] = self._shortest(a, subsumer, simulate_root)
        return found

    def _shortest(self, a: Ancestry, subsumer: str, simulate_root: bool) -> int | None:
        if a.name == subsumer:
            return 0
        mine = a.distances(simulate_root)
        theirs = {ROOT: 0} if subsumer == ROOT else self._ancestry_of(subsumer).distances(simulate_root)
        found = [d + theirs[n] for n, d in mine.items() if n in theirs]
        return min(found) if found else None

    def _ancestry_of(self, name: str) -> Ancestry:
        return self.ancestry(self._synsets[name])

    def similarity(self, s: Any, t: Any) -> float | None:
        """``s.wup_similarity(t)`` (simulate_root=True, WordNet 3.0), None where NLTK gives None."""
        return self.of_ancestries(self.ancestry(s), self.ancestry(t))

    def of_ancestries(self, a: Ancestry, b: Ancestry) -> float | None:
        """:meth:`similarity` of two synsets given by their ancestries."""
        simulate_root = not (a.noun and b.noun)
        subsumer = self.subsumer(a, b, simulate_root)
        if subsumer is None:
            return None
        depth = self.max_depth(subsumer) + 1
        len1 = self.distance(a, subsumer, simulate_root)
        len2 = self.distance(b, subsumer, simulate_root)
        if len1 is None or len2 is None:
            return None
        return (2.0 * depth) / (len1 + depth + len2 + depth)
