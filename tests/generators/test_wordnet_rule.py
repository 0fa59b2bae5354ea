"""The inferred OCW-WordNet rule over a fake backend (original words and synsets)."""

from __future__ import annotations

from collections import Counter

from ocwtool.generators.wordnet import (
    WordNetOptions,
    first_qualifying,
    generate,
    generate_wall,
    rule_pool,
)
from ocwtool.schema.models import Flag, Puzzle, Split
from tests.generators.conftest import FakeWordNet, syn, synthetic_walls

WALL = synthetic_walls(1, Split.TRAIN, prefix="p")[0]
C = list(WALL.clues)  # 16 original clue strings, in display order

THREE = syn("tug.n.01", "tug", "yank", "jerk", definition="a sudden abrupt pull")
FOUR = syn("lamp.n.01", "lamp", "lantern", "light", "torch", definition="a source of light (portable)")
FIVE = syn("boat.n.01", "boat", "craft", "vessel", "Ship", "barque", definition="a small vessel; for travel")
PEOPLE = syn(
    "smith.n.09", "Smith", "Jo_Smith", "Josephine_Ann_Smith", definition="English potter (1800-1870)"
)
CAPS = syn("ace.n.02", "Ace", "ace_of_spades", "Spade_Ace", "ACE", definition="the highest card")


def skipped(clue: str) -> object:
    """A 3-lemma synset that already contains the clue: only 3 distinct strings, never qualifies."""
    return syn("smith.n.09", clue, "Jo_Smith", "Josephine_Ann_Smith", definition="English potter")


def backend_for(mapping: dict[int, list]) -> FakeWordNet:  # type: ignore[type-arg]
    return FakeWordNet({C[i]: synsets for i, synsets in mapping.items()})


def test_three_lemmas_plus_the_clue_qualify_and_the_clue_joins_the_pool() -> None:
    assert rule_pool("Tug", THREE) == ["tug", "yank", "jerk", "Tug"]
    outcome = generate_wall(
        WALL, backend_for({0: [THREE], 1: [FOUR], 2: [FIVE], 3: [CAPS]}), WordNetOptions()
    )
    group = outcome.puzzle.groups[0] if outcome.puzzle else None
    assert group is not None
    assert sorted(group.clues) == sorted(["tug", "yank", "jerk", C[0]])
    assert outcome.picks[0].with_clue


def test_case_sensitive_distinctness() -> None:
    assert rule_pool("tug", THREE) is None  # 'tug' is already a lemma: only 3 distinct strings
    assert rule_pool("Smith", PEOPLE) is None  # {Smith, Jo_Smith, Josephine_Ann_Smith} + Smith
    assert rule_pool("smith", PEOPLE) == ["Smith", "Jo_Smith", "Josephine_Ann_Smith", "smith"]


def test_four_or_more_lemmas_never_take_the_clue() -> None:
    assert rule_pool("Beacon", FOUR) == ["lamp", "lantern", "light", "torch"]
    assert rule_pool("Dinghy", FIVE) == ["boat", "craft", "vessel", "Ship", "barque"]


def test_first_qualifying_synset_skips_the_ones_that_do_not() -> None:
    two = syn("x.n.01", "x", "y")
    found = first_qualifying("Smith", [PEOPLE, two, FOUR, FIVE])
    assert found is not None and found[0] is FOUR


def test_lemma_case_and_underscores_kept_and_definitions_verbatim() -> None:
    backend = backend_for({0: [skipped(C[0]), CAPS], 1: [FOUR], 2: [FIVE], 3: [THREE]})
    outcome = generate_wall(WALL, backend, WordNetOptions())
    assert outcome.puzzle is not None
    first = outcome.puzzle.groups[0]
    assert set(first.clues) <= {"Ace", "ace_of_spades", "Spade_Ace", "ACE"}
    assert first.connection == f"{C[0]}: the highest card"
    assert outcome.puzzle.groups[1].connection == f"{C[1]}: a source of light (portable)"
    assert outcome.puzzle.groups[2].connection == f"{C[2]}: a small vessel; for travel"
    assert outcome.picks[0].synset == "ace.n.02"


def test_walks_clues_in_display_order_and_stops_at_four() -> None:
    backend = backend_for({i: [FOUR] for i in range(16)})
    outcome = generate_wall(WALL, backend, WordNetOptions())
    assert backend.lookups == C[:4]
    assert [p.clue for p in outcome.picks] == C[:4]


def test_ids_sources_lineage_and_unshuffled_clues() -> None:
    backend = backend_for({2: [FOUR], 5: [FIVE], 7: [THREE], 11: [CAPS]})
    p = generate_wall(WALL, backend, WordNetOptions()).puzzle
    assert isinstance(p, Puzzle)
    assert p.id == "easy_p000"
    assert [g.id for g in p.groups] == ["easy_p000_1", "easy_p000_2", "easy_p000_3", "easy_p000_4"]
    assert p.clues == tuple(c for g in p.groups for c in g.clues)  # as published: not shuffled
    assert p.source == "ocw-wordnet" and p.split is Split.TRAIN and p.ocw == WALL.ocw
    assert all(g.human_performance is None for g in p.groups)
    assert p.lineage is not None and p.lineage.kind == "wordnet" and p.lineage.parents == ("p000",)
    assert p.lineage.params["synsets"] == "lamp.n.01,boat.n.01,tug.n.01,ace.n.02"
    assert p.lineage.params["backend"] == "fake:test"


def test_fewer_than_four_groups_gives_no_puzzle_and_is_counted() -> None:
    result = generate([WALL], backend_for({0: [FOUR], 1: [skipped(C[1])]}))
    assert result.puzzles == ()
    assert result.counts["incomplete"] == 1 and result.counts["complete_by_rule"] == 0
    assert len(result.outcomes[0].picks) == 1


def test_seeded_per_wall_and_independent_of_other_walls() -> None:
    walls = synthetic_walls(3, prefix="q")
    backend = FakeWordNet({w.clues[i]: [FIVE] for w in walls for i in range(4)})
    alone = generate(walls[1:2], backend, WordNetOptions(seed=5)).puzzles
    together = generate(walls, backend, WordNetOptions(seed=5)).puzzles
    assert alone[0] == together[1]
    again = generate(walls, backend, WordNetOptions(seed=5)).puzzles
    other = generate(walls, backend, WordNetOptions(seed=6)).puzzles
    assert again == together and other != together


def test_shuffle_option_permutes_the_clues_only() -> None:
    backend = backend_for({i: [FIVE] for i in range(4)})
    plain = generate_wall(WALL, backend, WordNetOptions()).puzzle
    mixed = generate_wall(WALL, backend, WordNetOptions(shuffle=True)).puzzle
    assert plain is not None and mixed is not None
    assert plain.groups == mixed.groups
    assert Counter(mixed.clues) == Counter(plain.clues) and mixed.clues != plain.clues
    assert mixed.lineage is not None and mixed.lineage.params["options"] == "shuffle"


def test_duplicates_are_flagged_and_dedupe_removes_them() -> None:
    backend = backend_for({i: [FOUR] for i in range(4)})
    plain = generate_wall(WALL, backend, WordNetOptions()).puzzle
    assert plain is not None and Flag.DUPLICATE_CLUE in plain.flags
    backend = backend_for({0: [FOUR], 1: [FOUR, FIVE], 2: [FIVE, CAPS], 3: [THREE]})
    clean = generate_wall(WALL, backend, WordNetOptions(dedupe=True)).puzzle
    assert clean is not None and clean.flags == ()
    assert len(set(clean.clues)) == 16
    assert [g.connection.split(": ")[1] for g in clean.groups][:3] == [
        FOUR.definition,
        FIVE.definition,
        CAPS.definition,
    ]


def test_fallback_completes_short_walls_from_hypernyms() -> None:
    furniture = syn("furniture.n.01", "furniture", "piece_of_furniture", definition="furnishings")
    kids = [syn(f"k{i}.n.01", name) for i, name in enumerate(["chair", "table", "bed", "sofa", "chair"])]
    seat = syn("seat.n.03", "seat")
    backend = FakeWordNet(
        {C[0]: [FOUR], C[1]: [FIVE], C[2]: [THREE], C[5]: [seat]},
        hypernyms={"seat.n.03": [furniture]},
        hyponyms={"furniture.n.01": kids},
    )
    assert generate_wall(WALL, backend, WordNetOptions()).puzzle is None
    outcome = generate_wall(WALL, backend, WordNetOptions(fallback=True))
    assert outcome.puzzle is not None
    last = outcome.puzzle.groups[3]
    assert sorted(last.clues) == ["bed", "chair", "sofa", "table"]
    assert last.connection == "furniture: furnishings"
    assert [p.fallback for p in outcome.picks] == [False, False, False, True]
    counts = generate([WALL], backend, WordNetOptions(fallback=True)).counts
    assert counts["complete_with_fallback"] == 1 and counts["fallback_groups"] == 1
