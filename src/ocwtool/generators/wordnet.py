"""OCW-WordNet: an easy wall per original wall, made of WordNet synonym groups (OCW App. C.1.2).

No code was published; this is the rule inferred from the paper and its one public example:

* walk the original wall's clues in display order; for each clue ``c`` scan ``synsets(c)`` in lookup
  order and take the first synset whose lemma names plus ``c`` give at least 4 distinct strings
  (case-sensitive);
* the sampling pool is the synset's lemma names; ``c`` joins it only when the lemmas alone are fewer
  than 4; the group is 4 strings sampled from the pool, verbatim (underscores and case kept);
* connection ``f"{c}: {definition}"``; ids ``easy_<wall id>`` and ``easy_<wall id>_<k>`` (k = 1..4);
  stop at 4 groups; ``clues`` are the groups concatenated, unshuffled (as published: a leak).

Ours, not the paper's (documented, and all off by default except the seeded RNG the paper never
specified):

* RNG: ``random.Random(f"{seed}:{wall id}")`` per wall, so a wall's groups do not depend on which
  other walls are processed;
* ``dedupe``: strings already on the new wall are removed from later pools before the rule is applied;
* ``fallback``: walls with fewer than 4 groups are completed from hypernyms (category groups: the
  first hypernym, over the unused clues' synsets in order, with at least 4 distinct hyponym names;
  4 of those first lemma names are sampled; connection ``f"{hypernym lemma}: {definition}"``);
* ``shuffle``: the 16 clues are shuffled with the wall's RNG (the corrected mode of the leak).

Walls that still have fewer than 4 groups produce no puzzle and are listed in the result.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ocwtool.resources.wordnet import SynsetInfo, WordNetBackend
from ocwtool.schema.board import BoardOrder, order_of
from ocwtool.schema.models import (
    N_GROUPS,
    Flag,
    Group,
    Lineage,
    Provenance,
    Puzzle,
    content_flags,
    sorted_flags,
)

GENERATOR_VERSION = "1"
GROUP_SIZE = 4


@dataclass(frozen=True)
class WordNetOptions:
    """Switches of the WordNet generator; see the module docstring for which ones are ours."""

    seed: int = 42
    fallback: bool = False
    dedupe: bool = False
    shuffle: bool = False


@dataclass(frozen=True)
class Pick:
    """One group chosen for a wall: its strings, connection and where it came from."""

    clues: tuple[str, str, str, str]
    connection: str
    synset: str
    clue: str
    with_clue: bool = False
    fallback: bool = False


@dataclass(frozen=True)
class WallOutcome:
    """The picks made for one original wall and the puzzle, if 4 groups were found."""

    parent: str
    picks: tuple[Pick, ...]
    puzzle: Puzzle | None


@dataclass(frozen=True)
class WordNetResult:
    """Every wall's outcome plus counts for the summary."""

    outcomes: tuple[WallOutcome, ...]
    backend: str
    options: WordNetOptions
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        return tuple(o.puzzle for o in self.outcomes if o.puzzle is not None)


def rule_pool(clue: str, synset: SynsetInfo, taken: frozenset[str] = frozenset()) -> list[str] | None:
    """The sampling pool the rule gives for ``clue`` and ``synset``, or ``None`` if it does not qualify.

    ``taken`` (only with ``dedupe``) removes strings already on the new wall first."""
    lemmas = [x for x in dict.fromkeys(synset.lemmas) if x not in taken]
    if len(lemmas) >= GROUP_SIZE:
        return lemmas
    if clue in lemmas or clue in taken:
        return None
    return [*lemmas, clue] if len(lemmas) + 1 >= GROUP_SIZE else None


def first_qualifying(
    clue: str, synsets: Iterable[SynsetInfo], taken: frozenset[str] = frozenset()
) -> tuple[SynsetInfo, list[str]] | None:
    """The first synset (lookup order) that qualifies for ``clue``, with its pool."""
    for synset in synsets:
        pool = rule_pool(clue, synset, taken)
        if pool is not None:
            return synset, pool
    return None


def wall_rng(seed: int, wall_id: str) -> random.Random:
    """The RNG of one wall (ours: the paper does not say which RNG or seed it used)."""
    return random.Random(f"{seed}:{wall_id}")


def rule_picks(clues: Sequence[str], backend: WordNetBackend, rng: random.Random, dedupe: bool) -> list[Pick]:
    """Groups by the inferred rule, walking ``clues`` in order and stopping at 4."""
    picks: list[Pick] = []
    for clue in clues:
        if len(picks) == N_GROUPS:
            break
        found = first_qualifying(clue, backend.synsets(clue), _taken(picks, dedupe))
        if found is None:
            continue
        synset, pool = found
        sample = tuple(rng.sample(pool, GROUP_SIZE))
        picks.append(Pick(sample, f"{clue}: {synset.definition}", synset.name, clue, clue in sample))  # type: ignore[arg-type]
    return picks


def fallback_picks(
    clues: Sequence[str], backend: WordNetBackend, rng: random.Random, picks: list[Pick], dedupe: bool
) -> list[Pick]:
    """Ours: complete a wall from hypernym categories, over the clues that gave no group."""
    out = list(picks)
    used = {p.synset for p in picks}
    for clue in [c for c in clues if c not in {p.clue for p in picks}]:
        for synset in backend.synsets(clue):
            for hyper in backend.hypernyms(synset.name):
                if len(out) == N_GROUPS:
                    return out
                if hyper.name in used:
                    continue
                taken = _taken(out, dedupe)
                names = [h.lemmas[0] for h in backend.hyponyms(hyper.name) if h.lemmas]
                pool = [x for x in dict.fromkeys(names) if x not in taken]
                if len(pool) >= GROUP_SIZE:
                    used.add(hyper.name)
                    sample = tuple(rng.sample(pool, GROUP_SIZE))
                    text = f"{hyper.lemmas[0]}: {hyper.definition}"
                    out.append(Pick(sample, text, hyper.name, clue, fallback=True))  # type: ignore[arg-type]
    return out


def _taken(picks: Sequence[Pick], dedupe: bool) -> frozenset[str]:
    return frozenset(c for p in picks for c in p.clues) if dedupe else frozenset()


def generate_wall(parent: Puzzle, backend: WordNetBackend, options: WordNetOptions) -> WallOutcome:
    """The easy wall of one original wall (``puzzle`` is ``None`` when fewer than 4 groups exist)."""
    rng = wall_rng(options.seed, parent.id)
    picks = rule_picks(parent.clues, backend, rng, options.dedupe)
    if options.fallback and len(picks) < N_GROUPS:
        picks = fallback_picks(parent.clues, backend, rng, picks, options.dedupe)
    if len(picks) < N_GROUPS:
        return WallOutcome(parent.id, tuple(picks), None)
    return WallOutcome(parent.id, tuple(picks), _puzzle(parent, picks, rng, backend.description, options))


def _puzzle(
    parent: Puzzle, picks: list[Pick], rng: random.Random, backend: str, options: WordNetOptions
) -> Puzzle:
    pid = f"easy_{parent.id}"
    groups = tuple(
        Group(id=f"{pid}_{k}", clues=p.clues, connection=p.connection) for k, p in enumerate(picks, start=1)
    )
    clues = [c for p in picks for c in p.clues]
    if options.shuffle:
        rng.shuffle(clues)
    source = f"{parent.game.value}-wordnet"
    params = {
        "backend": backend,
        "synsets": ",".join(p.synset for p in picks),
        "rng": f"random.Random('{options.seed}:{parent.id}')",
        "options": ",".join(k for k in ("fallback", "dedupe", "shuffle") if getattr(options, k)) or "none",
    }
    return Puzzle(
        id=pid,
        game=parent.game,
        source=source,
        clues=tuple(clues),
        groups=groups,
        board_order=order_of(
            clues, [g.clues for g in groups], BoardOrder.SHUFFLED if options.shuffle else None
        ),
        split=parent.split,
        flags=sorted_flags(content_flags(clues, (g.connection for g in groups))),
        ocw=parent.ocw,
        nyt=parent.nyt,
        provenance=Provenance(source=source, parser_version=GENERATOR_VERSION),
        lineage=Lineage(kind="wordnet", seed=options.seed, parents=(parent.id,), params=params),
    )


def generate(
    puzzles: Iterable[Puzzle], backend: WordNetBackend, options: WordNetOptions | None = None
) -> WordNetResult:
    """Easy walls for every puzzle, with counts: rule-only complete walls, fallback, incomplete."""
    opts = options or WordNetOptions()
    outcomes = tuple(generate_wall(p, backend, opts) for p in puzzles)
    return WordNetResult(outcomes, backend.description, opts, count_outcomes(outcomes))


def count_outcomes(outcomes: Sequence[WallOutcome]) -> dict[str, int]:
    """Summary counts (``complete_by_rule`` is the figure to compare with the paper's rule)."""
    by_rule = sum(1 for o in outcomes if sum(not p.fallback for p in o.picks) == N_GROUPS)
    done = sum(1 for o in outcomes if o.puzzle is not None)
    return {
        "walls": len(outcomes),
        "complete_by_rule": by_rule,
        "complete_with_fallback": done - by_rule,
        "incomplete": len(outcomes) - done,
        "groups_with_clue": sum(p.with_clue for o in outcomes for p in o.picks),
        "fallback_groups": sum(p.fallback for o in outcomes for p in o.picks),
        "walls_with_duplicate_strings": sum(
            1 for o in outcomes if o.puzzle is not None and Flag.DUPLICATE_CLUE in o.puzzle.flags
        ),
    }
