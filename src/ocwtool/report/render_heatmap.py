"""Drawing a heatmap: each cell's value and how many items it rests on; cells resting on fewer than
the chart's ``min_n`` are greyed out (no colour, grey text), so a 1.00 from two groups does not shine
like a 1.00 from two hundred; cells without data are white with a dash."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ocwtool.report.labels import wrap
from ocwtool.report.model import Heatmap

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

FEW_FILL = "#e4e4e4"  # a cell resting on too few items: grey, uncoloured
FEW_TEXT = "#666666"
NO_DATA = "–"  # written in a cell without data (left white)


def _label(value: float, n: int | None, share: bool) -> str:
    text = f"{value:.2f}" if share else f"{value:.0f}"
    return text if n is None else f"{text}\nn={n}"


def heatmap(fig: Figure, ax: Axes, chart: Heatmap) -> None:
    """Draw ``chart`` on ``ax`` with a colour bar (tick labels of the columns are set by the caller)."""
    import numpy as np
    from matplotlib.patches import Rectangle

    data = np.array([[math.nan if v is None else v for v in row] for row in chart.values], dtype=float)
    sizes = np.array(chart.n, dtype=float) if chart.n else np.full(data.shape, math.inf)
    coloured = np.where(sizes >= chart.min_n, data, math.nan)
    vmax = 1.0 if chart.share else max(1.0, float(np.nanmax(data)) if np.isfinite(data).any() else 1.0)
    image = ax.imshow(coloured, cmap="viridis", vmin=0.0, vmax=vmax, aspect="auto")
    ax.set_yticks(range(len(chart.rows)), [wrap(r) for r in chart.rows])
    ax.grid(visible=False)
    ax.set_facecolor("white")  # NaN cells are left transparent over this
    for (r, c), value in np.ndenumerate(data):
        if not math.isfinite(value):
            ax.text(c, r, NO_DATA, ha="center", va="center", fontsize=7.5, color=FEW_TEXT)
            continue
        n = int(chart.n[r][c]) if chart.n else None
        colour = "white" if value < 0.6 * vmax else "black"
        if not math.isfinite(coloured[r, c]):
            ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, facecolor=FEW_FILL, edgecolor="white"))
            colour = FEW_TEXT
        ax.text(c, r, _label(value, n, chart.share), ha="center", va="center", fontsize=7.5, color=colour)
    ax.set_xlabel(chart.xlabel)
    ax.set_ylabel(chart.ylabel)
    fig.colorbar(image, ax=ax, shrink=0.8)
