"""Annotation models: knowledge-type labels per group and red herrings per puzzle (immutable).

One line of ``annotations/<annotator>.jsonl`` is one :class:`ItemRecord`: everything one annotator
said about one puzzle in one sitting (the four group labels, the red herrings, a note). Records are
append-only; the latest record of an annotator for a puzzle wins, so re-labelling and undo append a
newer record instead of editing the file. ``adjudicated.jsonl`` holds :class:`Adjudication` lines.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Annotated, Literal, Self

from pydantic import Field, model_validator

from ocwtool.safenames import ANNOTATOR
from ocwtool.schema.models import Frozen

ClueNumber = Annotated[int, Field(ge=1, le=16)]
GroupNumber = Annotated[int, Field(ge=1, le=4)]
ANNOTATOR_PATTERN = f"^{ANNOTATOR.pattern.pattern}$"  # the form of ocwtool.safenames, for pydantic
Annotator = Annotated[str, Field(pattern=ANNOTATOR_PATTERN)]


class KnowledgeType(StrEnum):
    """The six knowledge types of "Connecting the Dots" (Samadarshi et al., 2024)."""

    SEMANTIC = "semantic"
    ASSOCIATIVE = "associative"
    ENCYCLOPEDIC = "encyclopedic"
    MULTIWORD = "multiword"
    LINGUISTIC = "linguistic"
    COMBINED = "combined"


BASE_TYPES: tuple[KnowledgeType, ...] = tuple(t for t in KnowledgeType if t is not KnowledgeType.COMBINED)


class FineLabel(StrEnum):
    """Finer labels of the later taxonomy; each maps onto one base type (see ``taxonomy.FINE_TO_TYPE``)."""

    SEMANTIC_RELATION = "semantic_relation"
    ASSOCIATIVE_RELATION = "associative_relation"
    ENCYCLOPEDIC = "encyclopedic"
    MULTIWORD_EXPRESSION = "multiword_expression"
    PHONOLOGY = "phonology"
    ORTHOGRAPHY = "orthography"
    MORPHOLOGY = "morphology"


class KnowledgeLabel(Frozen):
    """The knowledge a group needs: one base type, or two or more (= Combined, kept as the set)."""

    types: tuple[KnowledgeType, ...] = Field(min_length=1)
    fine: tuple[FineLabel, ...] = ()

    @model_validator(mode="after")
    def _canonical(self) -> Self:
        if KnowledgeType.COMBINED in self.types:
            raise ValueError("list the combined types themselves (two or more), not 'combined'")
        if list(self.types) != sorted(set(self.types), key=BASE_TYPES.index):
            raise ValueError("types must be unique and in taxonomy order (use KnowledgeLabel.of)")
        if list(self.fine) != sorted(set(self.fine), key=list(FineLabel).index):
            raise ValueError("fine labels must be unique and in taxonomy order")
        return self

    @classmethod
    def of(cls, *types: KnowledgeType | str, fine: tuple[FineLabel | str, ...] = ()) -> KnowledgeLabel:
        """Build a label from types in any order (duplicates dropped)."""
        chosen = sorted({KnowledgeType(t) for t in types}, key=BASE_TYPES.index)
        fines = sorted({FineLabel(f) for f in fine}, key=list(FineLabel).index)
        return cls(types=tuple(chosen), fine=tuple(fines))

    @property
    def kind(self) -> KnowledgeType:
        """The single type, or ``COMBINED`` when two or more types are needed."""
        return self.types[0] if len(self.types) == 1 else KnowledgeType.COMBINED

    @property
    def code(self) -> str:
        """Stable category for agreement statistics: ``semantic`` or ``combined:encyclopedic+multiword``."""
        if len(self.types) == 1:
            return self.types[0].value
        return "combined:" + "+".join(t.value for t in self.types)


class GroupLabel(Frozen):
    """One group's knowledge label, with the suggester's stated reason and confidence when it made it.

    ``confidence``: the trained pre-labeller's probability for its label, or, when it fell back to
    the rules, the rules' measured precision for that type (``annotate suggest --model``)."""

    group_id: str = Field(min_length=1)
    label: KnowledgeLabel
    reason: str | None = None
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)


class SourceFile(Frozen):
    """A file of play (a transcript or an answer file): its name, its content's sha256, and the
    players of it that a statement is about (who played the puzzle, or who made one mistake)."""

    name: str = Field(min_length=1)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    players: tuple[str, ...] = ()


class PlayEvidence(Frozen):
    """What players did that makes a red herring (``annotate decoys``): ``players`` of the ``exposed``
    players of the puzzle made this mistake, each named under the file it was read from.

    ``kind``: ``intruder`` (a wrong group of three clues of one group and this clue), ``swap`` (two
    clues each of two groups) or ``false_group`` (a wrong group drawing on three or more groups)."""

    kind: Literal["intruder", "swap", "false_group"]
    players: int = Field(ge=1)
    exposed: int = Field(ge=1)
    sources: tuple[SourceFile, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _counts(self) -> Self:
        if self.players > self.exposed:
            raise ValueError("more players made the mistake than played the puzzle")
        return self


Score = Annotated[float, Field(ge=0.0, le=1.0)]


class RedHerringWord(Frozen):
    """A clue that plausibly fits another group: which clue, which group, and why; with ``score``
    (how likely players are to pull it there, 0-1) and ``evidence`` when measured or mined."""

    clue: str
    clue_number: ClueNumber
    fits_group: str = Field(min_length=1)
    reason: str = ""
    score: Score | None = None
    evidence: PlayEvidence | None = None


class RedHerringCategory(Frozen):
    """Three or more clues from at least two groups that suggest a decoy theme."""

    clue_numbers: tuple[ClueNumber, ...] = Field(min_length=3)
    clues: tuple[str, ...] = Field(min_length=3)
    theme: str = ""
    score: Score | None = None
    evidence: PlayEvidence | None = None

    @model_validator(mode="after")
    def _same_length(self) -> Self:
        if len(self.clue_numbers) != len(self.clues):
            raise ValueError("clue_numbers and clues must have the same length")
        if len(set(self.clue_numbers)) != len(self.clue_numbers):
            raise ValueError("clue numbers must be distinct")
        return self


class TrickVerdict(Frozen):
    """A person's answer on a proposed trick word of an extended board (the record's puzzle): does
    ``word``, which seems to fit the group ``seems_to_fit``, belong to no group of the board?
    ``no_group`` true confirms it as a trick word; false rejects it (it belongs to a group)."""

    word: str = Field(min_length=1)
    seems_to_fit: str = Field(min_length=1)
    no_group: bool


ItemStatus = Literal["labelled", "in_progress", "skipped", "retracted", "answered"]
WITH_LABELS: tuple[ItemStatus, ...] = ("labelled", "in_progress")


class ItemRecord(Frozen):
    """One annotator's work on one puzzle (one JSONL line); the latest record per puzzle wins.

    ``in_progress``: the groups labelled so far of a wall left mid-way (a session appends one after
    every group, so quitting keeps them, and resumes inside the wall). ``played_by``: for red
    herrings mined from play, every file read and the players in it who played this puzzle (the
    denominators of the scores; a record without red herrings then says none was found).
    ``answered``: a record of answers on the proposed trick words of an extended board only (the
    record's puzzle is that board; ``trick_words``: ``annotate label --tricks``, Label Studio's
    trick-word choices); it labels no puzzle, so every reader of ``labelled`` records passes it by."""

    annotator: Annotator
    puzzle_id: str = Field(min_length=1)
    status: ItemStatus = "labelled"
    groups: tuple[GroupLabel, ...] = ()
    red_herring_words: tuple[RedHerringWord, ...] = ()
    red_herring_categories: tuple[RedHerringCategory, ...] = ()
    note: str = ""
    created_at: dt.datetime
    guideline_version: str
    played_by: tuple[SourceFile, ...] = ()
    trick_words: tuple[TrickVerdict, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.status not in WITH_LABELS and (self.groups or self.red_herring_words):
            raise ValueError(f"a {self.status} record carries no labels")
        if (self.status == "answered") != bool(self.trick_words):
            raise ValueError("trick-word answers come alone, in an 'answered' record")
        if len({g.group_id for g in self.groups}) != len(self.groups):
            raise ValueError("each group is labelled at most once per record")
        return self


class Adjudication(Frozen):
    """The decision on one group the annotators disagreed about; releases use it."""

    group_id: str = Field(min_length=1)
    puzzle_id: str = Field(min_length=1)
    label: KnowledgeLabel
    adjudicator: Annotator
    candidates: dict[str, str] = Field(default_factory=dict)
    note: str = ""
    created_at: dt.datetime
    guideline_version: str
