"""Agreement statistics against hand-computed values and Krippendorff's published example."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from ocwtool.annotations.agreement import agreement, cohen, render
from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel
from ocwtool.stores.annotations import append_record
from tests.annotations.conftest import T0, run_cli

CODES = {"s": "semantic", "a": "associative", "e": "encyclopedic", "m": "multiword", "l": "linguistic"}


def stores_from(rows: dict[str, str], per_puzzle: int = 4) -> dict[str, dict[str, ItemRecord]]:
    """annotator -> one letter per group ('.' = not labelled), groups g0_1.. in puzzles of four."""
    out: dict[str, dict[str, ItemRecord]] = {}
    for name, letters in rows.items():
        recs: dict[str, ItemRecord] = {}
        for start in range(0, len(letters), per_puzzle):
            pid = f"p{start // per_puzzle}"
            groups = tuple(
                GroupLabel(group_id=f"{pid}_{k + 1}", label=KnowledgeLabel.of(CODES[ch]))
                for k, ch in enumerate(letters[start : start + per_puzzle])
                if ch != "."
            )
            recs[pid] = ItemRecord(
                annotator=name, puzzle_id=pid, groups=groups, created_at=T0, guideline_version="1.0"
            )
        out[name] = recs
    return out


def test_cohen_kappa_matches_hand_computation() -> None:
    # po = 7/10; pe = (5*3 + 3*4 + 2*3)/100 = 0.33; kappa = 0.37/0.67
    stores = stores_from({"ann": "sssssaaaee", "bob": "sssaaaaeee"}, per_puzzle=10)
    report = agreement(stores)
    (pair,) = report.pairs
    assert (pair.a, pair.b, pair.n) == ("ann", "bob", 10)
    assert pair.observed == pytest.approx(0.7)
    assert pair.kappa == pytest.approx(0.37 / 0.67)
    assert report.specific["semantic"] == pytest.approx(2 * 3 / (5 + 3))
    assert report.specific["associative"] == pytest.approx(2 * 2 / (3 + 4))
    assert report.specific["encyclopedic"] == pytest.approx(2 * 2 / (2 + 3))
    assert report.confusion["semantic"]["associative"] == report.confusion["associative"]["semantic"] == 2
    assert report.confusion["semantic"]["semantic"] == 6  # three agreements, counted in both orders
    assert report.coverage == {
        "ann": {"groups": 10, "puzzles": 1, "skipped": 0},
        "bob": {"groups": 10, "puzzles": 1, "skipped": 0},
    }


def test_krippendorff_alpha_reproduces_the_published_example() -> None:
    # Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", nominal data, 4 observers,
    # 12 units, missing values: alpha = 0.743. Values 1..5 coded as the five base types.
    rows = {
        "a": "12332141 2...",
        "b": "123322412 5.3",
        "c": ".33323422 51.",
        "d": "123324412 51.",
    }
    letters = dict(zip("12345.", ["s", "a", "e", "m", "l", "."], strict=True))
    clean = {k: "".join(letters[ch] for ch in v.replace(" ", "")) for k, v in rows.items()}
    assert all(len(v) == 12 for v in clean.values())
    report = agreement(stores_from(clean))
    assert report.alpha == pytest.approx(0.743, abs=5e-4)
    assert report.multiply_labelled == 11  # unit 12 has a single value


def test_undefined_kappa_and_single_annotator() -> None:
    n, observed, kappa = cohen({"g": "semantic"}, {"g": "semantic"})
    assert (n, observed, kappa) == (1, 1.0, None)
    n, observed, kappa = cohen({"g": "semantic"}, {"h": "semantic"})
    assert n == 0 and math.isnan(observed) and kappa is None
    report = agreement(stores_from({"solo": "ssss"}))
    assert report.alpha is None and report.pairs == ()
    assert "agreement needs two or more annotators" in render(report)


def test_agreement_cli_text_and_json(workspace: Path) -> None:
    for name, kinds in (("ann", "ssml"), ("bob", "seml")):
        groups = tuple(
            GroupLabel(group_id=f"nyt-2024-01-02_{k + 1}", label=KnowledgeLabel.of(CODES[ch]))
            for k, ch in enumerate(kinds)
        )
        append_record(
            workspace / "annotations",
            ItemRecord(
                annotator=name,
                puzzle_id="nyt-2024-01-02",
                groups=groups,
                created_at=T0,
                guideline_version="1.0",
            ),
        )
    result = run_cli(workspace, "annotate", "agreement")
    assert result.exit_code == 0, result.stderr
    assert "  ann              groups 4/16  puzzles 1  skipped 0\n" in result.stdout
    # kappa: po = 3/4, pe = (2*1 + 1*1 + 1*1)/16 = 1/4 -> (3/4 - 1/4)/(3/4) = 2/3
    assert "  ann ~ bob: n=4 observed=0.750 kappa=0.667\n" in result.stdout
    # alpha: n = 8 values, Do = 2/8, De = (64 - (9 + 1 + 4 + 4))/56 = 46/56 -> 1 - 0.25/(46/56) = 0.696
    assert "Krippendorff's alpha (nominal, all annotators): 0.696\n" in result.stdout
    data = json.loads(run_cli(workspace, "annotate", "agreement", "--json").stdout)
    assert data["pairs"] == [{"a": "ann", "b": "bob", "n": 4, "observed": 0.75, "kappa": 0.666667}]
    assert data["total_groups"] == 16


def test_red_herring_agreement_per_clue() -> None:
    from ocwtool.schema.annotations import RedHerringWord

    def with_herrings(rec: ItemRecord, numbers: tuple[int, ...]) -> ItemRecord:
        words = tuple(
            RedHerringWord(clue=f"c{n}", clue_number=n, fits_group=f"{rec.puzzle_id}_1") for n in numbers
        )
        return rec.model_copy(update={"red_herring_words": words})

    stores = stores_from({"ann": "ssssssss", "bob": "ssssssss"})
    marks = {"ann": {"p0": (5, 9), "p1": (14,)}, "bob": {"p0": (5,), "p1": (14, 2)}}
    for name, per in marks.items():
        for pid, numbers in per.items():
            stores[name][pid] = with_herrings(stores[name][pid], numbers)
    report = agreement(stores)
    (pair,) = report.herring_pairs
    # 32 clue units; both mark 5 and 14, each marks one the other does not: po = 30/32.
    # yes rates 3/32 each: pe = (3/32)^2 + (29/32)^2; kappa = (po - pe) / (1 - pe).
    pe = (3 / 32) ** 2 + (29 / 32) ** 2
    assert (pair.n, pair.observed) == (32, pytest.approx(30 / 32))
    assert pair.kappa == pytest.approx((30 / 32 - pe) / (1 - pe))
    assert report.herring_alpha is not None and 0 < report.herring_alpha < pair.kappa + 0.05
    assert "red herrings (per clue: marked or not):" in render(report)


def test_trap_group_agreement_cli_text_and_json(workspace: Path) -> None:
    from ocwtool.schema.annotations import RedHerringCategory

    def trap(*clues: str) -> RedHerringCategory:
        return RedHerringCategory(clue_numbers=tuple(range(1, len(clues) + 1)), clues=clues)

    navy = trap("NAVY", "TEAL", "RYE", "NAAN")
    marked = {  # puzzle day -> (ann's, bob's) trap groups
        2: ((navy,), (trap("NAVY", "TEAL", "RYE", "PITA"),)),  # best match 3/5 both ways
        3: ((navy, trap("FOOT", "HAND", "POTS", "TOPS")), (navy,)),  # 1 and 0 for ann's, 1 for bob's
        4: ((), ()),  # no trap groups either side: left out
    }
    for day, pair in marked.items():
        for name, traps in zip(("ann", "bob"), pair, strict=True):
            rec = ItemRecord(
                annotator=name,
                puzzle_id=f"nyt-2024-01-0{day}",
                red_herring_categories=(*traps, trap("NAVY", "TEAL", "AZURE")),  # 3 clues: no trap group
                created_at=T0,
                guideline_version="1.0",
            )
            append_record(workspace / "annotations", rec)
    result = run_cli(workspace, "annotate", "agreement")
    assert result.exit_code == 0, result.stderr
    # (3/5 + (1 + 0 + 1)/3) / 2 puzzles = (0.6 + 0.6667) / 2 = 0.633
    assert result.stdout.endswith(
        "trap groups (mean best-match Jaccard over puzzles both labelled with a trap group):\n"
        "  ann ~ bob: n=2 jaccard=0.633\n"
    )
    data = json.loads(run_cli(workspace, "annotate", "agreement", "--json").stdout)
    assert data["trap_groups"] == {"pairs": [{"a": "ann", "b": "bob", "n": 2, "jaccard": 0.633333}]}
