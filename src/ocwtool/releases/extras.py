"""Optional release contents produced by other parts of ocwtool, used when they exist.

* the standalone evaluator ``ocwtool.evaluation.metrics`` -> ``evaluate.py`` (copied verbatim);
* baseline scores: ``runs/eval-<baseline>-<split>.json`` (what ``ocwtool eval --baseline`` writes)
  and anything in ``runs/baselines/*.json`` -> ``baselines/``;
* annotations: ``ocwtool.annotations.adjudicate.release_labels`` (adjudicated label, else the human
  consensus) -> ``annotations/labels.jsonl``, plus the raw ``annotations/adjudicated.jsonl``.

Each hook is looked up by module name, so a checkout without that part still builds releases.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from pathlib import Path
from typing import Any

from ocwtool.config import Settings
from ocwtool.fsio import write_bytes, write_text

EVALUATOR_MODULE = "ocwtool.evaluation.metrics"
BASELINES_MODULE = "ocwtool.evaluation.baselines"
LABELS_MODULE = "ocwtool.annotations.adjudicate"
DEFAULT_BASELINES = ("random", "wordnet", "minilm")


def _module(name: str) -> Any:
    """The module ``name`` if it (and its parent package) exists, else ``None``."""
    parent = name.rpartition(".")[0]
    if parent and importlib.util.find_spec(parent) is None:
        return None
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


def evaluator(root: Path) -> list[str]:
    """Ship the evaluator source verbatim as ``evaluate.py``."""
    parent = EVALUATOR_MODULE.rpartition(".")[0]
    spec = importlib.util.find_spec(EVALUATOR_MODULE) if importlib.util.find_spec(parent) else None
    if spec is None or not spec.origin:
        return []
    write_bytes(root / "evaluate.py", Path(spec.origin).read_bytes())
    return ["`evaluate.py`: the standalone evaluator (run `python evaluate.py --help`)"]


def baselines(settings: Settings, root: Path) -> list[str]:
    """Copy baseline score reports into ``baselines/``."""
    module = _module(BASELINES_MODULE)
    names = tuple(getattr(module, "BASELINES", DEFAULT_BASELINES)) if module else DEFAULT_BASELINES
    runs = settings.runs_dir
    found = {p for name in names for p in runs.glob(f"eval-{name}-*.json")}
    found |= set((runs / "baselines").glob("*.json"))
    for path in sorted(found):
        write_bytes(root / "baselines" / path.name, path.read_bytes())
    return [f"`baselines/`: {len(found)} baseline score report(s) from `runs/`"] if found else []


def annotation_labels(settings: Settings, root: Path) -> list[str]:
    """Ship the release labels (adjudicated, else consensus) and the raw adjudications."""
    out = []
    module = _module(LABELS_MODULE)
    if module is not None and hasattr(module, "release_labels"):
        labels = module.release_labels(settings.root)
        if labels:
            lines = [
                json.dumps({"group_id": gid, "label": _plain(label)}, ensure_ascii=False, sort_keys=True)
                for gid, label in sorted(labels.items())
            ]
            write_text(root / "annotations" / "labels.jsonl", "\n".join(lines) + "\n")
            out.append(f"`annotations/labels.jsonl`: knowledge labels of {len(labels)} group(s)")
    raw = settings.annotations_dir / "adjudicated.jsonl"
    if raw.is_file():
        write_bytes(root / "annotations" / "adjudicated.jsonl", raw.read_bytes())
        out.append("`annotations/adjudicated.jsonl`: the adjudication decisions, as recorded")
    return out


def _plain(label: Any) -> Any:
    dump = getattr(label, "model_dump", None)
    return dump(mode="json") if callable(dump) else str(label)


def copy_extras(settings: Settings, root: Path) -> list[str]:
    """Run every hook; return one card line per thing included."""
    return [*evaluator(root), *baselines(settings, root), *annotation_labels(settings, root)]
