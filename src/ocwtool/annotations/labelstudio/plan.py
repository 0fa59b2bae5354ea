"""What to push to Label Studio: which puzzles (source, split, seeded sample) and who labels each.

Pure functions. Assignment gives every task ``overlap`` different annotators, spreading the work
evenly (the least-loaded annotators first, ties broken by a seeded shuffle), so each pair of
annotators shares tasks and agreement can be computed. Tasks pushed earlier keep their annotators.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ocwtool.errors import AnnotationError
from ocwtool.schema.models import Puzzle, in_split


def select(puzzles: Sequence[Puzzle], split: str | None, sample: int | None, seed: int) -> list[Puzzle]:
    """The puzzles of ``split`` (all when None), then a seeded sample of ``sample``, in input order."""
    chosen = list(puzzles) if split is None else in_split(puzzles, split)
    if sample is None or sample >= len(chosen):
        return chosen
    if sample < 1:
        raise AnnotationError(f"--sample must be at least 1, got {sample}")
    keep = set(random.Random(seed).sample(range(len(chosen)), sample))
    return [p for i, p in enumerate(chosen) if i in keep]


def assign(
    ids: Sequence[str],
    annotators: Sequence[str],
    overlap: int,
    seed: int,
    earlier: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, list[str]]:
    """puzzle id -> the ``overlap`` annotators of its task (ids in ``earlier`` keep theirs)."""
    earlier = earlier or {}
    if annotators and not 1 <= overlap <= len(annotators):
        raise AnnotationError(
            f"--overlap {overlap} needs 1 to {len(annotators)} annotators per task ({len(annotators)} given)"
        )
    load = dict.fromkeys(annotators, 0)
    for names in earlier.values():
        for name in names:
            if name in load:
                load[name] += 1
    rng = random.Random(seed)
    out: dict[str, list[str]] = {}
    for pid in ids:
        if pid in earlier:
            out[pid] = list(earlier[pid])
            continue
        order = list(annotators)
        rng.shuffle(order)
        picked = sorted(sorted(order, key=lambda n: load[n])[:overlap], key=list(annotators).index)
        for name in picked:
            load[name] += 1
        out[pid] = picked
    return out


def parse_assigned(text: object) -> list[str]:
    """Inverse of :func:`ocwtool.annotations.labelstudio.config.assigned_field`."""
    return [n for n in str(text or "").split(",") if n]


@dataclass
class PushReport:
    """What a push did (and did not do)."""

    project_id: int
    project_title: str
    created: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    predictions: int = 0
    assigned: dict[str, int] = field(default_factory=dict)
    decoys: int = 0  # tasks given suggested decoys by this push
    tricks: int = 0  # tasks given proposed trick words by this push

    def render(self) -> str:
        lines = [
            f"Project {self.project_title!r} (id {self.project_id}): {len(self.created)} tasks created, "
            f"{len(self.unchanged)} already there, {self.predictions} predictions attached",
        ]
        if self.assigned:
            lines.append("assigned: " + ", ".join(f"{n} {c}" for n, c in sorted(self.assigned.items())))
        if self.decoys:
            lines.append(f"suggested decoys to confirm or reject: {self.decoys} tasks")
        if self.tricks:
            lines.append(f"proposed trick words to confirm or reject: {self.tricks} tasks")
        lines += changed_lines(self.changed)
        return "\n".join(lines)


def changed_lines(changed: Sequence[str]) -> list[str]:
    """The report of tasks whose puzzle changed in ocwtool after it was pushed."""
    if not changed:
        return []
    head = (
        f"{len(changed)} tasks changed in ocwtool since they were pushed (left as they are in Label Studio):"
    )
    return [head, *(f"  {pid}" for pid in changed)]
