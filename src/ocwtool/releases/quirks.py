"""The card's known quirks: what validation found and let through.

Waived findings (with their reasons), warnings nobody waived (a release ships them, so its card says
so), and the informational rules about gaps and exclusions. ``validation.md`` in the release lists
every finding; the card caps one rule's warnings at :data:`QUIRKS_PER_RULE` and counts the rest.
"""

from __future__ import annotations

from ocwtool.validators.findings import ValidationReport
from ocwtool.validators.rules import RULES, Severity

QUIRKS_PER_RULE = 20
INFO_RULES = ("S11", "S12")  # NYT date gaps, boards left out of text releases


def quirks(report: ValidationReport, per_rule: int = QUIRKS_PER_RULE) -> list[str]:
    """Known quirks for the card: waived findings, warnings nobody waived, and the informational
    rules (gaps, exclusions)."""
    waived = [f"{f.message} (waived: {f.waiver})" for f in report.findings if f.waiver]
    info = [f.message for f in report.findings if f.rule in INFO_RULES]
    return waived + _open_warnings(report, per_rule) + info


def _open_warnings(report: ValidationReport, per_rule: int) -> list[str]:
    """Unwaived warnings, rule by rule: at most ``per_rule`` of one rule, then how many more
    (``validation.md`` in the release lists every one)."""
    out: list[str] = []
    for rule_id, findings in report.by_rule().items():
        rule = RULES[rule_id]
        unwaived = [f for f in findings if f.waiver is None and f.severity is Severity.WARNING]
        out += [f"{f.message} (warning {rule.id} {rule.name}, not waived)" for f in unwaived[:per_rule]]
        if len(unwaived) > per_rule:
            out.append(
                f"… and {len(unwaived) - per_rule} more {rule.id} {rule.name} warnings (see validation.md)"
            )
    return out
