"""Figures that say what they show (issue #25, section 3): measured on the laid-out matplotlib figure,
not on the chart data alone, since that is what a reader sees."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from ocwtool.evaluation.stats import bootstrap_intervals
from ocwtool.report import collect, sections
from ocwtool.report.curation import changed_panel
from ocwtool.report.data import LEVELS, difficulty, flags_and_splits, seasons_and_months
from ocwtool.report.evaluation_panels import MIN_GROUPS
from ocwtool.report.model import Bars, Heatmap, Panel, Section, Series
from ocwtool.report.render import figure
from ocwtool.schema.models import Flag, Lineage
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import Workspace
from tests.report.conftest import evaluate
from tests.validators.factory import nyt, replace_group, wall

LONG_RUNS = (
    "openai-api/local/Qwen2.5-7B-Instruct-oneshot · nyt-community / test",
    "openai-api/local/Llama-3.1-8B-Instruct-interactive · nyt-community / test",
    "random · nyt-community / test",
    "wordnet · nyt-community / test",
)


def _panels(found: tuple[Section, ...]) -> dict[str, Panel]:
    return {p.key: p for s in found for p in s.panels}


def _bars(panel: Panel) -> Bars:
    assert isinstance(panel.chart, Bars), panel.note
    return panel.chart


def _copy(workspace: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "ws"
    shutil.copytree(workspace, copy, ignore=shutil.ignore_patterns("reports"))
    return copy


# ------------------------------------------------------------------------------- whiskers
def _whiskers(panel: Panel) -> list[tuple[float, float]]:
    """(low, high) ends of every whisker drawn on a horizontal bar chart, top bar first."""
    from matplotlib.container import ErrorbarContainer

    ax = figure(panel).axes[0]
    spans = []
    for container in ax.containers:
        if isinstance(container, ErrorbarContainer):
            for (x0, y), (x1, _) in container.lines[2][0].get_segments():
                spans.append((y, float(x0), float(x1)))
    return [(lo, hi) for _, lo, hi in sorted(spans)]


def test_leaderboard_draws_every_runs_95_interval(workspace: Path, tmp_path: Path) -> None:
    root = _copy(workspace, tmp_path)
    report = json.loads((root / "runs" / "eval-random-ocw-test.json").read_text())
    bare = {k: v for k, v in report.items() if k != "intervals"}  # as the demo's LLM runs (n_boot 0)
    (root / "runs" / "eval-replay-ocw-test.json").write_text(json.dumps(bare))
    panel = _panels(sections(collect(Workspace.at(root))))["eval-leaderboard-ocw-test"]
    n = report["summary"]["grouping"]["n_walls"]["mean"]
    stored = report["intervals"]["correct_groups"]
    redone = bootstrap_intervals([r["walls"] for r in report["runs"]])["correct_groups"]
    expected = {
        "random (baseline)": (stored["lo"] / n, stored["hi"] / n),
        "replay (baseline)": (redone["lo"] / n, redone["hi"] / n),
    }
    chart = _bars(panel)
    (series,) = chart.series
    assert dict(zip(chart.categories, zip(series.lo, series.hi, strict=True), strict=True)) == expected
    drawn = [end for span in _whiskers(panel) for end in span]
    assert drawn == pytest.approx([end for c in chart.categories for end in expected[c]])
    rows = {row[0]: row[5] for row in panel.table[1:]}
    lo, hi = expected["replay (baseline)"]
    assert rows["replay"] == f"{series.values[1]:.2f} [{lo:.2f}, {hi:.2f}]"
    assert panel.caption.startswith("Whiskers: 95 % bootstrap intervals over walls")


# ------------------------------------------------------------------------------- tick labels
def _collisions(panel: Panel) -> list[tuple[str, str]]:
    """Neighbouring category labels less than a space (4 pixels at 9 pt) apart: they read as one."""
    ax = figure(panel).axes[0]
    labels = [t for t in ax.get_xticklabels() if t.get_visible() and t.get_text()]
    boxes = sorted(((t.get_window_extent(), t.get_text()) for t in labels), key=lambda b: b[0].x0)
    return [(a, b) for (box_a, a), (box_b, b) in pairwise(boxes) if box_b.x0 < box_a.x1 + 4]


def _outside(panel: Panel) -> list[float]:
    """How far (inches) what is drawn reaches past the figure's left, bottom, right and top edges
    (cut off in the saved image), where it does."""
    fig = figure(panel)
    drawn, edges = fig.get_tightbbox(), fig.bbox_inches
    over = (edges.x0 - drawn.x0, edges.y0 - drawn.y0, drawn.x1 - edges.x1, drawn.y1 - edges.y1)
    return [round(d, 2) for d in over if d > 0.01]


def test_months_of_a_long_archive_are_labelled_without_overlap() -> None:
    firsts = [dt.date(2024 + m // 12, 1 + m % 12, 1) for m in range(40)]
    boards = [nyt((day - dt.date(2024, 1, 1)).days) for day in firsts]  # one board in each of 40 months
    panel = seasons_and_months({"nyt": boards})[1]
    assert len(_bars(panel).categories) == 40
    assert _collisions(panel) == []
    assert _outside(panel) == []


def test_levels_stay_legible_beside_long_run_names() -> None:
    series = tuple(Series(name, (0.9, 0.6, 0.4, 0.1)) for name in LONG_RUNS)
    chart = Bars(LEVELS, series, ylabel="groups found (share)", share=True)  # as levels_panel draws it
    panel = Panel("eval-levels", "Success by difficulty level", chart)
    assert _collisions(panel) == []
    assert _outside(panel) == []
    ax = figure(panel).axes[0]
    assert ax.get_window_extent().width > 0.7 * figure(panel).bbox.width  # the legend does not squeeze it


# ------------------------------------------------------------------------------- flags
def test_one_bar_per_flag_stored_or_found() -> None:
    twice = replace_group(nyt(1), 1, clues=("AX1", "AX1", "BX1", "CX1"))  # a clue repeated
    stores = {
        "nyt": [
            twice.model_copy(update={"flags": (Flag.DUPLICATE_CLUE,)}),  # stored and found
            replace_group(nyt(2), 0, clues=("AX2", "AX2", "BX2", "CX2")),  # found only
            nyt(3),
        ]
    }
    chart = _bars(flags_and_splits(stores)[0])
    assert chart.categories == ("duplicate_clue",)
    assert chart.series[0].values == (2.0,)


# ------------------------------------------------------------------------------- small counts
def test_counts_of_one_stay_visible_beside_hundreds() -> None:
    stores = {
        "nyt": [nyt(d, flags=(Flag.LEVEL_FROM_ORDER,)) for d in range(200)]
        + [nyt(300, flags=(Flag.NUMERIC_CLUE,))]
    }
    panel = flags_and_splits(stores)[0]
    chart = _bars(panel)
    ax = figure(panel).axes[0]
    bars = [p.get_window_extent() for p in ax.patches if p.get_width() and p.get_height()]
    lengths = sorted((b.width if chart.horizontal else b.height) for b in bars)
    assert len(lengths) == 2 and lengths[0] >= 10  # pixels: the bar of 1 is seen
    assert {t.get_text() for t in ax.texts} >= {"1", "200"}  # and each bar says its count


# ------------------------------------------------------------------------------- levels
def test_one_group_per_level_is_said_not_drawn() -> None:
    boards = [nyt(d) for d in range(3)] + [nyt(9, flags=(Flag.LEVEL_FROM_ORDER,))]
    panel = difficulty({"nyt": boards})
    assert panel.chart is None
    assert panel.note == (
        "Every puzzle has one group per level (0 yellow easiest .. 3 purple hardest), so a count per "
        "level is the same for all four (nyt 4 groups each) and is not drawn. Levels taken from the list "
        "order (no level in the source, flag level_from_order): nyt 1 puzzles. How often each level is "
        "found: Success by difficulty level, under Evaluation."
    )
    unlevelled = replace_group(nyt(5), 3, level=None)
    drawn = _bars(difficulty({"nyt": [*boards, unlevelled]}))
    assert drawn.series[0].values == (5.0, 5.0, 5.0, 4.0)


# ------------------------------------------------------------------------------- heatmap
def _types_per_run(root: Path) -> dict[str, dict[str, int]]:
    """run name -> knowledge type -> gold groups of that type among the walls the run played."""
    inputs = collect(Workspace.at(root))
    out: dict[str, dict[str, int]] = {}
    for run in inputs.evaluation.runs:
        golds = inputs.evaluation.golds[run.source]
        counts: dict[str, int] = {}
        for row in run.report["runs"][0]["walls"]:
            for gid in golds[row["wall_id"]].group_ids:
                for t in inputs.types.get(gid, ()):
                    counts[t] = counts.get(t, 0) + 1
        if counts:
            out[run.name] = counts
    return out


def _cell_texts(panel: Panel) -> dict[tuple[int, int], Any]:
    ax = figure(panel).axes[0]
    return {(round(t.get_position()[1]), round(t.get_position()[0])): t for t in ax.texts}


def test_type_heatmap_shows_n_and_greys_out_small_cells(workspace: Path) -> None:
    panel = _panels(sections(collect(Workspace.at(workspace))))["eval-knowledge-types"]
    chart = panel.chart
    assert isinstance(chart, Heatmap) and chart.min_n == MIN_GROUPS
    expected = _types_per_run(workspace)
    assert {
        run: {t: n for t, n in zip(chart.cols, row, strict=True) if n}
        for run, row in zip(chart.rows, chart.n, strict=True)
    } == expected
    texts = _cell_texts(panel)
    for r, row in enumerate(chart.n):
        for c, n in enumerate(row):
            if n:
                assert texts[(r, c)].get_text().endswith(f"\nn={n}")
                assert (texts[(r, c)].get_color() == "#666666") is (n < MIN_GROUPS)
    assert f"cells resting on fewer than {MIN_GROUPS} groups are grey" in panel.caption


def test_heatmap_colours_only_cells_with_enough_items() -> None:
    chart = Heatmap(("run",), ("a", "b"), ((1.0, 0.5),), share=True, n=((2, 40),), min_n=10)
    ax = figure(Panel("eval-knowledge-types", "t", chart)).axes[0]
    image = ax.images[0].get_array()
    assert bool(image.mask[0, 0]) and not bool(image.mask[0, 1])  # 2 groups: no colour
    assert [t.get_text() for t in ax.texts] == ["1.00\nn=2", "0.50\nn=40"]


# ------------------------------------------------------------------------------- same puzzles
def test_stores_with_the_same_puzzles_share_one_leaderboard(workspace: Path, tmp_path: Path) -> None:
    root = _copy(workspace, tmp_path)
    shutil.copy(root / "puzzles" / "nyt.jsonl", root / "puzzles" / "nyt-community.jsonl")
    evaluate(root, "nyt-community")
    boards = {
        k: p
        for k, p in _panels(sections(collect(Workspace.at(root)))).items()
        if k.startswith("eval-leaderboard")
    }
    assert sorted(boards) == [
        "eval-leaderboard-nyt-test",
        "eval-leaderboard-ocw-test",
        "eval-leaderboard-randomized-test",
    ]
    board = boards["eval-leaderboard-nyt-test"]
    assert board.title == "Leaderboard: nyt / test and nyt-community / test (the same puzzles)"
    assert _bars(board).categories == ("random · nyt (baseline)", "random · nyt-community (baseline)")
    n = sum(
        p.split is not None and p.split.value == "test" for p in read_puzzles(root / "puzzles" / "nyt.jsonl")
    )
    assert board.caption.endswith(
        f"nyt / test and nyt-community / test hold the same {n} puzzles (the same clues in the same "
        "groups), so their runs are ranked on this one leaderboard; each row names its store."
    )


# ------------------------------------------------------------------------------- variants caption
def _stated(caption: str) -> dict[str, tuple[float, float, float]]:
    found = re.findall(r"(\w+ \(\d+\)): (\d+)% of groups, (\d+)% of clues, (\d+)% of connections", caption)
    return {name: (int(g) / 100, int(c) / 100, int(k) / 100) for name, g, c, k in found}


def test_variants_caption_states_what_its_bars_show(workspace: Path) -> None:
    parent = wall(1)
    kept = parent.groups[0].clues[0]
    new_groups = tuple(
        g.model_copy(
            update={
                "clues": tuple(kept if (k, j) == (0, 0) else f"syn{k}{j}" for j in range(4)),
                "connection": f"{g.clues[0]}: a sense",
            }
        )
        for k, g in enumerate(parent.groups)
    )
    easy = parent.model_copy(
        update={
            "id": f"easy_{parent.id}",
            "groups": new_groups,
            "clues": tuple(c for g in new_groups for c in g.clues),
            "lineage": Lineage(kind="wordnet", seed=42, parents=(parent.id,), params={"store": "ocw"}),
        }
    )
    randomized = collect(Workspace.at(workspace)).variants
    panel = changed_panel({**randomized, "wordnet": [easy]}, {parent.id: parent} | _originals(workspace))
    chart = _bars(panel)
    stated = _stated(panel.caption)
    assert set(stated) == {s.name for s in chart.series} == {"randomized (12)", "wordnet (1)"}
    for s in chart.series:
        assert stated[s.name] == pytest.approx(tuple(round(v, 2) for v in s.values), abs=0.005)
    assert stated["wordnet (1)"] == (0.0, 0.06, 0.0)  # 1 of 16 clues stays: not "replaced"


def _originals(workspace: Path) -> dict[str, Any]:
    return {p.id: p for p in read_puzzles(workspace / "puzzles" / "ocw.jsonl")}
