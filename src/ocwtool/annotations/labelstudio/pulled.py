"""What a pull read from Label Studio: the annotations it imported and the ones it could not.

Every annotation of the project is either imported (a record in ``annotations/<annotator>.jsonl``)
or :class:`Unimported`: a result ocwtool cannot read (a *Combined* group with one part, a choice the
config does not have, ...), a task whose puzzle changed in ocwtool after it was pushed, or a puzzle
this workspace does not have. ``pull`` and ``status`` list the unimported ones as needing attention,
and ``pull`` fails (:func:`not_imported_error`) unless they are allowed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ocwtool.annotations.labelstudio.plan import changed_lines
from ocwtool.errors import AnnotationError


@dataclass(frozen=True)
class Unimported:
    """One Label Studio annotation ocwtool could not import, and why."""

    task_id: int
    puzzle_id: str
    annotator: str
    why: str

    def line(self) -> str:
        return f"  task {self.task_id} ({self.puzzle_id}) by {self.annotator}: {self.why}"


def attention_lines(unimported: Sequence[Unimported]) -> list[str]:
    """The "needs attention" list of ``pull`` and ``status`` (nothing when everything was imported)."""
    if not unimported:
        return []
    head = (
        f"needs attention: {_annotations(len(unimported))} in Label Studio cannot be imported "
        "(correct them there, then pull again):"
    )
    return [head, *(u.line() for u in unimported)]


def per_annotator(counts: Counter[str], unimported: Sequence[Unimported]) -> str:
    """``alice 8 (1 needs attention), bob 7``: every annotation each annotator has in Label Studio."""
    stuck = Counter(u.annotator for u in unimported)
    total = counts + stuck
    return ", ".join(
        f"{name} {n}" + (f" ({stuck[name]} needs attention)" if stuck[name] else "")
        for name, n in sorted(total.items())
    )


def to_pull_line(to_pull: dict[str, int], unimported: int) -> str:
    """``to pull: alice 2``; never "nothing" while some annotation cannot be imported."""
    parts = ", ".join(f"{n} {c}" for n, c in sorted(to_pull.items()) if c)
    if not unimported:
        return f"to pull: {parts or 'nothing'}"
    stuck = f"{_annotations(unimported)} that cannot be imported (needs attention, below)"
    return f"to pull: {parts}; and {stuck}" if parts else f"to pull: {stuck}"


def _annotations(n: int) -> str:
    return f"{n} annotation" + ("" if n == 1 else "s")


def not_imported_error(n: int) -> AnnotationError:
    """What ``pull`` raises (exit 1) when ``n`` annotations could not be imported."""
    were = "was" if n == 1 else "were"
    return AnnotationError(
        f"{_annotations(n)} {were} not imported (listed above under 'needs attention'); correct "
        "them in Label Studio and pull again, or run `ocwtool annotate ls pull --allow-skipped` "
        "to go on without them"
    )


@dataclass
class PullReport:
    """What a pull read and appended."""

    added: dict[str, int] = field(default_factory=dict)
    seen: int = 0
    changed: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    unimported: list[Unimported] = field(default_factory=list)

    def render(self) -> str:
        added = ", ".join(f"{n} {c}" for n, c in sorted(self.added.items()))
        lines = [
            f"read {_annotations(self.seen)}, added {sum(self.added.values())}"
            + (f" ({added})" if added else "")
        ]
        lines += changed_lines(self.changed)
        lines += [f"unknown puzzle (not in this workspace): {pid}" for pid in self.unknown]
        lines += attention_lines(self.unimported)
        return "\n".join(lines)
