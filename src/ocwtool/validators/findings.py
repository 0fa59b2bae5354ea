"""One validation report: a table for the terminal, a JSON document and a Markdown page.

Rows are grouped by rule (id, severity, status, how many findings, which records); waived findings
keep their reason; the verdict is ``failed`` when any unwaived error-severity finding remains.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ocwtool.safetext import markdown
from ocwtool.validators.rules import RULES, Finding, Severity, name_records
from ocwtool.validators.waivers import Waiver

_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass(frozen=True)
class ValidationReport:
    """Findings of one validation run plus what was validated and which waivers went unused."""

    findings: tuple[Finding, ...]
    counts: dict[str, int] = field(default_factory=dict)
    rules_run: tuple[str, ...] = ()
    unused_waivers: tuple[Waiver, ...] = ()
    seconds: float = 0.0

    @property
    def blocking(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.blocking)

    @property
    def ok(self) -> bool:
        return not self.blocking

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def by_rule(self) -> dict[str, list[Finding]]:
        """Findings grouped by rule id, most severe rules first."""
        grouped: dict[str, list[Finding]] = defaultdict(list)
        for f in self.findings:
            grouped[f.rule].append(f)
        return dict(sorted(grouped.items(), key=lambda kv: (_ORDER[RULES[kv[0]].severity], kv[0])))

    def summary(self) -> str:
        """``FAILED: 2 errors, 1 warning, 3 waived; 36 rules passed`` style one-liner."""
        sev: dict[str, int] = defaultdict(int)
        for f in self.findings:
            sev["waived" if f.waiver else f.severity.value] += 1
        failed_rules = {f.rule for f in self.findings}
        passed = len([r for r in self.rules_run if r not in failed_rules])
        parts = [
            f"{sev[k]} {k}{'s' if sev[k] != 1 and k != 'waived' else ''}"
            for k in ("error", "warning", "info")
        ]
        verdict = "PASSED" if self.ok else "FAILED"
        return f"{verdict}: {', '.join(parts)}, {sev['waived']} waived; {passed} rules passed"


def _status(findings: list[Finding]) -> str:
    if all(f.waiver for f in findings):
        return "waived"
    return "fail" if any(f.blocking for f in findings) else RULES[findings[0].rule].severity.value


def _rows(report: ValidationReport) -> list[tuple[str, str, str, str, int, str]]:
    rows = []
    for rule_id, items in report.by_rule().items():
        rule = RULES[rule_id]
        records = tuple(r for f in items for r in f.records)
        text = items[0].message if len(items) == 1 else name_records(records, 6)
        rows.append((rule.id, rule.name, rule.severity.value, _status(items), len(items), text))
    return rows


def render_table(report: ValidationReport, width: int = 100) -> str:
    """A plain-text table of the rules that produced findings, then the verdict line."""
    head = ("rule", "name", "severity", "status", "n", "records / message")
    rows = [(a, b, c, d, str(n), m) for a, b, c, d, n, m in _rows(report)]
    widths = [max(len(r[k]) for r in [head, *rows]) for k in range(5)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths) + "  {}"
    room = max(20, width - sum(widths) - 12)
    lines = [fmt.format(*head)]
    lines += [fmt.format(*r[:5], r[5] if len(r[5]) <= room else r[5][: room - 1] + "…") for r in rows]
    counts = ", ".join(f"{k} {v}" for k, v in report.counts.items())
    return "\n".join([*lines, "", f"validated: {counts}", report.summary()])


def to_json(report: ValidationReport) -> dict[str, Any]:
    """The full report as a JSON-ready dict (every finding, waiver reasons, unused waivers)."""
    return {
        "ok": report.ok,
        "summary": report.summary(),
        "counts": report.counts,
        "seconds": round(report.seconds, 3),
        "rules": {
            rid: {
                "name": RULES[rid].name,
                "severity": RULES[rid].severity.value,
                "failed": rid in report.by_rule(),
            }
            for rid in report.rules_run
        },
        "findings": [
            {
                "rule": f.rule,
                "severity": f.severity.value,
                "records": list(f.records),
                "message": f.message,
                "waived": f.waiver is not None,
                "waiver_reason": f.waiver,
            }
            for f in report.findings
        ],
        "unused_waivers": [
            {"rule": w.rule, "records": sorted(w.records), "reason": w.reason} for w in report.unused_waivers
        ],
    }


def to_markdown(report: ValidationReport) -> str:
    """A Markdown page: verdict, counts, one table row per failed rule, then every finding."""
    out = ["# Validation report", "", f"**{report.summary()}**", ""]
    out += [f"- {k}: {v}" for k, v in report.counts.items()]
    out += ["", "| rule | name | severity | status | findings |", "|---|---|---|---|---|"]
    out += [f"| {a} | {b} | {c} | {d} | {n} |" for a, b, c, d, n, _ in _rows(report)]
    for rule_id, items in report.by_rule().items():
        out += ["", f"## {rule_id} {RULES[rule_id].name} ({RULES[rule_id].severity.value})", ""]
        out += [f"- {_md(f.message)}" + (f" — *waived: {_md(f.waiver)}*" if f.waiver else "") for f in items]
    if report.unused_waivers:
        out += ["", "## Unused waivers", ""]
        out += [
            f"- {w.rule} {_md(', '.join(sorted(w.records)))}: {_md(w.reason)}" for w in report.unused_waivers
        ]
    return "\n".join(out) + "\n"


def _md(text: str) -> str:
    """Finding messages quote puzzle text and waivers are typed by hand: shown as written, never as
    HTML or Markdown (:func:`ocwtool.safetext.markdown`)."""
    return markdown(text)
