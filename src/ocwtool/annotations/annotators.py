"""What the annotation tools make of the label stores: annotator names, and walls left mid-way.

The stores themselves (reading, appending under a lock, ``suggest.jsonl``) are
:mod:`ocwtool.stores.annotations`, below the :class:`~ocwtool.workspace.Workspace`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ocwtool.errors import AnnotationError
from ocwtool.safenames import ANNOTATOR, check_name
from ocwtool.schema.annotations import ItemRecord
from ocwtool.stores.annotations import (
    DECISIONS,
    SUGGEST,
    latest_suggestions,
    read_all,
    store_path,
)
from ocwtool.workspace import Workspace

# latest_suggestions, read_all and store_path are re-exported for the command line (cli/annotate*.py);
# the library takes them from ocwtool.stores.annotations.
__all__ = [
    "RESERVED",
    "check_annotator",
    "count_groups",
    "describe_unfinished",
    "finished",
    "latest_suggestions",
    "read_all",
    "store_path",
    "unfinished",
]

RESERVED = frozenset({SUGGEST, *DECISIONS})


def check_annotator(name: str, *, human: bool = True) -> str:
    """Validate an annotator name (lower-case letters, digits, ``_.-``); humans may not use reserved ones."""
    check_name(name, "annotator name", ANNOTATOR, error=AnnotationError)
    if human and name in RESERVED:
        raise AnnotationError(f"annotator name {name!r} is reserved for ocwtool; choose another name")
    return name


def unfinished(stores: Mapping[str, Mapping[str, ItemRecord]]) -> dict[str, list[str]]:
    """annotator -> the walls whose labelling was left mid-way (latest record ``in_progress``)."""
    left = {
        name: [pid for pid, rec in recs.items() if rec.status == "in_progress"]
        for name, recs in stores.items()
    }
    return {name: pids for name, pids in left.items() if pids}


def finished(stores: Mapping[str, Mapping[str, ItemRecord]]) -> dict[str, dict[str, ItemRecord]]:
    """The stores without the walls left mid-way: the analyses (``eval --breakdown``, the report)
    count a wall's labels once its labelling is completed, as the annotator saved it."""
    return {
        name: {pid: rec for pid, rec in recs.items() if rec.status != "in_progress"}
        for name, recs in stores.items()
    }


def describe_unfinished(left: Mapping[str, Sequence[str]], *, listed: bool = True) -> str:
    """``2 unfinished walls (alice: w1; bob: w1)``: each annotator's wall counts once; at most 5 named."""
    pairs = [(name, pid) for name, pids in left.items() for pid in pids]
    head = f"{len(pairs)} unfinished wall{'' if len(pairs) == 1 else 's'}"
    if not listed:
        return head
    shown: dict[str, list[str]] = {}
    for name, pid in pairs[:5]:
        shown.setdefault(name, []).append(pid)
    more = f" and {len(pairs) - 5} more" if len(pairs) > 5 else ""
    listing = "; ".join(f"{name}: {', '.join(ids)}" for name, ids in shown.items())
    return f"{head} ({listing}{more})"


def count_groups(workspace: Workspace) -> int:
    """Number of groups in all puzzle stores of the workspace (0 when there are none)."""
    return sum(len(p.groups) for p in workspace.puzzles()) if workspace.store_names() else 0
