"""Structural rules over canonical puzzles and variants (pure: puzzles in, findings out).

The pydantic models already refuse most malformed records at load time; these checks re-state the
invariants so that a release is gated on them even for records built with ``model_construct`` or
read by other tools, and they add the facts the models cannot know (dates, gaps, duplicates).
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence

from ocwtool.schema.board import BoardOrder, gives_away_shipped, hideable, in_solution_order
from ocwtool.schema.corpus import Corpus, is_text, parent_index
from ocwtool.schema.models import (
    MAX_DISTRACTORS,
    N_CLUES,
    N_GROUPS,
    NYT_EPOCH,
    Game,
    Puzzle,
    distractor_clash,
)
from ocwtool.validators.rules import Finding

MAX_SEASON = 40
MAX_EPISODE = 200
FIRST_AIR_DATE = dt.date(2008, 9, 15)
Check = Callable[[Corpus], Iterator[Finding]]


def _every(corpus: Corpus) -> Iterator[Puzzle]:
    yield from corpus.puzzles
    for items in corpus.variants.values():
        yield from items


def check_shape(corpus: Corpus) -> Iterator[Finding]:
    """S01/S02: 16 clues (plus the distractors) that are the 4 groups' clues (and the distractors) as
    a multiset; 4 groups of 4."""
    for p in _every(corpus):
        sizes = [len(g.clues) for g in p.groups]
        board = N_CLUES + len(p.distractors)
        if len(p.groups) != N_GROUPS or len(p.clues) != board or sizes != [4] * N_GROUPS:
            yield Finding("S02", (p.id,), f"{len(p.clues)} clues, group sizes {sizes}")
            continue
        want = Counter([*p.grouped_clues, *p.distractors])
        extra, missing = Counter(p.clues) - want, want - Counter(p.clues)
        if extra or missing:
            yield Finding("S01", (p.id,), f"board only: {sorted(extra)}, groups only: {sorted(missing)}")


def check_ids(corpus: Corpus) -> Iterator[Finding]:
    """S03: puzzle ids unique across stores; group ids unique among canonical puzzles."""
    puzzle_ids = Counter(p.id for p in corpus.puzzles)
    for pid, n in sorted(puzzle_ids.items()):
        if n > 1:
            yield Finding("S03", (pid,), f"puzzle id in {n} records")
    for kind, items in sorted(corpus.variants.items()):
        for pid, n in sorted(Counter(p.id for p in items).items()):
            if n > 1:
                yield Finding("S03", (pid,), f"puzzle id in {n} records of variants/{kind}")
    group_ids = Counter(g.id for p in corpus.puzzles for g in p.groups)
    for gid, n in sorted(group_ids.items()):
        if n > 1:
            yield Finding("S03", (gid,), f"group id in {n} groups")


def check_connections(corpus: Corpus) -> Iterator[Finding]:
    """S04: connections must not be blank (an explicit waiver can allow a real one)."""
    for p in _every(corpus):
        for g in p.groups:
            if not g.connection.strip():
                yield Finding("S04", (g.id,), "")


def check_duplicate_clues(corpus: Corpus) -> Iterator[Finding]:
    """S05: the same clue twice on one wall (real on the show a few times: waivable by id)."""
    for p in filter(is_text, corpus.puzzles):  # picture boards hold alt text or nothing
        dups = sorted(c for c, n in Counter(p.clues).items() if n > 1)
        if dups:
            yield Finding("S05", (p.id,), ", ".join(repr(c) for c in dups))


def check_board_order(corpus: Corpus) -> Iterator[Finding]:
    """S19: no board a player is shown is in solution order: neither a stored order claimed as a
    real board (``starting``/``shuffled``) nor board 0 as every consumer shows it."""
    for p in _every(corpus):
        groups = [g.clues for g in p.groups]
        if not hideable(groups):
            continue
        claimed = p.board_order is not BoardOrder.SOLUTION
        if claimed and gives_away_shipped(p.clues, groups, p.id, p.distractors):
            detail = f"clues recorded as a {p.board_order.value} board are the groups in order"
            yield Finding("S19", (p.id,), detail + "; record board_order 'solution' (re-import)")
        elif in_solution_order(p.board(0), groups, p.distractors):
            # board 0 is the stored board (checked above) or the seeded shuffle, which is uniform:
            # its distractors end it by chance as often as any k words do, and that gives nothing away
            yield Finding("S19", (p.id,), "board 0 is the groups in order")


def check_distractors(corpus: Corpus) -> Iterator[Finding]:
    """S20: at most 4 distractors, none the same word as a clue or another distractor (the model
    refuses such a record; this catches one built around it)."""
    for p in _every(corpus):
        if len(p.distractors) > MAX_DISTRACTORS:
            yield Finding("S20", (p.id,), f"{len(p.distractors)} distractors")
        clash = distractor_clash(p.grouped_clues, p.distractors)
        if clash:
            yield Finding("S20", (p.id,), clash)


def check_levels(corpus: Corpus) -> Iterator[Finding]:
    """S06/S07/S08: levels in 0-3, one of each per NYT board; human performance bits 0/1."""
    for p in _every(corpus):
        for g in p.groups:
            if g.level is not None and not 0 <= g.level <= 3:
                yield Finding("S06", (g.id,), f"level {g.level}")
            hp = g.human_performance
            if hp is not None and (hp.grouping not in (0, 1) or hp.connection not in (0, 1)):
                yield Finding("S08", (g.id,), f"grouping={hp.grouping}, connection={hp.connection}")
        levels = [g.level for g in p.groups]
        if (
            p.game is Game.NYT
            and p.lineage is None
            and sorted(x for x in levels if x is not None) != [0, 1, 2, 3]
        ):
            yield Finding("S07", (p.id,), f"levels {levels}")


def check_ranges(corpus: Corpus, today: dt.date | None = None) -> Iterator[Finding]:
    """S09/S10: OCW season/episode/air date and NYT dates within plausible ranges."""
    last = (today or dt.date.today()) + dt.timedelta(days=1)
    for p in corpus.puzzles:
        if p.ocw is not None:
            m = p.ocw
            bad = [
                f"season {m.season}" if m.season is not None and m.season > MAX_SEASON else "",
                f"episode {m.episode}" if m.episode is not None and m.episode > MAX_EPISODE else "",
                f"air date {m.air_date}"
                if m.air_date is not None and not FIRST_AIR_DATE <= m.air_date <= last
                else "",
            ]
            if any(bad):
                yield Finding("S09", (p.id,), ", ".join(b for b in bad if b))
        if p.nyt is not None and not NYT_EPOCH <= p.nyt.date <= last:
            yield Finding("S10", (p.id,), f"date {p.nyt.date} not in {NYT_EPOCH}..{last}")


def check_nyt_gaps(corpus: Corpus) -> Iterator[Finding]:
    """S11: list the days missing between the first and last NYT puzzle."""
    # Out-of-range dates are S10's business; they would only flood the gap list.
    dates = sorted({p.nyt.date for p in corpus.puzzles if p.nyt is not None and p.nyt.date >= NYT_EPOCH})
    if len(dates) < 2:
        return
    have = set(dates)
    span = (dates[-1] - dates[0]).days
    missing = [dates[0] + dt.timedelta(days=k) for k in range(span + 1)]
    missing = [d for d in missing if d not in have]
    if missing:
        shown = ", ".join(d.isoformat() for d in missing[:20])
        more = f", … (+{len(missing) - 20} more)" if len(missing) > 20 else ""
        yield Finding("S11", (), f"{len(missing)} day(s): {shown}{more}")


def check_text_exclusions(corpus: Corpus) -> Iterator[Finding]:
    """S12: picture/emoji/excluded boards are left out of text releases; say how many and which."""
    out = [p.id for p in corpus.puzzles if not is_text(p)]
    if out:
        yield Finding("S12", tuple(out), f"{len(out)} puzzle(s): {', '.join(out[:20])}")


def check_splits(corpus: Corpus) -> Iterator[Finding]:
    """S13/S18: every puzzle has a split (per-source summary of who does not); split sizes."""
    sizes: dict[str, Counter[str]] = defaultdict(Counter)
    for p in corpus.puzzles:
        sizes[p.source][p.split.value if p.split else "none"] += 1
    for source, count in sorted(sizes.items()):
        if count["none"]:
            missing = tuple(p.id for p in corpus.puzzles if p.source == source and p.split is None)
            yield Finding("S13", missing, f"{count['none']} of {sum(count.values())} in source {source}")
    parts = [f"{s}: " + " ".join(f"{k}={v}" for k, v in sorted(c.items())) for s, c in sorted(sizes.items())]
    if parts:
        yield Finding("S18", (), "; ".join(parts))


def check_variants(corpus: Corpus) -> Iterator[Finding]:
    """S14-S17: variants carry their kind's lineage, real parents, the parents' split and groups;
    extended boards show only trick words with verified evidence (S14)."""
    by_id = parent_index(corpus.puzzles)
    for kind, items in sorted(corpus.variants.items()):
        for v in items:
            yield from _check_variant(kind, v, by_id)


def _check_variant(kind: str, v: Puzzle, by_id: dict[str, Puzzle]) -> Iterator[Finding]:
    if v.lineage is None or v.lineage.kind != kind or not v.lineage.parents:
        got = "none" if v.lineage is None else f"kind {v.lineage.kind}, parents {list(v.lineage.parents)}"
        yield Finding("S14", (v.id,), f"in variants/{kind}.jsonl, lineage {got}")
        return
    missing = [pid for pid in v.lineage.parents if pid not in by_id]
    if missing:
        yield Finding("S15", (v.id,), f"missing parent(s) {', '.join(missing)}")
        return
    parents = list({by_id[pid].id: by_id[pid] for pid in v.lineage.parents}.values())
    splits = sorted({p.split.value for p in parents if p.split is not None})
    if v.split is not None and splits and splits != [v.split.value]:
        yield Finding("S16", (v.id,), f"variant {v.split.value}, parents {'/'.join(splits)}")
    if kind in ("randomized", "extended"):  # both keep their parents' groups as they are
        pool = {(g.id, frozenset(g.clues)) for p in parents for g in p.groups}
        for g in v.groups:
            if (g.id, frozenset(g.clues)) not in pool:
                yield Finding("S17", (g.id,), f"group {g.id} of {v.id} matches no parent group")
    if kind == "extended":
        yield from _check_tricks(v)


def _check_tricks(v: Puzzle) -> Iterator[Finding]:
    """S14: every trick word an extended board shows has rule-verified evidence in its lineage."""
    assert v.lineage is not None  # checked by the caller
    try:
        evidence = json.loads(v.lineage.params.get("tricks", "[]"))
        verified = {t["word"] for t in evidence if t.get("status") == "verified" and t.get("fails_rule")}
    except (ValueError, TypeError, KeyError, AttributeError):
        yield Finding("S14", (v.id,), "lineage.params['tricks'] is not a list of trick records")
        return
    unverified = [w for w in v.distractors if w not in verified]
    if unverified:
        yield Finding("S14", (v.id,), f"trick word(s) without verified evidence: {', '.join(unverified)}")


STRUCTURAL_CHECKS: tuple[Check, ...] = (
    check_shape,
    check_ids,
    check_connections,
    check_duplicate_clues,
    check_board_order,
    check_distractors,
    check_levels,
    check_ranges,
    check_nyt_gaps,
    check_text_exclusions,
    check_splits,
    check_variants,
)


def run_structural(corpus: Corpus, checks: Sequence[Check] = STRUCTURAL_CHECKS) -> list[Finding]:
    """All structural findings, in check order."""
    return [f for check in checks for f in check(corpus)]
