"""Linking undated NYT puzzles to dated ones by their clues (pure).

Several published sets carry NYT boards without a date (the "Connecting the Dots" gold files, the
older Connections Eval puzzles). Such a puzzle takes the date and id (``nyt-YYYY-MM-DD``) of the one
dated NYT puzzle whose 16 clues are the same after :func:`~ocwtool.schema.text.compare_form` (case,
quotes, hyphens, underscores and spaces ignored) *and* whose groups are the same; its old id and the
link are kept in :class:`~ocwtool.schema.models.Provenance` (``original_id``, ``linked_by``).

Nothing is matched by force: picture and empty-member boards are never linked (they stay flagged);
a board whose clues match but whose groups differ, a clue set that two dated puzzles share, or an id
already taken stay unlinked; a board sharing most but not all of its words with a dated one (an
edited board, a respelling) is reported with that near match, not linked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ocwtool.schema.models import Flag, Game, NytMeta, Puzzle, group_id
from ocwtool.schema.text import compare_form

NEAR = 12  # words of 16 shared that make an unlinked board worth naming its near match
NEVER_LINKED = frozenset({Flag.PICTURE, Flag.EMPTY_MEMBER})

ClueKey = tuple[str, ...]


@dataclass
class LinkReport:
    """What linking did: old id -> new id, and why each other undated board stayed undated."""

    linked: dict[str, str] = field(default_factory=dict)
    unlinked: dict[str, str] = field(default_factory=dict)

    @property
    def matched(self) -> int:
        return len(self.linked)

    def lines(self, limit: int = 5) -> list[str]:
        """Readable summary lines (the first ``limit`` unlinked boards with their reason)."""
        if not self.linked and not self.unlinked:
            return []
        out = [
            f"linked {len(self.linked)} undated NYT puzzle(s) to dated ones; {len(self.unlinked)} unmatched"
        ]
        out += [f"  {pid}: {why}" for pid, why in list(self.unlinked.items())[:limit]]
        if len(self.unlinked) > limit:
            out.append(f"  ... and {len(self.unlinked) - limit} more")
        return out


def clue_key(p: Puzzle) -> ClueKey:
    """The board's clues in comparison form, sorted (a multiset key)."""
    return tuple(sorted(compare_form(c) for c in p.clues))


def group_key(p: Puzzle) -> frozenset[ClueKey]:
    """The partition in comparison form."""
    return frozenset(tuple(sorted(compare_form(c) for c in g.clues)) for g in p.groups)


def is_undated_nyt(p: Puzzle) -> bool:
    return p.game is Game.NYT and p.nyt is None


def link_puzzles(
    puzzles: Sequence[Puzzle], dated: Iterable[tuple[str, Puzzle]]
) -> tuple[list[Puzzle], LinkReport]:
    """Give each undated NYT puzzle of ``puzzles`` the date of its dated twin in ``dated``
    (``(store name, puzzle)`` pairs, e.g. the workspace's other stores plus ``puzzles`` themselves)."""
    index: dict[ClueKey, list[tuple[str, Puzzle]]] = {}
    pool = [(s, p) for s, p in dated if p.nyt is not None and not (NEVER_LINKED & set(p.flags))]
    for store, p in pool:
        index.setdefault(clue_key(p), []).append((store, p))
    taken = {p.id for p in puzzles}
    report = LinkReport()
    out = []
    for p in puzzles:
        if not is_undated_nyt(p):
            out.append(p)
            continue
        twin, why = _twin(p, index, pool, taken)
        if twin is None:
            report.unlinked[p.id] = why
            out.append(p)
            continue
        store, target = twin
        linked = relabel(p, target, f"clue set of {store}:{target.id}")
        taken.add(linked.id)
        report.linked[p.id] = linked.id
        out.append(linked)
    return out, report


def _twin(
    p: Puzzle,
    index: dict[ClueKey, list[tuple[str, Puzzle]]],
    pool: Sequence[tuple[str, Puzzle]],
    taken: set[str],
) -> tuple[tuple[str, Puzzle] | None, str]:
    flagged = sorted(f.value for f in NEVER_LINKED & set(p.flags))
    if flagged:
        return None, f"flagged {', '.join(flagged)}: never linked"
    found = {t.id: (s, t) for s, t in index.get(clue_key(p), [])}
    if len(found) > 1:
        return None, f"clues shared by {len(found)} dated puzzles ({', '.join(sorted(found))})"
    if not found:
        return None, _near(p, pool)
    store, target = next(iter(found.values()))
    if group_key(target) != group_key(p):
        return None, f"same clues as {store}:{target.id} but different groups (edited board?)"
    if target.id in taken:
        return None, f"matches {store}:{target.id}, an id already in this file"
    return (store, target), ""


def _near(p: Puzzle, pool: Sequence[tuple[str, Puzzle]]) -> str:
    mine = Counter(clue_key(p))
    best, shared = None, 0
    for store, t in pool:
        n = sum((mine & Counter(clue_key(t))).values())
        if n > shared:
            best, shared = f"{store}:{t.id}", n
    if best is not None and shared >= NEAR:
        return (
            f"no dated puzzle with these clues; nearest {best} shares {shared}/16 "
            "(edited board or respelling?)"
        )
    return "no dated puzzle with these clues"


def relabel(p: Puzzle, target: Puzzle, how: str) -> Puzzle:
    """``p`` under ``target``'s id and date (its own clues, groups and flags kept)."""
    assert target.nyt is not None
    meta = NytMeta(date=target.nyt.date, number=target.nyt.number, exclude=Flag.EXCLUDED in p.flags)
    groups = tuple(g.model_copy(update={"id": group_id(target.id, k + 1)}) for k, g in enumerate(p.groups))
    prov = p.provenance.model_copy(update={"original_id": p.id, "linked_by": how})
    return p.model_copy(update={"id": target.id, "groups": groups, "nyt": meta, "provenance": prov})
