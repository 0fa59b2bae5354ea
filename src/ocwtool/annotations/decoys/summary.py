"""Figures of mined decoys (pure): players, decoys, and the share of clues that are decoys."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import N_CLUES


@dataclass(frozen=True)
class DecoySummary:
    """Over the puzzles of some play-decoy records: how many were played and by how many players;
    intruder clues (a clue pulled toward another group by at least one player, and by at least
    ``min_players``), swaps and false groups."""

    puzzles: int
    players: int
    decoy_clues: int
    decoy_clues_min: int
    min_players: int
    swaps: int
    false_groups: int

    @property
    def clues(self) -> int:
        return self.puzzles * N_CLUES

    def share(self, count: int) -> float | None:
        return count / self.clues if self.clues else None


def decoy_clues(record: ItemRecord, min_players: int = 1) -> set[int]:
    """Clue numbers that at least ``min_players`` players put with three clues of another group (any
    other group: one player may pull a clue one way and another the other, as the issue's rule counts)."""
    by: dict[int, set[str]] = {}
    for w in record.red_herring_words:
        if w.evidence is not None and w.evidence.kind == "intruder":
            by.setdefault(w.clue_number, set()).update(p for f in w.evidence.sources for p in f.players)
    return {n for n, players in by.items() if len(players) >= min_players}


def summarize(records: Sequence[ItemRecord], min_players: int = 2) -> DecoySummary:
    """The figures of ``records`` (records not mined from play are left out)."""
    played = [r for r in records if r.played_by]
    players = {p for r in played for f in r.played_by for p in f.players}
    kinds = [c.evidence.kind for r in played for c in r.red_herring_categories if c.evidence is not None]
    return DecoySummary(
        puzzles=len(played),
        players=len(players),
        decoy_clues=sum(len(decoy_clues(r)) for r in played),
        decoy_clues_min=sum(len(decoy_clues(r, min_players)) for r in played),
        min_players=min_players,
        swaps=kinds.count("swap"),
        false_groups=kinds.count("false_group"),
    )


def _pct(part: int, summary: DecoySummary) -> str:
    share = summary.share(part)
    return "n/a" if share is None else f"{100 * share:.1f} %"


def render_summary(s: DecoySummary) -> str:
    """``442 puzzles played by 8 players; decoy clues: 700 (9.9 % of 7,072 clues), ...``."""
    return (
        f"{s.puzzles} puzzle{'' if s.puzzles == 1 else 's'} played by {s.players} "
        f"player{'' if s.players == 1 else 's'}; decoy clues (pulled toward another group): "
        f"{s.decoy_clues} ({_pct(s.decoy_clues, s)} of {s.clues:,} clues), by {s.min_players}+ players "
        f"{s.decoy_clues_min} ({_pct(s.decoy_clues_min, s)}); swaps {s.swaps}; false groups {s.false_groups}"
    )


def as_json(s: DecoySummary) -> dict[str, object]:
    return {**asdict(s), "clues": s.clues}


def causes(counts: Iterable[tuple[str, int]]) -> str:
    """``word_not_on_wall 3, unknown_puzzle 1`` (largest first), or ``none``."""
    shown = sorted(((k, n) for k, n in counts if n), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(f"{k} {n}" for k, n in shown) or "none"
