"""Fixation per player, as the evaluation reports under ``runs/`` recorded it (their ``herrings``
section, written by ``ocwtool eval`` when red-herring labels exist): the report's red-herring panel
and the release card show these figures.

The figures are read, never recomputed: a report keeps no answers (its per-wall rows hold scores
only), so a run scored before any label existed has none; ``ocwtool eval`` again gives them. Each
row names the annotator whose labels the run was scored against. Pure: scored runs in, rows out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ocwtool.report.evaluation import ScoredRun


@dataclass(frozen=True)
class PlayerFixation:
    """One player's red-herring figures (see :mod:`ocwtool.evaluation.herring_metrics`): rates are
    None when there is nothing to divide by (no wrong group, no game with a mistake, no claim)."""

    player: str
    annotator: str
    games: int
    wrong_groups: int
    fixated: int
    rate: float | None
    chance: float | None
    mistaken: int  # games with a mistake
    first_decoy: int  # of those, games whose first mistake takes a decoy
    first_rate: float | None
    first_chance: float | None
    claims: int
    right: int
    points: int

    @classmethod
    def of(cls, player: str, annotator: str, figures: Mapping[str, Any]) -> PlayerFixation:
        fix, first, traps = figures["fixation"], figures["first_mistake"], figures["trap_claims"]
        return cls(
            player,
            annotator,
            int(figures["games"]),
            int(fix["wrong_groups"]),
            int(fix["fixated"]),
            fix["rate"],
            fix["chance"],
            int(first["games"]),
            int(first["decoy"]),
            first["rate"],
            first["chance"],
            int(traps["claims"]),
            int(traps["right"]),
            int(traps["points"]),
        )


def _players(run: ScoredRun, section: Mapping[str, Any]) -> Iterator[PlayerFixation]:
    """A report of several runs (seeds, epochs) as one player, pooled as ``eval`` prints it; each
    player of a report of one run (several only for recorded games) under the run's name."""
    annotator = str(section["annotator"])
    if "pooled" in section:
        yield PlayerFixation.of(run.name, annotator, section["pooled"])
        return
    players = section["players"]
    for p in players:
        name = run.name if len(players) == 1 else f"{p['name']} · {run.dataset}"
        yield PlayerFixation.of(name, annotator, p)


def player_fixation(runs: Sequence[ScoredRun]) -> list[PlayerFixation]:
    """Every player of the runs whose report has red-herring figures, in the runs' order."""
    out: list[PlayerFixation] = []
    for run in runs:
        section = run.report.get("herrings")
        if isinstance(section, Mapping) and section.get("players"):
            out.extend(_players(run, section))
    return out


DIGITS = 3  # rates of a few per cent against chance: two decimals would hide the difference


def share(rate: float | None, part: int, whole: int) -> str:
    """``0.250 (3 of 12)``, or ``n/a (0 of 0)`` when there is nothing to divide by."""
    return f"{rate:.{DIGITS}f} ({part} of {whole})" if rate is not None else f"n/a ({part} of {whole})"


def chance(value: float | None) -> str:
    return f"{value:.{DIGITS}f}" if value is not None else "n/a"


def claims(p: PlayerFixation) -> str:
    """Trap claims with Connections Eval's +2 rule, or ``none made``."""
    return f"{p.right} of {p.claims} right, {p.points} points" if p.claims else "none made"
