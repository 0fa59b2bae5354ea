"""``ocwtool info``: what a workspace holds (counts per source, season or year, split, flags).

The checks are computed from the puzzles' content as well as their stored flags, so stores written
by any importer or scraper are covered: duplicate clues, blank connections, picture puzzles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ocwtool.schema.models import Flag, Game, Puzzle

# Each content check finds the puzzles a stored flag marks (a store from any importer may lack it).
CHECK_FLAGS = {
    "duplicate_clues": Flag.DUPLICATE_CLUE,
    "blank_connections": Flag.BLANK_CONNECTION,
    "picture_puzzles": Flag.PICTURE,
}
CHECKS = tuple(CHECK_FLAGS)
FOUND_BY_CONTENT: dict[Flag, Callable[[Puzzle], bool]] = {
    Flag.DUPLICATE_CLUE: lambda p: len(set(p.clues)) < len(p.clues),
    Flag.BLANK_CONNECTION: lambda p: any(not c.strip() for c in p.connections),
    Flag.PICTURE: lambda p: Flag.PICTURE in p.flags or bool(p.nyt and p.nyt.picture),
}


def puzzle_flags(p: Puzzle) -> set[str]:
    """The puzzle's stored flags and those its content shows (one name per concept: the flag's)."""
    return {f.value for f in p.flags} | {f.value for f, found in FOUND_BY_CONTENT.items() if found(p)}


def summarize(stores: Mapping[str, Sequence[Puzzle]]) -> dict[str, Any]:
    """A JSON-ready summary of each store and the totals."""
    per = {name: _store_summary(ps) for name, ps in stores.items()}
    totals = {
        "sources": len(per),
        "puzzles": sum(s["puzzles"] for s in per.values()),
        "checks": {c: sum(s["checks"][c] for s in per.values()) for c in CHECKS},
    }
    return {"sources": per, "totals": totals}


def _store_summary(puzzles: Sequence[Puzzle]) -> dict[str, Any]:
    return {
        "puzzles": len(puzzles),
        "games": _count(p.game.value for p in puzzles),
        "by_season": _count(_season(p) for p in puzzles if p.game is Game.OCW),
        "by_year": _count(
            str(p.nyt.date.year) if p.nyt else "undated" for p in puzzles if p.game is Game.NYT
        ),
        "splits": _count(p.split.value for p in puzzles if p.split is not None),
        "flags": _count(f.value for p in puzzles for f in p.flags),
        "checks": {check: sum(map(FOUND_BY_CONTENT[flag], puzzles)) for check, flag in CHECK_FLAGS.items()},
    }


def _season(p: Puzzle) -> str:
    return "unknown" if p.ocw is None or p.ocw.season is None else str(p.ocw.season)


def _count(items: Any) -> dict[str, int]:
    counts = Counter(items)
    return {k: counts[k] for k in sorted(counts, key=_natural)}


def _natural(key: str) -> tuple[int, int | str]:
    return (0, int(key)) if key.isdigit() else (1, key)


def render(summary: dict[str, Any], workspace: str) -> str:
    """Human-readable text of :func:`summarize`."""
    totals = summary["totals"]
    lines = [f"Workspace {workspace}: {totals['sources']} sources, {totals['puzzles']} puzzles", ""]
    lines.append(f"{'source':<24} {'game':<8} {'puzzles':>8}  splits")
    for name, s in summary["sources"].items():
        games = ",".join(s["games"]) or "-"
        splits = _pairs(s["splits"]) or "-"
        lines.append(f"{name:<24} {games:<8} {s['puzzles']:>8}  {splits}")
    lines.append("")
    for name, s in summary["sources"].items():
        if s["by_season"]:
            lines.append(f"{name} by season: {_pairs(s['by_season'])}")
        if s["by_year"]:
            lines.append(f"{name} by year: {_pairs(s['by_year'])}")
    lines += ["", "Flags found:"]
    for check in CHECKS:
        where = _pairs({n: s["checks"][check] for n, s in summary["sources"].items() if s["checks"][check]})
        label = check.replace("_", " ")
        lines.append(f"  {label:<18} {totals['checks'][check]:>6}" + (f"  ({where})" if where else ""))
    stored = Counter[str]()
    for s in summary["sources"].values():
        stored.update(s["flags"])
    lines.append("  stored flags: " + (_pairs(dict(sorted(stored.items()))) or "none"))
    return "\n".join(lines)


def _pairs(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in counts.items())
