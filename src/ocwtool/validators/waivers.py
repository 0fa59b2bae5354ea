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

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from ocwtool.errors import ConfigError
from ocwtool.validators.rules import Finding, lookup

WAIVERS_NAME = "validation.toml"


@dataclass(frozen=True)
class Waiver:
    """Permission for one rule to fail on the listed records, with the reason why."""

    rule: str
    records: frozenset[str]
    reason: str


def load_waivers(path: Path) -> tuple[Waiver, ...]:
    """Read waivers from ``path`` (missing file: none); malformed entries raise ``ConfigError``."""
    if not path.exists():
        return ()
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    entries = data.get("waiver", [])
    if not isinstance(entries, list):
        raise ConfigError(f"{path}: `waiver` must be an array of tables ([[waiver]])")
    return tuple(_parse(entry, f"{path}: waiver #{k}") for k, entry in enumerate(entries, start=1))


def _parse(entry: object, where: str) -> Waiver:
    if not isinstance(entry, dict):
        raise ConfigError(f"{where}: expected a table with rule, records and reason")
    rule_key, records, reason = entry.get("rule"), entry.get("records"), entry.get("reason")
    try:
        rule = lookup(str(rule_key))
    except KeyError:
        raise ConfigError(f"{where}: unknown rule {rule_key!r}; see `ocwtool validate --rules`") from None
    if not rule.waivable:
        raise ConfigError(f"{where}: rule {rule.id} ({rule.name}) cannot be waived")
    if not isinstance(records, list) or not records or not all(isinstance(r, str) for r in records):
        raise ConfigError(f"{where}: records must be a non-empty list of record ids")
    if not isinstance(reason, str) or not reason.strip():
        raise ConfigError(f"{where}: a waiver needs a reason (why this exception is real)")
    return Waiver(rule=rule.id, records=frozenset(records), reason=reason.strip())


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
