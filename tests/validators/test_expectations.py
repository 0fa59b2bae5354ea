"""Great Expectations suites: clean tables pass, a crafted bad table fails with named records."""

from __future__ import annotations

import os
import subprocess
import sys

import pandas as pd
import pytest

from ocwtool.schema.models import Split
from ocwtool.validators.corpus import Corpus
from ocwtool.validators.expectations import flatten, validate_tables
from tests.validators.factory import nyt, ocw_walls, randomized


@pytest.fixture(scope="module")
def frames() -> dict[str, pd.DataFrame]:
    walls = ocw_walls(12)
    corpus = Corpus(puzzles=(*walls, nyt(0, Split.TRAIN)), variants={"randomized": tuple(randomized(walls))})
    return flatten(corpus)


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
    groups.loc[0, "level"] = 7
    groups.loc[1, "grouping"] = 2
    groups.loc[2, "group_id"] = groups.loc[3, "group_id"]
    puzzles = frames["puzzles"].drop(columns=["season"])
    findings = validate_tables({"clues": clues, "groups": groups, "puzzles": puzzles})
    by_rule = {f.rule: f for f in findings}
    assert by_rule["G02"].records == (clues.loc[5, "record"],)
    assert by_rule["G03"].records == (clues.loc[5, "record"], clues.loc[6, "record"])
    assert by_rule["G06"].records == (groups.loc[0, "record"],)
    assert by_rule["G07"].records == (groups.loc[1, "record"],)
    assert set(by_rule["G05"].records) == {groups.loc[2, "record"], groups.loc[3, "record"]}
    assert by_rule["G18"].records == ("puzzles",)
    assert (
        by_rule["G18"].message
        == "puzzles: expected column missing (expect_column_values_to_be_between needs column(s) season)"
    )
    assert by_rule["G06"].severity.value == "error" and by_rule["G03"].severity.value == "warning"
    assert by_rule["G06"].message.startswith(f"{groups.loc[0, 'record']}: level outside 0-3 (1 of ")
