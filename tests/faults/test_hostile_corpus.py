"""Every case of the hostile-input corpus ends in one clear error line, with nothing lost or written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.faults.hostile import HostileCase, all_cases, run_case

CASES = list(all_cases())


def test_case_ids_are_unique() -> None:
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids))


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hostile")


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_hostile_input_gets_one_clear_error_and_loses_nothing(case: HostileCase, scratch: Path) -> None:
    outcome = run_case(case, scratch)
    assert outcome.escaped is None, outcome.escaped
    assert outcome.clear, (outcome.code, outcome.stderr)
    assert outcome.changed == []
    assert outcome.stray == []
