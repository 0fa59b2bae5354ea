"""Release contents produced by other parts of ocwtool.

* the standalone scorer ``ocwtool.evaluation.scorer`` -> ``evaluate.py`` (a launcher), ``scorer/``
  (the package's modules, copied verbatim) and ``requirements-evaluate.txt`` (its libraries, pinned);
* baseline scores: ``runs/eval-<baseline>[-<source>]-<split>.json`` (what ``ocwtool eval --baseline``
  writes) for the release's sources, and anything in ``runs/baselines/*.json`` -> ``baselines/``;
* annotations: ``ocwtool.annotations.adjudicate.release_labels`` (adjudicated label, else the human
  consensus, of finished walls only, as the release's report counts them) -> ``annotations/labels.jsonl``,
  plus the raw ``annotations/adjudicated.jsonl``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from ocwtool.annotations.adjudicate import release_labels
from ocwtool.evaluation.baselines import BASELINES
from ocwtool.evaluation.pipeline import parse_report_name
from ocwtool.evaluation.scorer.bundle import standalone_files
from ocwtool.evaluation.scorer.deps import REQUIREMENTS_FILE
from ocwtool.fsio import write_bytes, write_text
from ocwtool.stores.release import Release
from ocwtool.workspace import Workspace


def evaluator(root: Release) -> list[str]:
    """Ship the scorer: ``evaluate.py``, its source folder ``scorer/`` and its pinned requirements
    ``requirements-evaluate.txt`` (runs without ocwtool)."""
    for rel, content in standalone_files().items():
        write_bytes(root.path(rel), content)
    return [
        "`evaluate.py`: the standalone evaluator, code in `scorer/`, libraries in "
        f"`{REQUIREMENTS_FILE}` (see Scoring predictions)"
    ]


def baseline_reports(runs: Path, sources: Sequence[str] = ()) -> list[Path]:
    """Baseline reports in ``runs/``: those of the release's sources (all when ``sources`` is empty;
    a report without a source label covers every store, so it is shipped only then)."""
    found = set((runs / "baselines").glob("*.json"))
    for path in runs.glob("eval-*.json"):
        parsed = parse_report_name(path.name)
        if parsed and parsed[0] in BASELINES and (not sources or parsed[1] in sources):
            found.add(path)
    return sorted(found)


def baselines(workspace: Workspace, root: Release, sources: Sequence[str] = ()) -> list[str]:
    """Copy baseline score reports into ``baselines/``."""
    found = baseline_reports(workspace.runs_dir, sources)
    for path in found:
        write_bytes(root.baselines_dir / path.name, path.read_bytes())
    return [f"`baselines/`: {len(found)} baseline score report(s) from `runs/`"] if found else []


def annotation_labels(workspace: Workspace, root: Release) -> list[str]:
    """Ship the release labels (adjudicated, else consensus) and the raw adjudications."""
    out = []
    labels = release_labels(workspace, finished_only=True)  # as the report beside them: finished walls
    if labels:
        lines = [
            json.dumps(
                {"group_id": gid, "label": label.model_dump(mode="json")}, ensure_ascii=False, sort_keys=True
            )
            for gid, label in sorted(labels.items())
        ]
        write_text(root.labels, "\n".join(lines) + "\n")
        out.append(f"`annotations/labels.jsonl`: knowledge labels of {len(labels)} group(s)")
    raw = workspace.annotations_path("adjudicated")
    if raw.is_file():
        write_bytes(root.adjudicated, raw.read_bytes())
        out.append("`annotations/adjudicated.jsonl`: the adjudication decisions, as recorded")
    return out


def copy_extras(workspace: Workspace, root: Release, sources: Sequence[str] = ()) -> list[str]:
    """Run every hook; return one card line per thing included."""
    return [*evaluator(root), *baselines(workspace, root, sources), *annotation_labels(workspace, root)]
