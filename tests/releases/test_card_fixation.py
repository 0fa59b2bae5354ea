"""Release cards show fixation figures: when a release ships red-herring labels and the workspace's
evaluations of its puzzles recorded them, a short table per player; same release, same bytes."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
from ocwtool.evaluation.gold import workspace_golds
from ocwtool.evaluation.herring_metrics import choose_labels
from ocwtool.evaluation.pipeline import EvalRequest, report_name, run_evaluation, save_report
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.card import CardInfo, SplitFile, render_card
from ocwtool.report.fixation import PlayerFixation
from ocwtool.schema.annotations import ItemRecord, RedHerringWord
from ocwtool.stores.annotations import append_record, read_all
from ocwtool.workspace import Workspace
from tests.validators.factory import make_workspace, wall

WHEN = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
HEADER = "| player | labels | fixation rate | chance | first mistake on a decoy |"


def _decoy(i: int, group: int, toward: int, score: float) -> ItemRecord:
    word = RedHerringWord(
        clue=wall(i).groups[group].clues[0],
        clue_number=4 * group + 1,
        fits_group=f"w{i:04d}_{toward + 1:02d}",
        score=score,
    )
    return ItemRecord(
        annotator="play-decoys",
        puzzle_id=f"w{i:04d}",
        red_herring_words=(word,),
        created_at=WHEN,
        guideline_version=GUIDELINE_VERSION,
    )


@pytest.fixture(scope="module")
def scored(tmp_path_factory: pytest.TempPathFactory, offline_hf: None) -> Workspace:
    """Decoys on two test walls, and the random baseline scored against them (saved in runs/)."""
    ws = make_workspace(tmp_path_factory.mktemp("fixation") / "ws")
    append_record(ws.annotations_dir, _decoy(8, 0, 2, 0.75))
    append_record(ws.annotations_dir, _decoy(9, 1, 3, 0.5))
    golds = workspace_golds(ws, "test", "ocw")
    chosen = choose_labels(
        read_all(ws.annotations_dir, include_suggest=True), [g.wall_id for g in golds.walls]
    )
    assert chosen is not None
    request = EvalRequest(baseline="random", seeds=4, n_boot=0, herrings=chosen)
    save_report(
        run_evaluation(golds.walls, request), ws.run_report_path(report_name("random", "test", "ocw"))
    )
    return ws


def _pooled(ws: Workspace) -> dict[str, Any]:
    report = json.loads(ws.run_report_path(report_name("random", "test", "ocw")).read_text())
    pooled: dict[str, Any] = report["herrings"]["pooled"]
    return pooled


def test_the_card_has_a_fixation_table_per_player(scored: Workspace) -> None:
    folder, _ = build_release(scored, ReleaseSpec("demo", "1.0.0"))
    text = (folder / "README.md").read_text()
    fix, first = _pooled(scored)["fixation"], _pooled(scored)["first_mistake"]
    row = (
        f"| random · ocw / test | play-decoys | {fix['rate']:.3f} ({fix['fixated']} of "
        f"{fix['wrong_groups']}) | {fix['chance']:.3f} | {first['rate']:.3f} "
        f"({first['decoy']} of {first['games']}); chance {first['chance']:.3f} |"
    )
    assert "### Fixation on red herrings\n" in text
    assert f"{HEADER}\n|---|---|---|---|---|\n{row}\n" in text
    assert text.index("### Fixation on red herrings") > text.index("## Red herrings")
    assert fix["wrong_groups"] == 4 * 2 * 4  # 4 seeds, the 2 labelled walls, 4 wrong groups each


def test_the_same_release_gives_the_same_card(scored: Workspace) -> None:
    first, _ = build_release(scored, ReleaseSpec("demo", "1.0.1"))
    before = (first / "README.md").read_bytes()
    again, _ = build_release(scored, ReleaseSpec("demo", "1.0.1", force=True))
    assert (again / "README.md").read_bytes() == before
    assert b"### Fixation on red herrings" in before


def test_no_table_without_shipped_labels(scored: Workspace) -> None:
    folder, _ = build_release(scored, ReleaseSpec("demo", "1.0.2", with_herrings=False, report=False))
    text = (folder / "README.md").read_text()
    assert "## Red herrings" not in text and "Fixation" not in text


def test_no_table_without_evaluations_of_the_released_puzzles(scored: Workspace) -> None:
    # only the NYT store is released: the labels and the run are on OCW walls
    folder, _ = build_release(scored, ReleaseSpec("demo", "1.0.3", sources=("nyt",), report=False))
    assert "Fixation" not in (folder / "README.md").read_text()


def _player(name: str, rate: float | None) -> PlayerFixation:
    return PlayerFixation(
        name,
        "alice",
        3,
        4 if rate is not None else 0,
        1 if rate else 0,
        rate,
        0.125,
        2,
        1,
        0.5,
        0.25,
        0,
        0,
        0,
    )


def test_player_names_are_escaped_and_missing_rates_said(tmp_path: Path) -> None:
    herrings = (
        SplitFile("ocw", "test", "red_herrings/ocw/test-00000-of-00001.parquet", 2, 10, 10, "0" * 64),
    )
    files = (SplitFile("ocw", "test", "data/ocw/test-00000-of-00001.parquet", 4, 10, 10, "0" * 64),)
    info = CardInfo(
        name="demo",
        version="1.0.0",
        license="mit",
        files=files,
        counts={"ocw": {"test": 4}},
        provenance={},
        herrings=herrings,
        herring_sources=(("alice", "human", 2),),
        fixation=(_player("<b>x</b> | y", 0.25), _player("oracle", None)),
    )
    text = render_card(info)
    assert (
        "| &lt;b&gt;x&lt;/b&gt; \\| y | alice | 0.250 (1 of 4) | 0.125 | 0.500 (1 of 2); chance 0.250 |"
        in text
    )
    assert "| oracle | alice | n/a (0 of 0) | 0.125 | 0.500 (1 of 2); chance 0.250 |" in text
