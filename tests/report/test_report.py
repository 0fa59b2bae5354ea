"""The report's sections computed from a small workspace, its page and figures, and the command."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest

from ocwtool.annotations.agreement import TYPES, agreement
from ocwtool.report import collect, sections, write_report
from ocwtool.report.collect import HUMAN_LABELS
from ocwtool.report.curation import changes, rule_status
from ocwtool.report.model import Bars, Heatmap, Panel, Section
from ocwtool.stores.annotations import read_all
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import Workspace
from tests.annotations.conftest import run_cli
from tests.validators.factory import ocw_walls, randomized


def _panels(found: tuple[Section, ...]) -> dict[str, Panel]:
    return {p.key: p for s in found for p in s.panels}


def _bars(panel: Panel) -> Bars:
    assert isinstance(panel.chart, Bars), panel.note
    return panel.chart


def test_data_section_counts_the_stores(workspace: Path) -> None:
    panels = _panels(sections(collect(Workspace.at(workspace))))
    splits = _bars(panels["data-splits"])
    assert splits.categories == ("nyt", "ocw")
    assert {s.name: s.values for s in splits.series} == {
        "train": (4.0, 4.0),
        "validation": (0.0, 4.0),
        "test": (4.0, 12.0),
    }
    seasons = _bars(panels["data-walls-per-season"])
    assert seasons.categories == ("1", "2") and seasons.series[0].values == (10.0, 10.0)
    assert panels["data-levels"].chart is None  # one group per level: see test_figures
    assert panels["data-flags"].chart is None and panels["data-flags"].note == "No flags found in 28 puzzles."


def test_knowledge_types_are_the_human_consensus(workspace: Path) -> None:
    inputs = collect(Workspace.at(workspace))
    assert inputs.type_origin == HUMAN_LABELS
    walls = read_puzzles(workspace / "puzzles" / "ocw.jsonl")[:6]
    agreed = {
        g.id for w in walls for k, g in enumerate(w.groups) if k != 1
    }  # alice and bob differ on group 2
    assert set(inputs.types) == agreed
    types = _bars(_panels(sections(inputs))["data-knowledge-types"])
    (ocw,) = types.series
    assert dict(zip(types.categories, ocw.values, strict=True))["semantic"] == pytest.approx(1 / 3)


def test_annotation_section_reuses_agreement(workspace: Path) -> None:
    panels = _panels(sections(collect(Workspace.at(workspace))))
    expected = agreement(read_all(workspace / "annotations"))
    pairs = _bars(panels["annotation-agreement"])
    assert pairs.categories == ("alice ~ bob (n=24)",)
    assert pairs.series[0].values == (expected.pairs[0].kappa,)
    confusion = panels["annotation-confusion"].chart
    assert isinstance(confusion, Heatmap)
    matrix = confusion.values
    assert all(matrix[i][j] == matrix[j][i] for i in range(6) for j in range(6))
    semantic, associative = TYPES.index("semantic"), TYPES.index("associative")
    assert matrix[semantic][associative] == 6  # alice vs bob on group 2 of 6 walls
    herrings = _bars(panels["annotation-red-herrings"])
    assert herrings.categories == ("alice (6 puzzles)", "bob (6 puzzles)", "suggest (6 puzzles)")


def test_validation_section_counts_rules(workspace: Path) -> None:
    doc = json.loads((workspace / "runs" / "validation" / "report.json").read_text())
    chart = _bars(_panels(sections(collect(Workspace.at(workspace))))["validation-rules"])
    assert sum(chart.series[0].values) == len(doc["rules"])
    failed = {f["rule"] for f in doc["findings"]}
    assert dict(zip(chart.categories, chart.series[0].values, strict=True))["passed"] == len(
        doc["rules"]
    ) - len(failed)


def test_evaluation_section_reads_every_scored_run(workspace: Path) -> None:
    panels = _panels(sections(collect(Workspace.at(workspace), cutoff=dt.date(2024, 1, 7))))
    report = json.loads((workspace / "runs" / "eval-random-ocw-test.json").read_text())
    board = _bars(panels["eval-leaderboard-ocw-test"])
    assert board.categories == ("random (baseline)",)
    ci = report["intervals"]["correct_groups"]
    assert board.series[0].values == (ci["estimate"] / 12,) and board.series[0].lo == (ci["lo"] / 12,)
    types = panels["eval-knowledge-types"].chart
    assert isinstance(types, Heatmap) and types.rows == ("random · ocw / test", "random · randomized / test")
    cutoff = _bars(panels["eval-cutoff"])
    assert cutoff.categories == ("before 2024-01-07", "on or after 2024-01-07")
    humans = _bars(panels["eval-humans"])
    assert humans.series[1].name == "contestants" and humans.series[1].values[0] == 1.0  # factory: all found
    variants = _bars(panels["eval-variants"])
    assert [s.name for s in variants.series] == ["original", "randomized"]


def test_randomized_variant_keeps_one_group_of_its_wall() -> None:
    walls = ocw_walls()
    variant = randomized(walls)[0]
    parent = next(w for w in walls if w.id == variant.id)
    assert changes(variant, parent) == (0.25, 0.25, 1.0)  # the factory's walls share their connections
    assert changes(parent, parent) == (1.0, 1.0, 1.0)


def test_rule_status() -> None:
    error = {"severity": "error", "waived": False}
    assert rule_status([]) == "passed"
    assert rule_status([error]) == "failed"
    assert rule_status([{**error, "waived": True}]) == "waived"
    assert rule_status([{"severity": "warning", "waived": False}]) == "warned"


def test_an_empty_workspace_says_why_instead_of_drawing(tmp_path: Path) -> None:
    (tmp_path / "ws").mkdir()
    written = write_report(Workspace.at(tmp_path / "ws"))
    assert written.figures == ()
    html = written.html.read_text()
    assert "<img" not in html
    for text in (
        "No puzzle stores yet",
        "No variants built yet.",
        "No validation report",
        "Nothing scored yet.",
    ):
        assert text in html


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_figures_and_page_are_byte_identical_from_the_same_inputs(workspace: Path, tmp_path: Path) -> None:
    copy = tmp_path / "elsewhere"
    shutil.copytree(workspace, copy, ignore=shutil.ignore_patterns("reports"))
    first = write_report(Workspace.at(workspace), tmp_path / "a" / "report.html")
    write_report(Workspace.at(copy), tmp_path / "b" / "report.html")
    assert len(first.figures) == 2 * sum(p.chart is not None for s in first.sections for p in s.panels)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    assert b"<dc:date>" not in (tmp_path / "a" / "data-splits.svg").read_bytes()


def test_report_command_prints_the_page(workspace: Path, tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    result = run_cli(workspace, "report", "--out", str(out), "--cutoff", "2024-01-07", "--no-progress")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"{out}\n"
    assert "training cutoff 2024-01-07" in out.read_text()
    assert (tmp_path / "eval-cutoff.svg").is_file() and (tmp_path / "eval-cutoff.png").is_file()
    bad = run_cli(workspace, "report", "--cutoff", "March")
    assert bad.exit_code == 2


def test_eval_plot_draws_one_evaluation(workspace: Path, tmp_path: Path) -> None:
    figures = tmp_path / "figs"
    args = ["eval", "--source", "ocw", "--baseline", "random", "--seeds", "2", "--bootstrap", "100"]
    args += ["--json-out", str(tmp_path / "r.json"), "--plot", str(figures), "--no-progress"]
    result = run_cli(workspace, *args)
    assert result.exit_code == 0, result.stderr
    names = sorted(p.name for p in figures.iterdir())
    assert names == [
        f"{key}.{ext}"
        for key in ("eval-humans", "eval-knowledge-types", "eval-leaderboard-ocw-test")
        for ext in ("png", "svg")
    ]
    assert f"Drew 3 figures (SVG and PNG) in {figures}" in result.stderr
    saved = json.loads((tmp_path / "r.json").read_text())
    assert saved["runs"][0]["walls"] == []  # plotting used the per-wall rows before they were dropped


def test_labels_of_an_unfinished_wall_are_left_out_and_counted(workspace: Path, tmp_path: Path) -> None:
    """A wall whose labelling was left mid-way (an ``in_progress`` record) counts nowhere in the report."""
    from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel, KnowledgeType
    from ocwtool.stores.annotations import append_record

    copy = tmp_path / "ws"
    shutil.copytree(workspace, copy, ignore=shutil.ignore_patterns("reports"))
    wall = read_puzzles(copy / "puzzles" / "ocw.jsonl")[6]  # labelled by nobody yet
    label = KnowledgeLabel.of(KnowledgeType.LINGUISTIC)
    for name in ("alice", "bob"):
        partial = ItemRecord(
            annotator=name,
            puzzle_id=wall.id,
            status="in_progress",
            groups=tuple(GroupLabel(group_id=g.id, label=label) for g in wall.groups[:2]),
            created_at=dt.datetime(2026, 1, 3, tzinfo=dt.UTC),
            guideline_version="1.0",
        )
        append_record(copy / "annotations", partial)
    inputs = collect(Workspace.at(copy))
    assert not {g.id for g in wall.groups} & set(inputs.types)
    assert inputs.type_origin == f"{HUMAN_LABELS}, 2 unfinished walls left out"
    panels = _panels(sections(inputs))
    assert panels["data-knowledge-types"].caption == (
        "Share of labelled groups per type; labels: human labels (adjudicated, else consensus), "
        "2 unfinished walls left out (ocw 18 groups)."
    )
    assert _bars(panels["annotation-agreement"]).categories == ("alice ~ bob (n=24)",)
    (annotation,) = [s for s in sections(inputs) if s.key == "annotation"]
    assert annotation.intro == (
        "Human annotators: alice, bob; suggester pre-labels: 6 puzzles. "
        f"Left out: the labels of 2 unfinished walls (alice: {wall.id}; bob: {wall.id})."
    )
