"""Demo stage: red herrings mined from the scripted players' play (``ocwtool annotate decoys``).

The decoys come from the LLM-runner stage's transcripts (the scripted oracle and random players),
so the baselines scored after this stage are scored against labels mined from other players. The
release built after it ships them as its red-herring layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ocwtool.annotations.decoys.records import ANNOTATOR
from ocwtool.annotations.decoys.summary import causes, render_summary
from ocwtool.demo.state import DemoState, StageResult
from ocwtool.evaluation.decoys import mine_decoys
from ocwtool.evaluation.gold import GoldSet
from ocwtool.evaluation.herring_metrics import HerringLabels, choose_labels
from ocwtool.stores.annotations import read_all
from ocwtool.workspace import Workspace

PLAYED_BY = "the scripted players (oracle, random) of the llm runner stage"


def transcripts(workspace: Workspace) -> list[Path]:
    """The scripted players' transcripts, one file per player and protocol."""
    return sorted(workspace.llm_runs_dir.glob("scripted-*/transcripts.jsonl"))


def decoys_stage(state: DemoState, sources: Sequence[str] = ("ocdb", "nyt")) -> StageResult:
    """Mine the scripted players' transcripts into annotator ``play-decoys``."""
    result = StageResult(f"annotate decoys (annotator {ANNOTATOR}, mined from the scripted players)")
    files = transcripts(state.workspace)
    if not files:
        result.lines.append("skipped: no transcripts of play (the llm runner stage was skipped)")
        return result
    run = mine_decoys(state.workspace, files, sources=sources, progress=state.progress)
    plays = sum(len(f.plays) for f in run.files)
    result.lines.append(f"read {len(run.files)} transcript files of {PLAYED_BY}: {plays} plays")
    result.lines.append(render_summary(run.summary()))
    result.lines.append(f"not mined: {causes(run.skipped.items())}")
    result.lines.append(f"{run.saved.added} records added, {run.saved.unchanged} puzzles unchanged")
    result.paths.append(run.saved.path)
    return result


def demo_herrings(workspace: Workspace, golds: GoldSet) -> HerringLabels | None:
    """The mined decoys of the scored walls (None: none mined on them, e.g. without the [llm] extra)."""
    stores = {ANNOTATOR: read_all(workspace.annotations_dir).get(ANNOTATOR, {})}
    return choose_labels(stores, (g.wall_id for g in golds.walls), ANNOTATOR)
