"""The generated-boards section (store ``synthetic``, made by ``ocwtool generate``): how many boards
were measured at each NYT level, and a sample of boards with their measured difficulty.

The figures come from the store's provenance (``puzzles/synthetic.meta.json``: ``difficulty`` says
how they were measured, ``difficulty_by_board`` holds each board's); each group's level is the one
stored in it. The sample is the first :data:`PER_LEVEL` boards (by id) of each level, so it shows
the range. Pure: puzzles and provenance in, a section out; none when the store is absent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ocwtool.report.model import Bars, Panel, Section, Series, empty
from ocwtool.schema.models import Puzzle

STORE = "synthetic"
LEVELS = ("yellow", "green", "blue", "purple")
PER_LEVEL = 2
SAMPLE_HEADER = (
    "board",
    "level (score)",
    "groups: connection, clues, group level",
    "players: mistakes before found",
)


@dataclass(frozen=True)
class GeneratedInputs:
    """The generated boards and their store's provenance (empty when there is no such store)."""

    puzzles: Sequence[Puzzle] = ()
    meta: Mapping[str, Any] = field(default_factory=dict)


def figures(inputs: GeneratedInputs) -> dict[str, Mapping[str, Any]]:
    """Board id -> its measured figures, for the boards of the store that have them."""
    by_board = inputs.meta.get("difficulty_by_board")
    if not isinstance(by_board, Mapping):
        return {}
    ids = {p.id for p in inputs.puzzles}
    return {pid: d for pid, d in by_board.items() if pid in ids and isinstance(d, Mapping)}


def sample(inputs: GeneratedInputs) -> list[Puzzle]:
    """The first :data:`PER_LEVEL` measured boards of each level (by id), yellow first."""
    found = figures(inputs)
    measured = sorted((p for p in inputs.puzzles if p.id in found), key=lambda p: p.id)
    return [
        p
        for k in range(len(LEVELS))
        for p in [q for q in measured if found[q.id].get("level") == k][:PER_LEVEL]
    ]


def _groups(p: Puzzle) -> str:
    return "; ".join(
        f"{g.connection}: {', '.join(g.clues)} [{LEVELS[g.level] if g.level is not None else 'unmeasured'}]"
        for g in p.groups
    )


def _mistakes(d: Mapping[str, Any]) -> str:
    played = d.get("mistakes_before_found", {})
    parts = [f"{name} {'/'.join(str(m) for m in ms)}" for name, ms in played.items()]
    if "herring_pull" in d:
        parts.append("herring pull " + "/".join(f"{x:.2f}" for x in d["herring_pull"]))
    return "; ".join(parts)


def sample_table(inputs: GeneratedInputs) -> tuple[tuple[str, ...], ...]:
    found = figures(inputs)
    rows = [
        (
            p.id,
            f"{LEVELS[found[p.id]['level']]} ({found[p.id]['score']:.2f})",
            _groups(p),
            _mistakes(found[p.id]),
        )
        for p in sample(inputs)
    ]
    return (SAMPLE_HEADER, *rows)


def how_measured(meta: Mapping[str, Any]) -> str:
    d = meta.get("difficulty", {})
    who = ", ".join(d.get("players", ())) + (
        f" and scorer {d['herring_model']}" if d.get("herring_model") else ""
    )
    cuts = ", ".join(str(c) for c in d.get("cuts", ()))
    return f"measured by {who or 'nothing recorded'} ({d.get('rules', '?')} rules; level cuts {cuts})"


def levels_panel(inputs: GeneratedInputs) -> Panel:
    """Boards per measured level (bars) and the sample (a table under them)."""
    found = figures(inputs)
    counts = [sum(d.get("level") == k for d in found.values()) for k in range(len(LEVELS))]
    caption = (
        f"Boards of store {STORE} per measured level, {how_measured(inputs.meta)}. A group's score is the "
        "mean over the players of the mistakes made before finding it (4: not found) / 4, with the "
        "red-herring scorer's pull when one was used; a board's score is its groups' mean. The table: "
        f"the first {PER_LEVEL} boards of each level (by id), each group with its connection, clues and "
        "its own level, and per player the mistakes made before each group was found (group order)."
    )
    chart = Bars(LEVELS, (Series("boards", tuple(float(c) for c in counts)),), ylabel="boards", counts=True)
    title = "Generated boards per measured level, and a sample"
    return Panel("generated-levels", title, chart, caption=caption, table=sample_table(inputs))


def generated_section(inputs: GeneratedInputs) -> Section | None:
    """The section, or None when there are no generated boards."""
    if not inputs.puzzles:
        return None
    intro = f"{len(inputs.puzzles)} boards made by ocwtool generate, their difficulty measured, not declared."
    if not figures(inputs):
        note = "These boards carry no measured difficulty: make them again with ocwtool generate."
        return Section(
            "generated", "Generated boards", intro, (empty("generated-levels", "Measured levels", note),)
        )
    return Section("generated", "Generated boards", intro, (levels_panel(inputs),))
