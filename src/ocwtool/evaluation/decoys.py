"""``annotate decoys``: mine red herrings from files of play into a workspace's annotations.

Reads each file (:mod:`ocwtool.evaluation.plays`), matches its plays to the workspace's puzzles
(picture, emoji, media, excluded and empty-member puzzles left out, as ``eval`` leaves them out),
mines what the players did (:mod:`ocwtool.annotations.decoys.mine`) and adds it to the annotator's
store (:mod:`ocwtool.annotations.decoys.save`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ocwtool.annotations.annotators import check_annotator
from ocwtool.annotations.decoys.mine import mine
from ocwtool.annotations.decoys.records import ANNOTATOR
from ocwtool.annotations.decoys.save import Saved, save_decoys
from ocwtool.annotations.decoys.summary import DecoySummary, as_json, causes, render_summary, summarize
from ocwtool.errors import AnnotationError
from ocwtool.evaluation.gold import unscorable
from ocwtool.evaluation.plays import FilePlays, Puzzles, read_plays
from ocwtool.progress import Progress, silent, track
from ocwtool.workspace import Workspace


@dataclass
class DecoyRun:
    """One run: the files read (a file whose content was already read is listed in ``repeated``),
    the tried groups not mined by cause, and what the store now holds for the puzzles played."""

    files: list[FilePlays]
    saved: Saved
    skipped: Counter[str] = field(default_factory=Counter)
    read: Counter[str] = field(default_factory=Counter)
    repeated: list[str] = field(default_factory=list)

    def summary(self) -> DecoySummary:
        return summarize(self.saved.records)


def workspace_puzzles(workspace: Workspace, sources: Sequence[str] = ()) -> Puzzles:
    """The puzzles plays are matched to: every scorable puzzle of the stores (``sources``: some)."""
    by_id, skipped, skipped_clues = {}, {}, {}
    for p in workspace.puzzles(sources):
        reasons = unscorable(p)
        if reasons:
            skipped[p.id], skipped_clues[p.id] = reasons, p.clues
        else:
            by_id[p.id] = p
    return Puzzles(by_id, skipped, skipped_clues)


def mine_decoys(
    workspace: Workspace,
    files: Sequence[Path],
    *,
    annotator: str = ANNOTATOR,
    sources: Sequence[str] = (),
    progress: Progress = silent,
) -> DecoyRun:
    """Mine ``files`` into ``annotations/<annotator>.jsonl``; ``progress("files", done, total)``."""
    check_annotator(annotator)  # never ocwtool's own stores (adjudicated, suggest): read as other tiers
    puzzles = workspace_puzzles(workspace, sources)
    if not puzzles.by_id:
        raise AnnotationError("no puzzles to match plays to; import the puzzles first (or check --source)")
    read: list[FilePlays] = []
    repeated: list[str] = []
    for path in track(files, "files", progress):
        plays = read_plays(path, puzzles)
        if any(f.source.sha256 == plays.source.sha256 for f in read):
            repeated.append(str(path))
            continue
        read.append(plays)
    mined = mine(puzzles.by_id, (p for f in read for p in f.plays))
    saved = save_decoys(workspace.annotations_dir, annotator, puzzles.by_id, mined.walls)
    run = DecoyRun(read, saved, repeated=repeated)
    for f in read:
        run.skipped.update(f.skipped)
        run.read.update(f.read)
    run.skipped.update(mined.skipped)
    return run


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def render_run(run: DecoyRun, where: str) -> list[str]:
    """The lines ``annotate decoys`` prints."""
    lines = [
        f"Read {f.source.name} ({f.kind}): {_n(len(f.plays), 'play')}, "
        f"{_n(len({p.player for p in f.plays}), 'player')}"
        for f in run.files
    ]
    lines += [f"Skipped {path}: the same content as a file read before" for path in run.repeated]
    lines.append(render_summary(run.summary()))
    lines.append(f"Not mined: {causes(run.skipped.items())}")
    if run.read:
        lines.append(f"As the readers counted: {causes(run.read.items())}")
    lines.append(
        f"{where}: {_n(run.saved.added, 'record')} added, {_n(run.saved.unchanged, 'puzzle')} unchanged"
    )
    return lines


def run_json(run: DecoyRun) -> dict[str, object]:
    """What ``annotate decoys --json`` prints: files read, figures, causes, records added."""
    return {
        "files": [
            {"name": f.source.name, "sha256": f.source.sha256, "kind": f.kind, "plays": len(f.plays)}
            for f in run.files
        ],
        "repeated": run.repeated,
        "summary": as_json(run.summary()),
        "not_mined": dict(sorted(run.skipped.items())),
        "as_read": dict(sorted(run.read.items())),
        "added": run.saved.added,
        "unchanged": run.saved.unchanged,
    }
