"""Invented boards and a fake WordNet for the extended (trick-word) tests."""

from __future__ import annotations

from collections.abc import Sequence

from ocwtool.schema.models import Game, Group, OcwMeta, Provenance, Puzzle
from tests.generators.conftest import FakeWordNet, syn

GROUPS = (
    ("Fruit", ("apple", "pear", "plum", "fig")),  # all below fruit.n.01: a WordNet rule
    ("Start with SUN", ("sunday", "sunset", "sunbeam", "sunrise")),  # a shared prefix
    ("Things in a paintbox", ("red", "blue", "green", "gold")),  # no rule shared by all four
    ("Odd ones", ("quill", "anvil", "zither", "yodel")),  # nothing known to WordNet
)
# Words of another board: the candidates. Which group each one seems to fit, and why it goes:
#   apples (a clue's plural), banana (a fruit: it fits the rule), moonrise (fails SUN: verified),
#   sunshine (starts with SUN: fits), tomato (a food, not a fruit: verified), TOMATOES (looks like a
#   colour here, but is the same word as the trick tomato), pink (a colour: proposed), brick (no fit)
OTHER = (
    ("Near fruit", ("apples", "banana", "tomato", "brick")),
    ("Near sun", ("moonrise", "sunshine", "pink", "kettle")),
    ("Filler one", ("ladle", "spoon", "whisk", "sieve")),
    ("Filler two", ("oboe", "flute", "tuba", "harp")),
)

FOOD = syn("food.n.01", "food")
FRUIT = syn("fruit.n.01", "fruit")
VEG = syn("vegetable.n.01", "vegetable")
SKY = syn("phenomenon.n.01", "phenomenon")
COLOUR = syn("colour.n.01", "colour")
METAL = syn("metal.n.01", "metal")


def board(wid: str, groups: Sequence[tuple[str, Sequence[str]]]) -> Puzzle:
    made = tuple(
        Group(id=f"{wid}_{k + 1:02d}", clues=tuple(clues), connection=conn)  # type: ignore[arg-type]
        for k, (conn, clues) in enumerate(groups)
    )
    return Puzzle(
        id=wid,
        game=Game.OCW,
        source="ocw",
        clues=tuple(c for g in made for c in g.clues),
        groups=made,  # type: ignore[arg-type]
        ocw=OcwMeta(season=1, episode=int(wid[-1])),
        provenance=Provenance(source="ocw"),
    )


def fake_wordnet() -> FakeWordNet:
    """apple..fig, banana and apples under fruit (under food); tomato under vegetable (under food);
    the SUN words, moonrise and sunshine under phenomenon; red, blue, pink (and TOMATOES) under
    colour; green and gold under metal."""
    under = {
        "fruit": ["apple", "pear", "plum", "fig", "banana", "apples"],
        "vegetable": ["tomato"],
        "phenomenon": ["sunday", "sunset", "sunbeam", "sunrise", "moonrise", "sunshine"],
        "colour": ["red", "blue", "pink", "TOMATOES"],
        "metal": ["green", "gold"],
    }
    parents = {"fruit": FRUIT, "vegetable": VEG, "phenomenon": SKY, "colour": COLOUR, "metal": METAL}
    synsets = {w: [syn(f"{w.lower()}.n.01", w)] for ws in under.values() for w in ws}
    hyper = {f"{w.lower()}.n.01": [parents[p]] for p, ws in under.items() for w in ws}
    hyper |= {"fruit.n.01": [FOOD], "vegetable.n.01": [FOOD]}
    return FakeWordNet(synsets, hyper)
