"""Every validation rule, in one table: id, severity, whether it may be waived, and its message.

Structural checks (``structural.py``), leakage checks (``leakage.py``) and the Great Expectations
suites (``expectations.py``) only *emit* :class:`Finding` objects carrying a rule id and the records
involved; what the rule is called, how bad it is and how it reads all live here.

Messages are ``str.format`` templates over ``{records}`` (the record ids, abbreviated) and
``{detail}`` (what exactly was wrong), so every message names the records it is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    """How bad a failed rule is: only unwaived ``error`` findings fail validation."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Rule:
    """One rule: ``id`` (e.g. ``S04``), short ``name``, severity, waivability, message template."""

    id: str
    name: str
    severity: Severity
    message: str
    waivable: bool = False


E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

_TABLE: tuple[Rule, ...] = (
    # Structural rules over canonical puzzles (structural.py).
    Rule(
        "S01",
        "clue-multiset",
        E,
        "{records}: the 16 clues are not the groups' clues as a multiset ({detail})",
    ),
    Rule("S02", "shape", E, "{records}: expected 4 groups of 4 clues and 16 clues ({detail})"),
    Rule("S03", "unique-ids", E, "{records}: id used more than once ({detail})"),
    Rule("S04", "blank-connection", E, "{records}: blank connection; waive it by group id if real", True),
    Rule("S05", "duplicate-clue", W, "{records}: the same clue twice on one wall ({detail})", True),
    Rule("S06", "level-range", E, "{records}: level outside 0-3 ({detail})"),
    Rule("S07", "nyt-levels", W, "{records}: NYT levels are not one each of 0-3 ({detail})", True),
    Rule("S08", "human-performance", E, "{records}: human performance must be 0 or 1 ({detail})"),
    Rule("S09", "ocw-ranges", E, "{records}: season/episode/air date out of range ({detail})", True),
    Rule("S10", "nyt-date-range", E, "{records}: NYT date out of range ({detail})"),
    Rule("S11", "nyt-date-gaps", INFO, "NYT dates missing between first and last puzzle: {detail}"),
    Rule("S12", "text-exclusions", INFO, "excluded from text releases (picture/emoji/excluded): {detail}"),
    Rule("S13", "split-missing", W, "{records}: no split assigned ({detail}); run `ocwtool split`"),
    Rule("S14", "variant-lineage", E, "{records}: variant without matching lineage ({detail})"),
    Rule("S15", "variant-parent", E, "{records}: variant parent not among the puzzles ({detail})"),
    Rule("S16", "variant-split", E, "{records}: variant split differs from its parents' ({detail})"),
    Rule("S17", "variant-groups", E, "{records}: variant group not taken from a parent ({detail})"),
    Rule("S18", "split-sizes", INFO, "split sizes: {detail}"),
    Rule("S19", "board-order", E, "{records}: a board shown in solution order ({detail})"),
    Rule(
        "S20",
        "distractors",
        E,
        "{records}: distractors must be at most 4 words, each unlike every clue and other distractor "
        "up to case, spacing, accents and plural ({detail})",
    ),
    # Leakage rules (leakage.py).
    Rule("L01", "split-disjoint", E, "{records}: the same id is in more than one split ({detail})"),
    Rule(
        "L02", "wall-across-splits", E, "{records}: the same wall (normalised clues) in two splits ({detail})"
    ),
    Rule("L03", "duplicate-wall", E, "{records}: the same wall (normalised clues) twice ({detail})", True),
    Rule("L04", "near-duplicate", W, "{records}: walls share {detail}", True),
    # Great Expectations suites over flattened tables (expectations.py): value sets, lengths,
    # distributions and cross-column facts the structural rules do not state.
    Rule("G01", "clue-not-null", E, "{records}: clue is missing ({detail})"),
    Rule("G02", "clue-length", E, "{records}: clue is empty or longer than 100 characters ({detail})"),
    Rule("G03", "clue-whitespace", W, "{records}: clue has leading/trailing whitespace ({detail})"),
    Rule("G05", "group-id-unique", E, "{records}: group id not unique within its config ({detail})"),
    Rule("G12", "puzzle-game", E, "{records}: game is not ocw/nyt ({detail})"),
    Rule("G13", "puzzle-split", E, "{records}: split not train/validation/test ({detail})"),
    Rule("G16", "puzzle-nyt-number", E, "{records}: NYT number below 1 ({detail})"),
    Rule("G17", "puzzle-rows", E, "{records}: table has no rows ({detail})"),
    Rule("G18", "table-columns", E, "{records}: expected column missing ({detail})"),
    Rule("G19", "connection-length", W, "{records}: connection longer than 120 characters ({detail})"),
    Rule("G20", "level-coverage", E, "{records}: levels set on some groups only ({detail})", True),
    Rule("G21", "level-mix", W, "{records}: a level is under 10% or over 40% of the groups ({detail})"),
    Rule(
        "G22",
        "season-size",
        W,
        "{records}: more walls than the series broadcast (sources.json) ({detail})",
        True,
    ),
    Rule("G23", "nyt-id-number", E, "{records}: NYT id does not name the day of its number ({detail})"),
    Rule("G24", "game-metadata", E, "{records}: metadata of the other game, or NYT without nyt ({detail})"),
)

RULES: dict[str, Rule] = {r.id: r for r in _TABLE}
RULES_BY_NAME: dict[str, Rule] = {r.name: r for r in _TABLE}
assert len(RULES) == len(RULES_BY_NAME) == len(_TABLE), "rule ids and names must be unique"

# Rules removed in 0.2 because a structural rule states the same fact: id and old name -> the rule
# that covers it. Ids are never reused; a waiver naming a retired rule applies to its successor.
RETIRED: dict[str, str] = {
    "G04": "S03",
    "clue-position-unique": "S03",
    "G06": "S06",
    "group-level": "S06",
    "G07": "S08",
    "group-grouping-bit": "S08",
    "G08": "S08",
    "group-connection-bit": "S08",
    "G09": "S02",
    "group-size": "S02",
    "G10": "S04",
    "group-connection-text": "S04",
    "G11": "S03",
    "puzzle-id-unique": "S03",
    "G14": "S02",
    "puzzle-shape": "S02",
    "G15": "S09",
    "puzzle-season": "S09",
}
assert not set(RETIRED) & (set(RULES) | set(RULES_BY_NAME)), "retired ids are never reused"

MAX_NAMED = 8


def lookup(key: str) -> Rule:
    """A rule by id (``S04``) or name (``blank-connection``); a retired rule gives its successor
    (``G15`` -> ``S09``); ``KeyError`` when neither."""
    key = RETIRED.get(key, key)
    return RULES.get(key) or RULES_BY_NAME[key]


def name_records(records: tuple[str, ...], limit: int = MAX_NAMED) -> str:
    """``a, b, c`` or ``a, b, … (+12 more)``: the records a message names."""
    if not records:
        return "(dataset)"
    head = ", ".join(records[:limit])
    return head if len(records) <= limit else f"{head}, … (+{len(records) - limit} more)"


@dataclass(frozen=True)
class Finding:
    """One rule failure about some records; ``waiver`` is the reason it was waived, if it was."""

    rule: str
    records: tuple[str, ...] = ()
    detail: str = ""
    waiver: str | None = None

    @property
    def severity(self) -> Severity:
        return RULES[self.rule].severity

    @property
    def message(self) -> str:
        return RULES[self.rule].message.format(records=name_records(self.records), detail=self.detail)

    @property
    def blocking(self) -> bool:
        """Does this finding fail validation (unwaived error)?"""
        return self.severity is Severity.ERROR and self.waiver is None
