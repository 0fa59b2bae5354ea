"""Fixtures for the annotation tests: a workspace with small original puzzles, a CLI runner."""

from __future__ import annotations

import datetime as dt
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.errors import ResourceError
from ocwtool.schema.models import Puzzle
from ocwtool.stores.puzzles import write_puzzles
from tests.conftest import make_nyt, make_ocw_wall

T0 = dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC)


def puzzles() -> list[Puzzle]:
    """Three NYT boards and one OCW wall (original fixtures)."""
    nyt = [make_nyt(dt.date(2024, 1, d)) for d in (2, 3, 4)]
    return [*nyt, make_ocw_wall()]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "annotations").mkdir(parents=True)
    write_puzzles(root / "puzzles" / "test.jsonl", puzzles(), sort=False)
    return root


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str


def run_cli(workspace: Path, *args: str, input: str | None = None) -> Run:
    """Run ``ocwtool`` through its real entry point (error handling included) with CliRunner isolation."""
    from ocwtool.cli import main

    runner = CliRunner()
    code = 0
    with runner.isolation(input=input) as (out, err, _mixed):
        try:
            main(["-w", str(workspace), *args])
        except SystemExit as exc:
            code = int(exc.code or 0)
        sys.stdout.flush()
        sys.stderr.flush()
        return Run(code, out.getvalue().decode(), err.getvalue().decode())


@pytest.fixture(scope="module")
def needs_wordnet() -> None:
    """Skip the module when the local WordNet 3.0 files (Debian wordnet-base) are missing."""
    from ocwtool.annotations.lexicon import wordnet

    try:
        wordnet()
    except ResourceError:
        pytest.skip("needs WordNet 3.0 (Debian wordnet-base)")
