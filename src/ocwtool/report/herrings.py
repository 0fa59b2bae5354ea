"""The red-herring section: one board with its labelled decoys shaded, and fixation per player.

The board is the labelled wall of the report's puzzle stores with the most decoys (then the highest
total score, then the first id): one row per gold group, named by its connection, each decoy clue
shaded by its score and named with the group it pulls toward (:mod:`.board_html` draws it). The
labels are the ones ``ocwtool eval`` would use by default, per wall
(:func:`ocwtool.evaluation.herring_metrics.choose_labels`). Fixation comes from the evaluation reports
(:mod:`.fixation`). Pure: labels, gold walls and scored runs in, panels out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ocwtool.evaluation.scorer import GoldWall
from ocwtool.report.evaluation import ScoredRun
from ocwtool.report.fixation import PlayerFixation, chance, claims, player_fixation, share
from ocwtool.report.model import Bars, Board, BoardRow, Decoy, Panel, Section, Series, empty
from ocwtool.schema.annotations import ItemRecord

NO_LABELS = (
    "No red-herring labels: mine them from play (ocwtool annotate decoys FILE...), label them "
    "(ocwtool annotate label) or suggest them (ocwtool annotate suggest --model herrings-...)."
)
FIXATION_HEADER = (
    "player",
    "labels",
    "games",
    "fixation (of wrong groups)",
    "chance",
    "first mistake on a decoy",
    "chance",
    "trap claims",
)


@dataclass(frozen=True)
class HerringInputs:
    """The red-herring labels the report shows: a finished record per wall (from the label set
    ``origin`` names, else ``annotator``), and the gold walls of the report's puzzle stores as
    (store, wall)."""

    annotator: str | None = None  # the label set, or the sets used joined by ", "
    records: Mapping[str, ItemRecord] = field(default_factory=dict)
    walls: Sequence[tuple[str, GoldWall]] = ()
    origin: Mapping[str, str] = field(default_factory=dict)  # wall id -> its label set


def _key(word: str) -> str:
    return word.strip().casefold()


def group_names(gold: GoldWall) -> list[str]:
    """Each gold group's name: its connection, else ``group <k>``."""
    named = list(gold.connections) + [""] * (len(gold.groups) - len(gold.connections))
    return [name or f"group {k + 1}" for k, name in enumerate(named[: len(gold.groups)])]


def decoys_of(gold: GoldWall, record: ItemRecord) -> dict[str, list[Decoy]]:
    """Clue (case-folded) -> its decoys on ``gold``: labels naming a clue and a group of the wall
    (other than the clue's own), that group named by :func:`group_names`."""
    names = dict(zip(gold.group_ids, group_names(gold), strict=False))
    own = {_key(c): gid for gid, g in zip(gold.group_ids, gold.groups, strict=False) for c in g}
    out: dict[str, list[Decoy]] = {}
    for word in record.red_herring_words:
        clue = _key(word.clue)
        if clue in own and word.fits_group in names and own[clue] != word.fits_group:
            out.setdefault(clue, []).append(Decoy(names[word.fits_group], word.score))
    return out


def _weight(decoys: Mapping[str, Sequence[Decoy]]) -> tuple[int, float]:
    return len(decoys), sum(d.score or 0.0 for ds in decoys.values() for d in ds)


def chosen_wall(inputs: HerringInputs) -> tuple[str, GoldWall, dict[str, list[Decoy]]] | None:
    """(store, wall, decoys) of the board to draw, or None when no labelled wall has a decoy."""
    best = None
    for store, gold in sorted(inputs.walls, key=lambda sw: sw[1].wall_id):
        record = inputs.records.get(gold.wall_id)
        decoys = decoys_of(gold, record) if record is not None else {}
        if decoys and (best is None or _weight(decoys) > _weight(best[2])):
            best = (store, gold, decoys)
    return best


def board_of(gold: GoldWall, decoys: Mapping[str, Sequence[Decoy]]) -> Board:
    """The wall as rows of its gold groups, each clue with its decoys."""
    return Board(
        tuple(
            BoardRow(name, tuple(group), tuple(tuple(decoys.get(_key(c), ())) for c in group))
            for name, group in zip(group_names(gold), gold.groups, strict=True)
        )
    )


def _legend(gold: GoldWall, decoys: Mapping[str, Sequence[Decoy]]) -> tuple[tuple[str, ...], ...]:
    rows = [
        (clue, d.toward, f"{d.score:.2f}" if d.score is not None else "none")
        for group in gold.groups
        for clue in group
        for d in decoys.get(_key(clue), ())
    ]
    return (("decoy clue", "pulls toward", "score"), *rows)


def board_panel(inputs: HerringInputs) -> Panel:
    """The board with the most decoys, shaded, and its legend."""
    title = "Decoys on a board"
    chosen = chosen_wall(inputs)
    if chosen is None:
        note = f"No decoy of {inputs.annotator}'s labels names a clue and a group of a wall shown here."
        return empty("herrings-board", title, NO_LABELS if inputs.annotator is None else note)
    store, gold, decoys = chosen
    who = inputs.origin.get(gold.wall_id, inputs.annotator)
    caption = (
        f"Wall {gold.wall_id} ({store}), red-herring labels of {who}: one row per group "
        "(its connection first); a decoy clue is shaded by its score (darker: more likely to be pulled "
        "away; hatched: a label without a score) and names the group it pulls toward (also on hover)."
    )
    return Panel(
        "herrings-board", title, caption=caption, table=_legend(gold, decoys), board=board_of(gold, decoys)
    )


def _fixation_chart(players: Sequence[PlayerFixation]) -> Bars | None:
    """Rates against chance, for the players that made a wrong group (the others have no rate)."""
    shown = [p for p in players if p.rate is not None]
    if not shown:
        return None
    series = (
        Series("fixation", tuple(p.rate or 0.0 for p in shown)),
        Series("chance", tuple(p.chance or 0.0 for p in shown)),
        Series("first mistake on a decoy", tuple(p.first_rate or 0.0 for p in shown)),
        Series("chance (first mistake)", tuple(p.first_chance or 0.0 for p in shown)),
    )
    # rates of a few per cent: the axis fits them (0 to the largest), a 0-1 axis would flatten them
    return Bars(tuple(p.player for p in shown), series, xlabel="share", horizontal=True)


def fixation_table(players: Sequence[PlayerFixation]) -> tuple[tuple[str, ...], ...]:
    rows = [
        (
            p.player,
            p.annotator,
            str(p.games),
            share(p.rate, p.fixated, p.wrong_groups),
            chance(p.chance),
            share(p.first_rate, p.first_decoy, p.mistaken),
            chance(p.first_chance),
            claims(p),
        )
        for p in players
    ]
    return (FIXATION_HEADER, *rows)


def fixation_panel(runs: Sequence[ScoredRun]) -> Panel:
    """Fixation and first mistakes against chance, and trap claims, per player."""
    title = "Fixation on red herrings per player"
    players = player_fixation(runs)
    if not players:
        note = (
            "No scored run has red-herring figures: run ocwtool eval again once labels exist "
            "(it records them in its report)."
        )
        return empty("herrings-fixation", title, note)
    caption = (
        "Fixation: the share of a player's wrong groups that take a labelled decoy toward the group it "
        "fits; first mistake: the share of games with a mistake whose first one does; each against the "
        "share expected of random wrong groups of the same shape on the same boards (chance). Seeds "
        "and epochs of one run are pooled. Players without a wrong group are in the table only."
    )
    chart = _fixation_chart(players)
    return Panel(
        "herrings-fixation",
        title,
        chart,
        caption=caption,
        table=fixation_table(players),
        note="No player made a wrong group: nothing to be fixated by." if chart is None else "",
    )


def herrings_section(inputs: HerringInputs, runs: Sequence[ScoredRun]) -> Section:
    """The board and fixation; one line when there are neither labels nor figures."""
    if inputs.annotator is None and not player_fixation(runs):
        return Section(
            "herrings",
            "Red herrings",
            "Nothing labelled yet.",
            (empty("herrings-none", "Red herrings", NO_LABELS),),
        )
    labels = f"labels of {inputs.annotator}" if inputs.annotator else "no labels on the walls shown"
    intro = f"Decoys labelled on the boards ({labels}) and how often each player fell for them."
    return Section("herrings", "Red herrings", intro, (board_panel(inputs), fixation_panel(runs)))
