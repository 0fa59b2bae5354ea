"""The terminal labelling session (``ocwtool annotate label``).

One item is one puzzle: the annotator presses one key per group for its knowledge type, then marks
red herrings by clue number. With decoys to show (:mod:`ocwtool.annotations.herring_review`), the
top ones of the puzzle are put to the annotator first, one key each (y confirm, n reject), and ``t``
marks a trap group. Each group's label is appended to ``annotations/<annotator>.jsonl`` the
moment it is given (an ``in_progress`` record holding the wall's groups so far), and the finished
item when saved: quitting or Ctrl-C keeps every label given, and the next session resumes inside a
wall left mid-way (else after the last item the annotator wrote). It shows ``37/618`` progress,
and never shows other annotators' labels (only the ``suggest`` pre-labels, with ``--suggest``,
and decoys mined from play or scored).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ocwtool.annotations.herring_review import (
    DecoySource,
    confirmed,
    decoy_help_text,
    decoy_text,
    group_number,
    read_trap_group,
    top_decoys,
)
from ocwtool.annotations.herrings import numbered_clues
from ocwtool.annotations.taxonomy import BY_KEY, GUIDELINE_VERSION
from ocwtool.annotations.terminal import (
    ENTER,
    Quit,
    Terminal,
    help_text,
    herring_help_text,
    read_combined,
    show_label,
    wall_text,
)
from ocwtool.schema.annotations import (
    WITH_LABELS,
    GroupLabel,
    ItemRecord,
    ItemStatus,
    KnowledgeLabel,
    KnowledgeType,
    RedHerringCategory,
    RedHerringWord,
)
from ocwtool.schema.models import Puzzle
from ocwtool.stores.annotations import append_record, latest, read_records, store_path

Clock = Callable[[], dt.datetime]
Outcome = Literal["saved", "skipped", "undo"]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass
class SessionResult:
    """What a session did: items saved and skipped, and whether the annotator quit early."""

    labelled: int = 0
    skipped: int = 0
    quit: bool = False
    interrupted: bool = False
    remaining: int = 0


def plan(puzzles: Sequence[Puzzle], records: Sequence[ItemRecord], only_unlabelled: bool) -> list[int]:
    """Indices to show: after the annotator's last written item (resume), or every unlabelled one."""
    state = latest(records)
    if only_unlabelled:
        return [i for i, p in enumerate(puzzles) if p.id not in state or state[p.id].status != "labelled"]
    index = {p.id: i for i, p in enumerate(puzzles)}
    start = 0
    for rec in reversed(records):
        if rec.puzzle_id in index:
            start = index[rec.puzzle_id] + (0 if rec.status in ("retracted", "in_progress") else 1)
            break
    open_ = ("in_progress",)
    return [
        i
        for i in range(start, len(puzzles))
        if puzzles[i].id not in state or state[puzzles[i].id].status in open_
    ]


@dataclass
class _Draft:
    """The item on screen (not yet saved)."""

    labels: list[KnowledgeLabel] = field(default_factory=list)
    words: list[RedHerringWord] = field(default_factory=list)
    categories: list[RedHerringCategory] = field(default_factory=list)
    note: str = ""
    offered: tuple[RedHerringWord, ...] = ()  # the decoys put to the annotator
    answers: list[bool] = field(default_factory=list)  # y/n to each of them, in order


class LabelSession:
    """Runs the labelling loop over ``puzzles`` for one annotator."""

    def __init__(
        self,
        puzzles: Sequence[Puzzle],
        folder: Path,
        annotator: str,
        term: Terminal,
        *,
        only_unlabelled: bool = False,
        suggestions: dict[str, ItemRecord] | None = None,
        decoys: DecoySource | None = None,
        clock: Clock = utc_now,
    ) -> None:
        self.puzzles, self.folder, self.annotator, self.term = puzzles, folder, annotator, term
        self.only_unlabelled, self.suggestions, self.clock = only_unlabelled, suggestions or {}, clock
        self.decoys = decoys
        self.records = read_records(store_path(folder, annotator))

    def run(self) -> SessionResult:
        queue = plan(self.puzzles, self.records, self.only_unlabelled)
        result, history, pos = SessionResult(), self._saved_before(), 0
        try:
            while pos < len(queue):
                i = queue[pos]
                outcome = self._item(self.puzzles[i], f"{i + 1}/{len(self.puzzles)}")
                if outcome == "undo":
                    if not history:
                        self.term.show("  nothing to undo before this puzzle")
                        continue
                    prev = history.pop()
                    self._write(self.puzzles[prev].id, "retracted")
                    queue.insert(pos, prev)
                    continue
                history.append(i)
                result.labelled += outcome == "saved"
                result.skipped += outcome == "skipped"
                pos += 1
        except Quit:
            result.quit = True
        except KeyboardInterrupt:
            result.quit = result.interrupted = True
        result.remaining = len(queue) - pos
        return result

    def coverage(self, selection: str) -> str:
        """``Coverage (source all, split test): groups 6/16, puzzles 1/4 labelled, 0 skipped``."""
        state = latest(self.records)
        mine = [state[p.id] for p in self.puzzles if p.id in state]
        groups = sum(len(r.groups) for r in mine if r.status in WITH_LABELS)
        total = sum(len(p.groups) for p in self.puzzles)
        done = sum(r.status == "labelled" for r in mine)
        skipped = sum(r.status == "skipped" for r in mine)
        return (
            f"Coverage ({selection}): groups {groups}/{total}, puzzles {done}/{len(self.puzzles)} labelled, "
            f"{skipped} skipped"
        )

    def _saved_before(self) -> list[int]:
        """The annotator's last saved item (from earlier sittings), so undo can reach it."""
        index = {p.id: i for i, p in enumerate(self.puzzles)}
        state = latest(self.records)
        if self.records and self.records[-1].puzzle_id in state and self.records[-1].puzzle_id in index:
            return [index[self.records[-1].puzzle_id]]
        return []

    def _write(
        self, puzzle_id: str, status: ItemStatus, draft: _Draft | None = None, puzzle: Puzzle | None = None
    ) -> None:
        body: dict[str, object] = {}
        if draft is not None and puzzle is not None:
            body = {
                "groups": tuple(
                    GroupLabel(group_id=g.id, label=lab)
                    for g, lab in zip(puzzle.groups, draft.labels, strict=False)
                ),
                "red_herring_words": (*self._confirmed(draft), *draft.words),
                "red_herring_categories": tuple(draft.categories),
            }
        note = draft.note if draft is not None else ""
        record = ItemRecord(
            annotator=self.annotator,
            puzzle_id=puzzle_id,
            status=status,
            note=note,
            created_at=self.clock(),
            guideline_version=GUIDELINE_VERSION,
            **body,
        )
        append_record(self.folder, record)
        self.records.append(record)

    # One item -----------------------------------------------------------------------------
    def _item(self, puzzle: Puzzle, progress: str) -> Outcome:
        self.term.show(wall_text(puzzle, progress))
        draft = self._resumed(puzzle)
        draft.offered = top_decoys(self.decoys, puzzle)
        while True:
            if len(draft.labels) < len(puzzle.groups):
                step = self._group_step(puzzle, draft)
            elif len(draft.answers) < len(draft.offered):
                step = self._decoy_step(puzzle, draft)
            else:
                step = self._herring_step(puzzle, draft)
            if step == "undo" and not draft.labels:
                return "undo"
            if step == "skip":
                self._write(puzzle.id, "skipped", draft)
                return "skipped"
            if step == "done":
                self._write(puzzle.id, "labelled", draft, puzzle)
                self.term.show(f"  saved {puzzle.id}")
                return "saved"

    def _resumed(self, puzzle: Puzzle) -> _Draft:
        """The groups labelled before of a wall left mid-way (an empty draft otherwise)."""
        rec = latest(self.records).get(puzzle.id)
        if rec is None or rec.status != "in_progress":
            return _Draft()
        by_id = {g.group_id: g.label for g in rec.groups}
        labels = [by_id[g.id] for g in puzzle.groups if g.id in by_id][: len(rec.groups)]
        for k, label in enumerate(labels, start=1):
            self.term.show(f"  group {k}: {show_label(label)} (labelled before)")
        return _Draft(labels=labels, note=rec.note)

    def _keep(self, puzzle: Puzzle, draft: _Draft) -> None:
        """Append the wall's groups so far (or retract it when the last one was undone)."""
        self._write(
            puzzle.id, "in_progress" if draft.labels else "retracted", draft if draft.labels else None, puzzle
        )

    def _suggested(self, puzzle: Puzzle, k: int) -> GroupLabel | None:
        rec = self.suggestions.get(puzzle.id)
        gid = puzzle.groups[k].id
        return next((g for g in rec.groups if g.group_id == gid), None) if rec else None

    def _group_step(self, puzzle: Puzzle, draft: _Draft) -> str:
        k = len(draft.labels)
        hint = self._suggested(puzzle, k)
        if hint is not None:
            self.term.show(f"  suggested: {show_label(hint.label)} ({hint.reason})")
        ch = self.term.key(f"Group {k + 1} ({puzzle.groups[k].connection}) type [s a e m l c | u k n q ?]: ")
        label = self._label_for(ch, hint)
        if label is not None:
            draft.labels.append(label)
            self._keep(puzzle, draft)
            self.term.show(f"  group {k + 1}: {show_label(label)}")
            return "next"
        return self._common_key(ch, draft, lambda: self._undo_group(puzzle, draft))

    def _label_for(self, ch: str, hint: GroupLabel | None) -> KnowledgeLabel | None:
        if ch in ENTER and hint is not None:
            return hint.label
        if ch == "c":
            return read_combined(self.term)
        if ch in BY_KEY and BY_KEY[ch] is not KnowledgeType.COMBINED:
            return KnowledgeLabel.of(BY_KEY[ch])
        return None

    def _common_key(
        self, ch: str, draft: _Draft, undo: Callable[[], object], helper: Callable[[], str] = help_text
    ) -> str:
        if ch in ("", "q"):
            raise Quit
        if ch == "u":
            if not draft.labels:
                return "undo"
            undo()
            self.term.show("  undone")
        elif ch == "k":
            return "skip"
        elif ch == "n":
            draft.note = self.term.line("  note")
        elif ch == "?":
            self.term.show(helper())
        elif ch not in ENTER and ch != "c":
            self.term.show(f"  unknown key {ch!r}; press ? for help")
        return "next"

    def _undo_group(self, puzzle: Puzzle, draft: _Draft) -> None:
        if draft.labels:
            draft.labels.pop()
            self._keep(puzzle, draft)

    def _confirmed(self, draft: _Draft) -> tuple[RedHerringWord, ...]:
        source = self.decoys.name if self.decoys is not None else ""
        answered = zip(draft.offered, draft.answers, strict=False)
        return tuple(confirmed(w, source) for w, yes in answered if yes)

    def _decoy_step(self, puzzle: Puzzle, draft: _Draft) -> str:
        assert self.decoys is not None  # decoys are offered only from a source
        at = f"{len(draft.answers) + 1}/{len(draft.offered)}"
        word = draft.offered[len(draft.answers)]
        self.term.show(decoy_text(puzzle, word, at, self.decoys.name))
        ch = self.term.key(f"Confirm decoy {at}? [y yes, n no | u k q ?]: ")
        if ch in ("y", "n"):
            draft.answers.append(ch == "y")
            done = "confirmed" if ch == "y" else "rejected"
            self.term.show(f"  {done}: {word.clue} -> group {group_number(puzzle, word.fits_group)}")
            return "next"
        return self._common_key(ch, draft, lambda: self._undo_decoy(puzzle, draft), decoy_help_text)

    def _undo_decoy(self, puzzle: Puzzle, draft: _Draft) -> None:
        if draft.answers:
            draft.answers.pop()
        else:
            self._undo_group(puzzle, draft)

    def _herring_step(self, puzzle: Puzzle, draft: _Draft) -> str:
        ch = self.term.key("Red herrings [r word, h category, t trap group, Enter done | u k n q ?]: ")
        if ch in ENTER:
            return "done"
        if ch == "r":
            self._add_word(puzzle, draft)
            return "next"
        if ch == "h":
            self._add_category(puzzle, draft)
            return "next"
        if ch == "t":
            self._add_trap(puzzle, draft)
            return "next"
        return self._common_key(ch, draft, lambda: self._undo_herring(puzzle, draft), herring_help_text)

    def _undo_herring(self, puzzle: Puzzle, draft: _Draft) -> None:
        if draft.categories:
            draft.categories.pop()
        elif draft.words:
            draft.words.pop()
        else:
            self._undo_decoy(puzzle, draft)

    def _add_word(self, puzzle: Puzzle, draft: _Draft) -> None:
        clues = numbered_clues(puzzle)
        number = _ask_int(self.term, "  clue number (1-16)", 1, 16)
        target = _ask_int(self.term, "  fits group (1-4)", 1, 4)
        if number is None or target is None:
            return
        clue = clues[number - 1]
        if clue.group == target - 1:
            self.term.show(f"  clue {number} is in group {target} already; a red herring fits another group")
            return
        fits = puzzle.groups[target - 1].id
        marked = {(w.clue_number, w.fits_group) for w in (*self._confirmed(draft), *draft.words)}
        if (number, fits) in marked:
            self.term.show(f"  {clue.text} -> group {target} is marked already")
            return
        reason = self.term.line("  why")
        draft.words.append(RedHerringWord(clue=clue.text, clue_number=number, fits_group=fits, reason=reason))
        self.term.show(f"  red herring: {clue.text} -> group {target}")

    def _add_category(self, puzzle: Puzzle, draft: _Draft) -> None:
        clues = numbered_clues(puzzle)
        text = self.term.line("  clue numbers (3 or more, e.g. 1,6,11)")
        try:
            numbers = sorted({int(x) for x in text.replace(",", " ").split()})
        except ValueError:
            numbers = []
        if len(numbers) < 3 or not all(1 <= n <= 16 for n in numbers):
            self.term.show("  give three or more clue numbers between 1 and 16")
            return
        if len({clues[n - 1].group for n in numbers}) < 2:
            self.term.show("  a red-herring category spans two or more groups")
            return
        theme = self.term.line("  decoy theme")
        picked = tuple(clues[n - 1].text for n in numbers)
        draft.categories.append(RedHerringCategory(clue_numbers=tuple(numbers), clues=picked, theme=theme))
        self.term.show(f"  red-herring category: {', '.join(picked)}")

    def _add_trap(self, puzzle: Puzzle, draft: _Draft) -> None:
        trap = read_trap_group(self.term, puzzle)
        if trap is not None:
            draft.categories.append(trap)
            self.term.show(f"  trap group: {', '.join(trap.clues)} ({trap.theme})")


def _ask_int(term: Terminal, prompt: str, low: int, high: int) -> int | None:
    text = term.line(prompt).strip()
    if text.isdigit() and low <= int(text) <= high:
        return int(text)
    term.show(f"  expected a number from {low} to {high}, got {text!r}")
    return None
