"""Structural and leakage rules, waivers and the report, on original synthetic puzzles."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ocwtool.errors import ConfigError
from ocwtool.schema.corpus import Corpus
from ocwtool.schema.models import Flag, HumanPerformance, Lineage, NytMeta, OcwMeta, Split
from ocwtool.validators.findings import render_table, to_json, to_markdown
from ocwtool.validators.gate import validate_corpus
from ocwtool.validators.leakage import near_duplicates, run_leakage
from ocwtool.validators.rules import RULES, Finding
from ocwtool.validators.structural import run_structural
from ocwtool.validators.waivers import Waiver, apply_waivers, load_waivers
from tests.validators.factory import nyt, ocw_walls, randomized, replace_group, wall


def _rules(findings: list[Finding]) -> dict[str, list[tuple[str, ...]]]:
    out: dict[str, list[tuple[str, ...]]] = {}
    for f in findings:
        out.setdefault(f.rule, []).append(f.records)
    return out


def test_clean_corpus_has_only_info_findings() -> None:
    walls = ocw_walls(12)
    corpus = Corpus(
        puzzles=(*walls, nyt(0, Split.TRAIN), nyt(1, Split.TEST)),
        variants={"randomized": tuple(randomized(walls))},
    )
    report = validate_corpus(corpus, expectations=False)
    assert report.ok and report.exit_code == 0
    assert {f.rule for f in report.findings} == {"S18"}


def test_rules_table_has_unique_ids_and_messages_that_name_records() -> None:
    for rule in RULES.values():
        assert rule.id[0] in "SLG" and rule.severity.value in ("error", "warning", "info")
        text = Finding(rule.id, ("rec-1",), "why").message
        assert "rec-1" in text or "{records}" not in rule.message


def test_blank_connection_is_an_error_until_waived() -> None:
    bad = replace_group(wall(1, split=Split.TEST), 2, connection="  ")
    findings = run_structural(Corpus(puzzles=(bad,)))
    assert _rules(findings)["S04"] == [("w0001_03",)]
    assert findings[[f.rule for f in findings].index("S04")].message == (
        "w0001_03: blank connection; waive it by group id if real"
    )
    marked, unused = apply_waivers(findings, (Waiver("S04", frozenset({"w0001_03"}), "blank on the show"),))
    blank = next(f for f in marked if f.rule == "S04")
    assert blank.waiver == "blank on the show" and not blank.blocking and unused == []


def test_duplicate_clue_is_reported_by_wall() -> None:
    p = wall(3)
    dup = replace_group(p, 1, clues=(p.groups[0].clues[0], *p.groups[1].clues[1:]))
    assert _rules(run_structural(Corpus(puzzles=(dup,))))["S05"] == [("w0003",)]


def test_shape_rules_catch_records_built_without_validation() -> None:
    p = wall(4)
    broken = p.model_construct(**{**dict(p), "clues": (*p.clues[:15], "Stranger")})
    assert _rules(run_structural(Corpus(puzzles=(broken,))))["S01"] == [("w0004",)]


def test_level_and_human_performance_rules_catch_records_built_without_validation() -> None:
    # (these facts were also Great Expectations rules G06/G07 until 0.2; S06/S08 state them once)
    p = wall(5)
    g0, g1 = p.groups[0], p.groups[1]
    bad_level = g0.model_construct(**{**dict(g0), "level": 7})
    bits = HumanPerformance.model_construct(grouping=2, connection=1)
    bad_bits = g1.model_construct(**{**dict(g1), "human_performance": bits})
    broken = p.model_construct(**{**dict(p), "groups": (bad_level, bad_bits, *p.groups[2:])})
    findings = run_structural(Corpus(puzzles=(broken,)))
    by_rule = {f.rule: f for f in findings}
    assert _rules(findings)["S06"] == [("w0005_01",)] and _rules(findings)["S08"] == [("w0005_02",)]
    assert by_rule["S06"].message == "w0005_01: level outside 0-3 (level 7)"
    assert by_rule["S08"].severity.value == "error"


def test_a_waiver_of_a_retired_rule_applies_to_the_rule_that_covers_it(tmp_path: Path) -> None:
    path = tmp_path / "validation.toml"
    path.write_text('[[waiver]]\nrule = "G15"\nrecords = ["w0001"]\nreason = "season 41 was real"\n')
    (waiver,) = load_waivers(path)
    assert waiver.rule == "S09"
    odd = wall(1).model_copy(update={"ocw": OcwMeta(season=41, episode=1)})
    marked, unused = apply_waivers(run_structural(Corpus(puzzles=(odd,))), (waiver,))
    assert [f.waiver for f in marked if f.rule == "S09"] == ["season 41 was real"] and unused == []


def test_nyt_dates_gaps_ranges_and_picture_exclusions() -> None:
    early = nyt(0)
    early = early.model_copy(update={"nyt": NytMeta.model_construct(date=dt.date(2020, 1, 1), number=1)})
    picture = nyt(5, flags=(Flag.PICTURE,))
    found = run_structural(Corpus(puzzles=(nyt(1), nyt(2), picture, early)))
    by_rule = {f.rule: f for f in found}
    assert by_rule["S10"].records == ("nyt-2024-01-01",)
    assert "2020-01-01" in by_rule["S10"].detail
    assert by_rule["S12"].records == ("nyt-2024-01-06",)
    assert "2024-01-04, 2024-01-05" in by_rule["S11"].message


def test_variant_rules() -> None:
    walls = ocw_walls(12)
    good = randomized(walls)
    stranger = replace_group(good[0], 3, id="zz_99")
    orphan = good[1].model_copy(update={"lineage": Lineage(kind="randomized", parents=("nope",))})
    moved = good[2].model_copy(update={"split": Split.TRAIN})
    unlabelled = good[3].model_copy(update={"lineage": None})
    corpus = Corpus(puzzles=tuple(walls), variants={"randomized": (stranger, orphan, moved, unlabelled)})
    got = _rules(run_structural(corpus))
    assert got["S17"] == [("zz_99",)]
    assert got["S15"] == [(orphan.id,)]
    assert got["S16"] == [(moved.id,)]
    assert got["S14"] == [(unlabelled.id,)]


def test_same_wall_across_splits_and_sources_is_leakage() -> None:
    a = wall(1, split=Split.TRAIN)
    b = wall(1, split=Split.TEST, source="ocdb", wall_id="ocdb-x-1")
    c = wall(2, split=Split.TEST)
    d = wall(2, split=Split.TEST, source="ocdb", wall_id="ocdb-y-1")
    got = _rules(run_leakage(Corpus(puzzles=(a, b, c, d))))
    assert got["L02"] == [("ocdb-x-1", "w0001")]
    assert got["L03"] == [("ocdb-y-1", "w0002")]


def test_near_duplicates_share_twelve_clues() -> None:
    base = wall(7, split=Split.TRAIN)
    twin = wall(8, split=Split.TEST)
    # 12 of the 16 clues copied from wall 7: groups 1-3 identical, group 4 different.
    twin = twin.model_copy(update={"groups": (*base.groups[:3], twin.groups[3])})
    twin = twin.model_copy(update={"clues": tuple(c for g in twin.groups for c in g.clues)})
    others = [wall(i) for i in range(20, 60)]
    items = [base, *others, twin]
    assert near_duplicates(items) == [(0, len(items) - 1, 12)]
    finding = next(f for f in run_leakage(Corpus(puzzles=tuple(items))) if f.rule == "L04")
    assert finding.message == "w0007, w0008: walls share 12 of 16 clues (train / test)"
    assert near_duplicates(items, min_shared=13) == []


def test_waivers_file(tmp_path: Path) -> None:
    path = tmp_path / "validation.toml"
    path.write_text('[[waiver]]\nrule = "duplicate-clue"\nrecords = ["w1"]\nreason = "real"\n')
    assert load_waivers(path) == (Waiver("S05", frozenset({"w1"}), "real"),)
    path.write_text('[[waiver]]\nrule = "L02"\nrecords = ["w1"]\nreason = "x"\n')
    with pytest.raises(ConfigError, match=r"waiver #1: rule: L02 \(wall-across-splits\) cannot be waived"):
        load_waivers(path)
    path.write_text('[[waiver]]\nrule = "S05"\nrecords = ["w1"]\n')
    with pytest.raises(ConfigError, match="a waiver needs a reason"):
        load_waivers(path)
    path.write_text('[[waiver]]\nrule = "nope"\nrecords = ["w1"]\nreason = "x"\n')
    with pytest.raises(ConfigError, match="unknown rule 'nope'"):
        load_waivers(path)
    assert load_waivers(tmp_path / "missing.toml") == ()


def test_report_renders_table_json_and_markdown() -> None:
    bad = replace_group(wall(1, split=Split.TEST), 0, connection="")
    waivers = (Waiver("S05", frozenset({"unused"}), "stale"),)
    report = validate_corpus(Corpus(puzzles=(bad,)), waivers, expectations=False)
    assert report.exit_code == 1
    table = render_table(report)
    assert table.splitlines()[0].split() == [
        "rule",
        "name",
        "severity",
        "status",
        "n",
        "records",
        "/",
        "message",
    ]
    assert "S04   blank-connection  error     fail" in table
    assert table.splitlines()[-1] == report.summary()
    assert report.summary().startswith("FAILED: 1 error, 0 warnings")
    doc = to_json(report)
    assert doc["ok"] is False and doc["findings"][0]["records"] == ["w0001_01"]
    assert doc["unused_waivers"] == [{"rule": "S05", "records": ["unused"], "reason": "stale"}]
    md = to_markdown(report)
    assert "| S04 | blank-connection | error | fail | 1 |" in md and "## Unused waivers" in md


def test_validating_some_sources_keeps_only_their_variants(tmp_path: Path) -> None:
    from tests.validators.factory import make_workspace

    settings = make_workspace(tmp_path / "ws")
    everything = settings.corpus()
    assert len(everything.variants["randomized"]) > 0
    nyt_only = settings.corpus(["nyt"])
    assert nyt_only.variants == {}  # the OCW variants would otherwise lack their parents (S15)
    report = validate_corpus(nyt_only, expectations=False)
    assert report.ok, report.summary()


def test_a_board_claimed_real_but_in_solution_order_is_an_error() -> None:
    # S19 (issue #25): before, a board that gave the solution away passed validation silently.
    from ocwtool.schema.board import BoardOrder

    good = wall(1, split=Split.TEST)
    solved = tuple(c for g in good.groups for c in g.clues)
    stored_solution = good.model_copy(update={"id": "w0002", "clues": solved})
    claimed = good.model_copy(update={"id": "w0003", "clues": solved, "board_order": BoardOrder.STARTING})
    findings = run_structural(Corpus(puzzles=(good, stored_solution, claimed)))
    s19 = [f for f in findings if f.rule == "S19"]
    assert [f.records for f in s19] == [("w0003",)]
    assert s19[0].message == (
        "w0003: a board shown in solution order (clues recorded as a starting board are the groups "
        "in order; record board_order 'solution' (re-import))"
    )
    report = validate_corpus(Corpus(puzzles=(claimed,)), expectations=False)
    assert not report.ok
