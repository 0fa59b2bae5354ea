"""Trick words for word-play groups: same letters, homophones and anagrams (CMUdict), each verified by
the group's rule; and the scorers that say a candidate seems to fit (injected, never imported)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from ocwtool.generators.extended import Scored, Tally, extend
from ocwtool.generators.trick_compounds import build_compounds
from ocwtool.generators.trick_rules import Ancestors, TrickRule, fails, group_rule
from ocwtool.resources.cmudict import parse_lines
from ocwtool.schema.models import Puzzle
from tests.generators.conftest import FakeWordNet, syn
from tests.generators.extended_fixtures import board

# Invented words: each clue of SOUNDS sounds like another invented word, each of BIRD_SOUNDS like an
# invented bird; each of ANAGRAMS rearranges into an invented river.
SOUNDS = ("zell", "plome", "brix", "quorn")
BIRD_SOUNDS = ("zell", "plome", "brix", "snell")
ANAGRAMS = ("tavro", "lembi", "dorsk", "nupel")
LETTERS = ("arvil", "ravil", "livar", "vrail")
OTHER = ("oboe", "flute", "tuba", "harp")
PRONOUNCED = [
    "zell Z EH L",
    "zel Z EH L",
    "plome P L OW M",
    "ploam P L OW M",
    "brix B R IH K S",
    "bricks B R IH K S",
    "quorn K W AO R N",
    "kworn K W AO R N",
    "vomp V AA M P",
    "ravot R AA V OW T",
    "snell S N EH L",
    "snel S N EH L",
    "colr K AH L ER",
    "colour K AH L ER",
    *(
        f"{w} {' '.join(w.upper())}"
        for w in ("votra", "bimle", "kords", "lupen", "tavro", "lembi", "dorsk", "nupel")
    ),
]
KNOWN = [
    *SOUNDS,
    "zel",
    "ploam",
    "bricks",
    "kworn",
    "vomp",
    "snell",
    "snel",
    *ANAGRAMS,
    "votra",
    "bimle",
    "kords",
    "lupen",
]


def wordnet() -> FakeWordNet:
    """Every known word its own synset; ``colr`` and ``colour`` one synset (a spelling variant);
    zel, ploam, bricks and snel are birds, votra, bimle, kords and lupen rivers."""
    synsets = {w: [syn(f"{w}.n.01", w)] for w in KNOWN}
    synsets["colr"] = synsets["colour"] = [syn("colour.n.01", "colour", "colr")]
    bird, river = syn("bird.n.01", "bird"), syn("river.n.01", "river")
    hyper = {f"{w}.n.01": [bird] for w in ("zel", "ploam", "bricks", "snel")}
    hyper |= {f"{w}.n.01": [river] for w in ("votra", "bimle", "kords", "lupen")}
    return FakeWordNet(synsets, hyper)


def ancestors() -> Ancestors:
    return Ancestors(wordnet(), parse_lines(PRONOUNCED, "invented-sounds"))


def test_word_play_group_rules_are_found_and_checked() -> None:
    anc = ancestors()
    assert group_rule(SOUNDS, anc) == TrickRule(
        "homophone", "invented-sounds", "sounds like another word (invented-sounds)"
    )
    assert group_rule(BIRD_SOUNDS, anc) == TrickRule(
        "homophone_kind", "bird.n.01", "sounds like a kind of bird (WordNet bird.n.01; invented-sounds)"
    )
    assert group_rule(ANAGRAMS, anc) == TrickRule(
        "anagram_kind", "river.n.01", "an anagram of a kind of river (WordNet river.n.01; invented-sounds)"
    )
    assert group_rule(LETTERS, anc) == TrickRule("letters", "ailrv", "an anagram of ARVIL")
    assert group_rule(OTHER, anc) is None
    rules = [group_rule(g, anc) for g in (SOUNDS, BIRD_SOUNDS, ANAGRAMS, LETTERS)]
    assert None not in rules
    homophone, bird, anagram, letters = rules  # type: ignore[misc]
    assert fails(homophone, "vomp", anc) and not fails(homophone, "snell", anc)
    assert fails(homophone, "colr", anc)  # colour is the same word: not a homophone
    assert not fails(bird, "snell", anc) and fails(bird, "quorn", anc)  # kworn is no bird
    assert fails(anagram, "vomp", anc) and not fails(anagram, "ravot", anc)  # votra is a river
    assert fails(anagram, "bimle", anc)  # its anagram lembi is a clue, not a river
    assert fails(letters, "arvils", anc) and not fails(letters, "Ravil", anc)


def test_without_a_pronouncing_dictionary_no_sound_rule_is_found() -> None:
    assert group_rule(SOUNDS, Ancestors(wordnet())) is None
    assert group_rule(ANAGRAMS, Ancestors(wordnet())) is None


class FitsGroupOne:
    """An invented scorer: every candidate seems to fit group 1 (the sound-alikes), the longest best."""

    name = "invented:group-one"

    def __call__(self, board: Puzzle, words: Sequence[str]) -> list[Scored]:
        return [Scored(w, 0, len(w) / 10, True, "invented: looks like group 1") for w in words]


def test_a_homophone_group_gets_a_verified_trick_from_the_given_scorer() -> None:
    parent = board(
        "a1", [("Sound-alikes", SOUNDS), ("Anagrams", ANAGRAMS), ("Same letters", LETTERS), ("Band", OTHER)]
    )
    tally = Tally()
    out = extend(parent, ["snell", "vomp"], 4, 1, ancestors(), tally, FitsGroupOne())
    assert out.distractors == ("vomp",)
    assert out.lineage is not None and out.lineage.params["scorer"] == "invented:group-one"
    evidence = json.loads(out.lineage.params["tricks"])
    assert [(t["word"], t["fails_rule"], t["seems_to_fit"]) for t in evidence] == [
        ("vomp", "sounds like another word (invented-sounds)", "invented: looks like group 1")
    ]
    assert dict(tally.rejected) == {"fits_rule": 1}  # snell sounds like snel: it would be a member
    assert dict(tally.rules) == {"anagram_kind": 1, "homophone": 1, "letters": 1, "none": 1}


def test_compound_groups_share_a_partner_and_their_trick_makes_no_compound() -> None:
    compounds = build_compounds(
        ["fire_station", "fire-engine", "fire truck", "firealarm", "alarm", "fire", "water_truck", "kettle"],
        "invented lemmas",
    )
    assert compounds.words >= {"firestation", "fireengine", "firetruck", "firealarm", "watertruck"}
    anc = Ancestors(wordnet(), compounds=compounds)
    rule = group_rule(("Station", "ENGINE", "truck", "Alarm"), anc)
    assert rule == TrickRule("compound_before", "fire", "makes FIRE ___ a WordNet noun")
    assert fails(rule, "kettle", anc) and not fails(rule, "truck", anc)
    assert group_rule(("station", "engine", "truck", "kettle"), anc) is None
    after = group_rule(
        ("water", "fire"), Ancestors(wordnet(), compounds=build_compounds(["water_truck", "fire_truck"], "x"))
    )
    assert after == TrickRule("compound_after", "truck", "makes ___ TRUCK a WordNet noun")
