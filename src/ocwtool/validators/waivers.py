"""Waivers: known, reviewed exceptions to a rule, kept in the workspace's ``validation.toml``.

```toml
[[waiver]]
rule = "S05"                 # or the rule's name, "duplicate-clue"
records = ["654041"]         # the exact record ids (puzzle, group, or pair "a|b") waived
reason = "Bask really appears twice on the broadcast wall"
```

A finding is waived when its rule matches and all its records are listed. Waived findings stay in
the report with their reason; waivers that matched nothing are reported too (they may be stale).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import Field, field_validator

from ocwtool.configfiles import ConfigModel, parse_model, read_toml
from ocwtool.validators.rules import Finding, lookup


@dataclass(frozen=True)
class Waiver:
    """Permission for one rule to fail on the listed records, with the reason why."""

    rule: str
    records: frozenset[str]
    reason: str


class WaiverEntry(ConfigModel):
    """One ``[[waiver]]`` table; ``rule`` (id or name) becomes the id of a waivable rule."""

    rule: str = Field(description="a waivable rule id or name (see `ocwtool validate --rules`)")
    records: list[str] = Field(min_length=1, description="a non-empty list of record ids")
    reason: str = Field("", validate_default=True, description="why this exception is real")

    @field_validator("rule")
    @classmethod
    def _waivable(cls, key: str) -> str:
        try:
            rule = lookup(key)
        except KeyError:
            raise ValueError(f"unknown rule {key!r}; see `ocwtool validate --rules`") from None
        if not rule.waivable:
            raise ValueError(f"{rule.id} ({rule.name}) cannot be waived; see `ocwtool validate --rules`")
        return rule.id

    @field_validator("records")
    @classmethod
    def _ids(cls, records: list[str]) -> list[str]:
        if not all(r.strip() for r in records):
            raise ValueError("records must be non-blank record ids")
        return records

    @field_validator("reason")
    @classmethod
    def _reason(cls, reason: str) -> str:
        if not reason.strip():
            raise ValueError("a waiver needs a reason (why this exception is real)")
        return reason.strip()


class WaiversFile(ConfigModel):
    """The whole of ``validation.toml``: an array of ``[[waiver]]`` tables."""

    waiver: list[WaiverEntry] = Field([], description="an array of tables ([[waiver]])")


def load_waivers(path: Path) -> tuple[Waiver, ...]:
    """Read waivers from ``path`` (missing file: none); malformed entries raise ``ConfigError``."""
    entries = parse_model(WaiversFile, read_toml(path), str(path)).waiver
    return tuple(Waiver(rule=e.rule, records=frozenset(e.records), reason=e.reason) for e in entries)


def apply_waivers(
    findings: Iterable[Finding], waivers: tuple[Waiver, ...]
) -> tuple[list[Finding], list[Waiver]]:
    """Mark waived findings; return them and the waivers that matched nothing."""
    used: set[int] = set()
    out: list[Finding] = []
    for f in findings:
        match = next(
            (
                k
                for k, w in enumerate(waivers)
                if w.rule == f.rule and f.records and w.records >= set(f.records)
            ),
            None,
        )
        if match is None:
            out.append(f)
        else:
            used.add(match)
            out.append(replace(f, waiver=waivers[match].reason))
    return out, [w for k, w in enumerate(waivers) if k not in used]
