"""The canonical schema: one immutable ``Puzzle`` model for both games.

Identifiers (stable, documented in the README):

* OCW walls imported from OCW JSON keep the file's ``wall_id`` and ``group_id`` values.
* Walls scraped from ocdb.cc: ``ocdb-<episode slug>-<wall index 1|2>``; groups ``<puzzle id>_<k>``.
* NYT puzzles: ``nyt-YYYY-MM-DD``; groups ``nyt-YYYY-MM-DD_<k>`` (k = 1..4, yellow..purple).
* Derived puzzles: OCW-WordNet ``easy_<wall_id>`` (groups ``easy_<wall_id>_<k>``); OCW-Randomized
  keeps the parent's wall id and the source group ids (as published), its lineage tells them apart.

``clues`` is the stored clue order and ``board_order`` says where it comes from
(:mod:`ocwtool.schema.board`): a published starting board (NYT endpoint positions), ocwtool's seeded
shuffle (releases), or solution order (the OCW file's ``words``, ocdb.cc, the NYT archive: the groups
concatenated). Players never see ``clues`` as such: :meth:`Puzzle.board` gives the board to show.
``distractors`` (0 to 4) are words of no group shown on the board among the others: ``clues`` then
holds 16 + k words (the groups' clues plus the distractors), and no distractor is the same word as a
clue or another distractor up to case, spacing, accents or plural (:func:`~ocwtool.schema.text.same_word`).
``groups`` is the canonical order (OCW: the order resolved on the show; NYT: yellow..purple).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ocwtool.schema.board import BoardOrder, shown_board
from ocwtool.schema.fields import Dtype
from ocwtool.schema.text import same_word

PARSER_VERSION_UNKNOWN = "0"
GROUP_SIZE = 4
N_GROUPS = 4
N_CLUES = GROUP_SIZE * N_GROUPS
MAX_DISTRACTORS = 4
NYT_EPOCH = dt.date(2023, 6, 12)
NYT_MAX_NUMBER = (dt.date.max - NYT_EPOCH).days + 1  # the puzzle of 9999-12-31


class Game(StrEnum):
    """Which puzzle family a record belongs to."""

    OCW = "ocw"
    NYT = "nyt"


class Split(StrEnum):
    """Dataset split; OCW's official sizes are train 62, validation 62, test 494."""

    TRAIN = "train"
    VALIDATION = "validation"
    TEST = "test"


class Flag(StrEnum):
    """Facts about a puzzle that validators and releases must see (never silently dropped)."""

    BLANK_CONNECTION = "blank_connection"
    DUPLICATE_CLUE = "duplicate_clue"
    NUMERIC_CLUE = "numeric_clue"
    MEDIA_CLUE = "media_clue"
    PICTURE = "picture"
    EMOJI = "emoji"
    EMPTY_MEMBER = "empty_member"
    LEVEL_FROM_ORDER = "level_from_order"
    FUZZY_MATCH = "fuzzy_match"
    SPECIAL = "special"
    EXCLUDED = "excluded"


# Boards a text-only release leaves out (picture/emoji boards, media clues, excluded games).
NON_TEXT_FLAGS = frozenset({Flag.PICTURE, Flag.EMOJI, Flag.MEDIA_CLUE, Flag.EXCLUDED})

WallName = Literal["Alpha", "Beta", "Lion", "Water"]
VariantKind = Literal["randomized", "wordnet", "extended"]
Bit = Annotated[int, Field(ge=0, le=1), Dtype("int8")]
Level = Annotated[int, Field(ge=0, le=3), Dtype("int8")]


class Frozen(BaseModel):
    """Base of every schema model: immutable, strict about unknown fields. Integer fields carry a
    :class:`~ocwtool.schema.fields.Dtype`, which bounds them to what every export can hold."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=False)


class HumanPerformance(Frozen):
    """Did the contestants find the group (grouping) and name it (connection)? 0 or 1 each."""

    grouping: Bit
    connection: Bit


class Group(Frozen):
    """Four clues that share a connection."""

    id: str = Field(min_length=1)
    clues: tuple[str, str, str, str]
    connection: str
    level: Level | None = None
    human_performance: HumanPerformance | None = None
    raw_clues: tuple[str, str, str, str] | None = None
    raw_connection: str | None = None


class OcwMeta(Frozen):
    """Only Connect facts about one wall."""

    season: Annotated[int, Dtype("int32")] | None = Field(default=None, ge=0)
    episode: Annotated[int, Dtype("int32")] | None = Field(default=None, ge=0)
    wall_name: WallName | None = None
    wall_index: Annotated[int, Dtype("int8")] | None = Field(default=None, ge=1, le=2)
    teams: tuple[str, ...] = ()
    team: str | None = None
    air_date: dt.date | None = None
    source_url: str | None = None
    title: str | None = None


class NytMeta(Frozen):
    """NYT Connections facts about one day's puzzle."""

    date: dt.date
    number: Annotated[int, Dtype("int32")] = Field(ge=1, le=NYT_MAX_NUMBER)
    editor: str | None = None
    internal_id: Annotated[int, Dtype("int64")] | None = None
    illustrator: str | None = None
    picture: bool = False
    emoji: bool = False
    exclude: bool = False

    @model_validator(mode="after")
    def _number_matches_date(self) -> Self:
        expected = nyt_number(self.date)
        if self.number != expected:
            raise ValueError(f"number {self.number} does not match date {self.date} (expected {expected})")
        return self


class Provenance(Frozen):
    """Where a record came from, precisely enough to re-derive it from raw captures.

    ``original_id``/``linked_by``: an undated NYT puzzle that was given the date and id of a dated one
    with the same clues (:mod:`ocwtool.acquisition.nyt_linking`) keeps the id its file gave it, and how
    it was linked.
    """

    source: str
    url: str | None = None
    capture_id: str | None = None
    sha256: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    parser_version: str = PARSER_VERSION_UNKNOWN
    fetched_at: dt.datetime | None = None
    original_id: str | None = None
    linked_by: str | None = None


class Lineage(Frozen):
    """How a derived puzzle was made: variant kind, seed, the records it was made from."""

    kind: VariantKind
    seed: Annotated[int, Dtype("int64")] | None = None
    parents: tuple[str, ...] = ()
    params: dict[str, str] = Field(default_factory=dict)


class Puzzle(Frozen):
    """One wall or one day's board: 16 clues plus any distractors (``board_order`` says whose order),
    4 groups of 4 in canonical order."""

    id: str = Field(min_length=1)
    game: Game
    source: str = Field(min_length=1)
    clues: tuple[str, ...] = Field(min_length=N_CLUES, max_length=N_CLUES + MAX_DISTRACTORS)
    groups: tuple[Group, Group, Group, Group]
    split: Split | None = None
    flags: tuple[Flag, ...] = ()
    ocw: OcwMeta | None = None
    nyt: NytMeta | None = None
    provenance: Provenance
    lineage: Lineage | None = None
    board_order: BoardOrder = BoardOrder.SOLUTION
    distractors: tuple[str, ...] = Field(default=(), max_length=MAX_DISTRACTORS)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.game is Game.OCW and self.nyt is not None:
            raise ValueError("an OCW puzzle cannot carry nyt metadata")
        if self.game is Game.NYT and self.ocw is not None:
            raise ValueError("an NYT puzzle cannot carry ocw metadata")
        if Counter(self.clues) != Counter([*(c for g in self.groups for c in g.clues), *self.distractors]):
            also = " and the distractors" if self.distractors else ""
            raise ValueError(f"clues must be exactly the 16 clues of the 4 groups{also} (as a multiset)")
        clash = distractor_clash(self.grouped_clues, self.distractors)
        if clash:
            raise ValueError(clash)
        if len({g.id for g in self.groups}) != N_GROUPS:
            raise ValueError("group ids must be unique within a puzzle")
        if list(self.flags) != sorted(set(self.flags)):
            raise ValueError("flags must be unique and sorted")
        return self

    @property
    def grouped_clues(self) -> tuple[str, ...]:
        """The 16 clues of the four groups, in group order (the board without its distractors)."""
        return tuple(c for g in self.groups for c in g.clues)

    @property
    def connections(self) -> tuple[str, ...]:
        """The four connections in group order."""
        return tuple(g.connection for g in self.groups)

    def board(self, seed: int = 0) -> tuple[str, ...]:
        """The 16 clues (and any distractors) as a player sees them under ``seed`` (never in
        solution order; see :func:`ocwtool.schema.board.shown_board`)."""
        groups = [g.clues for g in self.groups]
        real = self.board_order is not BoardOrder.SOLUTION
        return shown_board(self.clues, groups, self.id, seed, real=real, distractors=self.distractors)

    def as_shown(self) -> Puzzle:
        """A copy whose ``clues`` are board 0 (what a release ships): a real starting board stays
        ``starting``, anything else becomes the seeded shuffle, ``shuffled``."""
        board = self.board(0)
        if board == self.clues and self.board_order is not BoardOrder.SOLUTION:
            return self
        return self.model_copy(update={"clues": board, "board_order": BoardOrder.SHUFFLED})

    def with_flags(self, *flags: Flag) -> Puzzle:
        """Return a copy with ``flags`` added (kept sorted and unique)."""
        return self.model_copy(update={"flags": sorted_flags((*self.flags, *flags))})

    def to_json_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict (dates as ISO strings, defaults dropped for compactness)."""
        return self.model_dump(mode="json", exclude_defaults=True)


def distractor_clash(clues: Iterable[str], distractors: Iterable[str]) -> str | None:
    """Why ``distractors`` cannot sit on a board with ``clues`` (one is the same word as a clue or as
    another distractor, up to case, spacing, accents or plural), or None."""
    seen = list(clues)
    n_clues = len(seen)
    for word in distractors:
        k = next((k for k, c in enumerate(seen) if same_word(word, c)), None)
        if k is not None:
            kind = "a clue" if k < n_clues else "another distractor"
            return (
                f"distractor {word!r} is the same word as {kind} {seen[k]!r} "
                "(case, spacing, accents and plural ignored)"
            )
        seen.append(word)
    return None


def non_text_reasons(p: Puzzle) -> list[str]:
    """Why a text-only release or evaluation leaves ``p`` out (empty: it is a text puzzle)."""
    reasons = [f.value for f in sorted(NON_TEXT_FLAGS) if f in p.flags]
    if p.nyt is not None:
        reasons += [f"nyt.{k}" for k in ("picture", "emoji", "exclude") if getattr(p.nyt, k)]
    return reasons


def in_split(puzzles: Iterable[Puzzle], split: str) -> list[Puzzle]:
    """Puzzles of one split by name; ``all``: every puzzle, with or without a split."""
    if split == "all":
        return list(puzzles)
    return [p for p in puzzles if p.split is not None and p.split.value == split]


def sorted_flags(flags: Any) -> tuple[Flag, ...]:
    """Flags as the canonical sorted, de-duplicated tuple."""
    return tuple(sorted({Flag(f) for f in flags}))


def content_flags(clues: Iterable[str], connections: Iterable[str]) -> set[Flag]:
    """Flags that follow from the text alone: duplicate clues, empty members, blank connections."""
    clue_list = list(clues)
    flags: set[Flag] = set()
    if len(set(clue_list)) < len(clue_list):
        flags.add(Flag.DUPLICATE_CLUE)
    if any(not c.strip() for c in clue_list):
        flags.add(Flag.EMPTY_MEMBER)
    if any(not c.strip() for c in connections):
        flags.add(Flag.BLANK_CONNECTION)
    return flags


def nyt_number(date: dt.date) -> int:
    """Public NYT Connections puzzle number: ``(date - 2023-06-12).days + 1``."""
    return (date - NYT_EPOCH).days + 1


def nyt_date(number: int) -> dt.date:
    """Inverse of :func:`nyt_number`."""
    return NYT_EPOCH + dt.timedelta(days=number - 1)


def nyt_puzzle_id(date: dt.date) -> str:
    """Canonical id of the NYT puzzle of ``date``."""
    return f"nyt-{date.isoformat()}"


def group_id(puzzle_id: str, k: int) -> str:
    """Canonical group id: ``<puzzle id>_<k>`` with k = 1..4 in canonical group order."""
    return f"{puzzle_id}_{k}"


def sort_key(p: Puzzle) -> tuple[Any, ...]:
    """Stable store order: game, then OCW season/episode/wall, or NYT date; ties keep input order."""
    big = 10**9
    if p.nyt is not None:
        return (p.game.value, p.nyt.date.toordinal(), 0, 0)
    meta = p.ocw or OcwMeta()
    return (
        p.game.value,
        big if meta.season is None else meta.season,
        big if meta.episode is None else meta.episode,
        big if meta.wall_index is None else meta.wall_index,
    )
