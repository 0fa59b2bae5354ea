"""Trick words for hidden-word groups: the group's rule is found (the same hidden word, or kinds of
one category), a trick hiding a member is rejected (``fits_rule``, counted in the summary), and a
verified trick's evidence says what it hides. Every word here is invented."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.generators import build
from ocwtool.generators.extended import Tally, WordNetFit, extend
from ocwtool.generators.trick_hidden import hidden_words
from ocwtool.generators.trick_rules import Ancestors, TrickRule, evidence, fails, group_rule
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from tests.generators.conftest import FakeWordNet, syn
from tests.generators.extended_fixtures import board

BIRD, TOOL = syn("bird.n.01", "bird"), syn("tool.n.01", "tool")
# Each clue hides an invented bird (raVOSTel ...); two of them are tools on the surface, so a tool
# seems to fit the group to the WordNet scorer (two of four clues share its category).
HIDDEN_BIRDS = ("ravostel", "oplimen", "undreckly", "squabber")
HIDDEN_BRAK = ("abrakel", "umbraks", "sobraki", "vibrakon")  # each hides the invented noun BRAK
FILLER = (("Band", ("oboe", "flute", "tuba", "harp")), ("Odd ones", ("quill", "anvil", "zither", "yodel")))
# Candidates, all tools: avostine hides VOST (a bird); vost is a bird itself (and a tool: two
# senses, like a crane); zoskel hides nothing.
TOOLS = ("avostine", "vost", "zoskel", "ladle")


def wordnet() -> FakeWordNet:
    birds = {w: [syn(f"{w}.n.01", w)] for w in ("vost", "plim", "dreck", "quab")}
    birds["vost"] = [syn("vost.n.01", "vost"), syn("vost.n.02", "vost")]
    tools = {w: [syn(f"{w}.n.01", w)] for w in ("ravostel", "oplimen", "avostine", "zoskel")}
    hyper = {f"{w}.n.01": [BIRD] for w in birds} | {f"{w}.n.01": [TOOL] for w in tools}
    hyper["vost.n.02"] = [TOOL]
    # a verb and an inflection are no hidden nouns: WordNet's lookup finds "dreck" in "drecks"
    other = {"bra": [syn("bra.v.01", "bra")], "drecks": birds["dreck"], "brak": [syn("brak.n.01", "brak")]}
    return FakeWordNet(birds | tools | other, hyper)


def groups() -> list[tuple[str, tuple[str, ...]]]:
    return [("Hidden birds", HIDDEN_BIRDS), ("Hidden BRAK", HIDDEN_BRAK), *FILLER]


def test_hidden_words_run_inside_the_clue_never_what_it_says_outright() -> None:
    nouns = {"cat", "scat", "hamlet", "ham", "letter", "black", "scatter"}
    assert hidden_words("sCATter", nouns.__contains__) == {"cat", "scat"}
    assert hidden_words("Ham letter", nouns.__contains__) == {"hamlet"}  # across the space
    assert hidden_words("Black cats", nouns.__contains__) == frozenset()  # its own words: said, not hidden
    assert hidden_words("scatters", nouns.__contains__) == {"cat", "scat"}  # not its own singular
    anc = Ancestors(wordnet())
    assert anc.hidden("sobrakin") == {"brak"} and anc.hidden("adrecksy") == {"dreck"}  # no verb, no plural


def test_hidden_word_groups_are_found_and_a_trick_must_hide_no_member() -> None:
    anc = Ancestors(wordnet())
    kind = group_rule(HIDDEN_BIRDS, anc)
    assert kind == TrickRule(
        "hidden_kind",
        "bird.n.01",
        "hides a kind of bird (WordNet bird.n.01: raVOSTel, oPLIMen, unDRECKly, sQUABber)",
    )
    same = group_rule(HIDDEN_BRAK, anc)
    assert same == TrickRule("hidden", "brak", "hides BRAK (aBRAKel, umBRAKs, soBRAKi, viBRAKon)")
    assert group_rule(("ravostel", "oplimen", "undreckly", "oboe"), anc) is None  # oboe hides no bird
    assert kind is not None and same is not None
    assert not fails(kind, "avostine", anc) and fails(kind, "vost", anc) and fails(kind, "zoskel", anc)
    assert not fails(same, "tabraky", anc) and fails(same, "brak", anc)
    assert evidence(kind, "vost", anc) == (
        f"{kind.text}; VOST hides no word, none a kind of bird; it is a kind of bird itself, said "
        "outright, not hidden"
    )
    assert evidence(kind, "zoskel", anc) == f"{kind.text}; ZOSKEL hides no word, none a kind of bird"
    assert (
        evidence(same, "brak", anc)
        == f"{same.text}; BRAK hides no word, not BRAK; it is the word itself, not hidden"
    )


def test_a_good_trick_is_verified_and_one_hiding_a_member_rejected() -> None:
    parent = board("a1", groups())
    tally = Tally()
    anc = Ancestors(wordnet())
    out = extend(parent, list(TOOLS), 4, 1, anc, tally, WordNetFit(anc))
    assert out.distractors == ("vost",)
    tricks = json.loads(out.lineage.params["tricks"])  # type: ignore[union-attr]
    assert [(t["word"], t["group"], t["status"]) for t in tricks] == [("vost", "a1_01", "verified")]
    assert tricks[0]["fails_rule"] == evidence(group_rule(HIDDEN_BIRDS, anc), "vost", anc)  # type: ignore[arg-type]
    # best first by score, then the word: avostine hides VOST (rejected), vost is verified, and
    # zoskel loses to it (one trick per group); ladle seems to fit nothing
    assert dict(tally.rejected) == {"fits_rule": 1, "group_has_trick": 1, "low_score": 1}
    assert dict(tally.verified_rules) == {"hidden_kind": 1}
    assert dict(tally.rules) == {"hidden": 1, "hidden_kind": 1, "none": 2}


def test_the_summary_counts_the_rejection_and_the_hidden_trick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    other = [("Tools", TOOLS), ("Brass", ("horn", "cornet", "bugle", "sousa")), *FILLER]
    write_puzzles(tmp_path / "puzzles" / "ocw.jsonl", [board("a1", groups()), board("b2", other)])
    monkeypatch.setattr(build, "open_backend", lambda lexicon=None: wordnet())
    monkeypatch.setattr(build, "try_cmudict", lambda: None)
    monkeypatch.setattr(build, "try_compounds", lambda: None)
    with pytest.raises(SystemExit) as exit_info:
        main(["-w", str(tmp_path), "build-variants", "--kind", "extended", "--scorer", "wordnet"])
    out, err = capsys.readouterr()
    assert (exit_info.value.code, err) == (0, "")
    assert out.splitlines() == [
        "extended: 2 puzzles from puzzles/ocw.jsonl (split all, seed 42) -> variants/extended.jsonl",
        "  1 of 2 boards have trick words (up to 4 each); 1 verified (shown), 1 proposed (not shown); "
        "backend fake:test",
        # a1: avostine hides VOST (fits_rule), vost verified, zoskel second (group_has_trick), the
        # rest fit nothing; b2: oplimen and ravostel are tools like its Tools group, which has no
        # rule (one proposed, one group_has_trick), the rest fit nothing
        "  candidates: 16 tried, 14 rejected (1 fits_rule, 2 group_has_trick, 11 low_score); "
        "scorer wordnet:fake:test",
        "  group rules: 1 hidden, 1 hidden_kind, 6 none (sounds: no pronouncing dictionary)",
        "  summary: variants/extended.summary.json",
    ]
    summary = json.loads((tmp_path / "variants" / "extended.summary.json").read_text())["builds"]["ocw"]
    assert summary["candidates"]["rejected"] == {"fits_rule": 1, "group_has_trick": 2, "low_score": 11}
    assert summary["verified_by_rule"] == {"hidden_kind": 1}
    built = {p.id: p for p in read_puzzles(tmp_path / "variants" / "extended.jsonl")}
    assert built["ext_a1"].distractors == ("vost",)
