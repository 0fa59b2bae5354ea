"""``ocwtool split --strategy stratified``: boards stratified by measured difficulty and by date, seeded,
copies of a board in one split, assigned puzzles kept; the release card shows how and the strata."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from pathlib import Path

import pytest

from ocwtool.curation.strata import date_bin, difficulty, plan_stratified, strata_counts, stratum
from ocwtool.releases.split_card import splits_section
from ocwtool.schema.keys import wall_key
from ocwtool.schema.models import HumanPerformance, OcwMeta, Puzzle, Split
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace, init_workspace
from tests.conftest import run_ocwtool
from tests.validators.factory import nyt, wall


def _found(p: Puzzle, n: int) -> Puzzle:
    """``p`` with the contestants having found its first ``n`` groups."""
    groups = tuple(
        g.model_copy(update={"human_performance": HumanPerformance(grouping=int(k < n), connection=0)})  # type: ignore[arg-type]
        for k, g in enumerate(p.groups)
    )
    return p.model_copy(update={"groups": groups})


def _corpus() -> list[Puzzle]:
    """120 OCW walls over 3 difficulties and 2 seasons, 80 NYT boards over 2 years."""
    walls = [_found(wall(i, season=1 + i % 2), 2 + i % 3) for i in range(120)]
    boards = [nyt(d * 5) for d in range(80)]  # 2024-01-01 .. 2025-02-04
    return walls + boards


def test_strata_are_measured_difficulty_and_date() -> None:
    w = _found(wall(1, season=3), 3)
    assert stratum(w) == ("contestants found 3/4", "season 3")
    dated = w.model_copy(update={"ocw": OcwMeta(season=3, air_date=dt.date(2019, 5, 1))})
    assert date_bin(dated) == "2019"
    assert stratum(nyt(400)) == ("unmeasured", "2025")
    no_hp = wall(2).model_copy(
        update={"groups": tuple(g.model_copy(update={"human_performance": None}) for g in wall(2).groups)}
    )
    assert difficulty(no_hp) == "unmeasured"


def test_every_stratum_gets_its_share() -> None:
    puzzles = _corpus()
    plan = plan_stratified(puzzles, seed=42, sizes=(80, 10, 10)).plan
    assert Counter(plan.values()) == {Split.TRAIN: 160, Split.VALIDATION: 20, Split.TEST: 20}
    by_stratum: dict[tuple[str, str], Counter[Split]] = {}
    for p in puzzles:
        by_stratum.setdefault(stratum(p), Counter())[plan[p.id]] += 1
    assert len(by_stratum) == 8  # 3 difficulties x 2 seasons, and 2 years of NYT boards
    for key, counts in by_stratum.items():
        n = sum(counts.values())
        for split, share in ((Split.TRAIN, 0.8), (Split.VALIDATION, 0.1), (Split.TEST, 0.1)):
            assert abs(counts[split] - n * share) <= 1.5, (key, counts)


def test_deterministic_by_seed_whatever_the_input_order() -> None:
    puzzles = _corpus()
    plan = plan_stratified(puzzles, seed=7).plan
    assert plan == plan_stratified(list(reversed(puzzles)), seed=7).plan
    assert plan != plan_stratified(puzzles, seed=8).plan


def test_copies_of_a_board_land_in_one_split() -> None:
    walls = [wall(i) for i in range(40)]
    copies = [wall(i, source="ocdb", wall_id=f"ocdb-{i}") for i in range(40)]
    plan = plan_stratified(walls + copies, seed=1).plan
    assert all(plan[f"w{i:04d}"] == plan[f"ocdb-{i}"] for i in range(40))
    assert Counter(plan[w.id] for w in walls) == {Split.TRAIN: 32, Split.VALIDATION: 4, Split.TEST: 4}


def test_assigned_puzzles_never_move_and_their_copies_join_them() -> None:
    puzzles = [wall(i, split=Split.TEST if i < 10 else None) for i in range(40)]
    copy = wall(3, source="ocdb", wall_id="ocdb-3")  # unassigned copy of an assigned wall
    result = plan_stratified([*puzzles, copy], seed=1)
    assert all(result.plan[f"w{i:04d}"] is Split.TEST for i in range(10))
    assert result.plan["ocdb-3"] is Split.TEST
    assert result.kept == 10
    # the kept boards count toward the shares: test has more than its 4, so the 30 new boards go to
    # train and validation in proportion to what they lack (32 and 4)
    assert Counter(result.plan[p.id] for p in puzzles) == {
        Split.TRAIN: 27,
        Split.VALIDATION: 3,
        Split.TEST: 10,
    }
    fresh = plan_stratified([*puzzles, copy], seed=1, reassign=True)
    assert fresh.kept == 0
    assert Counter(fresh.plan[p.id] for p in puzzles) == {Split.TRAIN: 32, Split.VALIDATION: 4, Split.TEST: 4}


def test_a_board_already_in_two_splits_is_kept_and_reported() -> None:
    a, b = wall(1, split=Split.TRAIN), wall(1, source="ocdb", wall_id="ocdb-1", split=Split.TEST)
    result = plan_stratified([a, b, wall(2)], seed=1)
    assert (result.plan[a.id], result.plan[b.id]) == (Split.TRAIN, Split.TEST)
    assert result.split_boards == ("ocdb-1",)
    assert plan_stratified([a, b], seed=1, reassign=True).split_boards == ()


def _workspace(root: Path, copies: bool = True) -> Workspace:
    init_workspace(root, "tests@example.org")
    ws = Workspace.open(root)
    walls = [_found(wall(i, season=1 + i % 2), 2 + i % 3) for i in range(30)]
    write_puzzles(ws.puzzles_path("ocw"), walls)
    if copies:  # the same walls from another source
        write_puzzles(
            ws.puzzles_path("ocdb"), [wall(i, source="ocdb", wall_id=f"ocdb-{i}") for i in range(5)]
        )
    write_puzzles(ws.puzzles_path("nyt"), [nyt(d * 40) for d in range(20)])
    return ws


def test_cli_splits_every_store_and_records_how(tmp_path: Path) -> None:
    ws = _workspace(tmp_path / "ws")
    result = run_ocwtool("-w", str(ws.root), "split", "--strategy", "stratified", "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1:] == [  # 50 boards: 40/5/5; the 5 ocdb copies follow their walls
        "puzzles/nyt.jsonl                16          2      2          0",
        "puzzles/ocdb.jsonl                4          0      1          0",
        "puzzles/ocw.jsonl                24          3      3          0",
    ]
    assert json.loads(ws.split_record_path.read_text()) == {
        "strategy": "stratified",
        "seed": 3,
        "sizes": [80, 10, 10],
        "nyt_cutoffs": [],
        "splits_from": None,
        "reassign": False,
    }
    stores = {name: read_puzzles(ws.puzzles_path(name)) for name in ("ocw", "ocdb", "nyt")}
    splits_of: dict[frozenset[str], set[Split | None]] = {}
    for p in (p for items in stores.values() for p in items):
        splits_of.setdefault(wall_key(p), set()).add(p.split)
    assert all(len(s) == 1 for s in splits_of.values())  # no board in two splits
    again = run_ocwtool("-w", str(ws.root), "split", "--strategy", "stratified", "--seed", "9")
    assert again.stdout == result.stdout  # assigned puzzles never move
    assert again.stderr == (
        "Note: 50 board(s) already assigned kept their split (assigned puzzles never move; "
        "--reassign deals every board afresh)\n"
    )


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["--reassign"],
            1,
            "Error: --reassign applies to --strategy stratified (the default strategy deals afresh)\n",
        ),
        (
            ["--strategy", "stratified", "--nyt-cutoff", "2024-06-01"],
            1,
            "Error: --strategy stratified deals NYT boards too: leave out --nyt-cutoff and --splits-from\n",
        ),
    ],
)
def test_bad_combinations_get_one_clear_error(
    tmp_path: Path, args: list[str], code: int, message: str
) -> None:
    ws = _workspace(tmp_path / "ws")
    result = run_ocwtool("-w", str(ws.root), "split", *args)
    assert (result.returncode, result.stderr) == (code, message)
    assert not ws.split_record_path.exists()


def test_unknown_strategy_is_a_usage_error(tmp_path: Path) -> None:
    ws = _workspace(tmp_path / "ws")
    result = run_ocwtool("-w", str(ws.root), "split", "--strategy", "random")
    assert result.returncode == 2
    assert "Invalid value for '--strategy': 'random' is not one of 'default', 'stratified'." in result.stderr


def test_card_section_says_how_and_counts_strata() -> None:
    walls = [
        _found(
            wall(i, season=1),
            4,
        ).model_copy(update={"split": Split.TRAIN if i < 3 else Split.TEST})
        for i in range(4)
    ]
    record = {"strategy": "stratified", "seed": 5, "sizes": [8, 1, 1], "reassign": False}
    lines = splits_section(record, {"ocw": walls, "nyt": [nyt(0, split=Split.VALIDATION)]})
    assert lines[0] == "## How the splits were made"
    assert lines[2].startswith(
        "`ocwtool split --strategy stratified` (seed 5, train/validation/test proportions 8/1/1 "
        "(assigned puzzles kept their split)): every board, OCW and NYT, is one unit identified by its "
        "normalised clue set"
    )
    assert lines[-4:] == [
        "|---|---|---|---|---|",
        "| ocw | contestants found 4/4, season 1 | 3 | 0 | 1 |",
        "| nyt | unmeasured, 2024 | 0 | 1 | 0 |",
        "",
    ]
    assert strata_counts(walls) == {"contestants found 4/4, season 1": {"train": 3, "test": 1}}
    assert splits_section(None, {})[2] == (
        "No `ocwtool split` was recorded in the workspace: the splits came with the imported files."
    )


def test_release_card_documents_the_stratified_splits(tmp_path: Path) -> None:
    ws = _workspace(tmp_path / "ws", copies=False)  # a release refuses the same wall twice
    assert run_ocwtool("-w", str(ws.root), "split", "--strategy", "stratified").returncode == 0
    built = run_ocwtool("-w", str(ws.root), "release", "build", "--name", "t", "--version", "1.0.0")
    assert built.returncode == 0, built.stderr
    card = (ws.root / "releases" / "t-1.0.0" / "README.md").read_text()
    assert "## How the splits were made\n\n`ocwtool split --strategy stratified` (seed 42," in card
    assert "| nyt | unmeasured, 2024 | " in card
    assert "| config | stratum (difficulty, date) | train | validation | test |" in card
