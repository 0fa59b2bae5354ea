"""The ``herrings`` section of an evaluation report, and its text block.

Players: each run of predictions or a baseline (``pooled`` over several runs, e.g. seeds or an
``llm run``'s epochs), or each player of recorded games (``eval --transcripts``). Recorded games are
read as ``annotate decoys`` reads them (:func:`ocwtool.evaluation.plays.read_plays`: matched to the
workspace's puzzles by wall id, else by the clue set of the board a log carries), guesses in order.
Trap claims come from answers that name a trap group (:mod:`ocwtool.evaluation.trapclaims`:
Connections Eval's ``<traps>`` block or ``trap_claims`` field); recorded games carry none, so their
trap-claim accuracy reads "n/a".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ocwtool.evaluation.herring_breakdowns import herring_breakdowns
from ocwtool.evaluation.herring_metrics import (
    Game,
    HerringLabels,
    LabelledWall,
    labelled_walls,
    player_metrics,
)
from ocwtool.evaluation.plays import Puzzles, read_plays
from ocwtool.evaluation.scorer import GoldWall, Prediction

Types = Mapping[str, Sequence[str]] | None


def _player(walls: Mapping[str, LabelledWall], games: Sequence[Game], types: Types) -> dict[str, Any]:
    return {**player_metrics(walls, games), "breakdowns": herring_breakdowns(walls, games, types)}


def _section(
    golds: Iterable[GoldWall], labels: HerringLabels, players: Mapping[str, Sequence[Game]], types: Types
) -> dict[str, Any]:
    walls = labelled_walls(golds, labels.records)
    return {
        "annotator": labels.annotator,
        "sets": [s.as_json() for s in labels.sets()],
        "chosen": "asked" if labels.chosen else "default order",
        "walls": len(walls),
        "players": [{"name": name, **_player(walls, games, types)} for name, games in players.items()],
    }


def herring_section(
    golds: Sequence[GoldWall],
    runs: Sequence[tuple[str, Sequence[Prediction]]],
    labels: HerringLabels,
    types: Types = None,
    claims: Mapping[str, Mapping[str, Sequence[str]]] | None = None,
) -> dict[str, Any]:
    """The ``herrings`` of scored predictions or a baseline: each run, and ``pooled`` over several.
    ``claims``: run name -> wall id -> the trap claim its answer made (``()``: "N/A")."""
    claimed = claims or {}
    players = {
        name: [Game(p.wall_id, p.groups or (), claimed.get(name, {}).get(p.wall_id)) for p in preds]
        for name, preds in runs
    }
    out = _section(golds, labels, players, types)
    if len(runs) > 1:
        walls = labelled_walls(golds, labels.records)
        out["pooled"] = _player(walls, [g for games in players.values() for g in games], types)
    return out


def transcript_section(
    paths: Sequence[Path],
    puzzles: Puzzles,
    golds: Sequence[GoldWall],
    labels: HerringLabels,
    types: Types = None,
) -> dict[str, Any]:
    """The ``herrings`` of recorded games: one entry per player, in first-seen order."""
    players: dict[str, list[Game]] = {}
    for path in paths:
        for play in read_plays(path, puzzles).plays:
            players.setdefault(play.player, []).append(Game(play.wall_id, play.groups))
    return _section(golds, labels, players, types)


def _figure(part: int, whole: int, rate: float | None, chance: float | None) -> str:
    if rate is None:
        return f"{part} of {whole}"
    lift = f", x{rate / chance:.2f}" if chance else ""
    return f"{part} of {whole} ({rate:.4f}; chance {chance:.4f}{lift})"


def render_player(name: str, figures: Mapping[str, Any]) -> list[str]:
    """The lines of one player's red-herring block."""
    fix, first, traps = figures["fixation"], figures["first_mistake"], figures["trap_claims"]
    claims = (
        f"{traps['right']} of {traps['claims']} right ({traps['accuracy']:.4f}), {traps['points']} points"
        if traps["claims"]
        else "n/a (no answer names a trap group)"
    )
    if traps.get("forfeited"):
        claims += f"; {traps['forfeited']} forfeited (made with an answer that is not 4 groups of 4)"
    return [
        f"  {name}: {figures['games']} game(s)",
        f"    fixation: {_figure(fix['fixated'], fix['wrong_groups'], fix['rate'], fix['chance'])}"
        " wrong groups take a decoy toward its group",
        f"    first mistake on a decoy: "
        f"{_figure(first['decoy'], first['games'], first['rate'], first['chance'])} games with a mistake",
        f"    trap claims: {claims}",
    ]


def _label_set(s: Mapping[str, Any]) -> str:
    """``adjudicated by carol 1 wall``, ``play-decoys (mined from play) 399 walls``."""
    who = s["labels"] if s["tier"] == "adjudicated" else f"{s['annotator']} ({s['labels']})"
    return f"{who} {s['walls']} wall{'' if s['walls'] == 1 else 's'}"


def render_section(section: Mapping[str, Any]) -> str:
    """The text block of ``eval``: one player, or the runs pooled."""
    head = f"red herrings (labels of {section['annotator']} on {section['walls']} wall(s)):"
    if "sets" in section:  # reports written before per-wall labels say only the annotator
        how = "as asked" if section["chosen"] == "asked" else "default order"
        head = f"red herrings (labels: {', '.join(_label_set(s) for s in section['sets'])}; {how}):"
    players = section["players"]
    if "pooled" in section:
        return "\n".join([head, *render_player(f"all {len(players)} runs", section["pooled"])])
    return "\n".join([head, *(line for p in players for line in render_player(p["name"], p))])
