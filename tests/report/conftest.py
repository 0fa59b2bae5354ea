"""A small workspace with everything the report draws: stores, a variant, two human annotators and
the suggester, a validation report and baseline evaluations (original walls and the variant)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ocwtool.evaluation.gold import workspace_golds
from ocwtool.evaluation.pipeline import EvalRequest, report_name, run_evaluation, save_report
from ocwtool.fsio import write_json
from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel, KnowledgeType
from ocwtool.stores.annotations import append_record
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.validators.findings import to_json
from ocwtool.validators.gate import validate_workspace
from tests.validators.factory import make_workspace

T0 = dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC)
LABELS = {  # annotator -> the type of groups 1..4 of every labelled wall
    "alice": ("semantic", "semantic", "encyclopedic", "associative"),
    "bob": ("semantic", "associative", "encyclopedic", "associative"),
    "suggest": ("semantic", "linguistic", "encyclopedic", "multiword"),
}


def _label(root: Path, annotator: str, walls: int = 6) -> None:
    for wall in read_puzzles(root / "puzzles" / "ocw.jsonl")[:walls]:
        groups = tuple(
            GroupLabel(group_id=g.id, label=KnowledgeLabel(types=(KnowledgeType(t),)))
            for g, t in zip(wall.groups, LABELS[annotator], strict=True)
        )
        record = ItemRecord(
            annotator=annotator, puzzle_id=wall.id, groups=groups, created_at=T0, guideline_version="1.0"
        )
        append_record(root / "annotations", record)


def evaluate(root: Path, source: str) -> None:
    from ocwtool.workspace import Workspace

    golds = workspace_golds(Workspace.open(root), "test", source)
    report = run_evaluation(golds.walls, EvalRequest(baseline="random", seeds=3, n_boot=200))
    save_report(report, root / "runs" / report_name("random", "test", source), per_wall=True)


def build_workspace(root: Path) -> Path:
    settings = make_workspace(root)
    for annotator in LABELS:
        _label(root, annotator)
    write_json(
        root / "runs" / "validation" / "report.json",
        to_json(validate_workspace(settings, expectations=False)),
    )
    for source in ("ocw", "nyt", "randomized"):
        evaluate(root, source)
    return root


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_workspace(tmp_path_factory.mktemp("report") / "ws")
