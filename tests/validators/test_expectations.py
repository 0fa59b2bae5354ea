"""Great Expectations suites: clean tables pass, a crafted bad table fails with named records."""

from __future__ import annotations

import os
import subprocess
import sys

import pandas as pd
import pytest

from ocwtool.schema.corpus import Corpus
from ocwtool.schema.models import Split
from ocwtool.validators.expectations import SUITES, derive, flatten, run_expectations, validate_tables
from ocwtool.validators.rules import RULES
from tests.validators.factory import nyt, ocw_walls, randomized, replace_group, wall


@pytest.fixture(scope="module")
def frames() -> dict[str, pd.DataFrame]:
    walls = ocw_walls(12)
    corpus = Corpus(puzzles=(*walls, nyt(0, Split.TRAIN)), variants={"randomized": tuple(randomized(walls))})
    return {**flatten(corpus), **derive(corpus)}


def test_importing_validators_and_commands_does_not_import_heavy_libraries() -> None:
    code = (
        "import sys\n"
        "import ocwtool.validators.gate, ocwtool.validators.expectations, ocwtool.releases.build\n"
        "import ocwtool.cli.validate, ocwtool.cli.split, ocwtool.cli.release\n"
        "heavy = [m for m in ('great_expectations', 'pandas', 'datasets', 'pyarrow') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ), check=True
    )
    assert out.stdout.strip() == ""


def test_flattened_tables_have_one_row_per_clue_group_and_puzzle(frames: dict[str, pd.DataFrame]) -> None:
    # 12 walls + 1 NYT board + 4 randomized test variants
    assert len(frames["puzzles"]) == 17
    assert len(frames["groups"]) == 17 * 4
    assert len(frames["clues"]) == 17 * 16
    assert set(frames["puzzles"]["config"]) == {"ocw", "nyt", "ocw_randomized"}


def test_clean_tables_pass(frames: dict[str, pd.DataFrame]) -> None:
    assert validate_tables(frames) == []


def test_crafted_bad_tables_fail_naming_records(frames: dict[str, pd.DataFrame]) -> None:
    clues = frames["clues"].copy()
    clues.loc[5, "clue"] = ""
    clues.loc[6, "clue"] = " padded"
    groups = frames["groups"].copy()
    groups.loc[2, "group_id"] = groups.loc[3, "group_id"]
    puzzles = frames["puzzles"].drop(columns=["nyt_number"])
    puzzles.loc[1, "game"] = "chess"
    findings = validate_tables({"clues": clues, "groups": groups, "puzzles": puzzles})
    by_rule = {f.rule: f for f in findings}
    assert by_rule["G02"].records == (clues.loc[5, "record"],)
    assert by_rule["G03"].records == (clues.loc[5, "record"], clues.loc[6, "record"])
    assert by_rule["G12"].records == (puzzles.loc[1, "record"],)
    assert set(by_rule["G05"].records) == {groups.loc[2, "record"], groups.loc[3, "record"]}
    assert by_rule["G18"].records == ("puzzles",)
    assert (
        by_rule["G18"].message
        == "puzzles: expected column missing (expect_column_values_to_be_between needs column(s) nyt_number)"
    )
    assert by_rule["G12"].severity.value == "error" and by_rule["G03"].severity.value == "warning"
    assert by_rule["G12"].message.startswith(f"{puzzles.loc[1, 'record']}: game is not ocw/nyt (1 of ")


def test_no_expectation_repeats_a_structural_rule() -> None:
    # levels 0-3 (S06), human performance bits (S08), 4x4 shape (S02), unique ids (S03) and
    # season range (S09) are structural rules; the suites check what those cannot.
    columns = {kw.get("column") for _, _, _, kw in SUITES}
    assert not columns & {"level", "grouping", "connection_hp", "n_clues", "n_groups", "season"}
    assert {rule for _, rule, _, _ in SUITES} == {r for r in RULES if r.startswith("G") and r != "G18"}


def test_derived_tables_fail_naming_records(frames: dict[str, pd.DataFrame]) -> None:
    facts = frames["puzzle_facts"].copy()
    nyt_row = facts.index[facts["config"] == "nyt"][0]
    facts.loc[0, "n_levels"] = 2
    facts.loc[1, "metadata"] = "nyt"
    facts.loc[nyt_row, "id_of_number"] = "nyt-2024-01-09"
    facts.loc[2, "connection_chars"] = 121
    findings = validate_tables({"puzzle_facts": facts})
    by_rule = {f.rule: f.records for f in findings}
    assert by_rule == {
        "G20": (facts.loc[0, "record"],),
        "G24": (facts.loc[1, "record"],),
        "G23": ("nyt-2024-01-01",),
        "G19": (facts.loc[2, "record"],),
    }


def test_derived_tables_of_a_clean_corpus(frames: dict[str, pd.DataFrame]) -> None:
    seasons = frames["seasons"]
    # 12 walls over series 1 and 2, plus the 4 randomized test variants (walls 8-11), whose source
    # is the generator's `ocw-randomized`
    assert dict(zip(seasons["record"], seasons["walls"], strict=True)) == {
        "ocw/ocw/series-1": 6,
        "ocw/ocw/series-2": 6,
        "ocw_randomized/ocw-randomized/series-1": 2,
        "ocw_randomized/ocw-randomized/series-2": 2,
    }
    assert list(seasons["broadcast"]) == [30, 16, 30, 16]
    assert frames["level_mix"].empty  # one NYT board: too few groups to judge a mix
    facts = frames["puzzle_facts"].set_index("record")
    assert facts.loc["nyt-2024-01-01", "id_of_number"] == "nyt-2024-01-01"
    assert facts.loc["nyt-2024-01-01", "n_levels"] == 4 and facts.loc["w0000", "n_levels"] == 0


def test_season_sizes_and_level_mix_are_checked_against_facts() -> None:
    # Series 2 had 16 walls on air (sources.json); 17 walls of series 2 in one store is too many.
    walls = [wall(i, season=2, split=Split.TEST) for i in range(17)]
    # Ten boards whose groups are all yellow: level 0 is 100 % of the mix, 1-3 are 0 %.
    yellow = []
    for day in range(10):
        board = nyt(day, Split.TEST)
        for k in range(4):
            board = replace_group(board, k, level=0)
        yellow.append(board)
    findings = run_expectations(Corpus(puzzles=(*walls, *yellow)))
    by_rule = {f.rule: f for f in findings}
    assert set(by_rule) == {"G21", "G22"}
    assert by_rule["G22"].records == ("ocw/ocw/series-2",)
    assert by_rule["G22"].message.startswith("ocw/ocw/series-2: more walls than the series broadcast")
    assert by_rule["G21"].records == tuple(f"nyt level {k}" for k in range(4))
