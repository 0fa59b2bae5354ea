"""What a report is made of, as plain data: sections of panels, each a figure or a reason for none.

The section builders (:mod:`.data`, :mod:`.curation`, :mod:`.evaluation`) compute these from the
workspace's contents without drawing anything; :mod:`.render` draws a figure and :mod:`.html` lays
out the page. A panel without data keeps its heading and says why instead of drawing empty axes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Series:
    """One named row of values over a chart's categories; ``lo``/``hi``: each value's 95 % interval
    (``None`` where a value has none), or empty when no value has one."""

    name: str
    values: tuple[float, ...]
    lo: tuple[float | None, ...] = ()
    hi: tuple[float | None, ...] = ()


@dataclass(frozen=True)
class Bars:
    """Grouped bars: one bar per series in every category (horizontal for long category names)."""

    categories: tuple[str, ...]
    series: tuple[Series, ...]
    xlabel: str = ""
    ylabel: str = ""
    horizontal: bool = False
    share: bool = False  # values are shares in [0, 1]: the value axis runs 0..1
    counts: bool = False  # values are counts: integer ticks, each bar labelled with its count


@dataclass(frozen=True)
class Heatmap:
    """A matrix of values (None: no data in that cell), each cell written in it; ``n``: how many items
    each value rests on (written under it), cells with fewer than ``min_n`` greyed out."""

    rows: tuple[str, ...]
    cols: tuple[str, ...]
    values: tuple[tuple[float | None, ...], ...]
    xlabel: str = ""
    ylabel: str = ""
    share: bool = False  # shares in [0, 1] (fixed colour scale, two decimals); else counts
    n: tuple[tuple[int, ...], ...] = ()
    min_n: int = 0


Chart = Bars | Heatmap


@dataclass(frozen=True)
class Decoy:
    """A clue's pull toward another group: that group's name (its connection) and the label's score
    (None: the label has none, e.g. a person's)."""

    toward: str
    score: float | None = None


@dataclass(frozen=True)
class BoardRow:
    """One gold group of a board: its name and its clues, each with the decoys labelled on it."""

    group: str
    clues: tuple[str, ...]
    decoys: tuple[tuple[Decoy, ...], ...]  # per clue, in the order of ``clues``


@dataclass(frozen=True)
class Board:
    """A board drawn as HTML (not a figure): one row per gold group, decoy clues shaded by score."""

    rows: tuple[BoardRow, ...]


@dataclass(frozen=True)
class Panel:
    """One figure of a section: its title, the chart (or ``None`` and a ``note`` saying why), a caption
    and an optional table (header row first); or, instead of a chart, a ``board`` drawn in HTML."""

    key: str
    title: str
    chart: Chart | None = None
    note: str = ""
    caption: str = ""
    table: tuple[tuple[str, ...], ...] = ()
    board: Board | None = None


@dataclass(frozen=True)
class Section:
    """A titled part of the report."""

    key: str
    title: str
    intro: str
    panels: tuple[Panel, ...] = field(default_factory=tuple)


def empty(key: str, title: str, note: str) -> Panel:
    """A panel with nothing to draw, and why."""
    return Panel(key=key, title=title, note=note)


def slug(text: str) -> str:
    """A file-name-safe key: lower case, runs of other characters as one ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "figure"
