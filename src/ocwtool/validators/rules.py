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
    # Leakage rules (leakage.py).
    Rule("L01", "split-disjoint", E, "{records}: the same id is in more than one split ({detail})"),
    Rule(
        "L02", "wall-across-splits", E, "{records}: the same wall (normalised clues) in two splits ({detail})"
    ),
    Rule("L03", "duplicate-wall", E, "{records}: the same wall (normalised clues) twice ({detail})", True),
    Rule("L04", "near-duplicate", W, "{records}: walls share {detail}", True),
    # Great Expectations suites over flattened tables (expectations.py).
    Rule("G01", "clue-not-null", E, "{records}: clue is missing ({detail})"),
    Rule("G02", "clue-length", E, "{records}: clue is empty or longer than 100 characters ({detail})"),
    Rule("G03", "clue-whitespace", W, "{records}: clue has leading/trailing whitespace ({detail})"),
    Rule("G04", "clue-position-unique", E, "{records}: two clues at one board position ({detail})"),
    Rule("G05", "group-id-unique", E, "{records}: group id not unique within its config ({detail})"),
    Rule("G06", "group-level", E, "{records}: level outside 0-3 ({detail})"),
    Rule("G07", "group-grouping-bit", E, "{records}: human grouping not 0/1 ({detail})"),
    Rule("G08", "group-connection-bit", E, "{records}: human connection not 0/1 ({detail})"),
    Rule("G09", "group-size", E, "{records}: group does not have 4 clues ({detail})"),
    Rule("G10", "group-connection-text", W, "{records}: connection text is empty ({detail})"),
    Rule("G11", "puzzle-id-unique", E, "{records}: puzzle id not unique within its config ({detail})"),
    Rule("G12", "puzzle-game", E, "{records}: game is not ocw/nyt ({detail})"),
    Rule("G13", "puzzle-split", E, "{records}: split not train/validation/test ({detail})"),
    Rule("G14", "puzzle-shape", E, "{records}: puzzle does not have 16 clues in 4 groups ({detail})"),
    Rule("G15", "puzzle-season", E, "{records}: season outside 0-40 ({detail}); waive with S09", True),
    Rule("G16", "puzzle-nyt-number", E, "{records}: NYT number below 1 ({detail})"),
    Rule("G17", "puzzle-rows", E, "{records}: table has no rows ({detail})"),
    Rule("G18", "table-columns", E, "{records}: expected column missing ({detail})"),
)

RULES: dict[str, Rule] = {r.id: r for r in _TABLE}
RULES_BY_NAME: dict[str, Rule] = {r.name: r for r in _TABLE}
assert len(RULES) == len(RULES_BY_NAME) == len(_TABLE), "rule ids and names must be unique"

MAX_NAMED = 8


def lookup(key: str) -> Rule:
    """A rule by id (``S04``) or name (``blank-connection``); ``KeyError`` lists neither."""
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
