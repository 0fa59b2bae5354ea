"""Split assignment: seeded and stratified OCW, NYT by date, imported from a release folder; CLI."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from pathlib import Path

import pytest

from ocwtool.curation.splits import deal, plan_from_release, plan_nyt, plan_ocw, scale_sizes
from ocwtool.errors import InputError
from ocwtool.schema.corpus import parent_index
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import read_puzzles
from tests.conftest import run_ocwtool
from tests.validators.factory import make_workspace, nyt, wall

SEASON_SIZES = (30, 16, 30, 32, 32, 32, 26, 26, 26, 54, 54, 74, 74, 56, 56)  # OCW's 618 walls


def _walls() -> list:  # type: ignore[type-arg]
    out, i = [], 0
    for season, n in enumerate(SEASON_SIZES, start=1):
        for _ in range(n):
            out.append(wall(i, season=season))
            i += 1
    return out


def test_ocw_sizes_are_exact_and_stratified_by_season() -> None:
    walls = _walls()
    plan = plan_ocw(walls, seed=42)
    assert Counter(plan.values()) == {Split.TRAIN: 62, Split.VALIDATION: 62, Split.TEST: 494}
    for season, n in enumerate(SEASON_SIZES, start=1):
        got = Counter(plan[w.id] for w in walls if w.ocw.season == season)
        for split, total in ((Split.TRAIN, 62), (Split.TEST, 494)):
            assert abs(got[split] - n * total / 618) <= 1.5, (season, split, got)


def test_ocw_assignment_is_deterministic_per_seed() -> None:
    walls = _walls()
    assert plan_ocw(walls, seed=42) == plan_ocw(list(reversed(walls)), seed=42)
    assert plan_ocw(walls, seed=42) != plan_ocw(walls, seed=43)


def test_same_wall_from_two_sources_gets_one_split() -> None:
    walls = [wall(i, season=1 + i % 3) for i in range(30)]
    copies = [wall(i, season=1 + i % 3, source="ocdb", wall_id=f"ocdb-{i}") for i in range(30)]
    plan = plan_ocw(walls + copies, seed=1, sizes=(62, 62, 494))
    assert all(plan[f"w{i:04d}"] == plan[f"ocdb-{i}"] for i in range(30))
    assert Counter(plan[w.id] for w in walls) == {Split.TRAIN: 3, Split.VALIDATION: 3, Split.TEST: 24}


def test_sizes_scale_and_deal() -> None:
    assert scale_sizes((62, 62, 494), 618) == (62, 62, 494)
    assert scale_sizes((62, 62, 494), 100) == (10, 10, 80)
    assert Counter(deal(10, (1, 2, 7))) == {0: 1, 1: 2, 2: 7}
    with pytest.raises(InputError, match="positive sum"):
        scale_sizes((0, 0, 0), 5)


def test_nyt_cutoffs() -> None:
    boards = [nyt(d) for d in range(10)]
    one = plan_nyt(boards, (dt.date(2024, 1, 4),))
    assert [one[b.id].value for b in boards] == ["train"] * 3 + ["test"] * 7
    two = plan_nyt(boards, (dt.date(2024, 1, 4), dt.date(2024, 1, 8)))
    assert Counter(two.values()) == {Split.TRAIN: 3, Split.VALIDATION: 4, Split.TEST: 3}
    with pytest.raises(InputError, match="two increasing dates"):
        plan_nyt(boards, (dt.date(2024, 1, 8), dt.date(2024, 1, 4)))


def test_splits_from_an_ocw_style_release(tmp_path: Path) -> None:
    walls = [wall(i) for i in range(6)]
    for name, members in (("train", walls[:2]), ("validation", walls[2:3]), ("test", walls[3:5])):
        doc = {"dataset": [{"wall_id": w.id, "words": list(w.clues)} for w in members]}
        (tmp_path / f"{name}.json").write_text(json.dumps(doc))
    # the same wall under another id is matched by its clues
    renamed = wall(4, wall_id="ocdb-renamed")
    plan = plan_from_release([*walls, renamed], tmp_path)
    assert plan == {
        "w0000": Split.TRAIN,
        "w0001": Split.TRAIN,
        "w0002": Split.VALIDATION,
        "w0003": Split.TEST,
        "w0004": Split.TEST,
        "ocdb-renamed": Split.TEST,
    }


def test_split_command_writes_the_stores(tmp_path: Path) -> None:
    settings = make_workspace(tmp_path / "ws", n_ocw=20, n_nyt=8)
    out = run_ocwtool("-w", str(settings.root), "split", "--seed", "3", "--nyt-cutoff", "2024-01-05")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[1].split() == ["puzzles/nyt.jsonl", "4", "0", "4", "0"]
    assert out.stdout.splitlines()[2].split() == ["puzzles/ocw.jsonl", "2", "2", "16", "0"]
    assert out.stderr == "Note: OCW sizes 62/62/494 rescaled to 2/2/16 for 20 walls\n"
    dry = run_ocwtool("-w", str(settings.root), "split", "--dry-run")
    assert dry.stderr.splitlines() == [
        "Note: OCW sizes 62/62/494 rescaled to 2/2/16 for 20 walls",
        "Note: 8 NYT puzzle(s) left unchanged: pass --nyt-cutoff DATE[,DATE] to split them",
        "Dry run: nothing written.",
    ]
    walls = read_puzzles(settings.puzzles_path("ocw"))
    assert Counter(w.split for w in walls) == {Split.TRAIN: 2, Split.VALIDATION: 2, Split.TEST: 16}
    # variants take the split their parents agree on, else keep theirs (test, as generated)
    by_id = parent_index(walls)
    for v in read_puzzles(settings.variants_path("randomized")):
        parent_splits = {by_id[pid].split for pid in v.lineage.parents}
        expected = parent_splits.pop() if len(parent_splits) == 1 else Split.TEST
        assert v.split == expected, v.id


def test_split_command_rejects_bad_sizes(tmp_path: Path) -> None:
    out = run_ocwtool("-w", str(tmp_path), "split", "--sizes", "1,2")
    assert out.returncode == 2
    assert (
        "Invalid value for '--sizes': expected three non-negative integers like 62,62,494, got '1,2'"
        in out.stderr
    )
