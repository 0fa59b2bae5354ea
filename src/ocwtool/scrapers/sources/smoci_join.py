"""Join OCW walls (scraped from ocdb, or imported from OCW JSON) to SMOCI walls, and fill in what
SMOCI knows: human performance per group (``found`` -> grouping, ``identified`` -> connection), the
team that played the wall (``OcwMeta.team``) and the air date.

Matching: the normalised clue set (lower-case, keep ``[a-z0-9]``, frozenset of the 16 clues) first;
walls left over are matched to the unused SMOCI wall sharing the most clues, if at least
``min_overlap`` (12 of 16): such matches are *fuzzy* (``Flag.FUZZY_MATCH``). Groups are then paired
by clue overlap (the best of the 24 pairings), so group order differences do not matter.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from ocwtool.schema.keys import clue_key
from ocwtool.schema.models import Flag, Group, HumanPerformance, OcwMeta, Puzzle
from ocwtool.scrapers.sources.smoci import SmociGroup, SmociWall


@dataclass
class JoinReport:
    """How every wall fared: exact and fuzzy matches, and what did not match on either side."""

    exact: list[tuple[str, int]] = field(default_factory=list)
    fuzzy: list[tuple[str, int, int]] = field(default_factory=list)  # puzzle id, SMOCI wall, overlap
    unmatched_puzzles: list[str] = field(default_factory=list)
    unmatched_smoci: list[int] = field(default_factory=list)
    episode_differs: list[tuple[str, int | None, int | None]] = field(default_factory=list)

    def render(self) -> str:
        lines = [
            f"smoci join: {len(self.exact)} exact, {len(self.fuzzy)} fuzzy, "
            f"{len(self.unmatched_puzzles)} puzzles unmatched, "
            f"{len(self.unmatched_smoci)} SMOCI walls unmatched, "
            f"{len(self.episode_differs)} with an episode number differing from SMOCI's"
        ]
        lines += [f"  fuzzy {pid} ~ SMOCI wall {wid} ({n}/16 clues)" for pid, wid, n in self.fuzzy]
        lines += [f"  unmatched puzzle {pid}" for pid in self.unmatched_puzzles]
        return "\n".join(lines)


def match_walls(
    puzzles: Sequence[Puzzle], walls: Sequence[SmociWall], min_overlap: int = 12
) -> tuple[dict[str, tuple[SmociWall, bool]], JoinReport]:
    """Puzzle id -> (SMOCI wall, exact?) and the report."""
    report = JoinReport()
    by_key: dict[frozenset[str], list[SmociWall]] = {}
    for wall in walls:
        by_key.setdefault(clue_key(wall.clues), []).append(wall)
    used: set[int] = set()
    found: dict[str, tuple[SmociWall, bool]] = {}
    for p in puzzles:
        candidates = [w for w in by_key.get(clue_key(p.clues), []) if w.id not in used]
        if candidates:
            found[p.id] = (candidates[0], True)
            used.add(candidates[0].id)
            report.exact.append((p.id, candidates[0].id))
    _fuzzy(puzzles, walls, min_overlap, found, used, report)
    report.unmatched_puzzles = [p.id for p in puzzles if p.id not in found]
    report.unmatched_smoci = [w.id for w in walls if w.id not in used]
    return found, report


def _fuzzy(
    puzzles: Sequence[Puzzle],
    walls: Sequence[SmociWall],
    min_overlap: int,
    found: dict[str, tuple[SmociWall, bool]],
    used: set[int],
    report: JoinReport,
) -> None:
    """Greedy: the best-overlapping (puzzle, wall) pairs first, each wall used once."""
    free = [(w, clue_key(w.clues)) for w in walls if w.id not in used]
    pairs = []
    for p in puzzles:
        if p.id in found:
            continue
        key = clue_key(p.clues)
        for wall, wkey in free:
            overlap = len(key & wkey)
            if overlap >= min_overlap:
                pairs.append((overlap, p.id, wall))
    for overlap, pid, wall in sorted(pairs, key=lambda t: (-t[0], t[1], t[2].id)):
        if pid in found or wall.id in used:
            continue
        found[pid] = (wall, False)
        used.add(wall.id)
        report.fuzzy.append((pid, wall.id, overlap))


def pair_groups(groups: Sequence[Group], smoci: Sequence[SmociGroup]) -> list[SmociGroup | None]:
    """For each puzzle group, the SMOCI group of the pairing with the largest total clue overlap."""
    keys = [clue_key(g.clues) for g in groups]
    skeys = [clue_key(g.clues) for g in smoci]
    if not skeys:
        return [None] * len(groups)
    best, best_score = None, -1
    for perm in itertools.permutations(range(len(skeys)), min(len(keys), len(skeys))):
        score = sum(len(keys[i] & skeys[j]) for i, j in enumerate(perm))
        if score > best_score:
            best, best_score = perm, score
    assert best is not None
    return [smoci[j] if len(keys[i] & skeys[j]) > 0 else None for i, j in enumerate(best)] + [None] * (
        len(keys) - len(best)
    )


def enrich(puzzle: Puzzle, wall: SmociWall, exact: bool) -> Puzzle:
    """``puzzle`` with SMOCI's human performance, team and air date (flagged fuzzy if not exact)."""
    paired = pair_groups(puzzle.groups, wall.groups)
    groups = tuple(
        g if s is None else g.model_copy(update={"human_performance": _perf(s)})
        for g, s in zip(puzzle.groups, paired, strict=True)
    )
    meta = (puzzle.ocw or OcwMeta()).model_copy(update={"team": wall.team, "air_date": wall.air_date})
    enriched = puzzle.model_copy(update={"groups": groups, "ocw": meta})
    return enriched if exact else enriched.with_flags(Flag.FUZZY_MATCH)


def _perf(group: SmociGroup) -> HumanPerformance:
    return HumanPerformance(grouping=1 if group.found else 0, connection=1 if group.identified else 0)


def join(
    puzzles: Sequence[Puzzle], walls: Sequence[SmociWall], min_overlap: int = 12
) -> tuple[list[Puzzle], JoinReport]:
    """Every puzzle (enriched when it matched a SMOCI wall), in input order, and the report."""
    found, report = match_walls(puzzles, walls, min_overlap)
    out = []
    for p in puzzles:
        if p.id not in found:
            out.append(p)
            continue
        wall, exact = found[p.id]
        if p.ocw is not None and wall.episode is not None and p.ocw.episode != wall.episode:
            report.episode_differs.append((p.id, p.ocw.episode, wall.episode))
        out.append(enrich(p, wall, exact))
    return out, report
