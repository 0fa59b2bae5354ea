"""A release diff as text: the full listing of ``release diff``, and the changelog a release ships
(``CHANGES.md``, and its short form in the card: counts per config, at most N ids per kind). Pure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ocwtool.releases.diff import KINDS, ConfigDiff, ReleaseDiff

FIRST_VERSION = "First version."
CARD_IDS = 10  # ids per config and kind that the card lists before "and K more"


def _counts(c: ConfigDiff) -> str:
    if c.empty:
        return f"{c.config}: no changes"
    return f"{c.config}: " + ", ".join(f"{len(c.ids(k))} {k}" for k in KINDS)


def diff_lines(diff: ReleaseDiff) -> list[str]:
    """``release diff``: a heading, then per config its counts and every id (changed ones with fields)."""
    lines = [f"{diff.old} -> {diff.new}"]
    for c in diff.configs:
        lines.append(_counts(c))
        lines += [f"  added    {i}" for i in c.added]
        lines += [f"  removed  {i}" for i in c.removed]
        lines += [f"  changed  {ch.id} ({', '.join(ch.fields)})" for ch in c.changed]
    if diff.empty:
        lines.append("No puzzles added, removed or changed.")
    return lines


def _listed(ids: Sequence[str], limit: int | None) -> str:
    shown = ids if limit is None else ids[:limit]
    more = len(ids) - len(shown)
    return ", ".join(f"`{i}`" for i in shown) + (f" and {more} more" if more else "")


def changelog_lines(diff: ReleaseDiff | None, limit: int | None = None) -> list[str]:
    """Markdown: a table of counts per config, then the ids of each kind (at most ``limit`` each,
    then "and K more"); ``diff`` None is a release's first version."""
    if diff is None:
        return [FIRST_VERSION]
    lines = [f"Changes since {diff.old}.", ""]
    if diff.empty:
        return [*lines, "No puzzles added, removed or changed."]
    lines += ["| config | added | removed | changed |", "|---|---:|---:|---:|"]
    lines += [f"| {c.config} | " + " | ".join(str(len(c.ids(k))) for k in KINDS) + " |" for c in diff.configs]
    lines.append("")
    for c in diff.configs:
        lines += [f"- {c.config}, {k}: {_listed(c.ids(k), limit)}" for k in KINDS if c.ids(k)]
    return lines


def changes_md(diff: ReleaseDiff | None, name: str, version: str) -> str:
    """``CHANGES.md`` of a release: every id, changed ones with their fields."""
    lines = [f"# Changes in {name} {version}", "", *changelog_lines(diff)]
    if diff is not None and not diff.empty:
        fields = [f"- {c.config} `{ch.id}`: {', '.join(ch.fields)}" for c in diff.configs for ch in c.changed]
        lines += ["", "Changed fields:", "", *fields] if fields else []
    return "\n".join(lines) + "\n"


def changelog_json(diff: ReleaseDiff | None, name: str, version: str) -> dict[str, Any]:
    """``changelog.json`` of a release: the diff's JSON, or ``first_version`` with no previous one."""
    if diff is None:
        return {"old": None, "new": f"{name} {version}", "first_version": True, "counts": {}, "configs": {}}
    return {**diff.as_json(), "first_version": False}


__all__ = ["CARD_IDS", "FIRST_VERSION", "changelog_json", "changelog_lines", "changes_md", "diff_lines"]
