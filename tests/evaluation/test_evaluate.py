"""``ocwtool.evaluation.evaluate``: one evaluation as a library call, its events in order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.errors import EvaluationError
from ocwtool.evaluation import EvaluationRequest, evaluate
from ocwtool.evaluation.request import Note, Scored, Unscored, Written
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import Workspace
from tests.conftest import make_nyt
from tests.evaluation.conftest import as_records, write_json


def test_a_baseline_is_scored_then_written_under_runs(workspace: Path) -> None:
    ws = Workspace.open(workspace)
    events = evaluate(EvaluationRequest(baseline="random", seeds=2, bootstrap=0), ws)
    assert not (workspace / "runs").exists()  # lazy: nothing runs before the events are read
    scored, written = list(events)
    assert isinstance(scored, Scored) and isinstance(written, Written)
    assert scored.section is None and scored.report["n_runs"] == 2
    assert [w.wall_id for w in scored.walls] == ["wall01", "comma1"]
    assert written.path == workspace / "runs" / "eval-random-test.json"
    assert json.loads(written.path.read_text())["inputs"]["baseline"] == "random"


def test_each_store_is_scored_on_its_own_and_one_with_nothing_to_score_is_left_out(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    write_puzzles(workspace / "puzzles" / "nyt.jsonl", [make_nyt().model_copy(update={"split": Split.TEST})])
    preds = write_json(tmp_path / "p.json", as_records(golds))  # answers the ocw walls only
    out = tmp_path / "r.json"
    request = EvaluationRequest(predictions=(preds,), json_out=out, bootstrap=0)
    events = list(evaluate(request, Workspace.open(workspace)))
    assert [type(e) for e in events] == [Scored, Written, Unscored]
    assert [e.section for e in events if isinstance(e, Scored | Unscored)] == ["ocw", "nyt"]  # unscored last
    assert events[1] == Written(tmp_path / "r-ocw.json")
    elsewhere = [{**r, "wall_id": f"elsewhere-{k}"} for k, r in enumerate(as_records(golds))]
    request = EvaluationRequest(predictions=(write_json(tmp_path / "e.json", elsewhere),), bootstrap=0)
    with pytest.raises(EvaluationError, match=r"^nothing to score in any store or config: nyt: .* \| ocw: "):
        list(evaluate(request, Workspace.open(workspace)))


def test_a_run_folder_is_scored_on_the_puzzles_it_played_unless_others_are_named(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    run = tmp_path / "run"
    run.mkdir()
    write_json(run / "run.json", {"settings": {"source": "ocw", "split": "all"}})
    lines = [json.dumps(r) for r in as_records(golds[:1])]
    (run / "predictions-epoch-1.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    opened: list[Path] = []

    def open_workspace() -> Workspace:
        opened.append(workspace)
        return Workspace.open(workspace)

    events = list(evaluate(EvaluationRequest(run_dir=run, bootstrap=0), open_workspace))
    assert events[0] == Note("scoring the run's puzzles (its run.json): source ocw, split all")
    scored = events[1]
    assert isinstance(scored, Scored) and scored.request.split == "all" and scored.request.source == "ocw"
    assert scored.report["inputs"]["puzzles"] == 1  # the one wall the run played
    assert events[2] == Written(workspace / "runs" / "eval-run-ocw-all.json")
    assert len(opened) == 1  # opened once, however often it is needed
    named = EvaluationRequest(run_dir=run, split="test", source="ocw", bootstrap=0)
    assert not any(isinstance(e, Note) for e in evaluate(named, Workspace.open(workspace)))
