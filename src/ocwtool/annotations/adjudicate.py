"""Adjudication of disagreements, and the labels releases use.

A group is *in dispute* when two or more human annotators labelled it with different labels (the
full label, so ``linguistic+encyclopedic`` differs from ``linguistic+semantic``). The adjudication
session walks the disputed groups that have no decision yet and appends each decision to
``annotations/adjudicated.jsonl``; :func:`adjudicate_all` then settles the red herrings
(:mod:`ocwtool.annotations.adjudicate_herrings`). :func:`release_labels` is what the release builder
calls.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ocwtool.annotations.adjudicate_herrings import run_herring_adjudication
from ocwtool.annotations.annotators import finished
from ocwtool.annotations.session import Clock, utc_now
from ocwtool.annotations.taxonomy import BY_KEY, GUIDELINE_VERSION
from ocwtool.annotations.terminal import (
    ENTER,
    Quit,
    Terminal,
    help_text,
    read_combined,
    settle_each,
    show_label,
)
from ocwtool.schema.annotations import WITH_LABELS, Adjudication, ItemRecord, KnowledgeLabel, KnowledgeType
from ocwtool.schema.models import Group, Puzzle
from ocwtool.stores.annotations import append_adjudication, read_adjudications, read_all
from ocwtool.workspace import Workspace

Stores = Mapping[str, Mapping[str, ItemRecord]]


@dataclass(frozen=True)
class Dispute:
    """One group the annotators disagree on, with each annotator's label."""

    puzzle: Puzzle
    group: Group
    labels: dict[str, KnowledgeLabel]


def human_labels(stores: Stores) -> dict[str, dict[str, KnowledgeLabel]]:
    """group id -> annotator -> label (latest labelled records only)."""
    out: dict[str, dict[str, KnowledgeLabel]] = {}
    for name, records in stores.items():
        for rec in records.values():
            if rec.status not in WITH_LABELS:  # groups of a wall left mid-way count too
                continue
            for g in rec.groups:
                out.setdefault(g.group_id, {})[name] = g.label
    return out


def disputes(puzzles: Sequence[Puzzle], stores: Stores) -> list[Dispute]:
    """Groups with two or more different human labels, in puzzle order."""
    labels = human_labels(stores)
    found = []
    for puzzle in puzzles:
        for group in puzzle.groups:
            mine = labels.get(group.id, {})
            if len({lab.code for lab in mine.values()}) >= 2:
                found.append(Dispute(puzzle, group, mine))
    return found


def run_adjudication(
    puzzles: Sequence[Puzzle], folder: Path, adjudicator: str, term: Terminal, clock: Clock = utc_now
) -> tuple[int, int]:
    """Ask for a decision on every undecided dispute; return (decided now, still open)."""
    done, left, _quit = _group_session(puzzles, folder, adjudicator, term, clock)
    return done, left


def adjudicate_all(
    puzzles: Sequence[Puzzle], folder: Path, adjudicator: str, term: Terminal, clock: Clock = utc_now
) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The disputed groups, then (unless the adjudicator quit) the red herrings
    (:mod:`ocwtool.annotations.adjudicate_herrings`): ((groups decided, open), (puzzles decided,
    open) or None when quit before them)."""
    done, left, quit = _group_session(puzzles, folder, adjudicator, term, clock)
    if quit:
        return (done, left), None
    return (done, left), run_herring_adjudication(puzzles, folder, adjudicator, term, clock)


def _group_session(
    puzzles: Sequence[Puzzle], folder: Path, adjudicator: str, term: Terminal, clock: Clock
) -> tuple[int, int, bool]:
    decided = read_adjudications(folder)
    todo = [d for d in disputes(puzzles, read_all(folder)) if d.group.id not in decided]
    done, quit = settle_each(
        todo,
        lambda dispute, at: _decide(dispute, term, at),
        lambda dispute, label: append_adjudication(folder, _decision(dispute, label, adjudicator, clock())),
    )
    return done, len(todo) - done, quit


def _decide(dispute: Dispute, term: Terminal, progress: str) -> KnowledgeLabel | None:
    g = dispute.group
    term.show(f"[{progress}] {dispute.puzzle.id} group {g.id}: {g.connection}\n     {', '.join(g.clues)}")
    for name, label in sorted(dispute.labels.items()):
        term.show(f"  {name}: {show_label(label)}")
    while True:
        ch = term.key("Decision [s a e m l c | k skip, q quit, ? help]: ")
        if ch in ("", "q"):
            raise Quit
        if ch == "k":
            return None
        if ch == "?":
            term.show(help_text())
        elif ch == "c":
            combined = read_combined(term)
            if combined is not None:
                return combined
        elif ch in BY_KEY and BY_KEY[ch] is not KnowledgeType.COMBINED:
            return KnowledgeLabel.of(BY_KEY[ch])
        elif ch not in ENTER:
            term.show(f"  unknown key {ch!r}; press ? for help")


def _decision(dispute: Dispute, label: KnowledgeLabel, adjudicator: str, when: dt.datetime) -> Adjudication:
    return Adjudication(
        group_id=dispute.group.id,
        puzzle_id=dispute.puzzle.id,
        label=label,
        adjudicator=adjudicator,
        candidates={name: lab.code for name, lab in sorted(dispute.labels.items())},
        created_at=when,
        guideline_version=GUIDELINE_VERSION,
    )


def release_labels(
    workspace: Workspace | str | Path, *, finished_only: bool = False
) -> dict[str, KnowledgeLabel]:
    """group id -> the label a release ships: the adjudicated one, else the human consensus.

    ``workspace``: a :class:`Workspace` or the path of its folder.

    Groups whose human labels disagree and that have not been adjudicated are left out, and the
    ``suggest`` pre-labels are never used. ``finished_only``: the labels of walls left mid-way
    (``in_progress``) count for nothing (what ``eval --breakdown`` and the report use); an
    adjudicated label stands either way.
    """
    if not isinstance(workspace, Workspace):
        workspace = Workspace.open(workspace)
    stores = workspace.annotations()
    out: dict[str, KnowledgeLabel] = {}
    for gid, labels in human_labels(finished(stores) if finished_only else stores).items():
        if len({lab.code for lab in labels.values()}) == 1:
            out[gid] = next(iter(labels.values()))
    out.update({gid: a.label for gid, a in read_adjudications(workspace.annotations_dir).items()})
    return dict(sorted(out.items()))
